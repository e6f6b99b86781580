// WebKit (WebKitGTK's MiniBrowser, Debian's webkit2gtk-driver) through selenium-webdriver and
// WebKitWebDriver. It has no headless mode: run under xvfb-run. Its WebDriver reports no console
// messages, so the page's own test hook (web/test_hook.js, switched on by a cookie) keeps them.
// A browser of its own per page; downloads land in the WebDriver server's own home folder.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Builder, By, Key, Origin } from 'selenium-webdriver';
import { saveByClick } from './downloads.mjs';
import { LabPage } from './page.mjs';

const MINIBROWSER = process.env.MINIBROWSER ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The WebDriver server: one for the test file, a home folder of its own (downloads). It runs
 * in a process group of its own, so that stopping it stops the MiniBrowsers it started. */
export async function launch() {
  const home = mkdtempSync(join(tmpdir(), 'sudoku-lab-webkit-'));
  const downloads = join(home, 'Downloads');
  mkdirSync(downloads);
  mkdirSync(join(home, '.config'));
  writeFileSync(join(home, '.config', 'user-dirs.dirs'), `XDG_DOWNLOAD_DIR="${downloads}"\n`);
  const server = { url: null, downloads, process: null };
  server.start = async () => {
    const port = await freePort();
    server.process = spawn(process.env.WEBKIT_WEBDRIVER ?? '/usr/bin/WebKitWebDriver', [`--port=${port}`],
      { stdio: 'ignore', detached: true, env: { ...process.env, HOME: home, XDG_CONFIG_HOME: join(home, '.config') } });
    server.url = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 100; i += 1) {
      try {
        if ((await fetch(`${server.url}/status`)).ok) break;
      } catch (_) {
        await sleep(50);
      }
    }
  };
  server.stop = () => {
    try {
      process.kill(-server.process.pid, 'SIGKILL');
    } catch (_) {
      // Already gone.
    }
  };
  server.close = async () => { server.stop(); rmSync(home, { recursive: true, force: true }); };
  // A file stopped by its time limit gets SIGTERM: its server and browsers go with it.
  process.once('exit', server.stop);
  process.once('SIGTERM', () => process.exit(143));
  await server.start();
  return server;
}

const KEYS = { ArrowRight: Key.ARROW_RIGHT, ArrowLeft: Key.ARROW_LEFT, ArrowUp: Key.ARROW_UP, ArrowDown: Key.ARROW_DOWN,
  Home: Key.HOME, End: Key.END, Enter: Key.ENTER, Escape: Key.ESCAPE, Tab: Key.TAB, Space: ' ', Backspace: Key.BACK_SPACE };

/** `DRIVER_TRACE=1`: every WebDriver call on stderr, with its time (to find where one hangs). */
const TRACE = process.env.DRIVER_TRACE === '1';
function traced(driver) {
  if (!TRACE) return driver;
  return new Proxy(driver, {
    get(target, name) {
      const value = target[name];
      if (typeof value !== 'function') return value;
      return (...args) => {
        const started = Date.now();
        process.stderr.write(`webkit ${String(name)} ${String(args[0]).slice(0, 80)}\n`);
        const result = value.apply(target, args);
        if (result?.then) result.then(() => process.stderr.write(`webkit ${String(name)} done in ${Date.now() - started} ms\n`), () => {});
        return result;
      };
    },
  });
}

class WebKitPage extends LabPage {
  constructor(base, driver, server) {
    super('webkit', base);
    this.selenium = driver;
    this.server = server;
    this.hooked = new Set();
    this.seen = [];
  }

  evaluateSource(source) { return this.selenium.executeScript(`return (${source});`); }

  async evaluateInFrame(frameSelector, source) {
    await this.selenium.switchTo().frame(await this.selenium.findElement(By.css(frameSelector)));
    try {
      return await this.selenium.executeScript(`return (${source});`);
    } finally {
      await this.selenium.switchTo().defaultContent();
    }
  }

