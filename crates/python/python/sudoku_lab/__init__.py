"""Sudoku Lab from Python: the lab's core (every solver, counting, rating, explanations, the
generator, traces) and studies over populations of puzzles, run on this machine's cores or
spread over a Dask cluster.

Everything here calls the Rust core (``sudoku_lab._core``); nothing of an algorithm or a
statistic is written in Python. Bad arguments raise ``ValueError`` with the core's message.

>>> import sudoku_lab as sl
>>> r = sl.solve("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
>>> r.outcome, r.solution[:9]
('verified', '417369825')
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Dict, List, Mapping, Optional

from . import _core
from .study import Study, run_job

__all__ = [
    "Result",
    "Rating",
    "Trace",
    "solve",
    "count",
    "rate",
    "explain",
    "generate",
    "algorithms",
    "trace",
    "Study",
    "run_job",
    "__version__",
]

__version__: str = _core.VERSION


@dataclass(frozen=True)
class Result:
    """One run: the verified solution (``None`` when there is none), how it ended
    (``verified``, ``gave-up``, ``no-solution`` or ``failed``) and the work counters."""

    solution: Optional[str]
    outcome: str
    nodes: int
    backtracks: int
    propagations: int
    iterations: int
    restarts: int

    @property
    def solved(self) -> bool:
        return self.outcome == "verified"


@dataclass(frozen=True)
class Rating:
    """A puzzle's rating as ``sudoku rate`` gives it: ``line`` is the whole answer
    (``hard 4.2 xy-wing``, ``extreme >7.0 guess``, ``not unique``, ``no solution``)."""

    line: str

    @property
    def level(self) -> Optional[str]:
        first = self.line.split(" ", 1)[0]
        return first if first in ("easy", "medium", "hard", "expert", "extreme") else None

    @property
    def difficulty(self) -> Optional[str]:
        parts = self.line.split(" ")
        return parts[1] if self.level and len(parts) > 1 else None

    @property
    def technique(self) -> Optional[str]:
        parts = self.line.split(" ")
        return parts[2] if self.level and len(parts) > 2 else None


@dataclass(frozen=True)
class Trace:
    """A run's events (dicts with a ``kind``: ``Guess``, ``Assign``, ``Eliminate``,
    ``Backtrack``, ``Iteration``, ``Generation``…), how it ended, and whether ``max_events``
    cut it short (the run was then stopped there)."""

    events: List[Dict[str, Any]]
    outcome: str
    truncated: bool

    def frame(self):  # -> pandas.DataFrame
        """The events as a table (one row per event; the reason's rule and place as columns)."""
        import pandas as pd

        rows = []
        for event in self.events:
            row = dict(event)
            reason = row.pop("reason", None)
            if reason:
                row["rule"] = reason.get("rule")
                row["at"] = reason.get("at")
            clash = row.pop("clash", None)
            if clash:
                # A conflict's broken constraint, by its kind (NoPlace, Twice, NoDigit, ...).
                row["clash"] = clash.get("kind")
            rows.append(row)
        return pd.DataFrame(rows)


def _params(params: Mapping[str, Any]) -> List[tuple]:
    return [(str(name), str(value)) for name, value in params.items()]


def _seed(seed: Optional[int]) -> int:
    if seed is None:
        return 0
    if not isinstance(seed, int) or seed < 0 or seed >= 2**64:
        raise ValueError(f"seed: a whole number from 0 to 2**64 - 1, not {seed!r}")
    return seed


def solve(puzzle: str, algorithm: str = "portfolio", seed: Optional[int] = None, **params: Any) -> Result:
    """Solves one puzzle (any format the CLI reads) with a registry algorithm and its
    parameters (``solve(p, "tabu-ac3", seed=3, max_iterations=500)``); the answer is verified."""
    return Result(*_core.solve(puzzle, algorithm, _seed(seed), _params(params)))


def count(puzzle: str, limit: int = 2) -> int:
    """Solutions counted up to ``limit``: 0, 1, … or ``limit`` meaning "at least that many"."""
    return _core.count(puzzle, limit)


def rate(puzzle: str) -> Rating:
    """The puzzle's rating by the human-style techniques (as ``sudoku rate``)."""
    return Rating(_core.rate(puzzle))


def explain(puzzle: str) -> List[str]:
    """The human-style steps in words, then how they ended."""
    steps, ending = _core.explain(puzzle)
    return list(steps) + [ending]


def generate(
    size: int = 9,
    count: int = 1,
    level: Optional[str] = None,
    symmetry: Optional[str] = None,
    seed: int = 0,
    givens: Optional[int] = None,
) -> List[str]:
    """Unique puzzles from the generator (as ``sudoku generate``): minimal under their symmetry
    and at ``level`` when given, or with exactly ``givens`` givens; the same seed gives the same
    puzzles."""
    return _core.generate(size, count, level, symmetry or "none", _seed(seed), givens)


def algorithms() -> List[Dict[str, Any]]:
    """The registry: each algorithm's id, name, family, description, budget parameter and
    parameters with their kinds, ranges and defaults."""
    return json.loads(_core.algorithms())


def trace(
    puzzle: str,
    algorithm: str = "portfolio",
    seed: Optional[int] = None,
    max_events: int = 1_000_000,
    **params: Any,
) -> Trace:
    """A run's events, as the page plays them back (at most ``max_events``)."""
    if max_events < 1:
        raise ValueError("max_events must be at least 1")
    events, outcome, truncated = _core.trace(puzzle, algorithm, _seed(seed), _params(params), max_events)
    return Trace(json.loads(events), outcome, truncated)
