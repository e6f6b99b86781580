// Shared by the browser tests: one headless Chromium (Debian's /usr/bin/chromium, driven by
// playwright-core; no browser download) and helpers that read the page through its test hooks.
import { before, after } from 'node:test';
import { chromium } from 'playwright-core';

export const BASE = process.env.SUDOKU_URL ?? 'http://127.0.0.1:8080/';
export const HARD = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
export const HARD_SOLVED = '417369825632158947958724316825437169791586432346912758289643571573291684164875293';
export const ARTIFACTS = new URL('../artifacts/', import.meta.url).pathname;

let browser;

before(async () => {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
});

after(async () => {
  await browser?.close();
});

/** A fresh page that collects page errors and console errors and warnings (the page's and its
 * workers'). Going to a page of the lab waits until the app has drawn it (its wasm loads after
 * the document). */
export async function newPage(options = {}) {
  const page = await browser.newPage(options);
  const goto = page.goto.bind(page);
  page.goto = async (url, gotoOptions) => {
    const response = await goto(url, gotoOptions);
    if (url.startsWith(BASE)) await page.waitForSelector('main', { timeout: 30_000 });
    return response;
  };
  const problems = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`);
  });
  return { page, problems };
}

/** The board as a line of symbols, read from the cells' accessible labels. */
export async function boardLine(page) {
  const labels = await page.$$eval('[role=gridcell]', (cells) => cells.map((c) => c.getAttribute('aria-label')));
  return labels.map((l) => (l.endsWith('empty') ? '.' : l.slice(l.lastIndexOf(' ') + 1))).join('');
}

export async function waitForStatus(page, text, timeout = 60_000) {
  await page.waitForFunction(
    (t) => document.querySelector('#status')?.textContent.includes(t), text, { timeout });
}

/** The playback position, from the event counter. */
export async function cursor(page) {
  return Number((await page.textContent('#step-counter')).match(/^event (\d+)/)[1]);
}
