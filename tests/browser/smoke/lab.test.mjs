// The smoke suite, run in every engine (`./dev test` runs it in Firefox and WebKit beside the
// whole suite in Chromium): every page and feature of the lab once. This file: the lab's runs
// in each view with step back, keyboard shortcuts, dark mode, the lazy full worker (ilp and
// Generate). No console error or warning in any of them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, HARD, HARD_SOLVED, boardLine, cursor, newPage, waitForStatus, settles } from '../support.mjs';

const labels = (page, selector) => page.$$eval(selector, (els) => els.map((e) => e.getAttribute('aria-label')));

test('a run in each view ends verified, steps back, and every view shows the board\'s state', async () => {
  const page = await newPage({ viewport: { width: 1400, height: 1000 } });
  for (const view of ['board', 'graph', 'hypergraph']) {
    await page.goto(`${BASE}?puzzle=${HARD}&algorithm=dlx&seed=1&view=${view}&autoplay=0&run=1`);
    await waitForStatus(page, 'solved, verified');
    assert.equal(await cursor(page), 0, `${view}: waits at the start`);
    await page.click('#end');
    await settles(() => boardLine(page), HARD_SOLVED, view);
    const total = await cursor(page);
    await page.click('#step-back');
    await settles(() => cursor(page), total - 1, view);
    await page.click('#step-back');
    await settles(() => cursor(page), total - 2, view);
    await page.setRange('#scrub', 5);
    await settles(() => cursor(page), 5, view);
    if (view !== 'board') {
      // Each vertex is labelled as its cell is, at any position.
      assert.deepEqual(await labels(page, `[data-view=${view}] .vertex`), await labels(page, '[role=gridcell]'), view);
      const size = view === 'graph' ? ['data-vertices', '81'] : ['data-hyperedges', '27'];
      assert.equal(await page.getAttribute(`[data-view=${view}]`, size[0]), size[1], view);
    }
  }
  assert.deepEqual(await page.problems(), []);
  await page.close();
});

