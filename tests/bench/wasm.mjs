// The core's batch work in the browser's engine: the wasm build (crates/wasm-bench, bound for
// Node by `./dev bench`) timed on each set, the same work as `sudoku bench` natively: from each
// puzzle's text line to its verified answer, and the solver alone. Fastest of RUNS passes.
// `./dev bench` runs it on both builds the page ships (with wasm SIMD and without); by hand, the
// SIMD one unless WASM_BENCH_PKG names another.
//
// With NATIVE naming a `sudoku` binary, the native figures of the same sets are measured in the
// same run, alternating with the wasm ones (native, wasm, native, … ROUNDS times, default 2), and
// each side's fastest is printed beside its ratio: wasm ÷ native, as issue 19 asks for it.
//   [NATIVE=target/release/sudoku] node tests/bench/wasm.mjs [--label NAME] FILE…
import { execFileSync } from 'node:child_process';
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
const native = process.env.NATIVE;
const rounds = native ? Math.max(1, Math.trunc(Number(process.env.ROUNDS ?? 2)) || 1) : 1;

/** The fastest of `runs` calls of `pass`, in milliseconds of Node's clock. */
function fastest(pass) {
  let best = Infinity;
  for (let i = 0; i < runs; i += 1) {
    const t = performance.now();
    pass();
    best = Math.min(best, performance.now() - t);
  }
  return best;
}

/** The native rate (puzzles/s) of `sudoku bench` on `file`, whose `n` puzzles the wasm build
 * read too (the same work on both sides): `extra` selects the measure. */
function nativeRate(file, n, extra) {
  const out = execFileSync(native, ['bench', '-a', algorithm, '--runs', String(runs), ...extra, file], { encoding: 'utf8' });
  const row = out.split('\n').find((line) => line.startsWith(`| ${algorithm} |`));
  // | algorithm | file | puzzles | solved | verified | gave up | puzzles/s | …
  const cells = row?.split('|').map((cell) => cell.trim());
  const rate = Number(cells?.[7]);
  if (!Number.isFinite(rate) || rate <= 0) throw new Error(`${native} bench ${file}: no rate in\n${out}`);
  if (Number(cells[3]) !== n) throw new Error(`${native} bench ${file}: ${cells[3]} puzzles, the wasm build read ${n}`);
  if (cells[4] !== cells[5]) throw new Error(`${native} bench ${file}: ${cells[5]} of ${cells[4]} verified`);
  return rate;
}

const ratio = (wasm, base) => (wasm / base).toFixed(2);

if (native) {
  console.log(`| engine | algorithm | file | puzzles | verified | text → answer puzzles/s | native | ratio | solver alone puzzles/s | native | ratio |`);
  console.log('|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|');
} else {
  console.log(`| engine | algorithm | file | puzzles | verified | text → answer puzzles/s | solver alone puzzles/s |`);
  console.log('|---|---|---|---:|---:|---:|---:|');
}
for (const file of args) {
  const batch = new Batch(readFileSync(file));
  const n = batch.size();
  let verified = 0;
  let [whole, alone, nativeWhole, nativeAlone] = [Infinity, Infinity, 0, 0];
  for (let round = 0; round < rounds; round += 1) {
    if (native) {
      nativeWhole = Math.max(nativeWhole, nativeRate(file, n, []));
      nativeAlone = Math.max(nativeAlone, nativeRate(file, n, ['--solver-only']));
    }
    whole = Math.min(whole, fastest(() => { verified = batch.answer_lines(algorithm); }));
    alone = Math.min(alone, fastest(() => batch.solve(algorithm)));
    if (batch.verified() !== n || verified !== n) throw new Error(`${file}: ${verified} of ${n} verified`);
  }
  const [wholeRate, aloneRate] = [whole, alone].map((ms) => Math.round(n / (ms / 1e3)));
  const row = [label, algorithm, basename(file), n, verified, wholeRate];
  if (native) row.push(nativeWhole, ratio(wholeRate, nativeWhole), aloneRate, nativeAlone, ratio(aloneRate, nativeAlone));
  else row.push(aloneRate);
  console.log(`| ${row.join(' | ')} |`);
  batch.free();
}
