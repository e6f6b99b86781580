// End-to-end tests of the page (the whole suite runs in Chromium; see driver/). Run by `./dev test`, which builds the app,
// serves dist/ and sets SUDOKU_URL.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { cliPuzzle } from './cli.mjs';
import { ARTIFACTS, BASE, CHROMIUM_ONLY, HARD, HARD_SOLVED, boardLine, newPage, waitForRating, waitForStatus } from './support.mjs';

test('the URL contract runs three exact algorithms to a verified solution', async () => {
  for (const algorithm of ['propagation', 'dlx', 'fc-mrv']) {
    const page = await newPage();
    await page.goto(`${BASE}?puzzle=${HARD}&algorithm=${algorithm}&seed=7&run=1`);
    await waitForStatus(page, 'solved, verified');
    await page.click('#end');
    assert.equal(await boardLine(page), HARD_SOLVED, algorithm);
    const labels = await page.$$eval('[role=gridcell]', (cells) => cells.map((c) => c.getAttribute('aria-label')));
    assert.equal(labels[0], 'row 1 column 1, given 4');
    assert.equal(labels[1], 'row 1 column 2, 1');
    // A search's counters: nodes and backtracks (and the propagations of those that propagate).
    const counters = await page.$$eval('.metrics th', (ths) => ths.map((th) => th.textContent).slice(3, -1));
    assert.deepEqual(counters, ['nodes', 'backtracks', ...(algorithm === 'dlx' ? [] : ['propagations'])], algorithm);
    const share = await page.inputValue('#share');
    assert.ok(share.includes(`algorithm=${algorithm}`) && share.includes('seed=7') && share.includes(HARD), share);
    assert.deepEqual(await page.problems(), []);
    if (algorithm === 'propagation') {
      mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot(`${ARTIFACTS}solved-board.png`);
    }
    await page.close();
  }
});

// Every heuristic of the registry, each from the URL with a seed that solves this puzzle
// natively (`sudoku solve -a ID --seed S`: 1 for all but the GA, whose seed 1 gives up on it),
// checked against the known solution.
const HEURISTICS = ['coloring-bfs', 'coloring-dfs', 'coloring-dsatur', 'tabu-alldiff', 'tabu-ac3', 'grasp', 'grasp-alldiff', 'genetic', 'genetic-alldiff', 'annealing', 'ant-colony', 'ant-colony-multi'];
const SEEDS = { genetic: 2 };
const COUNTERS = {
  coloring: ['constructions', 'restarts'], tabu: ['iterations', 'nodes', 'backtracks'],
  grasp: ['iterations', 'restarts', 'propagations'], genetic: ['generations'], annealing: ['iterations', 'reheats'],
  'ant-colony': ['cycles', 'tours', 'propagations'],
};

test('every heuristic runs from the URL with its seed and ends verified', async () => {
  const EASY = '.4....179..2..8.54..6..5..8.8..7.91..5..9..3..19.6..4.3..4..7..57.1..2..928....6.';
  const EASY_SOLVED = '845632179732918654196745328683574912457291836219863547361429785574186293928357461';
  const page = await newPage();
  for (const id of HEURISTICS) {
    await page.goto(`${BASE}?puzzle=${EASY}&algorithm=${id}&seed=${SEEDS[id] ?? 1}&run=1`);
    await waitForStatus(page, 'solved, verified');
    await page.click('#end');
    assert.equal(await boardLine(page), EASY_SOLVED, id);
    // The counters each keeps, in its own words (its module's list), and no others.
    const counters = await page.$$eval('.metrics th', (ths) => ths.map((th) => th.textContent)
      .filter((t) => !['algorithm', 'seed', 'time in the worker', 'events'].includes(t)));
    assert.deepEqual(counters, COUNTERS[id.replace(/-(bfs|dfs|dsatur|alldiff|ac3|multi)$/, '')], id);
    assert.doesNotMatch(await page.textContent('#step-counter'), /depth 0/, id);
    if (['grasp', 'genetic', 'annealing'].includes(id)) {
      // (The -alldiff variants solve this puzzle by filtering alone: no curve to draw.)
      // Their progress (cost or fitness per step) is drawn, the playback position marked.
      const chart = await page.$eval('.progress-chart', (el) => ({
        caption: el.querySelector('figcaption').textContent,
        legend: el.querySelector('.legend').textContent,
        points: [...el.querySelectorAll('polyline')].map((p) => p.getAttribute('points').trim().split(' ').length),
      }));
      // Each legend entry says what its number is: "best: cost 3", not "best 3".
      assert.match(chart.legend, /best: (cost|fitness) [0-9]/, id);
      assert.ok(chart.points.length >= 2 && chart.points.every((n) => n >= 1), `${id}: ${JSON.stringify(chart)}`);
    }
  }
  assert.deepEqual(await page.problems(), []);
  await page.close();
});

