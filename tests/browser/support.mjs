// Shared by the browser tests: the engine chosen by BROWSER (driver/), the lab's address and
// helpers that read the page through its test hooks.
import assert from 'node:assert/strict';
import { openPage, ENGINE } from './driver/index.mjs';

export { ENGINE };
/** For a test that needs what only the Chromium driver offers (network and media emulation,
 * touch, request events): skipped in the other engines, which the smoke suite covers. */
export const CHROMIUM_ONLY = { skip: ENGINE !== 'chromium' && `needs the Chromium driver (BROWSER=${ENGINE})` };
export const BASE = process.env.SUDOKU_URL ?? 'http://127.0.0.1:8080/';
export const HARD = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
export const HARD_SOLVED = '417369825632158947958724316825437169791586432346912758289643571573291684164875293';
export const ARTIFACTS = new URL('../artifacts/', import.meta.url).pathname;

/** A fresh page of the chosen engine (see driver/page.mjs for what it does). */
export function newPage(options = {}) {
  return openPage(BASE, options);
}

/** The board as a line of symbols, read from the cells' accessible labels. */
export async function boardLine(page) {
  const labels = await page.$$eval('[role=gridcell]', (cells) => cells.map((c) => c.getAttribute('aria-label')));
  return labels.map((l) => (l.endsWith('empty') ? '.' : l.slice(l.lastIndexOf(' ') + 1))).join('');
}

export async function waitForStatus(page, text, timeout = 60_000) {
  try {
    await page.waitForFunction(
      (t) => document.querySelector('#status')?.textContent.includes(t), text, { timeout });
  } catch (e) {
    // Say what the page shows instead: a status that never came and one that came wrong are
    // different failures.
    const shown = await page
      .evaluate(() => `status ${JSON.stringify(document.querySelector('#status')?.textContent ?? null)}; `
        + `events ${JSON.stringify(document.querySelector('#event-count, .counter')?.textContent ?? null)}; `
        + `notices ${JSON.stringify([...document.querySelectorAll('.error, .notice, [role=alert]')].map((n) => n.textContent))}`)
      .catch((err) => `the page did not answer (${err.message})`);
    throw new Error(`${e.message}; the page shows ${shown}`);
  }
}

/** Waits until the puzzle's rating has come back (its workers loaded, the full one if it needed it). */
export async function waitForRating(page) {
  await page.waitForFunction(() => /Rating: [a-z]/.test(document.querySelector('#rating')?.textContent ?? ''), null, { timeout: 60_000 });
}

/** The playback position, from the event counter. */
export async function cursor(page) {
  return Number((await page.textContent('#step-counter')).match(/^event (\d+)/)[1]);
}

/** Waits until `read()` gives `expected`, then asserts it (failing as `assert.equal` does after
 * `timeout`): a page redraws on its own time after a click or a key, and an engine's WebDriver
 * may answer the next call before that (WebKit's, on a busy machine). */
export async function settles(read, expected, message, timeout = 10_000) {
  const end = Date.now() + timeout;
  let value = await read();
  while (value !== expected && Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  assert.equal(value, expected, message);
}
