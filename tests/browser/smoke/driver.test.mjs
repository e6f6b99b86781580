// The driver layer itself, in each engine: what every other test's last assertion relies on
// (an empty list of problems) must see a warning, an error and an uncaught exception, also
// after the page has navigated on.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, newPage } from '../support.mjs';

test('the driver reports the page\'s console warnings, errors and uncaught errors', async () => {
  const page = await newPage();
  await page.goto(BASE);
  assert.deepEqual(await page.problems(), []);
  await page.evaluate(() => {
    console.warn('a warning from the test');
    console.error('an error from the test');
    setTimeout(() => { throw new Error('thrown by the test'); }, 0);
    return true;
  });
  await new Promise((resolve) => setTimeout(resolve, 300));
  await page.goto(`${BASE}?page=compare`);
  const problems = (await page.problems()).join('\n');
  assert.match(problems, /console warning: a warning from the test/);
  assert.match(problems, /console error: an error from the test/);
  assert.match(problems, /thrown by the test/);
  await page.close();
});
