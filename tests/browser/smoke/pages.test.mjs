// The smoke suite's other pages, in every engine: compare, the links between the pages, an experiment with its CSV download
// (equal to the CLI's file), a study with its records (the CLI's, but for the clock), the lab offline after one visit, a page whose bundle cannot be fetched, and the lab embedded in a page of
// another origin, and an embed that loops a stretch of its run. No console error or warning in any of them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { cliStudy, cliTables, withoutClock } from '../cli.mjs';
import { serveDist } from '../static_server.mjs';
import { BASE, HARD, HARD_SOLVED, boardLine, newPage, waitForRating, waitForStatus, settles } from '../support.mjs';

test('compare runs three configurations side by side and one cursor moves them all', async () => {
  const page = await newPage({ viewport: { width: 1400, height: 1000 } });
  await page.goto(`${BASE}?compare=dlx,norvig,tabu-alldiff;max_iterations=300;seed=2&puzzle=${HARD}&run=1`);
  await page.waitForFunction(() => {
    const cells = [...document.querySelectorAll('#compare-table [data-outcome]')];
    return cells.length === 3 && cells.every((c) => !['running', 'waiting'].includes(c.dataset.outcome));
  }, null, { timeout: 60_000 });
  const rows = await page.$$eval('#compare-table tbody tr',
    (rs) => rs.map((r) => [r.dataset.algorithm, r.querySelector('[data-outcome]').dataset.outcome]));
  assert.deepEqual(rows.slice(0, 2), [['dlx', 'verified'], ['norvig', 'verified']]);
  assert.ok(['verified', 'gave-up'].includes(rows[2][1]), rows[2][1]);
  await page.setRange('#compare-scrub', 500);
  const halfway = () => page.$$eval('.lane figcaption', (cs) => cs.map((c) => {
    const [at, length] = c.textContent.match(/event (\d+) \/ (\d+)/).slice(1).map(Number);
    return at === Math.round(length / 2);
  }).join(','));
  await settles(halfway, 'true,true,true', 'every lane at half its run');
  assert.deepEqual(await page.problems(), []);
  await page.close();
});

test('every page links to the others in its header, and names itself', async () => {
  const page = await newPage({ viewport: { width: 390, height: 844 } });
  const pages = { lab: '', study: '?page=study', experiments: '?page=experiments', lessons: '?page=lessons' };
  for (const [name, query] of Object.entries({ ...pages, compare: `?compare=dlx&puzzle=${HARD}` })) {
    await page.goto(`${BASE}${query}`);
    await page.waitForSelector('header nav.page-links a');
    const links = await page.$$eval('header nav.page-links a', (as) => as.map((a) => a.id));
    const current = await page.$$eval('header nav.page-links [aria-current=page]', (cs) => cs.map((c) => c.textContent));
    const others = Object.keys(pages).filter((p) => p !== name);
    assert.deepEqual(links, [...others.map((p) => `to-${p}`), 'what-is-this'], `${name}'s links`);
    assert.deepEqual(current, name === 'compare' ? [] : [name[0].toUpperCase() + name.slice(1)], `${name} names itself`);
    // "What is this?" opens the help page at this page's section.
    assert.ok((await page.getAttribute('#what-is-this', 'href')).endsWith(`help.html#${name}`), name);
  }
  // A link goes where it says.
  await page.click('#to-lessons');
  await page.waitForSelector('.lesson-list li');
  assert.deepEqual(await page.problems(), []);
  // The help page has a section for each page, and the lab's algorithm in plain words.
  await page.goto(`${BASE}?algorithm=dlx&autoplay=0`);
  await page.waitForSelector('#plain-words');
  // The panel says the algorithm in plain words; its technical description is one click away.
  assert.match(await page.textContent('#algorithm-plain'), /covered exactly once/);
  assert.equal(await page.isVisible('#algorithm-technical p'), false);
  await page.click('#algorithm-technical summary');
  assert.match(await page.textContent('#algorithm-technical p'), /.{20}/);
  assert.equal(await page.isVisible('#algorithm-technical p'), true);
  const plain = await page.getAttribute('#plain-words', 'href');
  assert.ok(plain.endsWith('help.html#algorithm-dlx'), plain);
  await page.click('#plain-words');
  await page.waitForSelector('#algorithm-dlx details');
  assert.match(await page.textContent('#algorithm-dlx'), /exactly once/);
  for (const name of [...Object.keys(pages), 'compare', 'glossary']) {
    assert.ok(await page.exists(`section#${name} h2`), `help.html#${name}`);
  }
  // Its links back open the lab.
  await page.click('#algorithm-dlx a[href="./?algorithm=dlx"]');
  await page.waitForSelector('#algorithm');
  assert.equal(await page.inputValue('#algorithm'), 'dlx');
  await page.close();
});

