// The CLI's answers that browser tests compare the page with.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = new URL('../../', import.meta.url).pathname;

/** Runs `sudoku ARGS…` (the debug build `cargo test` made, or a fresh one). */
function sudoku(args) {
  const binary = join(ROOT, 'target/debug/sudoku');
  const [command, prefix] = existsSync(binary)
    ? [binary, []]
    : ['cargo', ['run', '-q', '--locked', '-p', 'sudoku-cli', '--']];
  execFileSync(command, [...prefix, ...args], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
}

/** The puzzle `sudoku generate ARGS…` prints (the first line). */
export function cliPuzzle(args) {
  const binary = join(ROOT, 'target/debug/sudoku');
  const [command, prefix] = existsSync(binary)
    ? [binary, []]
    : ['cargo', ['run', '-q', '--locked', '-p', 'sudoku-cli', '--']];
  return execFileSync(command, [...prefix, 'generate', ...args], { cwd: ROOT, encoding: 'utf8' }).split('\n')[0];
}

/** The CSV files in `dir`, by name without `.csv`. */
function csvFiles(dir) {
  return Object.fromEntries(readdirSync(dir).filter((f) => f.endsWith('.csv'))
    .map((f) => [f.replace(/\.csv$/, ''), readFileSync(join(dir, f), 'utf8')]));
}

/** The CLI's CSV files for an experiment, by table name. */
export function cliTables(args) {
  const dir = mkdtempSync(join(tmpdir(), 'sudoku-experiment-'));
  sudoku(['experiment', ...args, '--csv', dir]);
  return csvFiles(dir);
}

/** The CLI's files for a study (`records`, `summary`, `pairwise`). */
export function cliStudy(args) {
  const dir = mkdtempSync(join(tmpdir(), 'sudoku-study-'));
  sudoku(['study', ...args, '--out', dir]);
  return csvFiles(dir);
}

/** The standings CSV of `sudoku tune ARGS…` (its `--csv` file). */
export function cliTune(args) {
  const dir = mkdtempSync(join(tmpdir(), 'sudoku-tune-'));
  sudoku(['tune', ...args, '--csv', join(dir, 'race.csv'), '-q']);
  return readFileSync(join(dir, 'race.csv'), 'utf8');
}

/** A CSV's rows as field lists, without the columns whose names match `clock` (what the clock
 * measured differs from run to run; every other field must not). */
export function withoutClock(csv, clock = /time|finding/) {
  const rows = csv.trim().split('\n').map((line) => line.match(/("([^"]|"")*"|[^,]*)(,|$)/g).map((f) => f.replace(/,$/, '')));
  const keep = rows[0].map((name, i) => (clock.test(name) ? -1 : i)).filter((i) => i >= 0);
  return rows.map((row) => keep.map((i) => row[i]));
}


/** A trace file of `sudoku solve ARGS… --trace` on `puzzle`, as its bytes. */
/** The frame `sudoku render TRACE --step STEP ARGS…` draws (SVG text) of the run `cliTrace`
 * records with `traceArgs`. */
export function cliFrame(puzzle, traceArgs, step, args = []) {
  const dir = mkdtempSync(join(tmpdir(), 'sudoku-frame-'));
  writeFileSync(join(dir, 'run.trace'), cliTrace(puzzle, traceArgs));
  sudoku(['render', join(dir, 'run.trace'), '--step', String(step), ...args, '--out', join(dir, 'frame.svg')]);
  return readFileSync(join(dir, 'frame.svg'), 'utf8');
}

/** The file `sudoku render TRACE ARGS… --out NAME` writes (its bytes) of the run `cliTrace`
 * records with `traceArgs`: a GIF or PNG by `name`'s extension. */
export function cliRender(puzzle, traceArgs, args, name) {
  const dir = mkdtempSync(join(tmpdir(), 'sudoku-render-'));
  writeFileSync(join(dir, 'run.trace'), cliTrace(puzzle, traceArgs));
  sudoku(['render', join(dir, 'run.trace'), ...args, '--out', join(dir, name)]);
  return readFileSync(join(dir, name));
}

export function cliTrace(puzzle, args, name = 'run.trace') {
  const dir = mkdtempSync(join(tmpdir(), 'sudoku-trace-'));
  writeFileSync(join(dir, 'puzzle.txt'), `${puzzle}\n`);
  sudoku(['solve', ...args, '--trace', join(dir, name), join(dir, 'puzzle.txt')]);
  return readFileSync(join(dir, name));
}
