"""The study's runtime measures (ert.csv, ecdf.csv, ecdf_area.csv) recomputed here from its
records and curves with pandas and numpy, by their definitions (Hansen et al., COCO: ERT is the
evaluations of all runs, each to its first hit or to its end, over the hits; the fixed-target
ECDF is the share of (run, target) pairs reached within a budget)."""

import subprocess

import numpy as np
import pandas as pd
import pytest

TARGETS = [0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048]


@pytest.fixture(scope="module")
def study(sudoku_bin, tmp_path_factory):
    out = tmp_path_factory.mktemp("measures")
    args = [sudoku_bin, "study", "--generate", "9:26,34:6", "--seeds", "3", "--budget", "400", "--seed", "8", "--out", str(out)]
    for c in ["coloring-bfs", "grasp", "genetic;population=30;elite=3", "dlx"]:
        args += ["-c", c]
    subprocess.run(args, check=True, capture_output=True, text=True)
    read = lambda name: pd.read_csv(out / name, keep_default_na=False, na_values=[""])  # noqa: E731
    return {name: read(f"{name}.csv") for name in ["records", "curves", "ert", "ecdf", "ecdf_area", "fixed_budget", "pairwise", "ranking"]}


def first_hits(study):
    """Per job: its class, configuration, spend, and the evaluations of its first cost at or
    below each target (NaN if never), from the records and curves alone."""
    records, curves = study["records"], study["curves"]
    exact = records.configuration.str.startswith("dlx")
    records = records.assign(
        spent=np.where(exact, records.nodes, records.iterations),
        cls=records.givens.astype(str),
    )
    rows = []
    for _, r in records.iterrows():
        curve = curves[curves.job == r.job].sort_values("evaluations")
        start = curve.cost.iloc[0] if len(curve) else None
        hits = {}
        for t in TARGETS:
            reached = curve[curve.cost <= t]
            hits[t] = reached.evaluations.iloc[0] if len(reached) else np.nan
        rows.append(dict(job=r.job, configuration=r.configuration, cls=r.cls, spent=r.spent, start=start, **{f"t{t}": hits[t] for t in TARGETS}))
    return pd.DataFrame(rows)


def measured_targets(hits):
    started = hits.start.dropna()
    return [t for t in TARGETS if t == 0 or (started > t).any()]


def test_ert_is_the_spend_of_all_runs_over_the_hits(study):
    hits = first_hits(study)
    ert = study["ert"]
    targets = measured_targets(hits)
    assert sorted(ert.target.unique()) == targets
    checked = 0
    for (configuration, cls), group in list(hits.groupby(["configuration", "cls"])) + [
        ((c, "all"), g) for c, g in hits.groupby("configuration")
    ]:
        for t in targets:
            reached = group[f"t{t}"]
            n_hits = int(reached.notna().sum())
            spend = reached.fillna(group.spent).sum()
            row = ert[(ert.configuration == configuration) & (ert["class"].astype(str) == cls) & (ert.target == t)]
            assert len(row) == 1, (configuration, cls, t)
            row = row.iloc[0]
            assert (row.runs, row.hits) == (len(group), n_hits)
            if n_hits == 0:
                assert np.isnan(row.ert)
            else:
                assert row.ert == pytest.approx(spend / n_hits, abs=0.05)
                assert row.ert_low <= row.ert + 0.05
                assert np.isnan(row.ert_high) or row.ert_high >= row.ert - 0.05
                checked += 1
    assert checked > 20


def test_the_ecdf_is_the_share_of_pairs_reached_within_each_budget(study):
    hits = first_hits(study)
    targets = measured_targets(hits)
    ecdf = study["ecdf"]
    for configuration, group in hits.groupby("configuration"):
        firsts = np.concatenate([group[f"t{t}"].to_numpy(dtype=float) for t in targets])
        rows = ecdf[(ecdf.configuration == configuration) & (ecdf["class"].astype(str) == "all")]
        assert list(rows.evaluations) == sorted(rows.evaluations)
        for _, row in rows.iterrows():
            share = np.sum(firsts <= row.evaluations) / len(firsts)
            assert row.share == pytest.approx(share, abs=1e-4)
    # The area under each ECDF (log axis, normalised): between 0 and 1, and the exact solver,
    # which reaches every target within a few dozen nodes, above the colouring, which mostly
    # gives up.
    area = study["ecdf_area"]
    assert ((area.area >= 0) & (area.area <= 1)).all()
    overall = area[area["class"].astype(str) == "all"].set_index("configuration").area
    assert overall.filter(like="dlx").iloc[0] > overall.filter(like="coloring-bfs").iloc[0]


