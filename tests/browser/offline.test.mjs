// Offline and embedding: the service worker makes a visited lab work with no network; a page on
// another origin embeds the lab with `embed=1` and hears its notices.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { BASE, CHROMIUM_ONLY, HARD, boardLine, newPage, waitForStatus } from './support.mjs';

const HARD_SOLVED = '417369825632158947958724316825437169791586432346912758289643571573291684164875293';

test('after one visit the lab solves and runs experiments offline', CHROMIUM_ONLY, async () => {
  const page = await newPage();
  await page.goto(BASE);
  // Installed, activated and controlling the page.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
    }
  });
  await page.playwright.context().setOffline(true);
  await page.goto(`${BASE}?puzzle=${HARD}&algorithm=dlx&seed=3&run=1`);
  await waitForStatus(page, 'solved, verified');
  await page.click('#end');
  assert.equal(await boardLine(page), HARD_SOLVED);
  const manifest = await page.evaluate(async () => (await fetch('manifest.webmanifest')).json());
  assert.equal(manifest.name, 'Sudoku Lab');
  assert.ok(manifest.icons.some((i) => i.sizes === '512x512'));
  // The experiments page and its workers were precached too.
  await page.goto(`${BASE}?page=experiments&experiment=filtering&run=1`);
  await page.waitForSelector('main.experiments[data-status="done"]', { timeout: 30_000 });
  await page.playwright.context().setOffline(false);
  assert.deepEqual(await page.problems(), []);
  await page.close();
});

test('a page on another origin embeds the lab: it runs inside the frame, shows no editor and posts its notices', async () => {
  const host = createServer((_, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(`<!doctype html><title>A teaching page</title>
      <script>window.notices = []; addEventListener('message', (e) => window.notices.push(e.data));</script>
      <p>Watch plain backtracking:</p>
      <iframe id="lab" src="${BASE}?embed=1&puzzle=${HARD}&algorithm=backtracking&view=graph&run=1"
        width="800" height="900" sandbox="allow-scripts allow-same-origin"></iframe>`);
  });
  await new Promise((resolve) => host.listen(0, '127.0.0.1', resolve));
  const { port } = host.address();
  const page = await newPage();
  try {
    await page.goto(`http://127.0.0.1:${port}/`);
    const frame = page.frame('#lab');
    await frame.waitForSelector('#status[data-outcome=verified]', { timeout: 60_000 });
    assert.equal(await frame.count('#puzzle-text'), 0, 'no editor');
    assert.equal(await frame.count('#algorithm'), 0, 'no algorithm form');
    assert.equal(await frame.count('[data-view=graph]'), 1, 'the chosen view');
    await frame.waitForSelector('#scrub');
    const open = await frame.getAttribute('#open-lab', 'href');
    assert.ok(open.includes('algorithm=backtracking') && open.includes(HARD) && !open.includes('embed=1'), open);
    await page.waitForFunction(() => window.notices.some((n) => n.type === 'done'));
    const notices = await page.evaluate(() => window.notices);
    assert.equal(notices[0].type, 'ready');
    assert.ok(notices.some((n) => n.type === 'resize' && n.height > 300), JSON.stringify(notices));
    assert.deepEqual(notices.filter((n) => n.type === 'done'), [{ type: 'done', outcome: 'verified' }]);
    assert.deepEqual(await page.problems(), []);
  } finally {
    await page.close();
    host.close();
  }
});

test('invalid URL values each give their message, escaped, and the page stays usable', async () => {
  const page = await newPage();
  const evil = encodeURIComponent('<img src=x onerror=alert(1)>');
  await page.goto(`${BASE}?algorithm=${evil}&p.max_nodes=-5&puzzle=12345&view=cube`);
  const errors = await page.textContent('#url-errors');
  assert.ok(errors.includes("unknown algorithm '<img src=x onerror=alert(1)>'"), errors);
  assert.ok(errors.includes('max_nodes'), errors);
  assert.ok(errors.includes("view='cube'"), errors);
  assert.equal(await page.count('#url-errors img'), 0, 'shown as text, not markup');
  assert.match(await page.textContent('#input-error'), /5 cells/);
  // The embed page names them too.
  await page.goto(`${BASE}?embed=1&algorithm=nope&puzzle=${HARD}&run=1`);
  assert.match(await page.textContent('#url-errors'), /unknown algorithm 'nope'/);
  await page.waitForSelector('#status[data-outcome=verified]');
  assert.deepEqual(await page.problems(), []);
  await page.close();
});

test('a new build is offered as an update and Reload switches to it', CHROMIUM_ONLY, async () => {
  const { readFileSync, writeFileSync } = await import('node:fs');
  const sw = new URL('../../dist/sw.js', import.meta.url);
  const original = readFileSync(sw, 'utf8');
  const page = await newPage();
  try {
    await page.goto(BASE);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
      }
    });
    // A new deployment: the same files under a new cache version.
    writeFileSync(sw, original.replace(/const VERSION = "(\w+)";/, 'const VERSION = "$1-next";'));
    // The browser looks for a new version when told to; ask again until it is installed
    // (a loaded machine can take a while).
    for (let i = 0; i < 30 && !(await page.exists('#update-ready')); i += 1) {
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update().catch(() => {}));
      await page.waitForSelector('#update-ready', { timeout: 3_000 }).catch(() => {});
    }
    await page.waitForSelector('#update-ready', { timeout: 10_000 });
    await Promise.all([page.playwright.waitForEvent('load'), page.click('#update-ready button')]);
    const version = await page.evaluate(async () => (await caches.keys()).join(' '));
    assert.match(version, /-next/, 'the new version controls the page');
    assert.equal(await page.count('#update-ready'), 0);
    assert.deepEqual(await page.problems(), []);
  } finally {
    writeFileSync(sw, original);
    await page.close();
  }
});