test('keyboard shortcuts step, jump, play and pause; typing in a field is not a shortcut', async () => {
  const page = await newPage();
  await page.goto(`${BASE}?puzzle=${HARD}&algorithm=norvig&seed=1&autoplay=0&run=1`);
  await waitForStatus(page, 'solved, verified');
  await page.click('h1');
  await page.press('ArrowRight');
  await page.press('ArrowRight');
  await page.press('ArrowLeft');
  await settles(() => cursor(page), 1);
  await page.press('End');
  const total = Number((await page.textContent('#step-counter')).match(/\/ (\d+)/)[1]);
  await settles(() => cursor(page), total);
  await page.press('Home');
  await settles(() => cursor(page), 0);
  await page.press(' ');
  await page.waitForSelector('#pause');
  await page.press(' ');
  await page.waitForSelector('#play');
  await page.press('?');
  assert.ok(await page.isVisible('#shortcuts'));
  // The timeline slider answers the keyboard as a slider does.
  await page.press('Home');
  await page.focus('#scrub');
  await page.press('ArrowRight');
  await page.press('ArrowRight');
  await settles(() => cursor(page), 2, 'the slider moved two events');
  // A control reached by the keyboard shows its focus ring.
  await page.focus('#seed');
  await page.press('Tab');
  const ring = await page.evaluate(() => {
    const el = document.activeElement;
    const style = getComputedStyle(el);
    return { id: el.id || el.tagName, outline: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });
  assert.ok(ring.outline !== 'none' && ring.width >= 2, JSON.stringify(ring));
  const paused = await cursor(page);
  await page.click('#seed');
  await page.press('End');
  // Nothing to wait for: give a redraw time to come, then the cursor must not have moved.
  await new Promise((resolve) => setTimeout(resolve, 300));
  assert.equal(await cursor(page), paused);
  assert.deepEqual(await page.problems(), []);
  await page.close();
});

test('the theme toggle switches to dark and back, and is kept for the next visit', async () => {
  const page = await newPage();
  await page.goto(BASE);
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const theme = () => page.getAttribute('html', 'data-theme');
  // system → light → dark: each click moves on once the last one is drawn.
  const themes = [];
  for (let i = 0; i < 3 && (await theme()) !== 'dark'; i += 1) {
    const before = (await theme()) ?? 'system';
    // The toggle says what it does: the theme it switches to (applied once the label is drawn).
    const label = await page.textContent('#theme');
    const target = label.match(/^use (\w+) theme$/)?.[1];
    await page.click('#theme');
    await settles(async () => (await theme()) ?? 'system', target, `after "${label}"`);
    themes.push(target);
    assert.notEqual(target, before);
  }
  assert.equal(await theme(), 'dark', themes.join(' → '));
  await settles(background, 'rgb(18, 21, 28)');
  await page.reload();
  await settles(theme, 'dark', 'kept across a reload');
  await page.click('#theme');
  await settles(theme, 'light');
  await settles(background, 'rgb(246, 247, 251)');
  assert.deepEqual(await page.problems(), []);
  await page.close();
});

test('ilp runs in the full worker, loaded when asked for, and Generate makes a rated puzzle', async () => {
  const page = await newPage();
  await page.goto(`${BASE}?puzzle=${HARD}&algorithm=ilp&run=1`);
  await waitForStatus(page, 'solved, verified', 120_000);
  await page.click('#end');
  await settles(() => boardLine(page), HARD_SOLVED);
  await page.selectOption('#gen-size', '9');
  await page.selectOption('#gen-level', 'easy');
  await page.fill('#gen-seed', '3');
  await page.click('#generate');
  await page.waitForFunction(() => /Rating: easy/.test(document.querySelector('#rating')?.textContent ?? ''),
    null, { timeout: 60_000 });
  const generated = await boardLine(page);
  assert.equal(generated.length, 81);
  assert.ok(![HARD, HARD_SOLVED].includes(generated), generated);
  // The generated puzzle solves, verified, with a unique solution.
  await page.selectOption('#algorithm', 'propagation');
  await page.click('#run');
  await waitForStatus(page, 'solved, verified; the solution is unique');
  assert.deepEqual(await page.problems(), []);
  await page.close();
});

/** The selected text of the share field, if it has the focus (what Copy leaves where the
 * browser refused the clipboard). */
const selectedShare = (page) => page.evaluate(() => {
  const el = document.activeElement;
  return el?.id === 'share' ? el.value.slice(el.selectionStart, el.selectionEnd) : null;
});

test('a clipboard that never answers: Copy still says so and selects the link', async () => {
  const page = await newPage();
  await page.goto(`${BASE}?puzzle=${HARD}&algorithm=dlx&seed=4`);
  const link = await page.inputValue('#share');
  // A write that stays pending, as WebKit under its WebDriver once left it.
  await page.evaluate(() => {
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: () => new Promise(() => {}) },
    });
  });
  await page.click('#copy-share');
  await page.waitForFunction(() => /did not allow copying/.test(document.querySelector('#copy-result')?.textContent ?? ''));
  assert.equal(await selectedShare(page), link);
  assert.deepEqual(await page.problems(), []);
  await page.close();
});

test('Copy puts the share link on the clipboard, or selects it where the browser refuses', async () => {
  const page = await newPage();
  await page.goto(`${BASE}?puzzle=${HARD}&algorithm=dlx&seed=4`);
  const link = await page.inputValue('#share');
  await page.click('#copy-share');
  await page.waitForFunction(() => /\S/.test(document.querySelector('#copy-result')?.textContent ?? ''));
  const said = await page.textContent('#copy-result');
  if (said.startsWith('Copied')) {
    // Read back where the engine lets a test read the clipboard.
    const read = await page.evaluate(() => navigator.clipboard.readText().catch(() => null));
    if (read !== null) assert.equal(read, link);
  } else {
    assert.match(said, /did not allow copying: the link is selected/);
    assert.equal(await selectedShare(page), link);
  }
  assert.deepEqual(await page.problems(), []);
  await page.close();
});
