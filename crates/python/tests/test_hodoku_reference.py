"""The lab's HoDoKu scale against HoDoKu's own, live: hodoku-py (PyPI; HoDoKu 2.2's solution path
and score) rates a sample of tests/data/hodoku.tsv again here. Its answers must be the table's
(the committed table is what hodoku-py says), and the lab's level must be HoDoKu's on most of
them (crates/core/tests/hodoku_scale.rs checks the whole table)."""

from pathlib import Path

import hodoku

import sudoku_lab as sl

TABLE = Path(__file__).resolve().parents[3] / "tests" / "data" / "hodoku.tsv"


def sample():
    rows = [line.split("\t") for line in TABLE.read_text().splitlines() if line and not line.startswith("#")]
    clue17 = [r for r in rows if r[0] == "clue17"][::50]
    top1465 = [r for r in rows if r[0] == "top1465"][:6]
    return clue17 + top1465


def test_hodoku_py_gives_the_table_and_the_lab_agrees_on_most_levels():
    solver = hodoku.Solver()
    rows = sample()
    assert len(rows) > 20
    equal = 0
    for _set, puzzle, level, score, _techniques in rows:
        theirs = solver.rate(puzzle)
        assert (theirs.level.name.lower(), theirs.score) == (level, int(score)), puzzle
        ours = sl.rate(puzzle)
        assert ours.hodoku_level is not None and ours.hodoku_score > 0, ours
        equal += ours.hodoku_level == level
    assert equal >= 0.9 * len(rows), f"{equal} of {len(rows)} levels equal"
