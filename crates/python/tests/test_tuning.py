"""Tuning by racing from Python: the CLI's race, to the byte; a planted best found; every bad
argument a ValueError."""

import subprocess

import pytest

import sudoku_lab as sl

PLANTED = dict(
    algorithm="annealing",
    params={"max_iterations": [1, 2, 20000]},
    generate={"size": 9, "givens": [30], "count": 10},
)


def test_the_budget_that_dominates_wins_and_the_cli_agrees(sudoku_bin, tmp_path):
    race = sl.tune(**PLANTED)
    assert race.best == "annealing;max_iterations=20000"
    assert race.survivors == [race.best]
    assert [s["status"] for s in race.standings] == ["in the race", "dropped", "dropped"]
    assert race.standings[0]["dropped_after"] is None
    assert race.standings[1]["dropped_after"] == 5
    assert race.tests[0]["instances"] == 5 and race.tests[0]["candidates"] == 3
    assert 0 < race.tests[0]["p_value"] < 0.05
    assert sorted(race.tests[0]["dropped"]) == ["annealing;max_iterations=1", "annealing;max_iterations=2"]
    assert len(repr(race)) < 120
    frame = race.frame()
    assert str(frame["dropped_after"].dtype) == "Int64"
    # The same race by the CLI writes the same standings.
    csv = tmp_path / "race.csv"
    subprocess.run(
        [sudoku_bin, "tune", "annealing", "-p", "max_iterations=1,2,20000", "--generate", "9:30:10", "--csv", str(csv), "-q"],
        check=True,
        capture_output=True,
    )
    assert csv.read_text() == race.csv


def test_ranges_and_values_make_the_grid():
    race = sl.tune(
        "tabu-ac3",
        params={"tenure": (0, 20), "candidates": "5,10"},
        levels=3,
        generate={"size": 9, "givens": [34], "count": 6},
        budget=500,
        max_runs=12,
    )
    names = {s["configuration"] for s in race.standings}
    assert len(names) == 6
    assert "tabu-ac3;max_iterations=500;tenure=10;candidates=5" in names
    # The run budget holds: 6 candidates on 2 instances.
    assert sum(s["instances"] for s in race.standings) <= 12


@pytest.mark.parametrize(
    "kwargs, message",
    [
        (dict(algorithm="annealing", generate={"size": 9, "givens": [30], "count": 5}), "two candidates"),
        (dict(params={"tenure": [1, 2]}, generate={"size": 9, "givens": [30], "count": 5}), "name the algorithm"),
        (dict(algorithm="tabu-ac3", params={"tenur": [1, 2]}, generate={"size": 9, "givens": [30], "count": 5}), "tenure"),
        (dict(algorithm="tabu-ac3", params={"tenure": 5}, generate={"size": 9, "givens": [30], "count": 5}), "params.tenure"),
        (dict(algorithm="tabu-ac3", params={"tenure": [1, 2]}, alpha=1.5, generate={"size": 9, "givens": [30], "count": 5}), "alpha"),
        (dict(algorithm="tabu-ac3", params={"tenure": [1, 2]}, first_test=1, generate={"size": 9, "givens": [30], "count": 5}), "first_test"),
        (dict(algorithm="tabu-ac3", params={"tenure": [1, 2]}, generat={"size": 9}), "generat"),
        (dict(algorithm="tabu-ac3", params={"tenure": [1, 2]}), "puzzles"),
    ],
)
def test_every_bad_argument_is_a_value_error(kwargs, message):
    with pytest.raises(ValueError, match=message):
        sl.tune(**kwargs)
