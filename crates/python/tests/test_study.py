"""Studies from Python: the same records as `sudoku study` for the same settings, resuming from
a records folder, the summary, and bad settings named by their field."""

import csv
import subprocess

import pytest

import sudoku_lab as sl
from conftest import HARD

CONFIGS = ["coloring-bfs", "coloring-dsatur;list_size=3", "propagation"]


def small_study():
    return sl.Study(
        configurations=CONFIGS,
        generate={"size": 9, "levels": ["easy"], "count": 3, "seed": 5},
        seeds=2,
        budget=300,
    )


def cli_records(sudoku_bin, tmp_path, extra=()):
    out = tmp_path / "cli"
    args = [sudoku_bin, "study", "--generate", "9:easy:3", "--seeds", "2", "--budget", "300", "--seed", "5", "--out", str(out)]
    for c in CONFIGS:
        args += ["-c", c]
    subprocess.run(args + list(extra), check=True, capture_output=True, text=True)
    with open(out / "records.csv", newline="") as f:
        return list(csv.DictReader(f)), out


def without_time(rows):
    return sorted(tuple((k, str(v)) for k, v in row.items() if k != "time_ms") for row in rows)


def test_records_equal_the_clis_for_the_same_settings(sudoku_bin, tmp_path):
    study = small_study()
    assert len(study.jobs()) == 3 * 3 * 2
    frame = study.run(executor="serial")
    assert list(frame.columns) == sl.study.COLUMNS
    assert len(frame) == 18 and list(frame.job) == list(range(18))
    ours = frame.astype(str).to_dict("records")
    cli, _ = cli_records(sudoku_bin, tmp_path)
    assert without_time(ours) == without_time(cli)
    threaded = study.run()
    assert without_time(threaded.astype(str).to_dict("records")) == without_time(ours)


def test_run_job_and_the_summary():
    study = small_study()
    job = study.jobs()[4]
    assert (job.configuration, job.puzzle, job.repetition) == (1, 0, 1)
    record = sl.run_job(job)
    assert record["job"] == 4 and record["configuration"] == "coloring-dsatur;list_size=3;max_iterations=300"
    frame = study.run(executor="serial")
    summary = study.summary(frame)
    rows = summary["summary"]
    # Named as the records name them: with the budget that applied.
    assert list(rows.configuration) == [
        "coloring-bfs;max_iterations=300",
        "coloring-dsatur;list_size=3;max_iterations=300",
        "propagation;max_nodes=300",
    ]
    assert set(rows.configuration) == set(frame.configuration)
    prop = rows[rows.configuration == "propagation;max_nodes=300"].iloc[0]
    assert prop.iterations_median == 0 and "nodes_median" in rows.columns
    assert (prop.runs, prop.solved, prop.rate) == (6, 6, 1.0)
    assert prop.wilson_high == 1.0 and prop.wilson_low < 1.0
    assert len(summary["pairwise"]) == 3
    assert any("easy puzzles" in f for f in summary["findings"])
    assert summary["markdown"].startswith("| configuration |")
    assert summary["latex"].count("\\begin{table}") == 2 and "\\toprule" in summary["latex"]


def test_a_study_resumes_from_its_folder_the_cli_wrote(sudoku_bin, tmp_path):
    cli, out = cli_records(sudoku_bin, tmp_path)
    lines = (out / "records.csv").read_text().splitlines()
    (out / "records.csv").write_text("\n".join(lines[:8]) + "\n" + lines[8][:15])
    study = small_study()
    frame = study.run(executor="serial", out=out)
    assert len(frame) == 18
    again = (out / "records.csv").read_text().splitlines()
    assert again[:8] == lines[:8], "the records kept are kept as they were"
    with open(out / "records.csv", newline="") as f:
        assert without_time(list(csv.DictReader(f))) == without_time(cli)
    other = sl.Study(configurations=["dlx"], generate={"levels": ["easy"], "count": 1})
    with pytest.raises(ValueError, match="holds another study's records"):
        other.run(out=out)


def test_bad_settings_name_their_field():
    with pytest.raises(ValueError, match=r"configurations\[1\]: unknown algorithm 'quantum'"):
        sl.Study(configurations=["dlx", "quantum"], generate={"levels": ["easy"], "count": 1})
    with pytest.raises(ValueError, match="generate.levels: 'insane' is neither"):
        sl.Study(configurations=["dlx"], generate={"levels": ["insane"], "count": 1})
    with pytest.raises(ValueError, match="seeds: must be at least 1"):
        sl.Study(configurations=["dlx"], puzzles=[sl.generate()[0]], seeds=0)
    with pytest.raises(ValueError, match=r"^puzzles\[0\]: \d+ cells \('n' is not a symbol.*\); a puzzle has") as bad:
        sl.Study(configurations=["dlx"], puzzles=["nonsense"])
    assert "ValueError" not in str(bad.value) and "line" not in str(bad.value)
    with pytest.raises(ValueError, match="one of them"):
        sl.Study(configurations=["dlx"])
    with pytest.raises(ValueError, match="executor"):
        sl.Study(configurations=["dlx"], puzzles=[sl.generate()[0]]).run(executor="spark")


