"""Trace files from Python: ``Trace.save`` writes what ``sudoku solve --trace`` writes, and
``load_trace`` reads either back, refusing a damaged file with the core's message."""

import gzip
import subprocess

import pytest

import sudoku_lab as sl
from conftest import HARD, HARD_SOLVED


@pytest.mark.parametrize("name", ["run.trace", "run.trace.gz", "run.json", "run.json.gz"])
def test_a_saved_trace_loads_back_the_same(tmp_path, name):
    trace = sl.trace(HARD, "dlx", seed=3)
    path = tmp_path / name
    trace.save(path)
    back = sl.load_trace(path)
    assert back.events == trace.events
    assert (back.outcome, back.puzzle, back.configuration, back.seed, back.side) == (
        "verified",
        HARD,
        "dlx",
        3,
        9,
    )
    raw = path.read_bytes()
    if name.endswith(".gz"):
        raw = gzip.decompress(raw)
    assert raw.startswith(b'{"format":"sudoku-lab-trace"' if ".json" in name else b"SUDOKU-LAB-TRACE 1\n")


def test_the_files_settings_run_the_same_events_again(tmp_path):
    trace = sl.trace(HARD, "coloring-bfs", seed=5, list_size=3, max_iterations=4)
    trace.save(tmp_path / "t.trace")
    back = sl.load_trace(tmp_path / "t.trace")
    assert back.configuration == "coloring-bfs;list_size=3;max_iterations=4"
    algorithm, *params = back.configuration.split(";")
    again = sl.trace(
        back.puzzle, algorithm, seed=back.seed, **dict(p.split("=") for p in params)
    )
    assert again.events == back.events and again.outcome == back.outcome == "gave-up"
    assert back.status == "unsolved: gave up after 4 constructions"


def test_a_capped_trace_says_so_in_its_file(tmp_path):
    capped = sl.trace(HARD, "backtracking", max_events=50)
    capped.save(tmp_path / "c.trace")
    back = sl.load_trace(tmp_path / "c.trace")
    assert back.truncated and len(back.events) == 50
    assert back.outcome == "cancelled" and back.status == "cancelled at max_events=50"


def test_a_damaged_or_foreign_file_is_refused_with_its_reason(tmp_path):
    trace = sl.trace(HARD, "norvig")
    trace.save(tmp_path / "t.trace")
    data = (tmp_path / "t.trace").read_bytes()
    (tmp_path / "cut.trace").write_bytes(data[:-5])
    with pytest.raises(ValueError, match="cut short"):
        sl.load_trace(tmp_path / "cut.trace")
    (tmp_path / "puzzle.txt").write_text(HARD)
    with pytest.raises(ValueError, match="not a Sudoku Lab trace"):
        sl.load_trace(tmp_path / "puzzle.txt")
    newer = data.replace(b"SUDOKU-LAB-TRACE 1", b"SUDOKU-LAB-TRACE 9", 1)
    (tmp_path / "newer.trace").write_bytes(newer)
    with pytest.raises(ValueError, match="newer Sudoku Lab"):
        sl.load_trace(tmp_path / "newer.trace")


def test_the_cli_draws_a_trace_python_saved(tmp_path, sudoku_bin):
    sl.trace(HARD, "dlx").save(tmp_path / "t.trace.gz")
    svg = subprocess.run(
        [sudoku_bin, "render", str(tmp_path / "t.trace.gz")], capture_output=True, text=True, check=True
    ).stdout
    drawn = "".join(part.split('"', 1)[0] for part in svg.split('data-value="')[1:])
    assert drawn == HARD_SOLVED
