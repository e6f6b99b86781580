// The timeline's marks and the embed snippet generator: a search's guesses and backtracks marked
// under the timeline and reached with `,` and `.`; "Embed in a page" writing the iframe for a
// stretch of the run set with "to here" and "from here", which then plays only that stretch,
// looping.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, HARD, cursor, newPage, settles, waitForStatus } from './support.mjs';

test('a search\'s guesses and backtracks are marked under the timeline and reached with , and .', async () => {
  const page = await newPage();
  await page.goto(`${BASE}?puzzle=${HARD}&algorithm=dlx&seed=1&autoplay=0&run=1`);
  await waitForStatus(page, 'solved, verified');
  assert.ok(await page.count('#marks path') >= 2, 'the strip draws guesses and backtracks');
  const legend = await page.textContent('.marks-legend');
  assert.match(legend, /marks: ■ guess ■ backtrack/);
  await page.click('h1');
  assert.equal(await cursor(page), 0);
  await page.press('.');
  const first = await cursor(page);
  assert.ok(first > 0);
  assert.match(await page.textContent('#narration'), /^guess /);
  // Next marks until a backtrack is the current event.
  let narration = '';
  for (let i = 0; i < 200 && !/^backtrack: undo/.test(narration); i += 1) {
    await page.press('.');
    narration = await page.textContent('#narration');
  }
  assert.match(narration, /^backtrack: undo/, 'a backtrack is marked');
  const at = await cursor(page);
  await page.press(',');
  assert.ok(await cursor(page) < at);
  await page.click('#next-mark');
  assert.equal(await cursor(page), at);
  await page.click('#previous-mark');
  assert.ok(await cursor(page) < at);
  assert.match(await page.textContent('#shortcuts'), /previous \/ next mark/);
  assert.deepEqual(await page.problems(), []);
  await page.close();
});

test('"Embed in a page" writes the iframe for a stretch of the run, which then loops without controls', async () => {
  const page = await newPage();
  await page.goto(`${BASE}?puzzle=${HARD}&algorithm=dlx&seed=1&autoplay=0&step=40&run=1`);
  await waitForStatus(page, 'solved, verified');
  await settles(() => cursor(page), 40, 'the URL\'s step');
  await page.click('#embed-code summary');
  assert.match(await page.textContent('#embed-stretch'), /from event 0 to its end/);
  await page.click('#embed-to');
  await page.setRange('#scrub', 10);
  await page.click('#embed-from');
  await page.check('#embed-loop');
  await page.click('#embed-controls');
  assert.match(await page.textContent('#embed-stretch'), /Plays the run from event 10 to event 40\./);
  const html = await page.inputValue('#embed-html');
  assert.match(html, /^<iframe src="http[^"]+" title="Sudoku Lab: [^"]+" width="760" height="900"/);
  const src = html.match(/src="([^"]+)"/)[1].replaceAll('&amp;', '&');
  for (const part of ['algorithm=dlx', 'seed=1', 'from=10', 'to=40', 'loop=1', 'controls=0', 'embed=1', 'run=1']) {
    assert.ok(src.includes(part), `${part} in ${src}`);
  }
  assert.ok(!src.includes('step='), src);
  // The lab itself now plays that stretch: Play starts it at event 10.
  await page.click('#play');
  await page.waitForFunction(() => Number(document.querySelector('#step-counter').textContent.match(/^event (\d+)/)[1]) >= 10);
  await page.click('#pause');
  const inLab = await cursor(page);
  assert.ok(inLab >= 10 && inLab <= 40, String(inLab));
  // The snippet's page: no buttons, the narration kept, the cursor within 10–40, again and again.
  await page.goto(`${src}&speed=40`);
  await page.waitForSelector('#status[data-outcome=verified]', { timeout: 60_000 });
  assert.equal(await page.count('#play, #pause, #scrub, #speed'), 0, 'controls=0');
  assert.ok(await page.exists('#narration'));
  const seen = [];
  for (let i = 0; i < 50; i += 1) {
    seen.push(await cursor(page));
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.ok(seen.every((c) => c >= 10 && c <= 40), seen.join(','));
  const loops = seen.filter((c, i) => i > 0 && c < seen[i - 1]).length;
  assert.ok(loops >= 2, `played again at least twice: ${seen.join(',')}`);
  assert.deepEqual(await page.problems(), []);
  await page.close();
});