test('a pasted puzzle is loaded, run and played back step by step', async () => {
  const page = await newPage();
  await page.goto(BASE);
  await page.fill('#puzzle-text', HARD.replaceAll('.', '0'));
  await page.click('#load');
  assert.equal(await boardLine(page), HARD);
  await page.selectOption('#algorithm', 'norvig');
  await page.click('#run');
  await waitForStatus(page, 'solved, verified');
  // Scrubbing pauses playback and rewinds to the start.
  await page.setRange('#scrub', 0);
  assert.match(await page.textContent('#step-counter'), /^event 0 \//);
  await page.click('#step');
  await page.click('#step');
  assert.match(await page.textContent('#step-counter'), /^event 2 \//);
  await page.click('#end');
  assert.equal(await boardLine(page), HARD_SOLVED);
  assert.deepEqual(await page.problems(), []);
  await page.close();
});

test('a long run can be paused, stepped and cancelled while the page stays responsive', async () => {
  const page = await newPage();
  // Plain backtracking needs hundreds of millions of nodes on this puzzle (built against cell
  // order): it runs until its node budget, long enough to test the controls during the run.
  const SLOW = '..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9';
  await page.goto(`${BASE}?puzzle=${SLOW}&algorithm=backtracking&seed=1&run=1`);
  await page.waitForSelector('#pause');
  await page.waitForFunction(() => /event [1-9]/.test(document.querySelector('#step-counter')?.textContent ?? ''));
  // The solver runs in the worker: a click on the page is handled at once. Measured on the
  // page's clock, from just before the driver sends the click until the page shows its answer
  // (so it includes the driver's own round trip: an upper bound).
  await page.evaluate(() => {
    new MutationObserver((_, observer) => {
      if (document.querySelector('#play')) { window.answeredAt = performance.now(); observer.disconnect(); }
    }).observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['id'] });
  });
  await page.evaluate(() => { window.clickedAt = performance.now(); });
  await page.clickNow('#pause');
  await page.waitForFunction(() => window.answeredAt !== undefined);
  const reaction = Math.round(await page.evaluate(() => window.answeredAt - window.clickedAt));
  // Reported, not asserted (a loaded machine stretches it): what shows the page is not blocked
  // by the solver is that the click was answered while the run still goes on (below).
  console.log(`click answered in ${reaction} ms during the run`);
  const before = Number((await page.textContent('#step-counter')).match(/^event (\d+)/)[1]);
  await page.click('#step');
  const after = Number((await page.textContent('#step-counter')).match(/^event (\d+)/)[1]);
  assert.equal(after, before + 1);
  assert.ok(!(await page.isDisabled('#cancel')), 'the run is still going');
  await page.click('#cancel');
  await page.waitForFunction(() => document.querySelector('#notice')?.textContent.includes('cancelled'));
  // A fresh worker takes the next run.
  await page.selectOption('#algorithm', 'dlx');
  await page.click('#run');
  await waitForStatus(page, 'solved, verified');
  assert.deepEqual(await page.problems(), []);
  await page.close();
});

