// The smoke suite (every engine): the notebook player's script (sudoku_lab's Player, an
// anywidget) in a page, with a stand-in for the kernel's side — a model that draws frame k as
// an SVG naming k. Live, its buttons, slider and keys move the step and play loops; without a
// kernel answering, it shows the run's GIF instead of a dead first frame.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { after, before } from 'node:test';
import { newPage, settles } from '../support.mjs';

const SCRIPT = readFileSync(
  new URL('../../../crates/python/python/sudoku_lab/static/player.js', import.meta.url),
  'utf8',
);
// A one-pixel GIF: what the fallback shows.
const GIF = 'data:image/gif;base64,R0lGODlhAQABAIAAAP///wAAACwAAAAAAQABAAACAkQBADs=';

// A page like a notebook's output area, the player's script served beside it.
let server;
let ORIGIN;
before(async () => {
  server = createServer((request, response) => {
    if (request.url === '/player.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' }).end(SCRIPT);
    } else {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end('<!doctype html><html lang="en"><title>notebook</title><main></main></html>');
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  ORIGIN = `http://127.0.0.1:${server.address().port}/`;
});
after(() => server.close());

/** Mounts the player with a stand-in model; `live`: whether a kernel answers. */
async function mount(page, live, state = {}) {
  await page.goto(ORIGIN);
  await page.evaluate(async (kernel, gif, extra) => {
    const handlers = {};
    const values = {
      step: 0, first: 0, last: 20, stride: 2, frame_ms: 40, loop: true, playing: false,
      view: 'board', candidates: false, title: 'dlx: solved, 20 events', fallback: gif,
      svg: '<svg data-step="0"></svg>', caption: 'step 0 of 20: the puzzle as given', ...extra,
    };
    const fire = (name) => (handlers[`change:${name}`] ?? []).forEach((f) => f());
    const changed = new Set();
    const model = {
      get: (name) => values[name],
      set: (name, value) => { values[name] = value; changed.add(name); },
      // The kernel's side: a new step or view is drawn and sent back.
      save_changes: () => {
        const names = [...changed];
        changed.clear();
        names.forEach(fire);
        if (kernel && (names.includes('step') || names.includes('view'))) {
          setTimeout(() => {
            values.svg = `<svg data-step="${values.step}" data-view="${values.view}"></svg>`;
            values.caption = `step ${values.step} of 20`;
            fire('svg');
            fire('caption');
          }, 5);
        }
      },
      on: (name, f) => { (handlers[name] ??= []).push(f); },
      send: (message) => {
        if (kernel && message.type === 'hello') {
          setTimeout(() => (handlers['msg:custom'] ?? []).forEach((f) => f({ type: 'alive' })), 10);
        }
      },
    };
    const widget = (await import('/player.js')).default;
    const el = document.createElement('div');
    el.id = 'player-host';
    document.body.prepend(el);
    widget.render({ model, el });
    window.__player = values;
  }, live, GIF, state);
}

const step = (page) => page.evaluate(() => window.__player.step);
const drawn = (page) =>
  page.evaluate(() => document.querySelector('#player-host .picture svg')?.getAttribute('data-step') ?? null);

test('the notebook player steps, plays and loops with a kernel', async () => {
  const page = await newPage();
  await mount(page, true);
  const at = (label) => `#player-host button[aria-label="${label}"]`;
  await page.click(at('forward one frame'));
  await page.waitForFunction(() => document.querySelector('#player-host .picture svg')?.getAttribute('data-step') === '2');
  assert.equal(await step(page), 2, 'forward moves by the stride');
  await page.click(at('last frame'));
  await page.waitForFunction(() => window.__player.step === 20);
  await page.click(at('back one frame'));
  await page.waitForFunction(() => window.__player.step === 18);
  // The kernel's sentence for the new step follows it.
  await page.waitForFunction(() => document.querySelector('#player-host .caption').textContent === 'step 18 of 20');
  // Play runs to the end and starts again (loop).
  await page.click(at('play'));
  await page.waitForFunction(() => window.__player.step === 20, null, { timeout: 10_000 });
  await page.waitForFunction(() => window.__player.step <= 4, null, { timeout: 10_000 });
  await page.click(at('pause'));
  // WebKit's driver may answer before the click has been handled: wait for it, as `settles` does.
  await settles(() => page.evaluate(() => window.__player.playing), false, 'pause stops the player');
  // The view select asks the kernel for the other drawing.
  await page.evaluate(() => {
    const select = document.querySelector('#player-host select[aria-label="view"]');
    select.value = 'graph';
    select.dispatchEvent(new Event('change'));
  });
  await page.waitForFunction(() => document.querySelector('#player-host .picture svg')?.getAttribute('data-view') === 'graph');
  // No GIF while the kernel answers.
  await new Promise((r) => setTimeout(r, 2300));
  assert.equal(await page.evaluate(() => document.querySelector('#player-host .picture img')), null);
  assert.notEqual(await drawn(page), null);
  await page.close();
});

test('without a kernel the player shows the run as a GIF', async () => {
  const page = await newPage();
  await mount(page, false);
  await page.waitForFunction(() => document.querySelector('#player-host .picture img') !== null, null, { timeout: 10_000 });
  assert.equal(await page.evaluate(() => document.querySelector('#player-host .picture img').src.slice(0, 22)), 'data:image/gif;base64,');
  assert.equal(await page.evaluate(() => document.querySelector('#player-host .controls').hidden), true);
  assert.match(await page.textContent('#player-host .caption'), /without a running notebook/);
  await page.close();
});
