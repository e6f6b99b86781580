// The smoke suite (every engine): a recorded run opened in the lab. A trace file of `sudoku
// solve --trace` chosen with "Open a recorded run…" sets the puzzle, algorithm and seed, plays
// to the CLI's verified answer with its event count, and a damaged file is named, the page
// still usable; a file served beside the lab opens from its link (`trace_url`), another
// origin's is refused; "Save the run…" downloads the run as the CLI records it (its frames:
// export.test.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, HARD, HARD_SOLVED, boardLine, cursor, newPage, settles, waitForStatus } from '../support.mjs';
import { cliTrace } from '../cli.mjs';
import { serveDist } from '../static_server.mjs';

/** Chooses a file of these bytes in the page's trace input, as a person picking it would. */
async function choose(page, bytes, name) {
  await page.evaluate((base64, fileName) => {
    const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const files = new DataTransfer();
    files.items.add(new File([data], fileName));
    const input = document.querySelector('#open-trace');
    input.files = files.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
  }, bytes.toString('base64'), name);
}

/** The event count a binary trace's header gives. */
function eventsOf(bytes) {
  return Number(bytes.toString('latin1').match(/\nevents (\d+)\n/)[1]);
}

test('a recorded run opens with its settings and plays to its verified answer', async () => {
  const trace = cliTrace(HARD, ['-a', 'dlx', '--seed', '3']);
  const gzipped = cliTrace(HARD, ['-a', 'norvig', '--seed', '5'], 'run.trace.gz');
  const page = await newPage();
  await page.goto(`${BASE}?autoplay=0`);
  await choose(page, trace, 'run.trace');
  await waitForStatus(page, 'solved, verified');
  assert.equal(await page.$eval('#algorithm', (el) => el.value), 'dlx');
  assert.equal(await page.$eval('#seed', (el) => el.value), '3');
  assert.match(await page.textContent('main'), /a recorded run: dlx, seed 3/);
  assert.equal(await boardLine(page), HARD, 'it waits at the puzzle');
  await page.click('#end');
  await settles(() => boardLine(page), HARD_SOLVED);
  assert.equal(await cursor(page), eventsOf(trace));

  await choose(page, gzipped, 'run.trace.gz');
  await settles(() => page.$eval('#algorithm', (el) => el.value), 'norvig');
  await waitForStatus(page, 'solved, verified');
  await page.click('#end');
  await settles(() => boardLine(page), HARD_SOLVED);

  // A damaged file is named; the page keeps its puzzle and still runs.
  await choose(page, trace.subarray(0, trace.length - 9), 'cut.trace');
  await page.waitForFunction(() => document.querySelector('main').textContent.includes('the trace file does not open'));
  assert.match(await page.textContent('main'), /cut short/);
  await page.click('#run');
  await waitForStatus(page, 'solved, verified');
  assert.deepEqual(await page.problems(), []);
  await page.close();
});

test('a run served beside the lab opens from its link, which the share link keeps', async () => {
  const trace = cliTrace(HARD, ['-a', 'dlx', '--seed', '4']);
  const server = await serveDist({ extra: { 'runs/dlx.trace': trace } });
  const page = await newPage();
  try {
    await page.goto(`${server.url}?trace_url=runs/dlx.trace&step=25`);
    await waitForStatus(page, 'solved, verified');
    assert.equal(await page.$eval('#algorithm', (el) => el.value), 'dlx');
    assert.equal(await page.$eval('#seed', (el) => el.value), '4');
    await settles(() => cursor(page), 25, 'the link\'s step');
    assert.match(await page.inputValue('#share'), /trace_url=[^&]*runs%2Fdlx\.trace.*step=25/);
    await page.click('#end');
    await settles(() => boardLine(page), HARD_SOLVED);
    assert.equal(await cursor(page), eventsOf(trace));
    // Another origin's file is refused, named at the top of the page; the lab still runs.
    await page.goto(`${server.url}?trace_url=${encodeURIComponent('http://localhost:9/x.trace')}&puzzle=${HARD}&run=1`);
    await waitForStatus(page, 'solved, verified');
    assert.match(await page.textContent('#url-errors'), /trace_url=http:\/\/localhost:9\/x\.trace is not on this page's origin/);
    assert.deepEqual(await page.problems(), []);
    // A missing file is named too (the browser's own log of the 404 aside).
    await page.goto(`${server.url}?trace_url=runs/none.trace`);
    await page.waitForFunction(() => document.querySelector('main').textContent.includes('the trace file does not open'));
    assert.match(await page.textContent('main'), /HTTP status 404/);
  } finally {
    await page.close();
    await server.close();
  }
});

test('"Save the run…" downloads the run as the CLI records it', async () => {
  // The saved file names every parameter, defaults included (it makes the run again whatever
  // later versions take as defaults): the CLI given the same writes the same header.
  const cli = cliTrace(HARD, ['-a', 'dlx', '--seed', '3', '-p', 'max_nodes=0']);
  const header = (text) => text.slice(0, text.indexOf('\n\n'));
  const page = await newPage();
  await page.goto(`${BASE}?puzzle=${HARD}&algorithm=dlx&seed=3&run=1`);
  await waitForStatus(page, 'solved, verified');
  const file = await page.download('#save-run');
  assert.equal(file.name, 'dlx-seed3.trace');
  assert.equal(header(file.text), header(cli.toString('latin1')));
  assert.match(await page.textContent('#notice'), /saved as dlx-seed3\.trace/);
  assert.deepEqual(await page.problems(), []);
  await page.close();
});