test('bad input is reported inline and the page stays usable', async () => {
  const page = await newPage();
  await page.goto(BASE);
  await page.fill('#puzzle-text', HARD.slice(0, 80));
  await page.click('#load');
  assert.match(await page.textContent('#input-error'), /line 1: 80 cells/);
  await page.fill('#puzzle-text', `44${HARD.slice(2)}`);
  await page.click('#load');
  assert.match(await page.textContent('#input-error'), /4 appears twice in row 1 \(r1c1, r1c2\)/);
  assert.equal(await page.$$eval('[role=gridcell].bad', (c) => c.length), 2);
  await page.click('#run');
  assert.match(await page.textContent('#notice'), /fix the puzzle first/);
  // An unsolvable puzzle (a wrong but non-clashing given) is reported as such.
  await page.fill('#puzzle-text', `46${HARD.slice(2)}`);
  await page.click('#load');
  await page.click('#run');
  await waitForStatus(page, 'no solution');
  // Typing on the board: a clash is explained, a replaced given is said.
  await page.click('[role=gridcell][aria-label^="row 1 column 3,"]');
  await page.press('4');
  await page.waitForFunction(() => /r1c3: 4 appears twice in row 1 \(r1c1, r1c3\)/.test(document.querySelector('#notice')?.textContent ?? ''));
  await page.press('7');
  await page.waitForFunction(() => /r1c3: the given 4 is now 7/.test(document.querySelector('#notice')?.textContent ?? ''));
  assert.deepEqual(await page.problems(), []);
  await page.close();
});

test('keyboard entry and arrow navigation edit the givens', async () => {
  const page = await newPage();
  await page.goto(BASE);
  await page.selectOption('#new-size', '4');
  assert.equal((await boardLine(page)).length, 16);
  await page.click('#cell-0');
  await page.press('1');
  await page.press('ArrowRight');
  await page.press('2');
  await page.press('ArrowDown');
  await page.press('3');
  await page.press('Delete');
  assert.equal(await boardLine(page), '12..............');
  const label = await page.getAttribute('#cell-1', 'aria-label');
  assert.equal(label, 'row 1 column 2, given 2');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'cell-5');
  await page.click('#clear');
  assert.equal(await boardLine(page), '.'.repeat(16));
  assert.deepEqual(await page.problems(), []);
  await page.close();
});

