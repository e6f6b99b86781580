"""Rate puzzles with hodoku-py (PyPI: HoDoKu 2.2's solution path and score) and print one
tab-separated line per puzzle: set, puzzle, level, score, then the path's techniques as
`name*count` in the order first used. The lab's HoDoKu table (tests/data/hodoku.tsv) was
made with it (`grep -v '^#' tests/data/serate.tsv | cut -f1,2 | python rate.py`).

Reads `set<TAB>puzzle` lines (or bare puzzles, set "-") on stdin; a puzzle hodoku-py rejects
keeps its line with `invalid` and the reason."""

import sys

from hodoku import Solver


def techniques(steps):
    counts = {}
    for step in steps:
        name = step.type.name.lower().replace("_", "-")
        counts[name] = counts.get(name, 0) + 1
    return " ".join(f"{name}*{count}" for name, count in counts.items())


def main():
    solver = Solver()
    for line in sys.stdin:
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        set_name, _, puzzle = line.rpartition("\t")
        set_name = set_name or "-"
        try:
            result = solver.solve(puzzle)
        except ValueError as error:
            print(f"{set_name}\t{puzzle}\tinvalid\t{error}", flush=True)
            continue
        level = result.level.name.lower() if result.solved else "unsolved"
        print(f"{set_name}\t{puzzle}\t{level}\t{result.score}\t{techniques(result.steps)}", flush=True)


if __name__ == "__main__":
    main()
