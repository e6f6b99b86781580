// What a first visit to the lab downloads, measured on the requests the page and its worker make
// (Chromium's driver sees both) until a run is solved: each file fetched again and compressed
// with gzip -9, the way a server would send it. Issue 19's budget: 420 KB with either build of the
// worker (wasm SIMD or the baseline one). A size, not a time: the same build gives the same bytes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import { BASE, CHROMIUM_ONLY, HARD, newPage, waitForStatus } from './support.mjs';

const BUDGET = 420_000;

/** The files a fresh visit of `query` fetches until its run is solved, by URL. */
async function firstLoad(query) {
  const page = await newPage();
  const urls = new Set();
  page.playwright.on('request', (request) => urls.add(request.url()));
  await page.goto(`${BASE}?puzzle=${HARD}&algorithm=propagation&autoplay=0&run=1${query}`);
  await waitForStatus(page, 'solved, verified');
  const build = await page.getAttribute('html', 'data-wasm-build');
  assert.deepEqual(await page.problems(), []);
  await page.close();
  const files = [];
  for (const url of urls) {
    if (!url.startsWith(BASE)) continue;
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    const name = new URL(url).pathname.slice(1) || 'index.html';
    files.push({ name, bytes: body.length, gzip: gzipSync(body, { level: 9 }).length });
  }
  return { build, files };
}

for (const [query, expected] of [['', 'simd128'], ['&simd=0', 'baseline']]) {
  test(`the lab's first load is within 420 KB gzip (${expected} worker)`, CHROMIUM_ONLY, async () => {
    const { build, files } = await firstLoad(query);
    assert.equal(build, expected);
    const total = files.reduce((sum, f) => sum + f.gzip, 0);
    console.log(`first load, ${build} worker: ${total} bytes gzip -9 (${files.reduce((s, f) => s + f.bytes, 0)} bytes)`);
    for (const f of files.sort((a, b) => b.gzip - a.gzip)) console.log(`  ${f.name}: ${f.bytes} (${f.gzip})`);
    // The worker is part of it: a page that did not start one would measure too little.
    const worker = expected === 'simd128' ? /^worker_simd_bg-?.*\.wasm$/ : /^worker_bg-?.*\.wasm$/;
    assert.ok(files.some((f) => worker.test(f.name)), `the lab's worker was fetched: ${files.map((f) => f.name)}`);
    assert.ok(total <= BUDGET, `first load ${total} bytes gzip, over ${BUDGET}`);
  });
}
