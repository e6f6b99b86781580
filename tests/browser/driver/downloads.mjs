// Downloads for the engines whose driver saves them to a folder (Firefox, WebKit): click, then
// wait for the one new finished file, read it and remove it (so the next one keeps its name).
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Clicks `selector` on `page` and returns the file it saved in `folder`: `{ name, text, bytes }`.
 * Files ending in `unfinished` (the engine's partial download) are waited out. */
export async function saveByClick(page, selector, folder, unfinished) {
  const before = new Set(readdirSync(folder));
  await page.click(selector);
  // 30 s: an export draws its frames after the click.
  for (let i = 0; i < 600; i += 1) {
    const now = readdirSync(folder);
    const fresh = now.filter((f) => !before.has(f) && !f.endsWith(unfinished));
    if (fresh.length === 1 && !now.some((f) => f.endsWith(unfinished))) {
      const path = join(folder, fresh[0]);
      try {
        // Written in one go, but give a slow disk a moment to settle.
        const size = statSync(path).size;
        await sleep(50);
        if (statSync(path).size === size) {
          const bytes = readFileSync(path);
          rmSync(path);
          return { name: fresh[0], text: bytes.toString('utf8'), bytes };
        }
      } catch (error) {
        // Moved under us: Firefox may write a download under a name of its own, then rename
        // it to the one asked for. Look again.
        if (error.code !== 'ENOENT') throw error;
      }
    }
    await sleep(50);
  }
  throw new Error(`clicking ${selector} saved no file in 30 s`);
}
