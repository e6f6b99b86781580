// The compare page: several configurations on one puzzle in a worker pool, the metrics table
// (test hooks: a row per configuration with data-algorithm and a data-outcome cell), one cursor
// over every run, overlaid curves; and its bad input.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, HARD, newPage } from './support.mjs';

const EASY = '.4....179..2..8.54..6..5..8.8..7.91..5..9..3..19.6..4.3..4..7..57.1..2..928....6.';

async function outcomes(page) {
  return page.$$eval('#compare-table tbody tr', (rows) => rows.map((r) => [r.dataset.algorithm, r.querySelector('[data-outcome]').dataset.outcome]));
}

async function settled(page) {
  await page.waitForFunction(() => {
    const cells = [...document.querySelectorAll('#compare-table [data-outcome]')];
    return cells.length > 0 && cells.every((c) => !['running', 'waiting'].includes(c.dataset.outcome));
  }, null, { timeout: 60_000 });
}

test('the ant colonies run side by side (in the full worker), each verified, their cycles charted', async () => {
  const page = await newPage({ viewport: { width: 1400, height: 1000 } });
  await page.goto(`${BASE}?compare=ant-colony,ant-colony-multi&puzzle=${HARD}&seed=1&run=1`);
  await settled(page);
  assert.deepEqual(await outcomes(page), [['ant-colony', 'verified'], ['ant-colony-multi', 'verified']]);
  // Open cells per cycle, one line per colony (not the colourings' cells per construction).
  const charts = await page.$$eval('.charts .progress-chart', (cs) => cs.map((c) => c.querySelector('figcaption').textContent));
  assert.deepEqual(charts, ['cost per iteration']);
  assert.deepEqual(await page.problems(), []);
  await page.close();
});

test('configurations run side by side, the table sorts, one cursor moves every board', async () => {
  const page = await newPage({ viewport: { width: 1400, height: 1000 } });
  await page.goto(`${BASE}?compare=dlx,norvig,annealing,genetic;generations=300,tabu-ac3;max_iterations=500;seed=3&puzzle=${EASY}&seed=1&run=1`);
  await settled(page);
  const rows = await outcomes(page);
  assert.deepEqual(rows.map((r) => r[0]), ['dlx', 'norvig', 'annealing', 'genetic', 'tabu-ac3']);
  for (const [algorithm, outcome] of rows) {
    assert.ok(['verified', 'gave-up'].includes(outcome), `${algorithm}: ${outcome}`);
  }
  assert.equal(rows[0][1], 'verified');
  assert.equal(rows[1][1], 'verified');
  // Sorting by events, then the other way.
  const events = async () => page.$$eval('#compare-table tbody tr', (rs) => rs.map((r) => Number(r.cells[7].textContent)));
  await page.click('#compare-table th:nth-child(8) button');
  const up = await events();
  assert.deepEqual(up, [...up].sort((a, b) => a - b));
  await page.click('#compare-table th:nth-child(8) button');
  const down = await events();
  assert.deepEqual(down, [...down].sort((a, b) => b - a));
  // Half way: every run at half its trace (same fraction), then at the same event count.
  await page.setRange('#compare-scrub', 500);
  const positions = async () => page.$$eval('.lane figcaption', (cs) => cs.map((c) => c.textContent.match(/event (\d+) \/ (\d+)/).slice(1).map(Number)));
  for (const [at, len] of await positions()) assert.equal(at, Math.round(len / 2));
  await page.click('#pace-own');
  const own = await positions();
  const longest = Math.max(...own.map(([, len]) => len));
  for (const [at, len] of own) assert.equal(at, Math.min(len, Math.round(longest / 2)));
  // The heuristics' curves, one line per run, on one chart per kind.
  const charts = await page.$$eval('.charts .progress-chart', (cs) => cs.map((c) => c.querySelector('figcaption').textContent));
  assert.ok(charts.includes('fitness per generation') && charts.includes('cost per temperature step'), charts.join());
  const share = await page.inputValue('#share');
  assert.ok(share.includes('compare=dlx,norvig,annealing,genetic;max_iterations=300,tabu-ac3;max_iterations=500;seed=3'), share);
  assert.deepEqual(await page.problems(), []);
  await page.close();
});

