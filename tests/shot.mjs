import { chromium } from 'playwright-core';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
for (const [name, url, w, h, scheme] of JSON.parse(process.argv[2])) {
  const p = await b.newPage({ viewport: { width: w, height: h }, colorScheme: scheme ?? 'light' });
  await p.goto(url);
  await p.waitForSelector('main');
  await p.waitForTimeout(Number(process.env.WAIT ?? 1500));
  if (process.env.SEL) await p.locator(process.env.SEL).first().scrollIntoViewIfNeeded();
  await p.screenshot({ path: `/tmp/${name}.png`, fullPage: process.env.FULL === '1' });
}
await b.close();
