"""The package's functions: answers verified, the same as the CLI's, bad arguments refused with
the core's message, and the GIL released so threads use every core."""

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

import sudoku_lab as sl
from conftest import HARD, HARD_SOLVED


def is_solution(puzzle: str, grid: str) -> bool:
    units = [[r * 9 + c for c in range(9)] for r in range(9)]
    units += [[r * 9 + c for r in range(9)] for c in range(9)]
    units += [[(b // 3 * 3 + i // 3) * 9 + b % 3 * 3 + i % 3 for i in range(9)] for b in range(9)]
    keeps = all(p in ".0" or p == g for p, g in zip(puzzle, grid))
    return keeps and all(sorted(grid[i] for i in u) == list("123456789") for u in units)


def test_every_exact_algorithm_solves_and_the_answer_is_verified():
    exact = [a["id"] for a in sl.algorithms() if a["family"] == "exact" and a["id"] not in ("backtracking", "bitmask", "brute-force", "fc-mrv")]
    assert "propagation" in exact and "dlx" in exact
    for algorithm in exact:
        result = sl.solve(HARD, algorithm)
        assert result.outcome == "verified", algorithm
        assert result.solution == HARD_SOLVED
        assert is_solution(HARD, result.solution)


def test_heuristics_take_parameters_and_seeds_and_say_when_they_give_up():
    easy = sl.generate(count=1, givens=40, seed=3)[0]
    a = sl.solve(easy, "tabu-alldiff", seed=5, max_iterations=500)
    b = sl.solve(easy, "tabu-alldiff", seed=5, max_iterations=500)
    assert a == b and a.solved and is_solution(easy, a.solution)
    gave_up = sl.solve(HARD, "coloring-bfs", seed=1, max_iterations=3)
    assert gave_up.outcome == "gave-up" and gave_up.solution is None and gave_up.restarts <= 3
    unsolvable = "11" + "." * 79
    with pytest.raises(ValueError, match="1 appears twice in row 1"):
        sl.solve(unsolvable)
    no_solution = "12345678." + "........9" + "." * 63
    assert sl.solve(no_solution).outcome == "no-solution"


def test_bad_arguments_raise_value_errors_with_the_cores_message():
    with pytest.raises(ValueError, match="unknown algorithm 'quantum'"):
        sl.solve(HARD, "quantum")
    with pytest.raises(ValueError, match="tenure = 'x' is not valid"):
        sl.solve(HARD, "tabu-ac3", tenure="x")
    with pytest.raises(ValueError, match="has no parameter 'colour'"):
        sl.solve(HARD, "dlx", colour=3)
    with pytest.raises(ValueError, match="elite = 120 must be less than population = 50"):
        sl.solve(HARD, "genetic", population=50)
    # One message, said once: a one-line string has no line number, no repeated prefix.
    with pytest.raises(ValueError, match=r"^\d+ cells \('n' is not a symbol of a 4×4, 9×9 or 16×16 grid\); a puzzle has 16") as bad:
        sl.solve("not a puzzle")
    assert "line" not in str(bad.value)
    with pytest.raises(ValueError, match=r"^column 2: 'x' is not a symbol of a 9×9 grid"):
        sl.solve("1x" + "." * 79)
    with pytest.raises(ValueError, match="more than one puzzle"):
        sl.solve(HARD + "\n" + HARD)
    with pytest.raises(ValueError, match="seed"):
        sl.solve(HARD, seed=-1)
    with pytest.raises(ValueError):
        sl.count(HARD, limit=0)
    with pytest.raises(ValueError, match="no level 'insane'"):
        sl.generate(level="insane")
    with pytest.raises(ValueError, match="no unique 9×9 puzzle has 12 givens"):
        sl.generate(givens=12)


def test_count_rate_explain_and_generate_answer_as_the_cli(sudoku_bin):
    import subprocess

    assert sl.count(HARD) == 1
    assert sl.count("." * 81, limit=5) == 5
    puzzles = sl.generate(count=4, level="hard", symmetry="180", seed=7)
    assert puzzles == sl.generate(count=4, level="hard", symmetry="180", seed=7)
    cli = subprocess.run([sudoku_bin, "generate", "--count", "4", "--difficulty", "hard", "--symmetry", "180", "--seed", "7"], capture_output=True, text=True, check=True)
    assert puzzles == cli.stdout.split()
    rates = subprocess.run([sudoku_bin, "rate", "-"], input="\n".join(puzzles), capture_output=True, text=True, check=True)
    assert [sl.rate(p).line for p in puzzles] == rates.stdout.splitlines()
    assert all(sl.rate(p).level == "hard" for p in puzzles)
    hodoku = subprocess.run([sudoku_bin, "rate", "--scale", "hodoku", "-"], input="\n".join(puzzles), capture_output=True, text=True, check=True)
    assert [sl.rate(p).hodoku_line for p in puzzles] == hodoku.stdout.splitlines()
    assert all(sl.rate(p).hodoku_level in ("medium", "hard", "unfair") and sl.rate(p).hodoku_score > 0 for p in puzzles)
    assert all(sl.count(p) == 1 for p in puzzles)
    # Below 25×25 both minimality tests are exact: the same puzzles; a wrong name is refused.
    assert sl.generate(count=2, seed=3, minimality="logic") == sl.generate(count=2, seed=3)
    with pytest.raises(ValueError, match="minimality: no 'quick': use exact or logic"):
        sl.generate(minimality="quick")
    steps = sl.explain(puzzles[0])
    assert steps[0].startswith(("full house", "hidden single", "naked single"))
    assert len(steps) > 10
    with_givens = sl.generate(count=3, givens=30, seed=1)
    assert all(sum(c != "." for c in p) == 30 for p in with_givens)


def test_the_registry_lists_parameters_with_defaults():
    table = {a["id"]: a for a in sl.algorithms()}
    assert len(table) == 24
    assert table["ant-colony"]["budget"] == "max_iterations"
    assert table["portfolio"]["params"][0]["name"] == "handover"
    genetic = {p["name"]: p for p in table["genetic"]["params"]}
    assert genetic["population"]["range"]["default"] == 200
    assert table["tabu-ac3"]["budget"] == "max_iterations"
    assert table["sat"]["budget"] == "max_conflicts"
    assert table["genetic"]["counters"] == ["generations"]
    # Each in plain words as well as its technical description.
    assert "exactly once" in table["dlx"]["in_plain_words"]
    assert all(a["in_plain_words"] != a["description"] for a in table.values())
    # Each counter named in a listing is a field of a run's result, or that field in its words.
    words = {"decisions": "nodes", "conflicts": "backtracks", "generations": "iterations",
             "constructions": "iterations", "reheats": "restarts", "cycles": "iterations",
             "tours": "restarts"}
    for algorithm in table.values():
        for counter in algorithm["counters"]:
            assert hasattr(sl.solve(HARD, "dlx"), words.get(counter, counter)), counter
    assert sl.solve(HARD, "sat", max_conflicts=1).outcome == "gave-up"
    assert sl.solve(HARD, "sat", encoding="minimal", at_most_one="sequential").solution == HARD_SOLVED
    conflicts = [e for e in sl.trace(HARD, "sat", seed=1).events if e["kind"] == "Conflict"]
    assert conflicts[0]["clash"] == {"kind": "NoPlace", "digit": 8, "unit": 25}
    assert sl.solve(HARD).solved and sl.solve(HARD).solution == HARD_SOLVED


def test_a_trace_replays_to_the_solution_and_is_capped():
    trace = sl.trace(HARD, "norvig")
    assert trace.outcome == "verified" and not trace.truncated
    kinds = {e["kind"] for e in trace.events}
    assert {"Assign", "Eliminate", "Guess"} <= kinds
    board = list(HARD)
    depth_states = {}
    for event in trace.events:
        if event["kind"] == "Guess":
            depth_states[event["depth"]] = list(board)
            board[event["cell"]] = str(event["value"])
        elif event["kind"] == "Assign":
            board[event["cell"]] = str(event["value"])
        elif event["kind"] == "Backtrack":
            board = depth_states[event["depth"]]
    assert "".join(board) == HARD_SOLVED
    frame = trace.frame()
    assert len(frame) == len(trace.events) and "rule" in frame.columns
    capped = sl.trace(HARD, "backtracking", max_events=50)
    assert capped.truncated and len(capped.events) == 50 and capped.outcome == "cancelled"


def test_calls_from_threads_run_at_once_and_agree():
    puzzles = sl.generate(count=8, level="medium", seed=2)
    serial = [sl.solve(p, "dlx") for p in puzzles]
    seen = set()

    def run(p):
        seen.add(threading.get_ident())
        return sl.solve(p, "dlx")

    with ThreadPoolExecutor(max_workers=4) as pool:
        threaded = list(pool.map(run, puzzles))
    assert threaded == serial


def test_generate_on_the_other_scales_and_within_a_time(sudoku_bin):
    import subprocess
    import warnings

    # HoDoKu's level and SE's ER as the CLI takes them: the same puzzles, rated so.
    puzzles = sl.generate(count=2, hodoku="medium", er=(2.0, 3.6), seed=5)
    cli = subprocess.run([sudoku_bin, "generate", "--count", "2", "--hodoku", "medium", "--er", "2.0-3.6", "--seed", "5"], capture_output=True, text=True, check=True)
    assert puzzles == cli.stdout.split()
    for p in puzzles:
        rating = sl.rate(p)
        assert rating.hodoku_level == "medium"
        assert 2.0 <= rating.er <= 3.6
    assert sl.generate(er="3.4", seed=2) == sl.generate(er=3.4, seed=2)
    with pytest.raises(ValueError, match="hodoku: no level 'expert': use easy, medium, hard, unfair or extreme"):
        sl.generate(hodoku="expert")
    with pytest.raises(ValueError, match="er: '9-8' is not an ER"):
        sl.generate(er="9-8")
    with pytest.raises(ValueError, match="max_seconds"):
        sl.generate(max_seconds=0)
    # A level seldom drawn stops at the time asked, says how many it found, and returns them.
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        found = sl.generate(size=16, level="hard", count=2, seed=1, max_seconds=0.5)
    assert found == []
    assert any("found 0 of 2 puzzles within 0.5 s" in str(w.message) for w in said)
