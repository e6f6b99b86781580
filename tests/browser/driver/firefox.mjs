// Firefox (Debian's firefox-esr) through puppeteer-core over WebDriver BiDi, headless; no
// geckodriver. Downloads go to a folder of the run's own, read and removed as they arrive.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer from 'puppeteer-core';
import { saveByClick } from './downloads.mjs';
import { LabPage } from './page.mjs';

const DOWNLOADS = mkdtempSync(join(tmpdir(), 'sudoku-lab-firefox-downloads-'));

export async function launch() {
  return puppeteer.launch({
    browser: 'firefox',
    executablePath: process.env.FIREFOX ?? '/usr/bin/firefox-esr',
    headless: true,
    extraPrefsFirefox: {
      'browser.download.dir': DOWNLOADS,
      'browser.download.folderList': 2,
      'browser.download.useDownloadDir': true,
      'browser.download.always_ask_before_handling_new_types': false,
      'browser.helperApps.neverAsk.saveToDisk': 'text/csv',
      'browser.download.panel.shown': true,
    },
  });
}


class FirefoxPage extends LabPage {
  constructor(base, page) {
    super('firefox', base);
    this.puppeteer = page;
    this.seen = [];
    page.on('pageerror', (e) => this.seen.push(`page error: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warn') this.seen.push(`console ${m.type() === 'warn' ? 'warning' : 'error'}: ${m.text()}`);
    });
  }

  evaluateSource(source) { return this.puppeteer.evaluate(source); }

  async evaluateInFrame(frameSelector, source) {
    const handle = await this.puppeteer.$(frameSelector);
    const frame = await handle?.contentFrame();
    if (!frame) throw new Error(`no frame ${frameSelector}`);
    return frame.evaluate(source);
  }

  async navigate(url) { await this.puppeteer.goto(url); }
  clickElement(selector) { return this.puppeteer.click(selector); }
  mouseClick(x, y) { return this.puppeteer.mouse.click(x, y); }
  typeInto(selector, text) { return this.puppeteer.type(selector, text); }
  press(key) { return this.puppeteer.keyboard.press(key); }
  screenshot(path) { return this.puppeteer.screenshot({ path, fullPage: true }); }
  setViewport(size) { return this.puppeteer.setViewport(size); }

  download(selector) {
    return saveByClick(this, selector, DOWNLOADS, '.part');
  }

  async problems() { return [...this.seen]; }
  close() { return this.puppeteer.close(); }
}

export async function newPage(browser, base, options = {}) {
  const context = await browser.createBrowserContext();
  const page = new FirefoxPage(base, await context.newPage());
  if (options.viewport) await page.setViewport(options.viewport);
  const close = page.close.bind(page);
  page.close = async () => { await close(); await context.close(); };
  return page;
}
