// Accessibility, measured: axe-core's rules (WCAG 2.x A and AA) on every page of the lab, light
// and dark, with a run on screen; no serious or critical violation. The text alternatives of the
// board, the views and the charts, and the keyboard path through the controls, are checked here
// too (axe cannot judge whether a label says something).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { BASE, HARD, newPage, waitForStatus } from './support.mjs';

const EASY = '.4....179..2..8.54..6..5..8.8..7.91..5..9..3..19.6..4.3..4..7..57.1..2..928....6.';
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe's serious and critical violations on the page as it is, one line each. */
async function violations(page) {
  const found = await page.evaluate(`(async () => {
    if (!window.axe) { ${AXE}; }
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations.filter((v) => ['serious', 'critical'].includes(v.impact))
      .map((v) => v.id + ' (' + v.impact + '): ' + v.help + ' — ' + v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', '));
  })()`);
  return found;
}

const PAGES = [
  ['the lab, a run on the board', `?puzzle=${HARD}&algorithm=norvig&seed=1&step=40&autoplay=0&run=1`, 'solved'],
  ['the lab, graph view', `?puzzle=${HARD}&algorithm=norvig&seed=1&view=graph&step=40&autoplay=0&run=1`, 'solved'],
  ['the lab, hypergraph view', `?puzzle=${HARD}&algorithm=norvig&seed=1&view=hypergraph&step=40&autoplay=0&run=1`, 'solved'],
  ['the lab, a heuristic with its progress chart', `?puzzle=${EASY}&algorithm=annealing&seed=1&autoplay=0&run=1`, 'verified'],
  ['compare', `?compare=dlx,norvig,annealing&puzzle=${HARD}&seed=1&run=1`, null],
  ['experiments, the filtering report', '?page=experiments&experiment=filtering&run=1', null],
  ['the embedded lab', `?embed=1&puzzle=${HARD}&algorithm=dlx&run=1`, null],
];

for (const theme of ['light', 'dark']) {
  test(`no serious or critical axe violation on any page (${theme})`, async () => {
    const page = await newPage({ viewport: { width: 1400, height: 1000 }, colorScheme: theme });
    const found = [];
    for (const [name, query, status] of PAGES) {
      await page.goto(`${BASE}${query}`);
      if (status) await waitForStatus(page, status, 60_000);
      if (query.includes('compare=')) {
        await page.waitForFunction(() => [...document.querySelectorAll('#compare-table [data-outcome]')]
          .every((c) => !['running', 'waiting'].includes(c.dataset.outcome)), null, { timeout: 60_000 });
      }
      if (query.includes('page=experiments')) await page.waitForSelector('main.experiments[data-status="done"]', { timeout: 60_000 });
      if (query.includes('embed=1')) await page.waitForSelector('#status[data-outcome]');
      for (const v of await violations(page)) found.push(`${name}: ${v}`);
    }
    assert.deepEqual(found, []);
    assert.deepEqual(await page.problems(), []);
    await page.close();
  });
}

test('the board, the views and the charts have text alternatives', async () => {
  const page = await newPage({ viewport: { width: 1400, height: 1000 } });
  await page.goto(`${BASE}?puzzle=${EASY}&algorithm=annealing&seed=1&view=graph&autoplay=0&run=1`);
  await waitForStatus(page, 'verified');
  await page.click('#end');
  const board = await page.$$eval('[role=gridcell]', (cells) => cells.map((c) => c.getAttribute('aria-label')));
  assert.ok(board.every((l) => /^row \d column \d, /.test(l)), board[0]);
  assert.match(await page.getAttribute('[role=grid]', 'aria-label') ?? '', /\S/);
  const view = await page.$eval('[data-view=graph] svg', (svg) => svg.getAttribute('aria-label') ?? svg.querySelector('title')?.textContent);
  assert.match(view ?? '', /graph/i);
  const vertices = await page.$$eval('[data-view=graph] .vertex', (vs) => vs.map((v) => v.getAttribute('aria-label')));
  assert.ok(vertices.length === 81 && vertices.every((l) => /^row \d column \d/.test(l)), vertices[0]);
  const chart = await page.$eval('.progress-chart svg', (svg) => svg.getAttribute('aria-label') ?? svg.querySelector('title')?.textContent);
  assert.match(chart ?? '', /\S/);
  await page.goto(`${BASE}?page=experiments&experiment=filtering&run=1`);
  await page.waitForSelector('main.experiments[data-status="done"]', { timeout: 60_000 });
  const charts = await page.$$eval('.report-chart svg', (svgs) => svgs.map((s) => [s.getAttribute('role'), s.getAttribute('aria-label')]));
  assert.ok(charts.length > 0 && charts.every(([role, label]) => role === 'img' && /chart|plots|map/.test(label)), JSON.stringify(charts));
  assert.deepEqual(await page.problems(), []);
  await page.close();
});

test('every control of the lab is reached by Tab, in the panels\' order, and Run works from the keyboard', async () => {
  const page = await newPage({ viewport: { width: 1400, height: 1000 } });
  await page.goto(`${BASE}?puzzle=${HARD}&algorithm=dlx`);
  const reached = new Set();
  // From the first of the header's links to the other pages.
  await page.focus('header nav.page-links a');
  for (let i = 0; i < 120; i += 1) {
    await page.press('Tab');
    reached.add(await page.evaluate(() => document.activeElement?.id || document.activeElement?.tagName));
  }
  // (A radio group is one Tab stop: the chosen view's.)
  for (const id of ['view-board', 'library', 'puzzle-text', 'load', 'new-size', 'gen-size', 'generate', 'hint', 'explain', 'algorithm', 'seed', 'run', 'share', 'copy-share']) {
    assert.ok(reached.has(id), `#${id} is reached by Tab (${[...reached].join(' ')})`);
  }
  await page.focus('#run');
  await page.press('Enter');
  await waitForStatus(page, 'solved, verified');
  assert.deepEqual(await page.problems(), []);
  await page.close();
});
