// The core's batch work in the browser's engine: the wasm build (crates/wasm-bench, bound for
// Node by `./dev bench`) timed on each set, the same work as `sudoku bench` natively: from each
// puzzle's text line to its verified answer, and the solver alone. Fastest of RUNS passes.
// `./dev bench` runs it on both builds the page ships (with wasm SIMD and without); by hand, the
// SIMD one unless WASM_BENCH_PKG names another.
//   node tests/bench/wasm.mjs [--label NAME] FILE…
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename } from 'node:path';
import { performance } from 'node:perf_hooks';

const require = createRequire(import.meta.url);
const args = process.argv.slice(2);
const labelAt = args.indexOf('--label');
const label = labelAt >= 0 ? args.splice(labelAt, 2)[1] : 'wasm';
const pkg = process.env.WASM_BENCH_PKG ?? new URL('../../target/wasm-bench-simd128/pkg/sudoku_wasm_bench.js', import.meta.url).pathname;
const { Batch } = require(pkg);
const runs = Number(process.env.RUNS ?? 7);
const algorithm = process.env.ALGORITHM ?? 'propagation';

function fastest(pass) {
  let best = Infinity;
  for (let i = 0; i < runs; i += 1) best = Math.min(best, pass());
  return best;
}

console.log(`| engine | algorithm | file | puzzles | verified | text → answer puzzles/s | solver alone puzzles/s |`);
console.log('|---|---|---|---:|---:|---:|---:|');
for (const file of args) {
  const batch = new Batch(readFileSync(file));
  const n = batch.size();
  let verified = 0;
  const whole = fastest(() => {
    const t = performance.now();
    verified = batch.answer_lines(algorithm);
    return performance.now() - t;
  });
  const alone = fastest(() => {
    const t = performance.now();
    batch.solve(algorithm);
    return performance.now() - t;
  });
  if (batch.verified() !== n || verified !== n) throw new Error(`${file}: ${verified} of ${n} verified`);
  console.log(`| ${label} | ${algorithm} | ${basename(file)} | ${n} | ${verified} | ${Math.round(n / (whole / 1e3))} | ${Math.round(n / (alone / 1e3))} |`);
  batch.free();
}