def test_a_population_the_generator_cannot_make_in_time_is_refused():
    with pytest.raises(ValueError, match="made 0 of 2 puzzles within 0.5 s"):
        sl.Study(configurations=["dlx"], generate={"givens": [17], "count": 2}, max_seconds=0.5)


def test_settings_are_the_study_files_shape_and_records_named_fields(sudoku_bin, tmp_path):
    study = small_study()
    # The same keys as a study file (TOML) for the CLI.
    assert study.settings == {
        "seed": 5,
        "seeds": 2,
        "budget": 300,
        "configurations": CONFIGS,
        "population": {"size": 9, "levels": ["easy"], "count": 3},
    }
    toml = tmp_path / "study.toml"
    toml.write_text(
        'seed = 5\nseeds = 2\nbudget = 300\nconfigurations = ["coloring-bfs", '
        '"coloring-dsatur;list_size=3", "propagation"]\n[population]\nsize = 9\n'
        'levels = ["easy"]\ncount = 3\n'
    )
    out = tmp_path / "from-file"
    subprocess.run([sudoku_bin, "study", str(toml), "--out", str(out)], check=True, capture_output=True)
    with open(out / "records.csv", newline="") as f:
        from_file = list(csv.DictReader(f))
    frame = study.run(executor="serial")
    assert without_time(frame.to_dict("records")) == without_time(from_file)
    # A record is a dict of named, typed fields (the seed a whole number past 2^53 too).
    record = sl.run_job(study.jobs()[0])
    assert list(record) == sl.study.COLUMNS
    assert isinstance(record["seed"], int) and isinstance(record["time_ms"], float)
    assert record["configuration"] == "coloring-bfs;max_iterations=300"


def test_the_budget_is_taken_by_its_old_name_too():
    old = sl.Study(configurations=["dlx"], puzzles=[HARD], max_iterations=40)
    assert old.settings["budget"] == 40
    with pytest.raises(ValueError, match="give one"):
        sl.Study(configurations=["dlx"], puzzles=[HARD], budget=40, max_iterations=40)


def _curve_rows(text):
    # curves.csv rows without their time, sorted.
    return sorted(line.rsplit(",", 1)[0] for line in text.splitlines()[1:])


def test_anytime_curves_are_the_clis_and_resume_with_the_records(sudoku_bin, tmp_path):
    _, cli_out = cli_records(sudoku_bin, tmp_path)
    cli_curves = (cli_out / "curves.csv").read_text()
    study = small_study()
    out = tmp_path / "py"
    frame = study.run(executor="serial", out=out)
    ours = (out / "curves.csv").read_text()
    assert ours.splitlines()[0] == "job,configuration,puzzle,seed,evaluations,cost,time_ms"
    assert _curve_rows(ours) == _curve_rows(cli_curves)
    curves = study.curves()
    assert list(curves.columns) == sl.study.CURVE_COLUMNS
    # Every verified run's curve ends at cost 0; costs only fall.
    for job, rows in curves.groupby("job"):
        assert list(rows.cost) == sorted(rows.cost, reverse=True) and rows.cost.is_unique
        assert (rows.cost.iloc[-1] == 0) == (frame.outcome[job] == "verified")
    assert set(curves.job) >= set(frame.job[frame.outcome == "verified"])
    # Cut mid-row, resumed: the same curves.
    (out / "curves.csv").write_text(ours[: len(ours) // 2])
    lines = (out / "records.csv").read_text().splitlines()
    (out / "records.csv").write_text("\n".join(lines[:8]) + "\n")
    study.run(executor="serial", out=out)
    assert _curve_rows((out / "curves.csv").read_text()) == _curve_rows(ours)
    assert _curve_rows(study.curves().to_csv(index=False)) == _curve_rows(ours)


def test_the_ranking_is_the_clis(sudoku_bin, tmp_path):
    _, cli_out = cli_records(sudoku_bin, tmp_path)
    study = small_study()
    frame = study.run(executor="serial")
    ranking = study.ranking(frame)
    assert list(ranking.columns) == ["rank", "configuration", "runs", "solved", "rate", "wilson_low", "wilson_high", "ecdf_area", "evaluations_median", "better", "worse"]
    import pandas as pd

    theirs = pd.read_csv(cli_out / "ranking.csv", keep_default_na=False, na_values=[""])
    pd.testing.assert_frame_equal(ranking, theirs)
    # The runtime measures too: the CLI's ert.csv, ecdf.csv and ecdf_area.csv.
    measures = study.measures(frame)
    for name in ["ert", "ecdf", "ecdf_area"]:
        cli = pd.read_csv(cli_out / f"{name}.csv", keep_default_na=False, na_values=[""])
        pd.testing.assert_frame_equal(measures[name], cli, obj=name)
    # A part of the records is ranked on its own runs.
    part = study.ranking(frame[frame.seed == frame.seed.iloc[0]])
    assert part.runs.sum() == len(frame[frame.seed == frame.seed.iloc[0]])
