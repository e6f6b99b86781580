// Playback cost, measured and printed (figures for docs/benchmarks-log.md); the bounds asserted are
// loose on purpose: they catch a page that stalls, not a slow machine.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, CHROMIUM_ONLY, HARD, cursor, newPage, waitForStatus } from './support.mjs';

for (const speed of [60, 100]) {
  test(`a 9×9 run plays back with the graph view open without long tasks (speed ${speed})`, async () => {
    const page = await newPage({ viewport: { width: 1400, height: 1000 } });
    await page.goto(`${BASE}?puzzle=${HARD}&algorithm=backtracking&p.max_nodes=300000&seed=1&view=graph&speed=${speed}&autoplay=0&run=1`);
    await waitForStatus(page, 'gave up');
    await page.evaluate(() => {
      window.longTasks = [];
      new PerformanceObserver((list) => window.longTasks.push(...list.getEntries().map((e) => e.duration)))
        .observe({ type: 'longtask', buffered: false });
    });
    await page.click('#play');
    const measured = await page.evaluate(() => new Promise((resolve) => {
      const frames = [];
      const start = performance.now();
      const tick = (t) => {
        frames.push(t);
        if (t - start < 3000) requestAnimationFrame(tick); else resolve(frames);
      };
      requestAnimationFrame(tick);
    }));
    // Read before pausing: at full speed the 300,000 events take about the 3 s measured, so the
    // trace may end (and Pause turn into Play) at any moment; pausing is then one atomic step.
    const played = await cursor(page);
    await page.evaluate(() => document.querySelector('#pause')?.click());
    const gaps = measured.slice(1).map((t, i) => t - measured[i]);
    const fps = (measured.length - 1) / ((measured.at(-1) - measured[0]) / 1000);
    const longTasks = await page.evaluate(() => window.longTasks);
    console.log(`graph view playback at ${speed === 100 ? '100,000' : '1,000'} events/s: ${fps.toFixed(1)} frames/s, `
      + `longest frame ${Math.max(...gaps).toFixed(1)} ms, ${longTasks.length} long tasks `
      + `(longest ${longTasks.length ? Math.max(...longTasks).toFixed(0) : 0} ms), ${played} events played in 3 s`);
    assert.ok(played > 1000, `${played} events played`);
    assert.ok(fps > 20, `${fps} frames/s`);
    assert.ok(longTasks.every((d) => d < 250), `long tasks: ${longTasks}`);
    assert.deepEqual(await page.problems(), []);
    await page.close();
  });
}

test('scrubbing backwards on a 300,000-event trace answers at once', async () => {
  const page = await newPage();
  const SLOW = '..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9';
  await page.goto(`${BASE}?puzzle=${SLOW}&algorithm=backtracking&p.max_nodes=400000&seed=1&view=graph&autoplay=0&run=1`);
  await waitForStatus(page, 'gave up', 120_000);
  const total = Number((await page.textContent('#step-counter')).match(/\/ (\d+)/)[1]);
  assert.equal(total, 300_000, 'the trace is capped at 300,000 cell events');
  await page.click('#end');
  const times = [];
  for (const to of [299_000, 250_001, 150_003, 77_777, 4_097, 1]) {
    const ms = await page.evaluate((v) => new Promise((resolve) => {
      const el = document.querySelector('#scrub');
      const start = performance.now();
      el.value = String(v);
      el.dispatchEvent(new Event('input', { bubbles: true }));
      requestAnimationFrame(() => resolve(performance.now() - start));
    }), to);
    assert.equal(await cursor(page), to);
    times.push(ms);
  }
  console.log(`scrub back on ${total} events: ${times.map((t) => t.toFixed(1)).join(', ')} ms to the next frame`);
  assert.ok(times.every((t) => t < 500), `${times}`);
  assert.deepEqual(await page.problems(), []);
  await page.close();
});

test('compare runs four configurations on every logical processor with no long task on the page', CHROMIUM_ONLY, async () => {
  const page = await newPage({ viewport: { width: 1400, height: 1000 } });
  const SLOW = '..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9';
  await page.goto(`${BASE}?compare=backtracking;max_nodes=200000,fc-mrv,annealing,tabu-alldiff;max_iterations=3000&puzzle=${SLOW}&seed=1`);
  const processors = await page.evaluate(() => navigator.hardwareConcurrency);
  const workers = Math.min(Math.max(processors, 1), 8);
  assert.match(await page.textContent('main'), new RegExp(`${workers} workers? side by side`));
  await page.evaluate(() => {
    window.longTasks = [];
    new PerformanceObserver((list) => window.longTasks.push(...list.getEntries().map((e) => e.duration)))
      .observe({ type: 'longtask', buffered: false });
  });
  const started = Date.now();
  await page.click('#run');
  await page.waitForFunction(() => {
    const cells = [...document.querySelectorAll('#compare-table [data-outcome]')];
    return cells.length === 4 && cells.every((c) => !['running', 'waiting'].includes(c.dataset.outcome));
  }, null, { timeout: 120_000 });
  const seconds = (Date.now() - started) / 1000;
  const longTasks = await page.evaluate(() => window.longTasks);
  console.log(`compare, 4 configurations on ${workers} workers (${processors} logical processors): ${seconds.toFixed(1)} s, `
    + `${longTasks.length} long tasks (longest ${longTasks.length ? Math.max(...longTasks).toFixed(0) : 0} ms)`);
  // Loose on purpose (see the top of this file): a stalled page, not a slow machine.
  assert.ok(longTasks.every((d) => d < 250), `long tasks: ${longTasks}`);
  assert.deepEqual(await page.problems(), []);
  await page.close();
});

test('a study of 50,000 runs (the page\'s most) keeps the page answering to its summary', CHROMIUM_ONLY, async () => {
  const page = await newPage({ viewport: { width: 1300, height: 900 } });
  await page.goto(`${BASE}?page=study&generate=9:30:1000&configs=dlx,coloring-dsatur&seeds=25`);
  await page.evaluate(() => {
    window.longTasks = [];
    new PerformanceObserver((list) => window.longTasks.push(...list.getEntries().map((e) => e.duration)))
      .observe({ type: 'longtask', buffered: false });
  });
  await page.click('#run');
  await page.waitForSelector('main.study[data-status="done"]', { timeout: 300_000 });
  // The redraw that the summary causes is a task of its own.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 200))));
  const longTasks = await page.evaluate(() => window.longTasks);
  console.log(`study of 50,000 runs: ${await page.textContent('#progress-text')}, ${longTasks.length} long tasks `
    + `(longest ${longTasks.length ? Math.max(...longTasks).toFixed(0) : 0} ms)`);
  assert.match(await page.textContent('#progress-text'), /^50000 runs in/);
  // Loose on purpose (see the top of this file): a stalled page, not a slow machine.
  assert.ok(longTasks.every((d) => d < 250), `long tasks: ${longTasks}`);
  assert.deepEqual(await page.problems(), []);
  await page.close();
});
