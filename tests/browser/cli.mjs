// The CLI's answers that browser tests compare the page with.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = new URL('../../', import.meta.url).pathname;

/** The CLI's CSV files for an experiment, by table name (the debug build `cargo test` made, or
 * a fresh one). */
export function cliTables(args) {
  const dir = mkdtempSync(join(tmpdir(), 'sudoku-experiment-'));
  const binary = join(ROOT, 'target/debug/sudoku');
  const [command, prefix] = existsSync(binary)
    ? [binary, []]
    : ['cargo', ['run', '-q', '--locked', '-p', 'sudoku-cli', '--']];
  execFileSync(command, [...prefix, 'experiment', ...args, '--csv', dir], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
  return Object.fromEntries(readdirSync(dir).map((f) => [f.replace(/\.csv$/, ''), readFileSync(join(dir, f), 'utf8')]));
}

