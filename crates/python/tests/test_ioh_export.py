"""`sudoku study --export ioh` read by iohinspector (IOHprofiler's own reader): every run of
every configuration and class is there, starting at evaluation 1, falling to the cost its
curve reached, with its spend as its evaluations."""

import subprocess

import pandas as pd


def test_iohinspector_reads_every_run(sudoku_bin, tmp_path):
    import iohinspector
    out = tmp_path / "study"
    args = [sudoku_bin, "study", "--generate", "9:28,36:4", "--seeds", "2", "--budget", "300", "--seed", "3", "--out", str(out), "--export", "ioh"]
    for c in ["tabu-alldiff", "coloring-bfs", "grasp", "dlx"]:
        args += ["-c", c]
    printed = subprocess.run(args, check=True, capture_output=True, text=True).stdout
    assert "IOHprofiler's format in" in printed
    records = pd.read_csv(out / "records.csv", keep_default_na=False)
    curves = pd.read_csv(out / "curves.csv")
    # records.csv names the puzzle by its text; the export by its place in the population (from
    # 1), the order the jobs meet them.
    instance = {p: i + 1 for i, p in enumerate(dict.fromkeys(records.sort_values("job").puzzle))}

    manager = iohinspector.DataManager()
    manager.add_folder(str(out / "ioh"))
    overview = manager.overview.to_pandas()
    assert len(overview) == len(records)
    assert set(overview.algorithm_name) == set(records.configuration)
    assert set(overview.function_name) == {"class-28", "class-36"}
    assert set(overview.dimension) == {9}
    data = manager.load(monotonic=False, include_meta_data=True).to_pandas()
    assert data.groupby("data_id").evaluations.min().eq(1).all(), "every run starts at evaluation 1"

    # Each run's last row is its curve's last cost; its evaluations are the run's spend.
    last = data.sort_values("evaluations").groupby("data_id").tail(1).set_index("data_id")
    meta = overview.set_index("data_id")
    checked = 0
    for configuration, runs in records.groupby("configuration"):
        exact = configuration.startswith("dlx")
        theirs = meta[meta.algorithm_name == configuration]
        for _, record in runs.iterrows():
            curve = curves[curves.job == record.job]
            spent = record.nodes if exact else record.iterations
            # The record's run among the exported ones: same instance and same final cost.
            final = curve.cost.iloc[-1] if len(curve) else None
            same = theirs[theirs.instance == instance[record.puzzle]]
            costs = set(last.loc[same.index].raw_y)
            if final is not None:
                assert final in costs, (configuration, record.job)
            assert len(same) == 2, "two seeds of each puzzle"
            assert spent in set(same.evals) or spent < 1
            checked += 1
        solved = (runs.outcome == "verified").sum()
        assert (last.loc[theirs.index].raw_y == 0).sum() == solved, configuration
    assert checked == len(records)


def test_iohinspector_reads_the_coco_export_too(sudoku_bin, tmp_path):
    import iohinspector

    out = tmp_path / "study"
    args = [sudoku_bin, "study", "--generate", "9:28,36:4", "--seeds", "2", "--budget", "300", "--seed", "3", "--out", str(out), "--export", "coco"]
    for c in ["tabu-alldiff", "coloring-bfs", "dlx"]:
        args += ["-c", c]
    printed = subprocess.run(args, check=True, capture_output=True, text=True).stdout
    assert "COCO's format in" in printed
    records = pd.read_csv(out / "records.csv", keep_default_na=False)
    curves = pd.read_csv(out / "curves.csv")
    info = sorted((out / "coco").glob("*/bbobexp_f*.info"))
    assert len(info) == 3 * 2, "a file per configuration and class"
    assert info[0].read_text().startswith("suite = 'sudoku-lab', funcId = ")

    manager = iohinspector.DataManager()
    manager.add_folder(str(out / "coco"))
    overview = manager.overview.to_pandas()
    assert len(overview) == len(records)
    assert set(overview.algorithm_name) == set(records.configuration)
    data = manager.load(monotonic=False, include_meta_data=True).to_pandas()
    assert data.groupby("data_id").evaluations.min().eq(1).all()
    last = data.sort_values("evaluations").groupby("data_id").tail(1).set_index("data_id")
    # Per configuration, the runs' final costs are the curves' (the open cells for a run
    # without one), and each index line's best is its run's last row.
    meta = overview.set_index("data_id")
    assert (meta.best_y == last.raw_y.reindex(meta.index)).all()
    for configuration, runs in records.groupby("configuration"):
        finals = []
        for _, record in runs.iterrows():
            curve = curves[curves.job == record.job]
            finals.append(float(curve.cost.iloc[-1]) if len(curve) else float(record.puzzle.count(".") + record.puzzle.count("0")))
        exported = last.loc[meta.index[meta.algorithm_name == configuration]].raw_y
        assert sorted(exported) == sorted(finals), configuration
