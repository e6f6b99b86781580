#!/usr/bin/env python3
"""The lab's `sat` beside CaDiCaL 1.9.5 and MiniSat 2.2 run in-process through python-sat
(PyPI `python-sat`), on the same CNF, the time of loading the clauses and solving only.

For each puzzle: `sudoku reduce --to cnf` writes its formula; python-sat reads it (not timed),
then the timer runs around building the solver from the clauses (python-sat hands them over
from Python lists: part of that time is Python's) and solving; `solve()` alone is also given. The lab's figure
is `sudoku solve -a sat --stats --threads 1`'s solver time for the puzzle, which covers the
same and also writing the formula from the grid. Prints, per file, the median and worst time
of each and the median of the per-puzzle ratios to CaDiCaL.

  python -m pip install python-sat
  tests/bench/sat/inprocess.py [--limit N] [--sudoku PATH] FILE...
"""

import argparse
import os
import re
import statistics
import subprocess
import tempfile
import time

from pysat.formula import CNF
from pysat.solvers import Cadical195, Minisat22


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--limit", type=int, default=100)
    parser.add_argument("--sudoku", default="target/release/sudoku")
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    for path in args.files:
        with open(path, encoding="utf-8", errors="replace") as f:
            lines = [l.strip() for l in f if l.strip() and not l.startswith("#")][: args.limit]
        text = "\n".join(lines) + "\n"
        stats = subprocess.run([args.sudoku, "solve", "-a", "sat", "--stats", "--threads", "1", "-"],
                               input=text, capture_output=True, text=True, check=True).stderr
        ours = [float(m) / 1e6 for m in re.findall(r"solved; .*?; ([0-9.]+) µs", stats)]
        assert len(ours) == len(lines), stats[-500:]
        times = {"CaDiCaL 1.9.5": [], "MiniSat 2.2": [], "sat (the lab)": ours}
        solving = {"CaDiCaL 1.9.5": [], "MiniSat 2.2": []}
        with tempfile.TemporaryDirectory() as tmp:
            files = subprocess.run([args.sudoku, "reduce", "--to", "cnf", "--out", tmp, "-"],
                                   input=text, capture_output=True, text=True, check=True).stdout.split()
            for cnf_path in files:
                clauses = CNF(from_file=cnf_path).clauses
                for name, make in (("CaDiCaL 1.9.5", Cadical195), ("MiniSat 2.2", Minisat22)):
                    start = time.perf_counter()
                    with make(bootstrap_with=clauses) as solver:
                        loaded = time.perf_counter()
                        assert solver.solve()
                        solver.get_model()
                        end = time.perf_counter()
                    times[name].append(end - start)
                    solving[name].append(end - loaded)
        base = times["CaDiCaL 1.9.5"]
        print(f"\n{os.path.basename(path)}: {len(lines)} puzzles, in-process, load + solve\n")
        print("| solver | median | worst | median ÷ CaDiCaL's | solve() alone, median |")
        print("|---|---:|---:|---:|---:|")
        for name, ts in times.items():
            ratio = statistics.median(t / b for t, b in zip(ts, base))
            alone = f"{statistics.median(solving[name]) * 1e3:.2f} ms" if name in solving else "–"
            print(f"| {name} | {statistics.median(ts) * 1e3:.2f} ms | {max(ts) * 1e3:.2f} ms | {ratio:.2f} | {alone} |")


if __name__ == "__main__":
    main()
