// The browser suite's console hook, for engines whose driver cannot read the console (WebKit's
// WebDriver): while the cookie `sudoku-lab-test-hook=1` is set, console errors and warnings,
// uncaught errors and rejections, and errors of the page's workers are kept in the tab's
// sessionStorage (so they outlive a navigation), at most 200 of them. Without the cookie it
// does nothing.
(() => {
  if (!document.cookie.split('; ').includes('sudoku-lab-test-hook=1')) return;
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
  addEventListener('error', (e) => record(`page error: ${e.message}`));
  addEventListener('unhandledrejection', (e) => record(`page error: ${e.reason?.message ?? e.reason}`));
  const PageWorker = window.Worker;
  window.Worker = class extends PageWorker {
    constructor(...args) {
      super(...args);
      this.addEventListener('error', (e) => record(`worker error: ${e.message}`));
    }
  };
})();
