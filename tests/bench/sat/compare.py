#!/usr/bin/env python3
"""The lab's `sat` beside CaDiCaL and MiniSat on the same CNF, and beside the lab's own engines.

For each puzzle file (one puzzle per line; `#` lines skipped) and each of its first LIMIT
puzzles, every solver runs as a process of its own, from its input file to its answer, timed
by the wall clock around the process (so each figure includes starting the program and reading
its input: the DIMACS for CaDiCaL and MiniSat, the puzzle's line for the lab):

  cadical FILE.cnf, minisat FILE.cnf        the formula `sudoku reduce --to cnf` writes
  sudoku solve -a sat|portfolio|propagation|dlx  the puzzle's line, to its verified answer

Every answer is checked: the SAT solvers' verdict against ours, the lab's answers by the CLI's
own verifier ("solved" lines only). Prints one Markdown table per file: solved, median and
worst time per puzzle for each solver, and the median ratio of each to CaDiCaL.

  tests/bench/sat/compare.py [--limit N] [--timeout S] [--sudoku PATH] FILE...
"""

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time


def puzzles(path, limit):
    out = []
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#"):
                out.append(line)
                if len(out) == limit:
                    break
    return out


def timed(cmd, timeout, stdin=None):
    start = time.perf_counter()
    try:
        done = subprocess.run(cmd, input=stdin, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, ""
    return time.perf_counter() - start, done.stdout


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=100)
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--sudoku", default="target/release/sudoku")
    parser.add_argument("--dlx", action="store_true", help="also dlx (slow on some 25×25)")
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    solvers = [s for s in ("cadical", "minisat") if shutil.which(s)]
    if not solvers:
        sys.exit("neither cadical nor minisat is installed (Debian: apt-get install cadical minisat)")
    engines = ["sat", "portfolio", "propagation"] + (["dlx"] if args.dlx else [])
    for path in args.files:
        lines = puzzles(path, args.limit)
        times = {name: [] for name in solvers + engines}
        with tempfile.TemporaryDirectory() as tmp:
            listing = subprocess.run(
                [args.sudoku, "reduce", "--to", "cnf", "--out", tmp, "-"],
                input="\n".join(lines) + "\n", capture_output=True, text=True, check=True,
            ).stdout.split()
            for i, (line, cnf) in enumerate(zip(lines, listing)):
                verdicts = {}
                for solver in solvers:
                    cmd = [solver, "-q", cnf] if solver == "cadical" else [solver, "-verb=0", cnf, os.devnull]
                    elapsed, out = timed(cmd, args.timeout)
                    times[solver].append(elapsed)
                    if elapsed is not None:
                        verdicts[solver] = "UNSAT" if "UNSATISFIABLE" in out else "SAT"
                for engine in engines:
                    elapsed, out = timed([args.sudoku, "solve", "--threads", "1", "-a", engine, "-"],
                                         args.timeout, stdin=line + "\n")
                    times[engine].append(elapsed)
                    if elapsed is not None:
                        answer = out.strip()
                        verdicts[engine] = "UNSAT" if answer == "no solution" else "SAT"
                        if answer != "no solution" and (answer.startswith(("invalid", "unsolved")) or not answer):
                            sys.exit(f"{path} puzzle {i + 1}: {engine} answered {answer!r}")
                if len(set(verdicts.values())) > 1:
                    sys.exit(f"{path} puzzle {i + 1}: the solvers disagree: {verdicts}")
        print(f"\n{os.path.basename(path)}: {len(lines)} puzzles, one process each, wall clock\n")
        print("| solver | solved | median | worst | median ÷ CaDiCaL's |")
        print("|---|---:|---:|---:|---:|")
        base = times.get("cadical")
        for name, ts in times.items():
            done = [t for t in ts if t is not None]
            if not done:
                print(f"| {name} | 0 | – | – | – |")
                continue
            ratio = "–"
            if base and name != "cadical":
                pairs = [t / b for t, b in zip(ts, base) if t is not None and b is not None]
                ratio = f"{statistics.median(pairs):.2f}" if pairs else "–"
            worst = "timeout" if len(done) < len(ts) else f"{max(done) * 1e3:.1f} ms"
            print(f"| {name} | {len(done)} of {len(ts)} | {statistics.median(done) * 1e3:.1f} ms | {worst} | {ratio} |")


if __name__ == "__main__":
    main()
