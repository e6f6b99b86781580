"""Studies from Python: the core's study (a population, configurations, seeds, a budget) as a
plan of independent jobs, run on this machine's cores (threads: the core releases the GIL) or
spread over a Dask cluster in batches. Records are the CLI's (``sudoku study``): the same
columns, the same values for the same settings, and the same folder layout, so a study
interrupted in either resumes in either.
"""

from __future__ import annotations

import json
import math
import os
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, Union

from . import _core

# The columns of `records.csv` and `curves.csv`, as the core writes them.
COLUMNS = _core.CSV_HEADER.split(",")
CURVE_COLUMNS = _core.CURVES_HEADER.split(",")

# Plans rebuilt in this process (a Dask worker keeps one per study it has seen).
_PLANS: Dict[str, Any] = {}


def _plan(payload: str):
    plan = _PLANS.get(payload)
    if plan is None:
        plan = _core.StudyPlan(payload)
        _PLANS.clear()
        _PLANS[payload] = plan
    return plan


def _run_batch(payload: str, jobs: Sequence[int]) -> List[tuple]:
    """Runs a batch of jobs in this process (a Dask task): each record as (its fields by name,
    its ``records.csv`` row, its ``records.jsonl`` line), all three written by the core."""
    return _plan(payload).run_jobs(list(jobs))


@dataclass(frozen=True)
class Job:
    """One run of a study: configuration × puzzle × repetition, numbered as the CLI numbers
    them. ``run_job(job)`` runs it anywhere the package is installed."""

    study: "Study"
    index: int
    configuration: int
    puzzle: int
    repetition: int


def run_job(job: Job) -> Dict[str, Any]:
    """Runs one job; its record as a dict with the columns of ``records.csv``."""
    return _run_batch(job.study._payload, [job.index])[0][0]


