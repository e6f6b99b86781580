// The experiments page: a paper's experiment re-run in the worker pool gives the CLI's tables
// (CSV for CSV, same seed and settings); cancel keeps what finished; pasted instances with bad
// lines run the others and name the bad ones; bad URL values are named.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cliTables } from './cli.mjs';
import { BASE, HARD, newPage } from './support.mjs';

async function finished(page, status = 'done', timeout = 120_000) {
  await page.waitForSelector(`main.experiments[data-status="${status}"]`, { timeout });
}

/** Every table's CSV, as its download button saves it. */
async function downloadedTables(page) {
  const tables = {};
  for (const name of await page.$$eval('button.csv', (bs) => bs.map((b) => b.dataset.csv))) {
    const file = await page.download(`button.csv[data-csv="${name}"]`);
    assert.equal(file.name, `${name}.csv`);
    tables[name] = file.text;
  }
  return tables;
}

test('the colouring experiment in the page equals the CLI, table for table', async () => {
  const page = await newPage({ viewport: { width: 1300, height: 900 } });
  await page.goto(`${BASE}?page=experiments&experiment=coloring&seed=5&runs=1&budget=60&run=1`);
  await finished(page);
  const done = Number(await page.getAttribute('.experiment-progress', 'data-done'));
  assert.equal(done, 12 * 3 * 4 * 4, 'every run of 12 instances × 48 configurations');
  assert.equal(await page.getAttribute('.experiment-progress', 'data-planned'), String(done));
  // A heat map per level, its cells coloured.
  assert.equal(await page.count('svg.heat-map'), 4);
  // The paper's labels keep their letters and say their words where they are.
  const said = await page.$$eval('td abbr[title]', (as) => Object.fromEntries(as.map((a) => [a.textContent, a.title])));
  assert.match(said.CL, /breadth-first/);
  assert.match(said.MV, /most coloured neighbours/);
  assert.match(await page.$eval('svg.heat-map text title', (t) => t.textContent), /colouring/);
  const page_tables = await downloadedTables(page);
  const cli = cliTables(['coloring', '--seed', '5', '--runs', '1', '--budget', '60']);
  assert.deepEqual(Object.keys(page_tables).sort(), Object.keys(cli).sort());
  for (const [name, csv] of Object.entries(cli)) assert.equal(page_tables[name], csv, name);
  assert.deepEqual(await page.problems(), []);
  await page.close();
});

test('cancelling half-way keeps and shows what finished', async () => {
  const page = await newPage();
  // The GA experiment: 4,400 attempts (4 configurations) of up to 1,000 generations, far from
  // done in a second.
  await page.goto(`${BASE}?page=experiments&experiment=genetic&seed=2&run=1`);
  await page.waitForFunction(() => Number(document.querySelector('.experiment-progress')?.dataset.done) >= 3, null, { timeout: 60_000 });
  await page.click('#cancel');
  await finished(page, 'cancelled');
  await page.waitForSelector('[data-table="genetic-puzzles"]');
  const done = Number(await page.getAttribute('.experiment-progress', 'data-done'));
  const planned = Number(await page.getAttribute('.experiment-progress', 'data-planned'));
  assert.ok(done >= 3 && done < planned, `${done} of ${planned}`);
  assert.match(await page.textContent('#progress-text'), /cancelled: \d+ of 4400 jobs finished/);
  // The report counts the attempts that finished (each configuration's table together).
  const attempts = await page.$$eval('[data-table="genetic"] tbody tr, [data-table="genetic-per-gene"] tbody tr, [data-table="genetic-boxes"] tbody tr, [data-table="genetic-alldiff"] tbody tr',
    (rows) => rows.map((r) => Number(r.cells[2].textContent)));
  assert.equal(attempts.reduce((a, b) => a + b, 0), done);
  // The page stays usable: another experiment runs.
  await page.selectOption('#experiment', 'filtering');
  await page.click('#run');
  await finished(page);
  assert.deepEqual(await page.problems(), []);
  await page.close();
});

test('pasted instances: the valid lines run, the invalid ones are listed with their errors', async () => {
  const page = await newPage();
  await page.goto(`${BASE}?page=experiments&experiment=tabu`);
  await page.check('#use-pasted');
  await page.fill('#pasted', `${HARD}\n12345\n${HARD.replace('4', '.')}\n`);
  await page.fill('#runs', '2');
  await page.fill('#budget', '2000');
  await page.click('#run');
  await finished(page);
  assert.match(await page.textContent('#invalid-lines'), /1 pasted line was skipped \(the other 2 ran\)/);
  assert.match(await page.textContent('#invalid-lines li'), /^line 2: /);
  const instances = await page.$$eval('[data-table="tabu"] tbody tr', (rows) => rows.map((r) => r.cells[0].textContent));
  assert.deepEqual(instances, ['line 1', 'line 1', 'line 1', 'line 3', 'line 3', 'line 3']);
  assert.deepEqual(await page.problems(), []);
  await page.close();
});

test('bad URL values are named and nothing runs', async () => {
  const page = await newPage();
  await page.goto(`${BASE}?page=experiments&experiment=alchemy&runs=0&budget=lots&run=1`);
  const text = await page.textContent('#url-errors');
  assert.match(text, /unknown experiment 'alchemy': choose one of coloring, filtering, tabu, genetic, grasp, exact/);
  assert.match(text, /runs='0' is not a whole number from 1 to 10000/);
  assert.match(text, /budget='lots' is not a whole number/);
  assert.equal(await page.getAttribute('main.experiments', 'data-status'), 'idle');
  // Runs too many for the page: the worker's message, and the form stays usable.
  await page.selectOption('#experiment', 'coloring');
  await page.fill('#runs', '10000');
  await page.click('#run');
  await finished(page, 'failed');
  assert.match(await page.textContent('#experiment-error'), /at most 200000/);
  assert.deepEqual(await page.problems(), []);
  await page.close();
});