test('an experiment runs in the page and its CSV download equals the CLI\'s file', async () => {
  const page = await newPage({ viewport: { width: 1300, height: 900 } });
  await page.goto(`${BASE}?page=experiments&experiment=filtering&run=1`);
  await page.waitForSelector('main.experiments[data-status="done"]', { timeout: 120_000 });
  // Every instance's bars are inside the chart's frame: none cut at its right edge.
  const fit = await page.$eval('.report-chart svg.bars', (svg) => {
    const frame = svg.closest('.chart-frame').getBoundingClientRect();
    const bars = [...svg.querySelectorAll('rect.bar')].map((r) => r.getBoundingClientRect());
    return { right: Math.max(...bars.map((b) => b.right)), frame: frame.right, bars: bars.length };
  });
  assert.ok(fit.bars > 0 && fit.right <= fit.frame + 0.5, JSON.stringify(fit));
  const names = await page.$$eval('button.csv', (bs) => bs.map((b) => b.dataset.csv));
  assert.ok(names.length > 0);
  const cli = cliTables(['filtering']);
  const file = await page.download(`button.csv[data-csv="${names[0]}"]`);
  assert.equal(file.name, `${names[0]}.csv`);
  assert.equal(file.text, cli[names[0]]);
  assert.deepEqual(await page.problems(), []);
  await page.close();
});

test('a study runs in the page and its records are the CLI\'s', async () => {
  const page = await newPage({ viewport: { width: 1300, height: 900 } });
  await page.goto(`${BASE}?page=study&generate=9:easy:3&configs=dlx,coloring-dsatur&seeds=2&seed=4&run=1`);
  await page.waitForSelector('main.study[data-status="done"]', { timeout: 120_000 });
  await page.waitForSelector('[data-table="pairwise"]');
  const file = await page.download('button.csv[data-csv="records"]');
  assert.equal(file.name, 'records.csv');
  const cli = cliStudy(['--generate', '9:easy:3', '--config', 'dlx', '--config', 'coloring-dsatur', '--seeds', '2', '--seed', '4']);
  assert.deepEqual(withoutClock(file.text), withoutClock(cli.records));
  assert.deepEqual(await page.problems(), []);
  await page.close();
});

test('after one visit the lab reloads, solves and plays a lesson with its server gone', async () => {
  const server = await serveDist();
  const page = await newPage();
  try {
    await page.goto(server.url);
    await page.waitForSelector('main');
    // Installed, activated and controlling the page.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
      }
      return true;
    });
    // The first visit's puzzle (AI Escargot) is rated by the full worker: a worker still
    // loading when the server goes fails to load ("Load failed" in WebKit, seen in CI).
    await waitForRating(page);
    await server.close();
    await page.goto(`${server.url}?puzzle=${HARD}&algorithm=dlx&seed=3&run=1`);
    await page.waitForSelector('main');
    await waitForStatus(page, 'solved, verified');
    await page.click('#end');
    await settles(() => boardLine(page), HARD_SOLVED);
    // The puzzle's rating has come back before the page is left: a worker still loading when
    // the page goes is an aborted load, which WebKit reports as a worker error (seen once in
    // CI under load).
    await waitForRating(page);
    // The lessons come with the page.
    await page.goto(`${server.url}?lesson=sudoku-as-a-graph&step=4`);
    await page.waitForSelector('[data-lesson-step="4"]');
    await waitForStatus(page, 'solved, verified');
    assert.deepEqual(await page.problems(), []);
  } finally {
    await page.close();
    await server.close();
  }
});

