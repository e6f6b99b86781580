// The browser suite's driver layer: `BROWSER=chromium|firefox|webkit` (chromium unless told)
// chooses the engine; a test file asks for pages and uses the same methods in each (page.mjs).
import { after, before } from 'node:test';

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

after(async () => {
  await browser?.close();
});

/** A fresh page (its own cookies, storage and service workers where the engine allows) that
 * keeps the problems it sees. `options.viewport` in every engine; Chromium also takes
 * playwright's other context options. */
export function openPage(base, options = {}) {
  return driver.newPage(browser, base, options);
}
