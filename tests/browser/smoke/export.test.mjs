// The smoke suite (every engine): "Export…" takes a run out of the lab. Its dialog (a bundle of
// its own) draws with the CLI's drawing and rasteriser: the SVG of the frame shown and an
// animated GIF are the bytes `sudoku render` writes for the same run; PNG frames come in a zip
// of one file per step; a WebM video where the browser's MediaRecorder writes one, and said
// where it does not. Bad settings are named before anything is drawn, and the dialog closes and
// opens again on the run shown.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, HARD, cursor, newPage, settles, waitForStatus } from '../support.mjs';
import { cliFrame, cliRender } from '../cli.mjs';

const SETTINGS = ['-a', 'dlx', '--seed', '3', '-p', 'max_nodes=0'];

/** The lab at step 40 of a verified dlx run, its export dialog open and ready. */
async function dialog() {
  const page = await newPage();
  await page.goto(`${BASE}?puzzle=${HARD}&algorithm=dlx&seed=3&step=40&run=1`);
  await waitForStatus(page, 'solved, verified');
  await settles(() => cursor(page), 40, 'the link\'s step');
  await page.click('#export-open');
  await page.waitForFunction(() => document.querySelector('#export-go') !== null, undefined, { timeout: 60_000 });
  return page;
}

/** The entries' names of a zip (its central directory's records, in order). */
function zipNames(bytes) {
  const names = [];
  for (let at = bytes.indexOf('PK\x01\x02', 0, 'latin1'); at >= 0; at = bytes.indexOf('PK\x01\x02', at + 4, 'latin1')) {
    const length = bytes.readUInt16LE(at + 28);
    names.push(bytes.toString('latin1', at + 46, at + 46 + length));
  }
  return names;
}

test('the SVG of the frame shown and a GIF of a stretch are the bytes sudoku render writes', async () => {
  const page = await dialog();
  assert.match(await page.textContent('#export-form'), /Dancing Links|dlx/i);
  await page.click('#export-svg');
  const board = await page.download('#export-go');
  assert.equal(board.name, 'dlx-seed3-step40.svg');
  assert.equal(board.text, cliFrame(HARD, SETTINGS, 40));
  await page.click('#export-view-graph');
  const graph = await page.download('#export-go');
  assert.equal(graph.text, cliFrame(HARD, SETTINGS, 40, ['--view', 'graph']));

  await page.click('#export-view-board');
  await page.click('#export-gif');
  await page.fill('#export-from', '0');
  await page.fill('#export-to', '60');
  await page.fill('#export-every', '2');
  await page.fill('#export-frame-ms', '40');
  await settles(() => page.textContent('#export-plan'), '31 frames (steps 0 to 60, every 2), 1.2 s');
  const gif = await page.download('#export-go');
  assert.equal(gif.name, 'dlx-seed3-steps0-60.gif');
  const cli = cliRender(HARD, SETTINGS, ['--from', '0', '--to', '60', '--every', '2', '--frame-ms', '40'], 'run.gif');
  assert.equal(gif.bytes.toString('latin1', 0, 6), 'GIF89a');
  assert.ok(gif.bytes.equals(cli), `the page's GIF (${gif.bytes.length} bytes) is not the CLI's (${cli.length})`);
  assert.match(await page.textContent('#export-notice'), /saved dlx-seed3-steps0-60\.gif \(\d+ KB\)/);
  assert.deepEqual(await page.problems(), []);
  await page.close();
});

test('PNG frames come in a zip, a frame a step; bad settings are named; the dialog opens again', async () => {
  const page = await dialog();
  await page.click('#export-png');
  await page.fill('#export-from', '10');
  await page.fill('#export-to', '5');
  await settles(() => page.textContent('#export-plan'), 'from step 10 is after to step 5');
  assert.equal(await page.$eval('#export-go', (el) => el.disabled), true);
  await page.fill('#export-to', 'x');
  await settles(async () => /to step: a whole number/.test(await page.textContent('#export-plan')), true);
  await page.fill('#export-to', '20');
  await page.fill('#export-every', '5');
  const zip = await page.download('#export-go');
  assert.equal(zip.name, 'dlx-seed3-steps10-20.zip');
  assert.deepEqual(zipNames(zip.bytes), ['step10.png', 'step15.png', 'step20.png']);
  assert.equal(zip.bytes.indexOf('\x89PNG', 0, 'latin1') > 0, true);

  // Closed and opened again at another step: the dialog is the run's, at that step.
  await page.click('#export-close');
  await settles(() => page.exists('#export-form'), false);
  await page.click('#step-back');
  await page.click('#export-open');
  await page.waitForFunction(() => document.querySelector('#export-go') !== null, undefined, { timeout: 60_000 });
  await page.click('#export-svg');
  await settles(async () => /step 39/.test(await page.textContent('#export-form')), true);
  assert.deepEqual(await page.problems(), []);
  await page.close();
});

test('a WebM video where the browser records one, and said where it does not', async () => {
  const page = await dialog();
  const webm = await page.evaluate(() => typeof MediaRecorder === 'function'
    && ['video/webm;codecs=vp9', 'video/webm;codecs=vp8', 'video/webm'].some((k) => MediaRecorder.isTypeSupported(k)));
  await page.click('#export-webm');
  await page.fill('#export-from', '0');
  await page.fill('#export-to', '20');
  await page.fill('#export-every', '1');
  await page.fill('#export-frame-ms', '50');
  if (webm) {
    const video = await page.download('#export-go');
    assert.equal(video.name, 'dlx-seed3-steps0-20.webm');
    assert.equal(video.bytes.readUInt32BE(0), 0x1a45dfa3, 'an EBML (WebM) file');
    assert.match(await page.textContent('#export-notice'), /saved dlx-seed3-steps0-20\.webm/);
  } else {
    await page.click('#export-go');
    await settles(async () => /cannot record WebM video/.test(await page.textContent('#export-notice')), true);
  }
  assert.deepEqual(await page.problems(), []);
  await page.close();
});