class Study:
    """A study: ``configurations`` (``"ID[;NAME=VALUE…]"``) run ``seeds`` times on each puzzle of
    a population — ``puzzles=[...]`` (grouped by their rated level), or
    ``generate={"size": 9, "levels": ["easy", "hard"], "count": 20, "seed": 1}`` (or
    ``"givens": [25, 29]`` / ``"22-40"`` instead of levels; ``"symmetry"``) — each run within
    ``budget`` (each algorithm's budget parameter, where the configuration leaves it;
    ``max_iterations``, its old name, is still taken)).
    ``seed`` is the base seed of the population and the runs (default: the generator's seed, or
    1). The population is made once, here, within ``max_seconds`` (a class the generator can
    hardly reach, 17 givens say, ends with a ValueError saying how many it made)."""

    def __init__(
        self,
        configurations: Sequence[str],
        puzzles: Optional[Sequence[str]] = None,
        generate: Optional[Dict[str, Any]] = None,
        seeds: int = 1,
        budget: Optional[int] = None,
        seed: Optional[int] = None,
        max_seconds: float = 600.0,
        max_iterations: Optional[int] = None,
    ) -> None:
        if max_iterations is not None:
            if budget is not None:
                raise ValueError("budget and max_iterations (its old name): give one")
            budget = max_iterations
        if isinstance(configurations, str):
            configurations = [configurations]
        if (puzzles is None) == (generate is None):
            raise ValueError("give puzzles=[...] or generate={...} (one of them)")
        if isinstance(puzzles, str):
            # A string is a sequence too: iterated, it would be one puzzle per character.
            raise ValueError("puzzles: a list of puzzles, not one string (puzzles=[p])")
        if generate is not None and not isinstance(generate, dict):
            raise ValueError(f"generate: a dict such as {{'size': 9, 'levels': ['easy'], 'count': 20}}, not {generate!r}")
        generate = dict(generate) if generate is not None else None
        if seed is None:
            seed = generate.pop("seed", 1) if generate is not None else 1
        elif generate is not None:
            generate.pop("seed", None)
        for name, value in (("seeds", seeds), ("seed", seed), ("budget", budget)):
            if value is not None and (not isinstance(value, int) or isinstance(value, bool) or value < 0):
                raise ValueError(f"{name}: a whole number ≥ 0, not {value!r}")
        # The study in the core's one shape, as a study file (TOML) writes it.
        population = {"puzzles": list(puzzles)} if puzzles is not None else generate
        settings = {
            "seed": seed,
            "seeds": seeds,
            "budget": budget,
            "configurations": list(configurations),
            "population": population,
        }
        settings = {k: v for k, v in settings.items() if v is not None}
        if not max_seconds > 0:
            raise ValueError(f"max_seconds: a positive number, not {max_seconds!r}")
        plan = _core.StudyPlan(json.dumps({"study": settings, "max_seconds": float(max_seconds)}))
        self.settings = settings
        self._population = plan.population()
        # What a worker needs to rebuild the plan without the generator.
        self._payload = json.dumps(
            {"study": settings, "made": [[p[0], p[1]] for p in self._population]}
        )
        _PLANS.clear()
        _PLANS[self._payload] = plan
        self._plan = plan
        self._curves: Dict[int, List[str]] = {}

    @classmethod
    def _from_payload(cls, payload: str) -> "Study":
        study = cls.__new__(cls)
        study._payload = payload
        study._plan = _plan(payload)
        study._population = study._plan.population()
        study.settings = json.loads(payload)["study"]
        study._curves = {}
        return study

    def __repr__(self) -> str:
        s = self.settings
        return (
            f"Study(configurations={s['configurations']!r}, puzzles={len(self._population)}, "
            f"seeds={s.get('seeds', 1)}, jobs={self._plan.jobs()})"
        )

    def _repr_html_(self) -> str:
        # In a notebook: the settings and the population by class, as tables.
        import html

        population: Dict[str, int] = {}
        for _, klass, level, _, _ in self._population:
            key = klass if klass is not None else (level or "–")
            population[key] = population.get(key, 0) + 1
        settings = "".join(
            f"<tr><th style='text-align:left'>{html.escape(k)}</th><td>{html.escape(str(v))}</td></tr>"
            for k, v in self.settings.items()
            if k != "population"
        )
        classes = "".join(
            f"<tr><td>{html.escape(k)}</td><td style='text-align:right'>{n}</td></tr>"
            for k, n in population.items()
        )
        return (
            f"<p>{html.escape(repr(self))}</p><table>{settings}</table>"
            f"<table><tr><th>class</th><th>puzzles</th></tr>{classes}</table>"
        )

    def __reduce__(self):
        return (Study._from_payload, (self._payload,))

    @property
    def population(self):  # -> pandas.DataFrame
        """The puzzles: line, class made for, rated level, rating, givens."""
        import pandas as pd

        return pd.DataFrame(self._population, columns=["puzzle", "class", "level", "rating", "givens"])

    def jobs(self) -> List[Job]:
        """Every job, in the CLI's order (puzzle by puzzle, seed by seed, each configuration)."""
        return [Job(self, k, *self._plan.job(k)) for k in range(self._plan.jobs())]

    def run(
        self,
        executor: Optional[str] = None,
        client: Any = None,
        out: Union[str, os.PathLike, None] = None,
        batch_size: Optional[int] = None,
        workers: Optional[int] = None,
        progress: Optional[Callable[[int, int], None]] = None,
    ):  # -> pandas.DataFrame
        """Runs every job and returns the records (a DataFrame with the columns of
        ``records.csv``, in job order).

        ``executor``: ``None`` or ``"threads"`` (this machine's cores, ``workers`` threads),
        ``"serial"``, or ``"dask"`` — batches submitted to ``client`` (a ``dask.distributed``
        Client: a scheduler's address, a SLURMCluster's, a cloud one's) or, without one, to a
        LocalCluster of ``workers`` processes started and stopped here. ``out``: a folder where
        the records are written as they arrive (``records.csv``, ``records.jsonl``, as the CLI
        writes them); a study run again with the same folder resumes after its records.
        ``progress(done, total)`` is called as records arrive (a notebook's progress bar)."""
        import pandas as pd

        total = self._plan.jobs()
        sink = _Sink(self, out, progress, total)
        todo = [k for k in range(total) if k not in sink.done]
        if executor in (None, "threads"):
            self._run_threads(todo, sink, batch_size, workers)
        elif executor == "serial":
            for start in range(0, len(todo), 256):
                sink.add(_run_batch(self._payload, todo[start : start + 256]))
        elif executor == "dask":
            self._run_dask(todo, sink, client, batch_size, workers)
        else:
            raise ValueError(f"executor: 'threads', 'serial' or 'dask', not {executor!r}")
        sink.close()
        self._curves = sink.curves
        return pd.DataFrame([sink.rows[k][0] for k in sorted(sink.rows)], columns=COLUMNS)

    def curves(self):  # -> pandas.DataFrame
        """The anytime curves of the last ``run``: one row per improvement of a run's best cost
        (``job``, ``configuration``, ``puzzle``, ``seed``, ``evaluations`` — the budget's unit
        spent, iterations or nodes —, ``cost`` — the algorithm's own, 0 solved —, ``time_ms``),
        the columns of the CLI's ``curves.csv``; with ``out``, read back from there too."""
        import io

        import pandas as pd

        rows = [row for job in sorted(self._curves) for row in self._curves[job]]
        text = _core.CURVES_HEADER + "\n" + "".join(row + "\n" for row in rows)
        return pd.read_csv(io.StringIO(text), dtype={"seed": "uint64"})

    def _run_threads(self, todo, sink, batch_size, workers) -> None:
        workers = workers or os.cpu_count() or 1
        size = batch_size or max(1, min(256, math.ceil(len(todo) / (workers * 4))))
        batches = [todo[i : i + size] for i in range(0, len(todo), size)]
        with ThreadPoolExecutor(max_workers=workers) as pool:
            for rows in pool.map(lambda b: _run_batch(self._payload, b), batches):
                sink.add(rows)

    def _run_dask(self, todo, sink, client, batch_size, workers) -> None:
        from dask.distributed import Client, LocalCluster, as_completed

        if not todo:
            return
        cluster = None
        if client is None:
            cluster = LocalCluster(n_workers=workers or os.cpu_count() or 1, threads_per_worker=1, processes=True)
            client = Client(cluster)
        try:
            if batch_size is None:
                # A first batch here times a job, so that each task runs about a second: the
                # scheduler's few milliseconds per task then stay far below 5 %.
                probe, todo = todo[:16], todo[16:]
                start = time.perf_counter()
                sink.add(_run_batch(self._payload, probe))
                per_job = max((time.perf_counter() - start) / max(len(probe), 1), 1e-6)
                # …but at least four tasks per worker, so every worker has work to the end.
                workers = max(1, len(client.scheduler_info().get("workers", {})))
                spread = math.ceil(len(todo) / (4 * workers)) if todo else 1
                batch_size = max(1, min(int(1.0 / per_job), spread))
            # A key of its own (hash=False): a study run twice must not share, and so lose, the
            # scattered payload when the first run releases it.
            payload = client.scatter(self._payload, broadcast=True, hash=False)
            batches = [todo[i : i + batch_size] for i in range(0, len(todo), batch_size)]
            futures = [client.submit(_run_batch, payload, b, pure=False) for b in batches]
            for future in as_completed(futures):
                sink.add(future.result())
        finally:
            if cluster is not None:
                client.close()
                cluster.close()

    def summary(self, records) -> Dict[str, Any]:
        """The CLI's summary of records (all of them or any part): ``summary`` and ``pairwise``
        (DataFrames of ``summary.csv`` and ``pairwise.csv``), the Markdown table, the same
        tables as LaTeX (``latex``: booktabs floats, for a paper) and the findings in words."""
        import io

        import pandas as pd

        rows = records[COLUMNS].to_csv(index=False, header=False, lineterminator="\n")
        rows_csv, pairwise_csv, markdown, findings, latex = self._plan.summary(rows)
        return {
            "summary": pd.read_csv(io.StringIO(rows_csv), keep_default_na=False, na_values=[""]),
            "pairwise": pd.read_csv(io.StringIO(pairwise_csv), keep_default_na=False, na_values=[""]),
            "markdown": markdown,
            "latex": latex,
            "findings": list(findings),
        }


    def ranking(self, records):  # -> pandas.DataFrame
        """The findings as one ranked table, the CLI's ``ranking.csv``: each configuration over
        every class, ranked by success (``rate`` with its Wilson interval), then the area under
        its ECDF (``ecdf_area``), then median evaluations; ``better``/``worse`` count the
        pairwise comparisons (class by class, McNemar, Holm-corrected, p < 0.05) in which it
        solves more or fewer puzzles than another. Of ``records`` (those ``run`` returned, or a
        part of them) and their curves from the last ``run``."""
        import io

        import pandas as pd

        text = self._plan.ranking(*self._rows_and_curves(records))
        return pd.read_csv(io.StringIO(text), keep_default_na=False, na_values=[""])

    def measures(self, records) -> Dict[str, Any]:
        """The CLI's runtime measures of ``records`` and their curves from the last ``run``, as
        DataFrames: ``ert`` (``ert.csv``: the expected running time to each cost target, per
        configuration and class and ``all``, with a bootstrap interval), ``ecdf`` (``ecdf.csv``:
        the share of (run, target) pairs reached within each budget of evaluations) and
        ``ecdf_area`` (``ecdf_area.csv``: its area on a log axis, one number each)."""
        import io

        import pandas as pd

        read = lambda text: pd.read_csv(io.StringIO(text), keep_default_na=False, na_values=[""])  # noqa: E731
        ert, ecdf, area = self._plan.measures(*self._rows_and_curves(records))
        return {"ert": read(ert), "ecdf": read(ecdf), "ecdf_area": read(area)}

    def _rows_and_curves(self, records):
        """``records`` as records.csv rows, and their runs' curves.csv rows."""
        rows = records[COLUMNS].to_csv(index=False, header=False, lineterminator="\n")
        jobs = set(int(j) for j in records["job"])
        curves = "".join(row + "\n" for job in sorted(self._curves) if job in jobs for row in self._curves[job])
        return rows, curves