  /** The hook's cookie is set on each host before its first page (cookies ignore the port). */
  async navigate(url) {
    const { origin, hostname } = new URL(url);
    if (!this.hooked.has(hostname)) {
      await this.keepProblems();
      await this.selenium.get(`${origin}/__test_hook_cookie`);
      await this.selenium.manage().addCookie({ name: 'sudoku-lab-test-hook', value: '1', path: '/' });
      this.hooked.add(hostname);
    }
    await this.keepProblems();
    await this.selenium.get(url);
  }

  /** Moves what the hook kept for this tab's origin into `seen` (before leaving the origin). */
  async keepProblems() {
    try {
      const kept = await this.selenium.executeScript(`
        const kept = JSON.parse(sessionStorage.getItem('sudoku-lab-test-problems') ?? '[]');
        sessionStorage.removeItem('sudoku-lab-test-problems');
        return kept;`);
      this.seen.push(...kept);
    } catch (_) {
      // about:blank or an error page: no storage, nothing kept.
    }
  }

  /** WebKitWebDriver clicks an element's centre without scrolling it fully into view: one on
   * the window's lower edge gets no click. Centred first, as a user would scroll to it; when
   * that scrolled, two frames are let by before the click, so that its point is taken from the
   * scrolled page (on a busy machine a click sent at once was now and then lost). */
  async clickElement(selector) {
    const element = await this.selenium.findElement(By.css(selector));
    await this.selenium.executeAsyncScript(`
      const [element, done] = arguments;
      const before = [scrollX, scrollY];
      element.scrollIntoView({ block: 'center', inline: 'nearest' });
      if (scrollX === before[0] && scrollY === before[1]) done();
      else requestAnimationFrame(() => requestAnimationFrame(() => done()));`, element);
    await element.click();
  }

  async mouseClick(x, y) {
    await this.selenium.actions().move({ x, y, origin: Origin.VIEWPORT }).click().perform();
  }

  async typeInto(selector, text) {
    await (await this.selenium.findElement(By.css(selector))).sendKeys(text);
  }

  async press(key) {
    await this.selenium.actions().sendKeys(KEYS[key] ?? key).perform();
  }

  async screenshot(path) {
    writeFileSync(path, await this.selenium.takeScreenshot(), 'base64');
  }

  async setViewport({ width, height }) {
    await this.selenium.manage().window().setRect({ width, height });
  }

  download(selector) {
    return saveByClick(this, selector, this.server.downloads, '.wkdownload');
  }

  async problems() {
    await this.keepProblems();
    return [...this.seen];
  }

  close() { return this.selenium.quit(); }
}

/** How long starting a driven browser may take: MiniBrowser starts in about a second; on a busy machine
 * WebKitWebDriver now and then never answers (seen about once in six runs of the smoke suite). */
const START_TIMEOUT_MS = 30_000;
const START_ATTEMPTS = 3;

/** A driven browser, or null when WebKitWebDriver has not answered in time. */
async function startBrowser(server) {
  const building = new Builder().usingServer(server.url).withCapabilities({
    browserName: 'MiniBrowser',
    'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
  }).build();
  let timer;
  const late = new Promise((resolve) => { timer = setTimeout(() => resolve(null), START_TIMEOUT_MS); });
  try {
    return await Promise.race([building, late]);
  } finally {
    clearTimeout(timer);
    // The abandoned request fails once its server is stopped; nothing waits for it then.
    building.catch(() => {});
  }
}

export async function newPage(server, base, options = {}) {
  let driver;
  for (let attempt = 1; ; attempt += 1) {
    driver = await startBrowser(server);
    if (driver) break;
    if (attempt === START_ATTEMPTS) {
      throw new Error(`WebKitWebDriver started no browser in ${START_ATTEMPTS} tries of ${START_TIMEOUT_MS / 1000} s`);
    }
    process.stderr.write(`webkit: no browser after ${START_TIMEOUT_MS / 1000} s; the WebDriver server is restarted\n`);
    server.stop();
    await server.start();
  }
  const page = new WebKitPage(base, traced(driver), server);
  if (options.viewport) await page.setViewport(options.viewport);
  return page;
}
