// A teacher's own lesson, in every engine: pasted on the index it is checked (every mistake
// named with its step), kept in this browser and played as ?lesson=pasted, through a reload and
// until forgotten; a lesson file beside the lab plays by ?lesson_url=, one of another origin is
// refused unread, a missing one is named.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { BASE, HARD, boardLine, newPage, waitForRating } from '../support.mjs';

const ROOT = new URL('../../../', import.meta.url).pathname;

const OWN = `title = "Two looks at one puzzle"
audience = "my class"
summary = "A lesson of our own."

[[steps]]
lab = "puzzle=${HARD}&algorithm=dlx&run=1&step=4"
text = "DLX, **four** events in."
cells = ["r1c1"]

[[steps]]
lab = "puzzle=${HARD}&algorithm=backtracking&view=graph"
text = "The same puzzle as a graph."
`;

test('a pasted lesson is checked, kept in this browser, played, and forgotten', async () => {
  const page = await newPage({ viewport: { width: 1400, height: 1000 } });
  await page.goto(`${BASE}?page=lessons`);
  // Mistakes first: each named with its step, the index still usable.
  const wrong = OWN.replace('algorithm=dlx', 'algorithm=quantum').replace('r1c1', 'r12c1');
  await page.paste('#lesson-paste', wrong);
  await page.click('#lesson-open-pasted');
  await page.waitForSelector('#lesson-paste-errors li');
  const errors = await page.textContent('#lesson-paste-errors');
  assert.match(errors, /2 mistakes/);
  assert.match(errors, /step 1: unknown algorithm 'quantum'/);
  assert.match(errors, /step 1: cell 'r12c1' is outside the 9×9 board/);
  assert.ok((await page.evaluate(() => location.search)).includes('page=lessons'), 'still on the index');
  await page.paste('#lesson-paste', 'not = [a lesson');
  await page.click('#lesson-open-pasted');
  await page.waitForFunction(() => document.querySelector('#lesson-paste-errors')?.textContent.includes('not a lesson file'));

  // A step whose answer contradicts its own run is named: the lesson's runs are played (in the
  // full worker) before it opens.
  const contradicts = OWN.replace('text = "DLX, **four** events in."',
    'text = "DLX, four events in."\nquestion = { ask = "Which cell next?", answer = "r9c9", check = "next-cell" }');
  await page.paste('#lesson-paste', contradicts);
  await page.click('#lesson-open-pasted');
  await page.waitForFunction(() => document.querySelector('#lesson-paste-errors')?.textContent.includes('the next cell the run fills is'), null, { timeout: 60_000 });
  assert.match(await page.textContent('#lesson-paste-errors'), /step 1: /);
  assert.ok((await page.evaluate(() => location.search)).includes('page=lessons'), 'not opened');

  // A lesson that checks opens in the player, step by step.
  await page.paste('#lesson-paste', OWN);
  await page.click('#lesson-open-pasted');
  await page.waitForSelector('[data-lesson-step="1"]');
  assert.ok((await page.evaluate(() => location.search)).includes('lesson=pasted&step=1'));
  assert.match(await page.textContent('[data-lesson-step="1"]'), /DLX, four events in\./);
  assert.match(await page.textContent('#lesson-step-heading'), /^Step 1 of 2$/);
  assert.match(await page.textContent('#lesson-pasted-note'), /opens it here only/);
  // The step's puzzle: its givens on the board (with the run's first events placed past them).
  const board = await boardLine(page);
  assert.ok([...HARD].every((c, i) => c === '.' || board[i] === c), board);
  await page.click('#lesson-next');
  await page.waitForSelector('[data-lesson-step="2"]');
  await page.waitForSelector('[data-view=graph]');

  // Kept through a reload; the index offers it, with what was pasted back in the box.
  await page.reload();
  await page.waitForSelector('[data-lesson-step="2"]');
  // The puzzle's rating has come back (the workers loaded) before the page is left: a worker
  // still loading when the page goes is an aborted fetch, which Firefox reports as a page error.
  await waitForRating(page);
  await page.goto(`${BASE}?page=lessons`);
  assert.match(await page.textContent('#lesson-pasted'), /Two looks at one puzzle/);
  assert.equal(await page.inputValue('#lesson-paste'), OWN);
  await page.click('#lesson-forget');
  assert.equal(await page.exists('#lesson-pasted'), false);
  await page.goto(`${BASE}?lesson=pasted`);
  assert.match(await page.textContent('#lesson-error'), /No lesson has been pasted in this browser/);
  assert.deepEqual(await page.problems(), []);
  await page.close();
});

test('a lesson file beside the lab plays by lesson_url; another origin\'s is refused', async () => {
  const name = 'greedy-colouring';
  const title = readFileSync(`${ROOT}web/lessons/${name}.toml`, 'utf8').match(/^title = "(.*)"$/m)[1];
  const page = await newPage({ viewport: { width: 1400, height: 1000 } });
  await page.goto(`${BASE}?page=lessons`);
  // Each shipped lesson links to its file, which the site serves.
  const href = await page.getAttribute(`a.lesson-source[href="lessons/${name}.toml"]`, 'href');
  await page.goto(`${BASE}?lesson_url=${encodeURIComponent(href)}&step=2`);
  await page.waitForSelector('[data-lesson-step="2"]');
  assert.ok((await page.textContent('.lesson-title')).includes(title));
  await page.click('#lesson-next');
  await page.waitForSelector('[data-lesson-step="3"]');
  assert.ok((await page.inputValue('#lesson-link')).includes(`lesson_url=lessons%2F${name}.toml&step=3`));

  await page.goto(`${BASE}?lesson_url=${encodeURIComponent('https://lessons.example/mine.toml')}`);
  await page.waitForSelector('#lesson-error');
  assert.match(await page.textContent('#lesson-error'), /not on this page's origin/);
  await page.goto(`${BASE}?lesson_url=lessons%2Fno-such-lesson.toml`);
  await page.waitForSelector('#lesson-error');
  assert.match(await page.textContent('#lesson-error'), /the server answered 404|could not be read/);
  await page.goto(`${BASE}?embed=1&lesson_url=lessons%2F${name}.toml&step=1`);
  await page.waitForSelector('[data-lesson-step="1"]');
  assert.equal(await page.count('#puzzle-text'), 0, 'no editor when embedded');
  // The one console line: the browser's own note of the missing file (Chromium logs every
  // failed load); the page adds none.
  const problems = (await page.problems()).filter((p) => !/Failed to load resource: .*404/.test(p));
  assert.deepEqual(problems, []);
  await page.close();
});
