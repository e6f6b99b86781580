// The smoke suite, in every engine: each worker has two builds, with wasm SIMD and without
// (web/pwa/post_build.py); the page loads the SIMD one where the engine validates a SIMD module,
// the baseline one elsewhere or with simd=0, and both solve. No console error or warning.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, HARD, HARD_SOLVED, boardLine, newPage, waitForStatus, settles } from '../support.mjs';

test('the workers run their SIMD build where the browser has wasm SIMD, the baseline one with simd=0', async () => {
  const page = await newPage();
  await page.goto(`${BASE}?puzzle=${HARD}&algorithm=propagation&autoplay=0&run=1`);
  await waitForStatus(page, 'solved, verified');
  // What this engine says of the smallest SIMD module (i32.const 0; i8x16.splat; drop).
  const simd = await page.evaluate(() => WebAssembly.validate(new Uint8Array([
    0, 97, 115, 109, 1, 0, 0, 0, 1, 4, 1, 96, 0, 0, 3, 2, 1, 0, 10, 9, 1, 7, 0, 65, 0, 253, 15, 26, 11])));
  const build = () => page.getAttribute('html', 'data-wasm-build');
  assert.equal(await build(), simd ? 'simd128' : 'baseline');
  for (const algorithm of ['propagation', 'ilp']) {
    // ilp runs in the full worker: its baseline build too.
    await page.goto(`${BASE}?puzzle=${HARD}&algorithm=${algorithm}&autoplay=0&run=1&simd=0`);
    await waitForStatus(page, 'solved, verified', 120_000);
    assert.equal(await build(), 'baseline', algorithm);
    await page.click('#end');
    await settles(() => boardLine(page), HARD_SOLVED, algorithm);
  }
  assert.deepEqual(await page.problems(), []);
  await page.close();
});
