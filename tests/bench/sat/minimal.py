#!/usr/bin/env python3
"""Checks generated puzzles unique and minimal with CaDiCaL: an engine other than the one that
made them (the lab's generator proves 25×25 removals with its own SAT solver).

For each puzzle (one per line; `#` lines skipped), on the formula `sudoku reduce --to cnf`
writes (variable cell·n + d, 1-based: the cell holds d; each given a unit clause):

  1. CaDiCaL finds a solution S;
  2. unique: the formula with "not S" added is unsatisfiable;
  3. minimal: for each given, the formula without its unit clause and with "this cell is not
     S's digit" added is satisfiable (the puzzle without that given has another solution).

With --symmetry, a given's whole orbit is taken away at once (as the generator does). Prints one
line per puzzle and a summary; exits 1 if any puzzle is not unique or not minimal.

  tests/bench/sat/minimal.py [--limit N] [--symmetry none|180|90|mirror|diagonal] [--sudoku PATH] FILE...
"""

import argparse
import math
import shutil
import subprocess
import sys
import time

from compare import puzzles


def orbit(symmetry, n, cell):
    """The cell and its images under the symmetry, as the lab's generator groups them."""
    r, c = divmod(cell, n)
    images = {
        "none": [],
        "180": [(n - 1 - r, n - 1 - c)],
        "90": [(c, n - 1 - r), (n - 1 - r, n - 1 - c), (n - 1 - c, r)],
        "mirror": [(r, n - 1 - c)],
        "diagonal": [(c, r)],
    }[symmetry]
    cells = [cell]
    for rr, cc in images:
        if rr * n + cc not in cells:
            cells.append(rr * n + cc)
    return cells


def cadical(nvars, base, extra):
    """CaDiCaL's verdict on the clauses of `base` (DIMACS lines, with their count) and `extra`
    (lists of ints): (True, model set) or (False, None)."""
    text, count = base
    tail = "".join(" ".join(map(str, cl)) + " 0\n" for cl in extra)
    header = "p cnf %d %d\n" % (nvars, count + len(extra))
    done = subprocess.run(["cadical", "-q"], input=header + text + tail, capture_output=True, text=True)
    if done.returncode == 20:
        return False, None
    if done.returncode != 10:
        sys.exit("cadical failed (%d): %s" % (done.returncode, done.stderr.strip()))
    model = set()
    for line in done.stdout.splitlines():
        if line.startswith("v "):
            model.update(int(x) for x in line[2:].split() if int(x) > 0)
    return True, model


def read_cnf(text):
    """The variable count, the clause lines that are not one positive literal (with their
    count), and those that are (the givens), as ints."""
    nvars, lines, units = None, [], []
    for line in text.splitlines():
        if not line or line[0] == "c":
            continue
        if line[0] == "p":
            nvars = int(line.split()[2])
            continue
        lits = line.split()
        if len(lits) == 2 and lits[1] == "0" and not lits[0].startswith("-"):
            units.append(int(lits[0]))
        else:
            lines.append(line)
    return nvars, ("\n".join(lines) + "\n", len(lines)), units


def check(sudoku, line, symmetry):
    """(unique, number of givens, givens that can go): one puzzle."""
    done = subprocess.run(
        [sudoku, "reduce", "--to", "cnf"], input=line + "\n", capture_output=True, text=True
    )
    if done.returncode != 0:
        sys.exit("sudoku reduce --to cnf failed: " + done.stderr.strip())
    nvars, base, units = read_cnf(done.stdout)
    n = round(math.sqrt(len(line)))
    var = lambda cell, d: cell * n + d
    ok, model = cadical(nvars, base, [[u] for u in units])
    if not ok:
        return False, 0, []
    solution = [next(d for d in range(1, n + 1) if var(c, d) in model) for c in range(n * n)]
    given = [c for c in range(n * n) if line[c] not in ".0"]
    assert sorted(units) == sorted(var(c, solution[c]) for c in given), "a given's unit clause"
    empty = [c for c in range(n * n) if c not in set(given)]
    not_s = [-var(c, solution[c]) for c in empty]
    unique = not cadical(nvars, base, [[u] for u in units] + [not_s])[0]
    can_go, seen = [], set()
    for c in given:
        if c in seen:
            continue
        cells = [o for o in orbit(symmetry, n, c) if o in set(given)]
        seen.update(cells)
        gone = {var(o, solution[o]) for o in cells}
        kept = [[u] for u in units if u not in gone]
        if not cadical(nvars, base, kept + [[-u for u in gone]])[0]:
            can_go.append(c)
    return unique, len(given), can_go


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=1000)
    parser.add_argument("--symmetry", default="none")
    parser.add_argument("--sudoku", default="target/release/sudoku")
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    if not shutil.which("cadical"):
        sys.exit("cadical is not installed (Debian: apt-get install cadical)")
    bad = 0
    total = 0
    for path in args.files:
        for i, line in enumerate(puzzles(path, args.limit), 1):
            start = time.perf_counter()
            unique, givens, can_go = check(args.sudoku, line, args.symmetry)
            total += 1
            verdict = "unique and minimal" if unique and not can_go else (
                "NOT UNIQUE" if not unique else "NOT MINIMAL: %d givens can go" % len(can_go)
            )
            bad += verdict != "unique and minimal"
            print("%s:%d: %d givens, %s (%.1f s)" % (path, i, givens, verdict, time.perf_counter() - start), flush=True)
    print("%d of %d puzzles unique and minimal by CaDiCaL" % (total - bad, total))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
