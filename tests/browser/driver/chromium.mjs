// Chromium (Debian's /usr/bin/chromium) through playwright-core, over the DevTools protocol; no
// browser download. The whole suite runs here; tests that need what only this driver offers
// (network emulation, touch, media emulation) use `page.playwright`.
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { LabPage } from './page.mjs';

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

class ChromiumPage extends LabPage {
  constructor(base, page) {
    super('chromium', base);
    this.playwright = page;
    this.seen = [];
    page.on('pageerror', (e) => this.seen.push(`page error: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') this.seen.push(`console ${m.type()}: ${m.text()}`);
    });
  }

  evaluateSource(source) { return this.playwright.evaluate(source); }

  async evaluateInFrame(frameSelector, source) {
    const handle = await this.playwright.$(frameSelector);
    const frame = await handle?.contentFrame();
    if (!frame) throw new Error(`no frame ${frameSelector}`);
    return frame.evaluate(source);
  }

  async navigate(url) { await this.playwright.goto(url); }
  clickElement(selector) { return this.playwright.click(selector); }
  mouseClick(x, y) { return this.playwright.mouse.click(x, y); }
  typeInto(selector, text) { return this.playwright.fill(selector, text); }
  press(key) { return this.playwright.keyboard.press(key === ' ' ? 'Space' : key); }
  screenshot(path) { return this.playwright.screenshot({ path, fullPage: true }); }
  setViewport(size) { return this.playwright.setViewportSize(size); }

  async download(selector) {
    const [file] = await Promise.all([this.playwright.waitForEvent('download'), this.click(selector)]);
    const bytes = readFileSync(await file.path());
    return { name: file.suggestedFilename(), text: bytes.toString('utf8'), bytes };
  }

  async problems() { return [...this.seen]; }
  close() { return this.playwright.close(); }
}

/** A page in a context of its own; `options` are playwright's context options (viewport,
 * colorScheme, reducedMotion, hasTouch…). */
export async function newPage(browser, base, options = {}) {
  const context = await browser.newContext({ acceptDownloads: true, ...options });
  const page = new ChromiumPage(base, await context.newPage());
  const close = page.close.bind(page);
  page.close = async () => { await close(); await context.close(); };
  return page;
}
