// Lessons, in every engine: the index lists every shipped lesson in teaching order; each lesson
// plays through
// every step with Next, each step's state reached (the board, the view and the pseudo-code line
// its file sets, checked against what `./dev lesson` computes natively, or the compare or
// experiments page it shows under its text), and its last step leads to the next lesson; Back,
// a step's link,
// the answer shown on request, an unknown lesson named, and the player embedded.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { BASE, boardLine, cursor, newPage, settles } from '../support.mjs';

const ROOT = new URL('../../../', import.meta.url).pathname;
const LESSONS = readdirSync(`${ROOT}web/lessons`).filter((f) => f.endsWith('.toml')).map((f) => f.slice(0, -5)).sort();
/** The lessons in teaching order, as web/lessons/order.txt lists them. */
const ORDER = readFileSync(`${ROOT}web/lessons/order.txt`, 'utf8').split('\n').map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'));

/** What each step shows, as the lesson checker plays it natively (one line per step). */
function expected(name) {
  // Built by ./dev test before the browser tests (cargo build -p sudoku-web --bin lesson_check).
  const out = execFileSync(`${ROOT}target/debug/lesson_check`, [`web/lessons/${name}.toml`], { cwd: ROOT, encoding: 'utf8' });
  return out.split('\n').filter((l) => /^ {2}step \d+:/.test(l)).map((l) => {
    const m = l.match(/event (\d+) \/ (\d+), line (\S+),/);
    if (m) return { cursor: Number(m[1]), events: Number(m[2]), line: m[3] === '–' ? null : Number(m[3]) };
    const page = l.match(/: the (\w+) page$/);
    return page ? { page: page[1] } : null;
  });
}

test('the index lists every shipped lesson in teaching order with its number of steps', async () => {
  const page = await newPage();
  await page.goto(`${BASE}?page=lessons`);
  const listed = await page.$$eval('[data-lesson]', (as) => as.map((a) => [a.dataset.lesson, Number(a.dataset.steps)]));
  assert.deepEqual([...ORDER].sort(), LESSONS, 'order.txt lists every lesson file once');
  assert.deepEqual(listed.map(([name]) => name), ORDER);
  assert.ok(listed.every(([, steps]) => steps >= 6 && steps <= 12), JSON.stringify(listed));
  await page.click(`[data-lesson="${LESSONS[0]}"]`);
  await page.waitForSelector('[data-lesson-step="1"]');
  assert.deepEqual(await page.problems(), []);
  await page.close();
});

for (const name of LESSONS) {
  test(`the lesson ${name} plays through every step, each step's state reached`, async () => {
    const steps = expected(name);
    const page = await newPage({ viewport: { width: 1400, height: 1000 } });
    await page.goto(`${BASE}?lesson=${name}&step=1`);
    for (let k = 1; k <= steps.length; k += 1) {
      await page.waitForSelector(`[data-lesson-step="${k}"]`);
      assert.match(await page.textContent('#lesson-step-heading'), new RegExp(`^Step ${k} of ${steps.length}$`));
      assert.match(await page.textContent(`[data-lesson-step="${k}"]`), /\w{3}/);
      assert.ok((await page.inputValue('#lesson-link')).includes(`lesson=${name}&step=${k}`));
      const want = steps[k - 1];
      if (want?.page) {
        // The compare or experiments page the step sets, under the step's text.
        const shown = { compare: 'main[data-view=compare]', experiments: 'main.experiments', lessons: 'main.lessons' }[want.page];
        assert.ok(await page.exists(`${shown} [data-lesson-step="${k}"]`), `step ${k}: its text on the ${want.page} page`);
      } else if (want) {
        await page.waitForFunction(() => {
          const status = document.querySelector('#status')?.textContent ?? '';
          return status !== '' && !status.includes('running');
        }, null, { timeout: 60_000 }).catch(async (error) => {
          // Which step, and what the page said then: a timeout alone tells neither.
          const said = await page.evaluate(() => ['#status', '#notice', '#rating', '.error']
            .map((s) => `${s}: ${document.querySelector(s)?.textContent ?? '–'}`).join('; '));
          throw new Error(`step ${k}: ${said}\n${error.message}`);
        });
        // The status just read may still be the previous step's (its run done) while this
        // step's run starts: the counter is waited for, not read once.
        const total = async () => Number((await page.textContent('#step-counter')).match(/\/ (\d+)/)?.[1]);
        await settles(total, want.events, `step ${k}: events`, 60_000);
        await settles(() => cursor(page), want.cursor, `step ${k}: the playback at event ${want.cursor}`);
        const line = await page.evaluate(() => {
          const items = [...document.querySelectorAll('[data-view=pseudocode] li')];
          const at = items.findIndex((li) => li.getAttribute('aria-current') === 'step');
          return at < 0 ? null : at + 1;
        });
        assert.equal(line, want.cursor > 0 ? want.line : null, `step ${k}: pseudo-code line`);
      }
      if (await page.exists('.lesson-question')) {
        assert.equal(await page.isVisible('.lesson-question .answer'), false, 'the answer waits to be asked for');
        await page.click('.lesson-question summary');
        await page.waitForSelector('.lesson-question .answer');
      }
      if (k < steps.length) await page.click('#lesson-next');
    }
    assert.ok(await page.isDisabled('#lesson-next'), 'no step after the last');
    // The last step leads on: to the next lesson in teaching order, or back to the lessons.
    const after = ORDER[ORDER.indexOf(name) + 1];
    const onward = await page.getAttribute('#lesson-onward', 'href');
    assert.ok(after ? onward.includes(`lesson=${after}&step=1`) : onward.includes('page=lessons'), onward);
    await page.click('#lesson-back');
    await page.waitForSelector(`[data-lesson-step="${steps.length - 1}"]`);
    assert.deepEqual(await page.problems(), []);
    await page.close();
  });
}

test('a step\'s link opens that step, an unknown lesson is named, and the player embeds', async () => {
  const page = await newPage({ viewport: { width: 1400, height: 1000 } });
  await page.goto(`${BASE}?lesson=${LESSONS[0]}&step=2`);
  await page.waitForSelector('[data-lesson-step="2"]');
  assert.match(await page.textContent('#lesson-step-heading'), /^Step 2 of/);
  await page.goto(`${BASE}?lesson=no-such-lesson`);
  assert.match(await page.textContent('#lesson-error'), /no lesson named 'no-such-lesson'/);
  await page.goto(`${BASE}?embed=1&lesson=${LESSONS[0]}&step=1`);
  await page.waitForSelector('[data-lesson-step="1"]');
  assert.equal(await page.count('#puzzle-text'), 0, 'no editor when embedded');
  assert.equal((await boardLine(page)).length > 0, true);
  // "Open in Sudoku Lab" opens the lesson at its step, not the step's bare lab.
  const open = await page.getAttribute('#open-lab', 'href');
  assert.ok(open.includes(`lesson=${LESSONS[0]}`) && open.includes('step=1') && !open.includes('embed=1'), open);
  assert.deepEqual(await page.problems(), []);
  await page.close();
});