def test_the_bootstrap_interval_agrees_with_scipys(study):
    import scipy.stats as scipy_stats
    hits = first_hits(study)
    ert = study["ert"]
    # A configuration that always hits its target: the ERT is the mean of the hits, and its
    # percentile interval is scipy's for the mean (both 95 %, resampling the runs).
    for configuration, group in hits.groupby("configuration"):
        values = group["t0"]
        if values.isna().any() or values.nunique() < 3:
            continue
        row = ert[(ert.configuration == configuration) & (ert["class"].astype(str) == "all") & (ert.target == 0)].iloc[0]
        theirs = scipy_stats.bootstrap((values.to_numpy(dtype=float),), np.mean, method="percentile", n_resamples=4000, random_state=1).confidence_interval
        width = theirs.high - theirs.low
        assert row.ert_low == pytest.approx(theirs.low, abs=0.25 * width + 0.5)
        assert row.ert_high == pytest.approx(theirs.high, abs=0.25 * width + 0.5)
        return
    raise AssertionError("no configuration hit every run: the study checks nothing here")


def test_fixed_budget_quartiles_are_numpys(study):
    records, curves, view = study["records"], study["curves"], study["fixed_budget"]
    records = records.assign(cls=records.givens.astype(str), open=records.puzzle.str.count(r"[.0]"))
    checked = 0
    for _, row in view.iterrows():
        runs = records[records.configuration == row.configuration]
        if str(row["class"]) != "all":
            runs = runs[runs.cls == str(row["class"])]
        costs = []
        for _, r in runs.iterrows():
            seen = curves[(curves.job == r.job) & (curves.evaluations <= row.evaluations)]
            # Before its first report a run's cost is its puzzle's open cells.
            costs.append(seen.cost.iloc[-1] if len(seen) else r.open)
        assert row.runs == len(costs)
        q1, median, q3 = np.percentile(costs, [25, 50, 75])  # linear: R's type 7
        assert (row.cost_q1, row.cost_median, row.cost_q3) == pytest.approx((q1, median, q3))
        checked += 1
    assert checked > 30
    # Costs only fall as the budget grows.
    for _, rows in view.groupby(["configuration", "class"]):
        assert list(rows.cost_median) == sorted(rows.cost_median, reverse=True)


def test_the_ranking_is_recomputed_from_the_records_and_the_pairwise_tests(study):
    from statsmodels.stats.proportion import proportion_confint
    records, ranking, pairwise = study["records"], study["ranking"], study["pairwise"]
    area = study["ecdf_area"]
    overall = area[area["class"].astype(str) == "all"].set_index("configuration").area
    exact = records.configuration.str.startswith("dlx")
    records = records.assign(spent=np.where(exact, records.nodes, records.iterations))
    significant = pairwise[pairwise.p_success_holm < 0.05]
    for _, row in ranking.iterrows():
        runs = records[records.configuration == row.configuration]
        solved = int((runs.outcome == "verified").sum())
        assert (row.runs, row.solved) == (len(runs), solved)
        low, high = proportion_confint(solved, len(runs), alpha=0.05, method="wilson")
        assert row.wilson_low == pytest.approx(low, abs=1e-4)
        assert row.wilson_high == pytest.approx(high, abs=1e-4)
        assert row.ecdf_area == pytest.approx(overall[row.configuration], abs=1e-4)
        assert row.evaluations_median == pytest.approx(np.median(runs.spent))
        mine = significant[(significant.a == row.configuration) | (significant.b == row.configuration)]
        wins = sum(1 for _, c in mine.iterrows() if (c.a_only > c.b_only) == (c.a == row.configuration))
        assert (row.better, row.worse) == (wins, len(mine) - wins)
    # Ranked by success, then area, then median evaluations.
    keys = list(zip(-ranking.rate, -ranking.ecdf_area.fillna(-1), ranking.evaluations_median))
    assert keys == sorted(keys)
    assert list(ranking["rank"]) == list(range(1, len(ranking) + 1))
