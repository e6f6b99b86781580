// The browser suite's console hook, for engines whose driver cannot read the console (WebKit's
// WebDriver): loaded by test_hook.js only while the cookie `sudoku-lab-test-hook=1` is set (a
// visit without it fetches none of this). Console errors and warnings, uncaught errors and
// rejections, and errors of the page's workers are kept in the tab's sessionStorage (so they
// outlive a navigation), at most 200 of them.
(() => {
  const KEY = 'sudoku-lab-test-problems';
  const record = (text) => {
    try {
      const kept = JSON.parse(sessionStorage.getItem(KEY) ?? '[]');
      if (kept.length < 200) kept.push(String(text));
      sessionStorage.setItem(KEY, JSON.stringify(kept));
    } catch (_) {
      // Storage refused (a sandboxed frame): nothing to keep it in.
    }
  };
  for (const level of ['error', 'warn']) {
    const original = console[level].bind(console);
    console[level] = (...args) => {
      record(`console ${level === 'warn' ? 'warning' : level}: ${args.map(String).join(' ')}`);
      original(...args);
    };
  }
  // The first lines of the stack too: where it came from is what a failing test needs.
  const where = (error) => (error?.stack ? ` @ ${String(error.stack).split('\n').slice(0, 4).join(' | ')}` : '');
  addEventListener('error', (e) => record(`page error: ${e.message}${where(e.error)}`));
  addEventListener('unhandledrejection', (e) => record(`page error: ${e.reason?.message ?? e.reason}`));
  // A worker whose script is still loading when the page is left fails to load ("Load failed"
  // in WebKit): the browser's teardown, not the page's problem, so not kept once leaving.
  let leaving = false;
  addEventListener('beforeunload', () => { leaving = true; });
  addEventListener('pagehide', () => { leaving = true; });
  addEventListener('pageshow', () => { leaving = false; });
  const PageWorker = window.Worker;
  window.Worker = class extends PageWorker {
    constructor(...args) {
      super(...args);
      this.addEventListener('error', (e) => { if (!leaving) record(`worker error: ${e.message}`); });
    }
  };
})();