class _Sink:
    """Where records go as they arrive: kept by job, and written to ``out`` when given (after
    the records already there, which are read back first)."""

    def __init__(self, study: Study, out, progress=None, total: int = 0) -> None:
        self.study = study
        self.progress = progress
        self.total = total
        # job → (fields by name, records.csv row, records.jsonl line, curves.csv rows), as the
        # core gives them; the curves apart (a record read back from a file has its curve there).
        self.rows: Dict[int, tuple] = {}
        self.curves: Dict[int, List[str]] = {}
        self.csv = self.json = self.curve_file = None
        if out is None:
            self.done = set()
            return
        folder = Path(out)
        folder.mkdir(parents=True, exist_ok=True)
        header = study._plan.header()
        csv_path, json_path = folder / "records.csv", folder / "records.jsonl"
        if json_path.exists():
            with open(json_path, encoding="utf-8") as f:
                if f.readline().rstrip("\n") != header:
                    raise ValueError(f"{folder} holds another study's records (its settings differ)")
            if csv_path.exists():
                with open(csv_path, newline="", encoding="utf-8") as f:
                    lines = f.read().splitlines()[1:]
                for line in lines:
                    record = study._plan.read_row(line)
                    if record is not None and record[0]["job"] not in self.rows:
                        self.rows[record[0]["job"]] = record
        self.done = set(self.rows)
        curves_path = folder / "curves.csv"
        if curves_path.exists() and self.done:
            # The curves of the records kept, whole rows only (a write cut short is dropped).
            with open(curves_path, encoding="utf-8") as f:
                for line in f.read().split("\n")[1:]:
                    job = line.split(",", 1)[0]
                    if line.count(",") >= 6 and job.isdigit() and int(job) in self.done:
                        self.curves.setdefault(int(job), []).append(line)
        self.csv = open(csv_path, "w", encoding="utf-8", newline="")
        self.json = open(json_path, "w", encoding="utf-8")
        self.curve_file = open(curves_path, "w", encoding="utf-8", newline="")
        self.csv.write(_core.CSV_HEADER + "\n")
        self.json.write(header + "\n")
        self.curve_file.write(_core.CURVES_HEADER + "\n")
        self._write([self.rows[k] for k in sorted(self.rows)])
        for job in sorted(self.curves):
            self.curve_file.write("".join(row + "\n" for row in self.curves[job]))
        self.curve_file.flush()

    def _write(self, rows: Iterable[tuple], curves: bool = False) -> None:
        if self.csv is None:
            return
        for _, csv_row, json_line, curve_rows in rows:
            # The core wrote them all, as the CLI's: the same bytes for the same records.
            self.csv.write(csv_row + "\n")
            self.json.write(json_line + "\n")
            if curves:
                self.curve_file.write(curve_rows)
        self.csv.flush()
        self.json.flush()
        self.curve_file.flush()

    def add(self, rows: List[tuple]) -> None:
        fresh = [tuple(r) for r in rows if r[0]["job"] not in self.rows]
        for record in fresh:
            self.rows[record[0]["job"]] = record
            self.curves[record[0]["job"]] = record[3].splitlines()
        self._write(fresh, curves=True)
        if self.progress is not None:
            self.progress(len(self.rows), self.total)

    def close(self) -> None:
        for f in (self.csv, self.json, self.curve_file):
            if f is not None:
                f.close()