test('a page whose bundle cannot be fetched says so and links back to the lab', async () => {
  for (const missing of ['compare_app.js', 'compare_app_bg.wasm']) {
    const server = await serveDist({ missing: [missing] });
    const page = await newPage();
    try {
      await page.goto(`${server.url}?page=compare`);
      await page.waitForSelector('#compare-root [role=alert] a[href="./"]', { timeout: 30_000 });
      const notice = await page.evaluate(() => document.querySelector('#compare-root [role=alert]').textContent);
      const reason = missing.endsWith('.js') ? 'could not be fetched' : 'did not start';
      assert.ok(notice.startsWith(`The compare page could not load: ${missing} ${reason}`), notice);
    } finally {
      await page.close();
      await server.close();
    }
  }
});

test('a page of another origin embeds the lab: it runs in the frame and posts its notices', async () => {
  const host = createServer((_, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(`<!doctype html><title>A teaching page</title>
      <script>window.notices = []; addEventListener('message', (e) => window.notices.push(e.data));</script>
      <iframe id="lab" src="${BASE}?embed=1&puzzle=${HARD}&algorithm=norvig&view=graph&run=1"
        width="800" height="900" sandbox="allow-scripts allow-same-origin"></iframe>`);
  });
  await new Promise((resolve) => host.listen(0, '127.0.0.1', resolve));
  const page = await newPage();
  try {
    // Another port: another origin than the lab's.
    await page.goto(`http://127.0.0.1:${host.address().port}/`);
    const frame = page.frame('#lab');
    await frame.waitForSelector('#status[data-outcome=verified]', { timeout: 60_000 });
    assert.equal(await frame.count('#puzzle-text'), 0, 'no editor');
    assert.equal(await frame.count('[data-view=graph]'), 1, 'the chosen view');
    await page.waitForFunction(() => window.notices.some((n) => n.type === 'done'));
    const notices = await page.evaluate(() => window.notices);
    assert.equal(notices[0].type, 'ready');
    assert.deepEqual(notices.filter((n) => n.type === 'done'), [{ type: 'done', outcome: 'verified' }]);
    assert.deepEqual(await page.problems(), []);
  } finally {
    await page.close();
    host.close();
  }
});

test('an embed loops a stretch of the run without controls, as its URL asks', async () => {
  const page = await newPage();
  await page.goto(`${BASE}?embed=1&puzzle=${HARD}&algorithm=dlx&seed=1&from=10&to=40&loop=1&controls=0&speed=40&run=1`);
  await page.waitForSelector('#status[data-outcome=verified]', { timeout: 60_000 });
  assert.equal(await page.count('#play, #pause, #scrub, #speed'), 0, 'controls=0');
  const seen = [];
  for (let i = 0; i < 50; i += 1) {
    seen.push(Number((await page.textContent('#step-counter')).match(/^event (\d+)/)[1]));
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.ok(seen.every((c) => c >= 10 && c <= 40), seen.join(','));
  assert.ok(seen.filter((c, i) => i > 0 && c < seen[i - 1]).length >= 2, `looped: ${seen.join(',')}`);
  assert.match(await page.getAttribute('#open-lab', 'href'), /from=10&to=40&loop=1/);
  assert.doesNotMatch(await page.getAttribute('#open-lab', 'href'), /controls=0/, 'the full lab has its controls');
  assert.deepEqual(await page.problems(), []);
  await page.close();
});
