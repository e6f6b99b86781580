"""Tuning by racing (F-race, as ``sudoku tune`` runs it): candidates raced over a population's
instances, Friedman's test dropping the worse as instances come in."""

from __future__ import annotations

import csv as _csv
import html as _html
import io as _io
from typing import Any, Dict, List, Mapping, Optional, Sequence

from . import _core
from ._args import _whole
from .study import Study

_POPULATION_KEYWORDS = {"puzzles", "generate", "seeds", "budget", "seed", "max_seconds"}

_NUMBERS = {
    "rank": int,
    "dropped_after": int,
    "instances": int,
    "solved_pct": float,
    "mean_rank": float,
    "median_evaluations": float,
    "median_best_cost": float,
}


class Race:
    """A race's result: ``standings`` (one dict per candidate, best first, with the columns of
    ``sudoku tune --csv``: ``rank``, ``configuration``, ``status`` — ``in the race`` or
    ``dropped`` —, ``dropped_after``, ``instances``, ``solved_pct``, ``mean_rank``,
    ``median_evaluations``, ``median_best_cost``; ``None`` where there is no value), ``tests``
    (one dict per test: ``instances``, ``candidates``, ``statistic``, ``p_value``, ``dropped``)
    and ``best``, the first configuration."""

    def __init__(self, standings_csv: str, tests: List[tuple]) -> None:
        self.csv = standings_csv
        self.standings: List[Dict[str, Any]] = []
        for row in _csv.DictReader(_io.StringIO(standings_csv)):
            self.standings.append(
                {k: (_NUMBERS[k](v) if v != "" else None) if k in _NUMBERS else v for k, v in row.items()}
            )
        self.tests = [
            {"instances": i, "candidates": c, "statistic": s, "p_value": p, "dropped": list(d)}
            for i, c, s, p, d in tests
        ]

    @property
    def best(self) -> str:
        return self.standings[0]["configuration"]

    @property
    def survivors(self) -> List[str]:
        return [s["configuration"] for s in self.standings if s["status"] == "in the race"]

    def frame(self):  # -> pandas.DataFrame
        """The standings as a DataFrame (nullable integer columns)."""
        import pandas as pd

        frame = pd.read_csv(_io.StringIO(self.csv))
        for column in ("dropped_after",):
            frame[column] = frame[column].astype("Int64")
        return frame

    def __repr__(self) -> str:
        return f"Race(best={self.best!r}, survivors={len(self.survivors)}, candidates={len(self.standings)}, tests={len(self.tests)})"

    def _repr_html_(self) -> str:
        head = "".join(f"<th>{_html.escape(k)}</th>" for k in self.standings[0])
        rows = "".join(
            "<tr>" + "".join(f"<td>{'' if v is None else _html.escape(str(v))}</td>" for v in s.values()) + "</tr>"
            for s in self.standings
        )
        return f"<p>{_html.escape(repr(self))}</p><table><tr>{head}</tr>{rows}</table>"


def _assignment(name: str, values: Any) -> str:
    """``tenure="0..40"``, ``tenure=(0, 40)`` (a range), ``tenure=[5, 10]`` (these values)."""
    if isinstance(values, str):
        return f"{name}={values}"
    if isinstance(values, tuple) and len(values) == 2:
        return f"{name}={values[0]}..{values[1]}"
    if isinstance(values, (list, range)) and len(values) > 0:
        return f"{name}=" + ",".join(str(v) for v in values)
    raise ValueError(
        f"params.{name}: a range \"LOW..HIGH\" or (LOW, HIGH), or a list of values, not {values!r}"
    )


def tune(
    algorithm: Optional[str] = None,
    params: Optional[Mapping[str, Any]] = None,
    configurations: Sequence[str] = (),
    levels: int = 5,
    first_test: int = 5,
    each_test: int = 1,
    alpha: float = 0.05,
    max_runs: Optional[int] = None,
    **population: Any,
) -> Race:
    """Races candidate configurations (as ``sudoku tune``): every combination of ``params``'
    values on ``algorithm`` (``{"tenure": (0, 40), "candidates": [5, 10, 20]}``: a range gives
    ``levels`` evenly spaced values) plus ``configurations`` (``"ID[;NAME=VALUE…]"``), over the
    instances of a population given as to ``Study`` (``generate={...}`` or ``puzzles=[...]``,
    ``seeds``, ``budget``, ``seed``). From the ``first_test``-th instance on, Friedman's test at
    ``alpha`` and Conover's post-hoc test drop the candidates worse than the best."""
    levels = _whole("levels", levels, 2, 1_000)
    first_test = _whole("first_test", first_test, 2, 1_000_000)
    each_test = _whole("each_test", each_test, 1, 1_000_000)
    if max_runs is not None:
        max_runs = _whole("max_runs", max_runs, 1, 2**63 - 1)
    if isinstance(alpha, bool) or not isinstance(alpha, (int, float)) or not 0 < alpha < 1:
        raise ValueError(f"alpha: a significance level between 0 and 1, not {alpha!r}")
    if isinstance(configurations, str):
        configurations = [configurations]
    candidates: List[str] = []
    if algorithm is not None:
        if not isinstance(algorithm, str):
            raise ValueError(f"algorithm: an algorithm's id (str), not {algorithm!r}")
        if params is not None and not isinstance(params, Mapping):
            raise ValueError(f"params: a dict of parameter names to ranges or values, not {params!r}")
        assignments = [_assignment(n, v) for n, v in (params or {}).items()]
        candidates = list(_core.race_candidates(algorithm, assignments, levels))
    elif params:
        raise ValueError("params: name the algorithm whose parameters they are")
    for text in configurations:
        if text in candidates:
            raise ValueError(f"configurations: {text!r} is already a candidate")
        candidates.append(text)
    if len(candidates) < 2:
        raise ValueError(
            f"a race needs two candidates or more, not {len(candidates)}: give params or configurations"
        )
    unknown = sorted(set(population) - _POPULATION_KEYWORDS)
    if unknown:
        raise ValueError(
            f"{unknown[0]}: not an argument of tune (the population's: {', '.join(sorted(_POPULATION_KEYWORDS))})"
        )
    study = Study(candidates, **population)
    standings, tests = _core.race(study._plan, first_test, each_test, float(alpha), max_runs)
    return Race(standings, tests)