test('one configuration is cancelled while the others finish; the lab links to the page', async () => {
  const page = await newPage();
  const SLOW = '..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9';
  await page.goto(`${BASE}?compare=backtracking,dlx&puzzle=${SLOW}&seed=1&run=1`);
  await page.waitForFunction(() => document.querySelector('#compare-table tr[data-algorithm=backtracking] [data-outcome]')?.dataset.outcome === 'running');
  await page.click('#compare-table tr[data-algorithm=backtracking] button.cancel-lane');
  await settled(page);
  assert.deepEqual(await outcomes(page), [['backtracking', 'cancelled'], ['dlx', 'verified']]);
  // One added after a run runs at once, beside the others (not run again), and the address
  // follows; then one is removed and all run again.
  await page.selectOption('#add-algorithm', 'fc-mrv');
  await page.click('#add');
  await settled(page);
  assert.deepEqual(await outcomes(page), [['backtracking', 'cancelled'], ['dlx', 'verified'], ['fc-mrv', 'verified']]);
  const address = await page.evaluate(() => decodeURIComponent(window.location.search));
  assert.ok(address.includes('compare=backtracking,dlx,fc-mrv') && address.includes('run=1'), address);
  await page.click('#compare-table tr[data-algorithm=backtracking] button[aria-label^=remove]');
  await page.click('#run');
  await settled(page);
  assert.deepEqual(await outcomes(page), [['dlx', 'verified'], ['fc-mrv', 'verified']]);
  // From the lab: "Compare with…" opens this page with the lab's configuration and what it is
  // best set beside: a heuristic with two more seeds, an exact solver beside backtracking.
  const configurations = () => page.$$eval('#compare-table tbody tr', (rs) => rs.map((r) => r.cells[0].textContent));
  await page.goto(`${BASE}?puzzle=${HARD}&algorithm=tabu-alldiff&p.tenure=5&seed=4`);
  await page.click('#compare-with');
  await page.waitForSelector('#compare-table');
  assert.deepEqual(await configurations(),
    ['tabu-alldiff (tenure=5; seed 4)', 'tabu-alldiff (tenure=5; seed 5)', 'tabu-alldiff (tenure=5; seed 6)']);
  await page.goto(`${BASE}?puzzle=${HARD}&algorithm=dlx&seed=4`);
  await page.click('#compare-with');
  await page.waitForSelector('#compare-table');
  assert.deepEqual(await configurations(), ['dlx (seed 4)', 'backtracking (seed 4)']);
  assert.deepEqual(await page.problems(), []);
  await page.close();
});

test('a bad compare list names each bad entry and runs the rest; Add says its limit', async () => {
  const page = await newPage();
  await page.goto(`${BASE}?compare=dlx,quantum,norvig;tenure=3&puzzle=${HARD}&run=1`);
  const errors = await page.textContent('#url-errors');
  assert.match(errors, /unknown algorithm 'quantum'/);
  assert.match(errors, /norvig has no parameter 'tenure'/);
  await settled(page);
  assert.deepEqual(await outcomes(page), [['dlx', 'verified']]);
  await page.goto(`${BASE}?compare=dlx&puzzle=12`);
  assert.match(await page.textContent('#url-errors'), /puzzle: .*2 cells/);
  assert.ok(await page.isDisabled('#run'));
  // At the page's limit, Add says why it is off.
  await page.goto(`${BASE}?compare=${Array(8).fill('dlx').join(',')}&puzzle=${HARD}`);
  assert.ok(await page.isDisabled('#add'));
  assert.match(await page.textContent('#add-limit'), /At most 8 configurations side by side: remove one/);
  assert.deepEqual(await page.problems(), []);
  await page.close();
});
