// The study page: a study of the URL runs on the worker pool and its downloads are the CLI's
// files for the same study (every field but what the clock measured); cancel keeps and
// summarises what finished; mistakes are named; the compare page opens a study of its
// configurations.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cliStudy, cliTune, withoutClock } from './cli.mjs';
import { serveDist } from './static_server.mjs';
import { BASE, HARD, newPage } from './support.mjs';

const SETTINGS = { generate: '9:easy,30:3', configs: ['coloring-bfs;origin=random', 'dlx'], seeds: 2, budget: 2000, seed: 3 };
const URL = `${BASE}?page=study&generate=${SETTINGS.generate}&configs=${SETTINGS.configs.join(',')}`
  + `&seeds=${SETTINGS.seeds}&budget=${SETTINGS.budget}&seed=${SETTINGS.seed}`;

async function status(page, wanted, timeout = 120_000) {
  await page.waitForSelector(`main.study[data-status="${wanted}"]`, { timeout });
}

test('a study in the page gives the CLI\'s records, summary and pairwise files', async () => {
  const page = await newPage({ viewport: { width: 1300, height: 900 } });
  await page.goto(`${URL}&run=1`);
  await status(page, 'done');
  assert.match(await page.textContent('#progress-text'), /^24 runs in/);
  const files = {};
  for (const name of ['ranking', 'records', 'summary', 'pairwise']) {
    const file = await page.download(`button.csv[data-csv="${name}"]`);
    assert.equal(file.name, `${name}.csv`);
    files[name] = file.text;
  }
  const cli = cliStudy(['--generate', SETTINGS.generate, ...SETTINGS.configs.flatMap((c) => ['--config', c]),
    '--seeds', String(SETTINGS.seeds), '--budget', String(SETTINGS.budget), '--seed', String(SETTINGS.seed)]);
  for (const name of ['ranking', 'records', 'summary', 'pairwise']) {
    assert.deepEqual(withoutClock(files[name]), withoutClock(cli[name]), name);
  }
  // The findings as a ranked table first, written for people (its CSV is the data).
  const tables = await page.$$eval('.report-table', (ts) => ts.map((t) => t.dataset.table));
  assert.deepEqual(tables, ['ranking', 'summary', 'pairwise']);
  // Each line is drawn in its legend's colour, in every chart of the report.
  const mismatched = await page.$$eval('.report-chart', (charts) => charts.flatMap((chart) =>
    [...chart.querySelectorAll('.legend li[class^="series-"]')].flatMap((li) => {
      const line = chart.querySelector(`polyline.${li.className}`);
      if (!line) return [];
      const stroke = getComputedStyle(line).stroke;
      const key = getComputedStyle(li, '::before').color;
      return stroke === key ? [] : [`${chart.querySelector('figcaption')?.textContent}: ${li.textContent} ${stroke} ≠ ${key}`];
    })));
  assert.deepEqual(mismatched, []);
  const first = await page.$$eval('[data-table="ranking"] tbody tr:first-child td', (cells) => cells.map((c) => c.textContent));
  assert.equal(first[0], '1');
  assert.match(first[2], /^\d+ of 12$/);
  assert.match(first[3], /^[\d.]+ % \([\d.]+–[\d.]+\)$/);
  assert.equal(files.records.trim().split('\n').length, 1 + 24);
  // The charts: the ECDF first (log axis, both axes labelled), a success rate per
  // configuration with its band, runtime distributions in time and in each family's work (the
  // colouring's iterations, dlx's nodes).
  assert.equal(await page.count('polygon.band'), 2);
  const charts = await page.$$eval('.report-charts figcaption', (cs) => cs.map((c) => c.textContent));
  assert.match(charts[0], /^Targets reached within a budget \(ECDF over runs and the cost targets 0[,)]/);
  const ecdf = await page.$eval('.report-chart svg', (svg) => ({ log: svg.dataset.logX, labels: [...svg.querySelectorAll('.axis-label')].map((t) => t.textContent) }));
  assert.deepEqual(ecdf, { log: 'true', labels: ['evaluations (iterations or nodes), log scale', 'share of (run, target) pairs'] });
  assert.match(charts.at(-1), /^Classes in which the row solves significantly more puzzles than the column/);
  assert.deepEqual(charts.slice(2, -1), ['Runs solved within a time',
    'Heuristics: runs solved within a number of iterations', 'Exact searches: runs solved within a number of nodes'], charts.join());
  assert.ok(await page.count('svg polyline') >= 4);
  // The findings in words, and the link that reproduces the study.
  assert.match(await page.textContent('.report .lead'), /24 of 24 runs/);
  assert.match(await page.textContent('.report .notes'), /solve|alike/);
  const link = await page.inputValue('#share');
  for (const part of ['page=study', `generate=${SETTINGS.generate}`, `configs=${SETTINGS.configs.join(',')}`, 'seeds=2', 'seed=3']) {
    assert.ok(link.includes(part), `${part} in ${link}`);
  }
  assert.deepEqual(await page.problems(), []);
  await page.close();
});

