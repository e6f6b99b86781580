// What a browser test does with a page, the same in every engine. An engine's driver gives the
// primitives (run an expression, navigate, click, type, keys, screenshot, downloads, problems);
// everything read from the page is built here on `evaluate`, so it means the same everywhere.

/** The source of a call of `fn` with JSON arguments (or `fn` itself, an expression). */
export function expression(fn, args = []) {
  if (typeof fn === 'string') return fn;
  return `(${fn})(${args.map((a) => (a === undefined ? 'undefined' : JSON.stringify(a))).join(', ')})`;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export class LabPage {
  /** @param {string} engine chromium, firefox or webkit */
  constructor(engine, base) {
    this.engine = engine;
    this.base = base;
  }

  // ---- per engine ----
  /** The value of a JS expression in the page (a promise is awaited; the value must be JSON). */
  async evaluateSource(_source) { throw new Error('not implemented'); }
  /** The same in the frame `frameSelector` of the page (another origin's frame too). */
  async evaluateInFrame(_frameSelector, _source) { throw new Error('not implemented'); }
  async navigate(_url) { throw new Error('not implemented'); }
  /** A real click at the element's centre (scrolled into view). */
  async clickElement(_selector) { throw new Error('not implemented'); }
  /** A raw mouse click at a point of the viewport (no waiting for the element there). */
  async mouseClick(_x, _y) { throw new Error('not implemented'); }
  /** Types `text` into an empty field, as keystrokes or as the engine fills a field. */
  async typeInto(_selector, _text) { throw new Error('not implemented'); }
  /** Presses a key (`ArrowRight`, `Home`, `a`, ` `…) on the focused element. */
  async press(_key) { throw new Error('not implemented'); }
  async screenshot(_path) { throw new Error('not implemented'); }
  async setViewport(_size) { throw new Error('not implemented'); }
  /** Clicks `selector` and returns the file it saves: `{ name, text }`. */
  async download(_selector) { throw new Error('not implemented'); }
  /** Console errors and warnings, page errors and worker errors seen so far. */
  async problems() { throw new Error('not implemented'); }
  async close() { throw new Error('not implemented'); }

  // ---- the same in every engine ----
  evaluate(fn, ...args) {
    return this.evaluateSource(expression(fn, args));
  }

  /** Goes to `url`; a page of the lab is waited for until the app has drawn it (its wasm loads
   * after the document). */
  async goto(url) {
    await this.navigate(url);
    if (url.startsWith(this.base)) await this.waitForSelector('main', { timeout: 30_000 });
  }

  async reload() {
    await this.goto(await this.evaluate(() => location.href));
  }

  /** `fn(element, arg)` for the first element matching `selector` (an error if none does). */
  $eval(selector, fn, arg) {
    return this.evaluate(`((el, arg) => {
      if (!el) throw new Error(${JSON.stringify(`no element matches ${selector}`)});
      return (${fn})(el, arg);
    })(document.querySelector(${JSON.stringify(selector)}), ${arg === undefined ? 'undefined' : JSON.stringify(arg)})`);
  }

  /** `fn(elements, arg)` for every element matching `selector`. */
  $$eval(selector, fn, arg) {
    return this.evaluate(`(${fn})([...document.querySelectorAll(${JSON.stringify(selector)})], ${arg === undefined ? 'undefined' : JSON.stringify(arg)})`);
  }

  count(selector) {
    return this.$$eval(selector, (els) => els.length);
  }

  async exists(selector) {
    return (await this.count(selector)) > 0;
  }

  textContent(selector) {
    return this.$eval(selector, (el) => el.textContent);
  }

  inputValue(selector) {
    return this.$eval(selector, (el) => el.value);
  }

  getAttribute(selector, name) {
    return this.$eval(selector, (el, n) => el.getAttribute(n), name);
  }

  isVisible(selector) {
    // checkVisibility also sees content that is laid out but not shown (a closed <details>).
    return this.evaluate((s) => {
      const el = document.querySelector(s);
      if (!el) return false;
      if (el.checkVisibility) return el.checkVisibility({ visibilityProperty: true });
      return el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
    }, selector);
  }

  isDisabled(selector) {
    return this.$eval(selector, (el) => el.disabled === true);
  }

  /** Puts `text` into a field at once, as pasting does (one `input` event). */
  paste(selector, text) {
    return this.$eval(selector, (el, v) => {
      el.value = v;
      el.dispatchEvent(new Event('input', { bubbles: true }));
    }, text);
  }

  /** Sets a range input's value as a drag would (an `input` event). */
  setRange(selector, value) {
    return this.paste(selector, String(value));
  }

  /** Waits until `fn(arg)` is truthy in the page and returns its value. A navigation under way
   * is waited through. */
  async waitForFunction(fn, arg, { timeout = 30_000 } = {}) {
    const source = expression(fn, [arg]);
    const end = Date.now() + timeout;
    let last;
    for (;;) {
      try {
        const value = await this.evaluateSource(source);
        if (value) return value;
        last = undefined;
      } catch (e) {
        last = e;
      }
      if (Date.now() > end) {
        throw new Error(`timed out after ${timeout} ms waiting for ${source.slice(0, 300)}${last ? ` (${last.message})` : ''}`);
      }
      await sleep(50);
    }
  }

  /** Waits for an element matching `selector` that is displayed. */
  waitForSelector(selector, { timeout = 30_000 } = {}) {
    return this.waitForFunction((s) => {
      const el = document.querySelector(s);
      return !!el && el.getClientRects().length > 0;
    }, selector, { timeout });
  }

  /** A click on an element once it is displayed and enabled (as a user can click it). */
  async click(selector) {
    await this.waitForFunction((s) => {
      const el = document.querySelector(s);
      return !!el && el.getClientRects().length > 0 && !el.disabled;
    }, selector);
    await this.clickElement(selector);
  }

  /** A raw mouse click at the element's centre, as soon as it is there: no waiting for it to
   * be stable (for measuring how fast a busy page answers). */
  async clickNow(selector) {
    const { x, y } = await this.$eval(selector, (el) => {
      el.scrollIntoView({ block: 'center' });
      const box = el.getBoundingClientRect();
      return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    });
    await this.mouseClick(Math.round(x), Math.round(y));
  }

  async fill(selector, text) {
    await this.waitForSelector(selector);
    await this.$eval(selector, (el) => {
      el.value = '';
      el.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await this.typeInto(selector, text);
  }

  /** Chooses an option of a `<select>` by value, as picking it does (`input` and `change`). */
  async selectOption(selector, value) {
    await this.waitForSelector(selector);
    await this.$eval(selector, (el, v) => {
      if (![...el.options].some((o) => o.value === v)) throw new Error(`no option ${v} in ${el.id}`);
      el.value = v;
      el.dispatchEvent(new Event('input', { bubbles: true }));
      el.dispatchEvent(new Event('change', { bubbles: true }));
    }, value);
  }

  /** Ticks a checkbox (a click, if it is not ticked yet). */
  async check(selector) {
    await this.waitForSelector(selector);
    if (!(await this.$eval(selector, (el) => el.checked))) await this.click(selector);
  }

  /** Focuses an element (for the keyboard). */
  focus(selector) {
    return this.$eval(selector, (el) => el.focus());
  }

  /** A view of the frame `selector` (another origin's too) with the same reading methods. */
  frame(selector) {
    const page = this;
    const inFrame = Object.create(LabPage.prototype);
    Object.assign(inFrame, { engine: this.engine, base: this.base });
    inFrame.evaluateSource = (source) => page.evaluateInFrame(selector, source);
    return inFrame;
  }
}