test('text pasted onto the board is loaded; several solutions are reported as such', async () => {
  const page = await newPage();
  await page.goto(BASE);
  await page.$eval('[role=grid]', (el, text) => {
    const data = new DataTransfer();
    data.setData('text/plain', text);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, HARD.match(/.{9}/g).join('\n'));
  assert.equal(await boardLine(page), HARD);
  // This puzzle's rating needs the full worker, and a run already heard from when the pool
  // moves there fails with "run it again" (a known race, open in issue 52's notes): the run
  // starts once the rating is back, so this test checks the paste, not that race.
  await waitForRating(page);
  await page.click('#run');
  await waitForStatus(page, 'the solution is unique');
  await page.selectOption('#new-size', '16');
  assert.equal((await boardLine(page)).length, 256);
  await page.click('#run');
  await waitForStatus(page, 'several solutions');
  await page.click('#end');
  assert.ok(!(await boardLine(page)).includes('.'), '16×16 filled');
  assert.deepEqual(await page.problems(), []);
  await page.close();
});

test('Hint shows the human-style next step in words and marks its cells', async () => {
  const page = await newPage();
  const EASY = '.4....179..2..8.54..6..5..8.8..7.91..5..9..3..19.6..4.3..4..7..57.1..2..928....6.';
  await page.goto(`${BASE}?puzzle=${EASY}`);
  await page.click('#hint');
  await page.waitForSelector('#hint-text');
  assert.match(await page.textContent('#hint-text'), /(hidden single|naked single|full house): r\dc\d = \d/);
  assert.ok(await page.count('.board .cell.hint') >= 1);
  // Editing the puzzle makes the hint go.
  await page.click('#cell-0');
  await page.press('8');
  assert.equal(await page.count('#hint-text'), 0);
  assert.deepEqual(await page.problems(), []);
  await page.close();
});

test('a puzzle that needs forcing chains is rated and hinted by the full worker, never left to a guess', CHROMIUM_ONLY, async () => {
  const page = await newPage();
  const urls = [];
  page.playwright.on('request', (request) => urls.push(request.url()));
  const ESCARGOT = '1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..';
  await page.goto(`${BASE}?puzzle=${ESCARGOT}`);
  await page.waitForFunction(() => /Rating: extreme \d\.\d \S*forcing-chain/.test(document.querySelector('#rating')?.textContent ?? ''),
    null, { timeout: 60_000 });
  assert.ok(urls.some((u) => /full_worker/.test(u)), 'the full worker was loaded for the rating');
  // Sudoku Explainer's scale beside it: nested chains, ER 9 or more.
  assert.match(await page.textContent('#rating-se'), /^Sudoku Explainer: (9|1\d)\.\d\/\d+\.\d\/\d+\.\d \(ER\/EP\/ED\)$/);
  // And HoDoKu's: extreme, by the path HoDoKu takes (the CLI's `rate --scale hodoku` line).
  assert.match(await page.textContent('#rating-hodoku'), /^HoDoKu: extreme \d+ \S+$/);
  await page.click('#hint');
  await page.waitForSelector('#hint-text', { timeout: 60_000 });
  assert.doesNotMatch(await page.textContent('#hint-text'), /guess/);
  assert.deepEqual(await page.problems(), []);
  await page.close();
});

test('a puzzle whose path reaches a technique the first-load worker leaves out (a Skyscraper) is rated by the full worker', CHROMIUM_ONLY, async () => {
  const page = await newPage();
  const urls = [];
  page.playwright.on('request', (request) => urls.push(request.url()));
  // `sudoku rate`: hard 4.0 skyscraper (the first-load worker would find another step there).
  const SKYSCRAPER = '1.37....5...6.4...8...........81.....9....7...6.....9..2....4..5...3...........2.';
  await page.goto(`${BASE}?puzzle=${SKYSCRAPER}`);
  await page.waitForFunction(() => /Rating: hard 4\.0 skyscraper/.test(document.querySelector('#rating')?.textContent ?? ''),
    null, { timeout: 60_000 });
  assert.ok(urls.some((u) => /full_worker/.test(u)), 'the full worker was loaded for the rating');
  assert.deepEqual(await page.problems(), []);
  await page.close();
});

test('the two models run in the browser: cp in the lab\'s worker, ilp in the worker with the LP engine, loaded only then', CHROMIUM_ONLY, async () => {
  const page = await newPage();
  // Every request of the page and its workers (what only the Chromium driver can watch).
  const requested = [];
  page.playwright.on('request', (r) => requested.push(new URL(r.url()).pathname));
  const fetched = async () => requested;
  await page.goto(`${BASE}?puzzle=${HARD}&algorithm=cp&run=1`);
  await waitForStatus(page, 'solved, verified');
  await page.click('#end');
  assert.equal(await boardLine(page), HARD_SOLVED, 'cp');
  assert.ok(!(await fetched()).some((p) => p.includes('full_worker')), 'the LP engine is not loaded for cp');
  await page.selectOption('#algorithm', 'ilp');
  await page.click('#run');
  await waitForStatus(page, 'solved, verified');
  assert.ok((await fetched()).some((p) => /full_worker(_simd)?_bg\.wasm$/.test(p)), (await fetched()).join(' '));
  await page.click('#end');
  assert.equal(await boardLine(page), HARD_SOLVED, 'ilp');
  // The first events are the LP relaxation's weights, drawn as shaded candidates.
  await page.setRange('#scrub', 0);
  await page.click('#step');
  assert.match(await page.textContent('#narration'), /^LP relaxation: r\dc\d = \d with weight [01]\.\d\d$/);
  assert.ok(await page.$$eval('.mark.weight', (m) => m.length) >= 1);
  // Another run stays on that worker.
  await page.selectOption('#algorithm', 'propagation');
  await page.click('#run');
  await waitForStatus(page, 'solved, verified');
  assert.deepEqual(await page.problems(), []);
  await page.close();
});

test('sat runs in the lab\'s worker: decisions as guesses, each conflict narrated and charted with its learned clause', async () => {
  const page = await newPage();
  await page.goto(`${BASE}?puzzle=${HARD}&algorithm=sat&seed=1&autoplay=0&run=1`);
  await waitForStatus(page, 'solved, verified');
  await page.click('#end');
  assert.equal(await boardLine(page), HARD_SOLVED, 'sat');
  // Event 359 of this run is its first conflict, which learns a one-literal clause (the lesson
  // "Sudoku is SAT" says so too); the learned clause then removes 8 from r9c8.
  await page.setRange('#scrub', 358);
  await page.click('#step');
  assert.equal(await page.textContent('#narration'),
    'conflict 1, 8 has no place left in box 8: learn a clause of 1 literal over 1 level (its LBD), back-jump to depth 0');
  assert.match(await page.textContent('[data-view=pseudocode] [aria-current=step]'), /learn: resolve back to the first UIP/);
  // Before the back-jump, the values placed after a guess are tinted by their decision level.
  const levels = await page.$$eval('.cell.deep', (cells) => cells.map((c) => c.title));
  assert.ok(levels.length >= 1);
  assert.ok(levels.every((t) => /^placed at decision level [1-9]\d*$/.test(t)), levels.join());
  await page.click('#step');
  await page.click('#step');
  assert.equal(await page.textContent('#narration'), 'remove 8 from r9c8: ruled out by a learned clause of 1 literal');
  await page.click('#end');
  const chart = await page.$eval('.progress-chart', (el) => ({
    caption: el.querySelector('figcaption').textContent,
    legend: el.querySelector('.legend').textContent,
  }));
  assert.match(chart.caption, /conflict/);
  assert.match(chart.legend, /LBD/);
  assert.deepEqual(await page.problems(), []);
  await page.close();
});

test('portfolio hands over from the propagation engine to sat: the handover narrated, the board back at the givens', async () => {
  // A 9×9 the engine needs search nodes for; with `handover=1` the SAT solver takes over
  // after the first (the default hands over only on 16×16 and 25×25).
  const PUZZLE = '..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..';
  const page = await newPage();
  await page.goto(`${BASE}?puzzle=${PUZZLE}&algorithm=portfolio&p.handover=1&seed=1&autoplay=0&run=1`);
  await waitForStatus(page, 'solved, verified');
  // Event 317 of this run (index 316) is the handover.
  await page.setRange('#scrub', 316);
  await page.click('#step');
  assert.equal(await page.textContent('#narration'),
    'the propagation engine spent its 1 search node unsolved: SAT takes over from the givens');
  assert.equal(await boardLine(page), PUZZLE, 'back at the givens');
  assert.match(await page.textContent('[data-view=pseudocode] [aria-current=step]'), /over budget: to the givens, then SAT/);
  await page.click('#end');
  const chart = await page.$eval('.progress-chart figcaption', (el) => el.textContent);
  assert.match(chart, /conflict/, 'the SAT stage is charted');
  assert.deepEqual(await page.problems(), []);
  await page.close();
});

test('the loaded puzzle is rated, Explain lists the steps and plays them, Generate loads a new puzzle', async () => {
  const page = await newPage();
  const EASY = '.4....179..2..8.54..6..5..8.8..7.91..5..9..3..19.6..4.3..4..7..57.1..2..928....6.';
  await page.goto(`${BASE}?puzzle=${EASY}`);
  await page.waitForFunction(() => /Rating: easy \d\.\d \S+/.test(document.querySelector('#rating')?.textContent ?? ''));
  assert.equal(await page.textContent('#rating-se'), 'Sudoku Explainer: 1.2/1.2/1.2 (ER/EP/ED)');
  assert.equal(await page.textContent('#rating-hodoku'), 'HoDoKu: easy 192 naked-single');
  // An edit is rated again: a clash has no rating.
  await page.click('#cell-0');
  await page.press('4');
  await page.waitForFunction(() => document.querySelector('#rating')?.textContent === 'Rating: —');
  await page.press('Delete');
  await page.waitForFunction(() => /Rating: easy/.test(document.querySelector('#rating')?.textContent ?? ''));
  // Explain: the steps in words, and the logic run played on the board.
  await page.click('#explain');
  await waitForStatus(page, 'solved, verified');
  const steps = await page.$$eval('#explanation li', (items) => items.map((li) => li.textContent));
  assert.ok(steps.length > 20, `${steps.length} steps`);
  assert.match(steps[0], /^(full house|hidden single|naked single): r\dc\d = \d/);
  assert.match(await page.textContent('#explanation-end'), /^solved in \d+ steps/);
  assert.equal(await page.inputValue('#algorithm'), 'logic');
  // Generate: a 4×4 with 90° symmetry, from the full worker, replaces the puzzle and is rated.
  await page.selectOption('#gen-size', '4');
  await page.selectOption('#gen-symmetry', '90');
  await page.fill('#gen-seed', '5');
  await page.click('#generate');
  await page.waitForFunction(() => document.querySelectorAll('[role=gridcell]').length === 16);
  const line = await boardLine(page);
  const clue = (i) => line[i] !== '.';
  for (let r = 0; r < 4; r += 1) {
    for (let c = 0; c < 4; c += 1) assert.equal(clue(r * 4 + c), clue(c * 4 + (3 - r)), `90° symmetry at r${r}c${c}: ${line}`);
  }
  await page.waitForFunction(() => /Rating: easy/.test(document.querySelector('#rating')?.textContent ?? ''));
  // A hard 9×9 goes to the full worker (the first-load worker lacks techniques the rating may
  // need): the CLI's puzzle for the same seed.
  await page.selectOption('#gen-size', '9');
  await page.selectOption('#gen-symmetry', 'none');
  await page.selectOption('#gen-level', 'hard');
  await page.fill('#gen-seed', '7');
  await page.click('#generate');
  const cli = cliPuzzle(['--level', 'hard', '--seed', '7', '--symmetry', 'none']);
  await page.waitForFunction(() => [...document.querySelectorAll('[role=gridcell]')].length === 81
    && document.querySelector('#rating')?.textContent.startsWith('Rating: hard'), null, { timeout: 60_000 });
  assert.equal(await boardLine(page), cli);
  // A level 4×4 cannot reach is said, and the page stays usable.
  await page.selectOption('#gen-size', '4');
  await page.selectOption('#gen-level', 'hard');
  await page.click('#generate');
  await page.waitForFunction(() => /never need more than singles/.test(document.body.textContent));
  assert.equal(await page.isDisabled('#generate'), false);
  assert.deepEqual(await page.problems(), []);
  await page.close();
});

test('a long rating and a long generation say how far they have come until their answer', async () => {
  // Nested forcing chains: about 2.5 s natively, longer in the full worker.
  const NESTED = '1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..';
  const page = await newPage();
  await page.goto(`${BASE}?puzzle=${NESTED}&autoplay=0`);
  await page.waitForFunction(() => / of 81 cells filled in \d+ steps \(latest: .+\), \d+ s so far$/
    .test(document.querySelector('#rating')?.textContent ?? ''), null, { timeout: 60_000 });
  await waitForRating(page);
  assert.match(await page.textContent('#rating'), /^Rating: extreme /);
  // A 16×16 at hard is seldom drawn (the CLI finds none in a minute): the puzzles missed are told.
  await page.selectOption('#gen-size', '16');
  await page.selectOption('#gen-level', 'hard');
  await page.fill('#gen-seed', '1');
  await page.click('#generate');
  await page.waitForFunction(() => /^\d+ puzzles? drawn, none hard yet, \d+ s so far$/
    .test(document.querySelector('#generate-progress')?.textContent ?? ''), null, { timeout: 60_000 });
  assert.equal(await page.textContent('#generate'), 'Generating…');
  assert.deepEqual(await page.problems(), []);
  await page.close();
});

test('the lab\'s panels come in one order, puzzle → algorithm → run → result, each part in its panel', async () => {
  for (const viewport of [{ width: 1400, height: 1000 }, { width: 390, height: 844 }]) {
    const page = await newPage({ viewport });
    await page.goto(`${BASE}?puzzle=${HARD}&algorithm=dlx&run=1`);
    await waitForStatus(page, 'solved, verified');
    const legends = await page.$$eval('section.right > fieldset > legend', (ls) => ls.map((l) => l.textContent));
    assert.deepEqual(legends, ['Puzzle', 'Algorithm', 'Run', 'Result'], JSON.stringify(viewport));
    // The puzzle's own tools sit in its panel: the generator, the rating, Hint and Explain.
    const inPuzzlePanel = await page.$$eval('#gen-size, #rating, #hint, #explain, #new-size',
      (els) => els.map((el) => el.closest('fieldset.puzzle-input') !== null));
    assert.deepEqual(inPuzzlePanel, [true, true, true, true, true]);
    assert.ok(await page.$eval('#run', (el) => el.closest('fieldset').querySelector('legend').textContent === 'Run'));
    // The empty-grid select says what it does.
    assert.match(await page.textContent('label[for=new-size]'), /empty grid/);
    assert.match(await page.textContent('#new-size option[value="16"]'), /empty 16×16 grid/);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= viewport.width, `no sideways scrolling at ${viewport.width} px (${width} px)`);
    assert.deepEqual(await page.problems(), []);
    await page.close();
  }
});