test('times are tested only where the page is cross-origin isolated (its clock fine enough)', async () => {
  const query = '?page=study&generate=9:36:4&configs=dlx,fc-mrv&seeds=2&seed=5&run=1';
  const server = await serveDist({ isolated: true });
  const pages = [];
  try {
    for (const [base, isolated] of [[BASE, false], [server.url, true]]) {
      const page = await newPage();
      pages.push(page);
      await page.goto(`${base}${query}`);
      await status(page, 'done');
      assert.equal(await page.evaluate(() => window.crossOriginIsolated), isolated, base);
      const lead = await page.textContent('.report .lead');
      const pairwise = await page.download('button.csv[data-csv="pairwise"]');
      const [header, row] = pairwise.text.trim().split('\n').map((l) => l.split(','));
      const field = (name) => row[header.indexOf(name)];
      // Two exact searches, 8 runs both solved: their nodes are compared either way.
      assert.match(field('p_evaluations'), /^[01]\.\d+$/, pairwise.text);
      if (isolated) {
        assert.doesNotMatch(lead, /coarsens its clock/);
        assert.match(field('p_time'), /^[01]\.\d+$/, pairwise.text);
      } else {
        assert.match(lead, /coarsens its clock in this page/);
        assert.equal(field('p_time'), '', pairwise.text);
        assert.match(pairwise.text, /time not compared \(the clock that measured it is too coarse\)/);
      }
      assert.deepEqual(await page.problems(), []);
    }
  } finally {
    for (const page of pages) await page.close();
    await server.close();
  }
});

test('a race in the page ends as sudoku tune\'s race on the same settings', async () => {
  const page = await newPage({ viewport: { width: 1300, height: 900 } });
  await page.goto(`${BASE}?page=study&generate=9:30:8&configs=annealing;max_iterations=1..20001&seeds=1&seed=4&race=1&run=1`);
  await status(page, 'done');
  assert.ok(await page.$eval('#race', (box) => box.checked));
  assert.match(await page.textContent('#progress-text'), /^the race made \d+ of 40 runs in/);
  const standings = await page.download('button.csv[data-csv="race"]');
  assert.equal(standings.name, 'race.csv');
  const cli = cliTune(['annealing', '-p', 'max_iterations=1..20001', '--generate', '9:30:8', '--seeds', '1', '--seed', '4']);
  assert.equal(standings.text, cli);
  assert.match(standings.text.split('\n')[1], /^1,annealing;max_iterations=\d+,in the race,/);
  assert.match(await page.textContent('.report .notes'), /after 5 instances: Friedman χ²\(4\) = [\d.]+, p = [\d.]+; \d of 5 dropped/);
  assert.ok((await page.inputValue('#share')).includes('race=1'));
  assert.deepEqual(await page.problems(), []);
  await page.close();
});

test('cancel keeps and summarises what finished; mistakes are named; compare opens a study', async () => {
  const page = await newPage();
  // Slow runs: the colouring heuristic with a long budget on 40 puzzles.
  await page.goto(`${BASE}?page=study&generate=9:hard:20&configs=coloring-bfs;origin=random&seeds=5&max_iterations=100000&run=1`);
  await page.waitForFunction(() => Number(document.querySelector('.experiment-progress')?.dataset.done) >= 2
    && document.querySelector('main.study')?.dataset.status === 'running', null, { timeout: 120_000 });
  await page.click('#cancel');
  await status(page, 'cancelled');
  const done = Number(await page.getAttribute('.experiment-progress', 'data-done'));
  assert.ok(done >= 2 && done < 100, `${done}`);
  await page.waitForSelector('[data-table="summary"]');
  const runs = await page.$$eval('[data-table="summary"] tbody tr', (rows) => rows.map((r) => Number(r.cells[2].textContent)));
  assert.equal(runs.reduce((a, b) => a + b, 0), done, 'the summary counts the finished runs');

  await page.goto(`${BASE}?page=study&generate=9:tricky:3&run=1`);
  await page.waitForSelector('#experiment-error');
  assert.match(await page.textContent('#experiment-error'), /population: 'tricky' is neither a level/);
  await page.goto(`${BASE}?page=study&generate=9:easy:2000&seeds=30&run=1`);
  await page.waitForSelector('#experiment-error');
  assert.match(await page.textContent('#experiment-error'), /the page runs at most 50000/);

  await page.goto(`${BASE}?compare=dlx,coloring-dsatur&puzzle=${HARD}`);
  await page.click('#to-study');
  await page.waitForSelector('main.study');
  assert.equal(await page.inputValue('#configurations'), 'dlx\ncoloring-dsatur');
  assert.equal(await page.inputValue('#generate'), '9:easy,medium,hard:10');
  // The form says where the ids are, and names symmetries as the lab's Generate does.
  assert.ok((await page.getAttribute('#algorithm-ids', 'href')).endsWith('help.html#algorithms'));
  assert.deepEqual(await page.$$eval('#symmetry option', (os) => os.map((o) => o.textContent)),
    ['none', '180° rotation', '90° rotation', 'mirror', 'diagonal']);
  assert.deepEqual(await page.problems(), []);
  await page.close();
});
