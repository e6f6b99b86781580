// The browser suite's driver layer: `BROWSER=chromium|firefox|webkit` (chromium unless told)
// chooses the engine; a test file asks for pages and uses the same methods in each (page.mjs).
import { after, afterEach, before } from 'node:test';

export const ENGINE = process.env.BROWSER ?? 'chromium';
const ENGINES = {
  chromium: () => import('./chromium.mjs'),
  firefox: () => import('./firefox.mjs'),
  webkit: () => import('./webkit.mjs'),
};
if (!ENGINES[ENGINE]) throw new Error(`BROWSER=${ENGINE}: one of ${Object.keys(ENGINES).join(', ')}`);

let driver;
let browser;

before(async () => {
  driver = await ENGINES[ENGINE]();
  browser = await driver.launch();
});

/** Pages a test opened and has not closed: a failing test stops before its `page.close()`,
 * and its page (WebKitWebDriver drives one browser at a time) must not fail the tests after it. */
const open = new Set();

afterEach(async () => {
  for (const page of open) {
    open.delete(page);
    await page.close().catch(() => {});
  }
});

after(async () => {
  await browser?.close();
});

/** A fresh page (its own cookies, storage and service workers where the engine allows) that
 * keeps the problems it sees. `options.viewport` in every engine; Chromium also takes
 * playwright's other context options. */
export async function openPage(base, options = {}) {
  const page = await driver.newPage(browser, base, options);
  open.add(page);
  const close = page.close.bind(page);
  page.close = () => {
    open.delete(page);
    return close();
  };
  return page;
}
