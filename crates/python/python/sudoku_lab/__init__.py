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

import html as _html
import json as _json
import time as _time
import warnings as _warnings
from dataclasses import dataclass as _dataclass
from dataclasses import field as _field
from typing import Any, Dict, List, Optional

from . import _core
from ._args import _params, _seed, _text, _whole
from .study import Study, run_job
from .traces import Trace, load_trace, trace
from .tuning import Race, tune

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
    "load_trace",
    "Player",
    "Study",
    "run_job",
    "tune",
    "Race",
    "__version__",
]

__version__: str = _core.VERSION


def __dir__() -> List[str]:
    # What the package offers, not what it imports.
    return sorted(__all__)


@_dataclass(frozen=True)
class Result:
    """One run: the verified solution (``None`` when there is none), how it ended
    (``verified``, ``gave-up``, ``no-solution`` or ``failed``), the work counters and the time
    from the puzzle's text to the verified answer (``seconds``, as ``sudoku solve --stats``)."""

    solution: Optional[str]
    outcome: str
    nodes: int
    backtracks: int
    propagations: int
    iterations: int
    restarts: int
    seconds: float = _field(default=0.0, compare=False)

    @property
    def solved(self) -> bool:
        return self.outcome == "verified"

    def _repr_html_(self) -> str:
        # In a notebook: the outcome and its work, and the solution drawn as a grid.
        counters = ", ".join(
            f"{name} {getattr(self, name)}"
            for name in ("nodes", "backtracks", "propagations", "iterations", "restarts")
            if getattr(self, name)
        )
        head = f"<p><b>{_html.escape(self.outcome)}</b>{': ' + counters if counters else ''}</p>"
        return head + (_grid_html(self.solution) if self.solution else "")


def _grid_html(line: str) -> str:
    """A grid's line as an HTML table, its boxes ruled."""
    side = int(round(len(line) ** 0.5))
    box = int(round(side**0.5))
    if side * side != len(line) or box * box != side:
        return f"<pre>{_html.escape(line)}</pre>"
    rows = []
    for r in range(side):
        cells = []
        for c in range(side):
            style = "width:1.6em;height:1.6em;text-align:center;border:1px solid #bbb;"
            if c % box == 0:
                style += "border-left:2px solid #333;"
            if r % box == 0:
                style += "border-top:2px solid #333;"
            if c == side - 1:
                style += "border-right:2px solid #333;"
            if r == side - 1:
                style += "border-bottom:2px solid #333;"
            symbol = line[r * side + c]
            cells.append(f'<td style="{style}">{_html.escape(symbol if symbol not in ".0" else "")}</td>')
        rows.append("<tr>" + "".join(cells) + "</tr>")
    return '<table style="border-collapse:collapse;font-family:monospace">' + "".join(rows) + "</table>"


_LEVELS = ("easy", "medium", "hard", "expert", "extreme")


@_dataclass(frozen=True)
class Rating:
    """A puzzle's rating as ``sudoku rate`` gives it, as data: ``level`` (``easy`` … ``extreme``),
    ``rating`` (the hardest step's value, a number), ``at_least`` (true when the techniques stop
    there and the rest needs guessing: ``extreme >9.5 guess``), ``technique``; ``line`` is the
    whole answer. A grid that is not rated (``not unique``, ``no solution``, ``already solved``)
    has ``level``, ``rating`` and ``technique`` ``None``. On Sudoku Explainer's scale
    (``se_line``, as ``sudoku rate --scale se`` gives it: ``"7.1/1.2/1.2 nice-loop"``):
    ``er`` (the hardest step), ``ep`` (the hardest up to the first placement) and ``ed`` (the
    first step's), ``None`` where not rated. On HoDoKu's scale (``hodoku_line``, as ``sudoku
    rate --scale hodoku`` gives it: ``"hard 1362 hidden-pair"``): ``hodoku_level`` (``easy``,
    ``medium``, ``hard``, ``unfair``, ``extreme``) and ``hodoku_score``."""

    line: str
    se_line: str = ""
    hodoku_line: str = ""
    level: Optional[str] = _field(init=False)
    rating: Optional[float] = _field(init=False)
    at_least: bool = _field(init=False)
    technique: Optional[str] = _field(init=False)
    er: Optional[float] = _field(init=False)
    ep: Optional[float] = _field(init=False)
    ed: Optional[float] = _field(init=False)
    hodoku_level: Optional[str] = _field(init=False)
    hodoku_score: Optional[int] = _field(init=False)

    def __post_init__(self) -> None:
        parts = self.line.split(" ")
        rated = parts[0] in _LEVELS and len(parts) == 3
        value = parts[1].lstrip(">") if rated else None
        object.__setattr__(self, "level", parts[0] if rated else None)
        object.__setattr__(self, "rating", float(value) if value is not None else None)
        object.__setattr__(self, "at_least", rated and parts[1].startswith(">"))
        object.__setattr__(self, "technique", parts[2] if rated else None)
        numbers = self.se_line.split(" ")[0].split("/")
        se = [float(x) for x in numbers] if len(numbers) == 3 else [None, None, None]
        for name, x in zip(("er", "ep", "ed"), se):
            object.__setattr__(self, name, x)
        hodoku = self.hodoku_line.split(" ")
        scored = len(hodoku) == 3 and hodoku[1].isdigit()
        object.__setattr__(self, "hodoku_level", hodoku[0] if scored else None)
        object.__setattr__(self, "hodoku_score", int(hodoku[1]) if scored else None)

    @property
    def difficulty(self) -> Optional[str]:
        """Old name: the rating as written (``"4.2"``, ``">7.0"``); use ``rating`` and
        ``at_least``."""
        parts = self.line.split(" ")
        return parts[1] if self.level and len(parts) > 1 else None


def solve(puzzle: str, algorithm: str = "portfolio", seed: Optional[int] = None, **params: Any) -> Result:
    """Solves one puzzle (any format the CLI reads) with a registry algorithm and its
    parameters (``solve(p, "tabu-ac3", seed=3, max_iterations=500)``); the answer is verified."""
    puzzle = _text("puzzle", puzzle)
    started = _time.perf_counter()
    answer = _core.solve(puzzle, algorithm, _seed(seed), _params(params))
    return Result(*answer, seconds=_time.perf_counter() - started)


def count(puzzle: str, limit: int = 2) -> int:
    """Solutions counted up to ``limit``: 0, 1, … or ``limit`` meaning "at least that many"."""
    return _core.count(_text("puzzle", puzzle), _whole("limit", limit, 1, 2**64 - 1))


def rate(puzzle: str) -> Rating:
    """The puzzle's rating by the human-style techniques (as ``sudoku rate``), with Sudoku
    Explainer's ER/EP/ED (as ``sudoku rate --scale se``) and HoDoKu's level and score (as
    ``sudoku rate --scale hodoku``)."""
    text = _text("puzzle", puzzle)
    return Rating(_core.rate(text), _core.rate(text, "se"), _core.rate(text, "hodoku"))


def explain(puzzle: str) -> List[str]:
    """The human-style steps in words, then how they ended."""
    steps, ending = _core.explain(_text("puzzle", puzzle))
    return list(steps) + [ending]


def generate(
    size: int = 9,
    count: int = 1,
    level: Optional[str] = None,
    symmetry: Optional[Any] = None,
    seed: int = 0,
    givens: Optional[int] = None,
    minimality: str = "exact",
    hodoku: Optional[str] = None,
    er: Optional[Any] = None,
    max_seconds: float = 60.0,
) -> List[str]:
    """Unique puzzles from the generator (as ``sudoku generate``): minimal under their symmetry
    (``"none"``, ``180``, ``90``, ``"mirror"``, ``"diagonal"``, as ``--symmetry`` takes them) and
    at ``level`` when given, or with exactly ``givens`` givens; the same seed gives the same
    puzzles. ``hodoku`` asks for HoDoKu's level (``"easy"`` … ``"unfair"``, ``"extreme"``) and
    ``er`` for Sudoku Explainer's ER, a value or a range (``8.3``, ``"8.0-9.0"``, ``(8.0, 9.0)``),
    as ``--hodoku`` and ``--er``. At 25×25, ``minimality`` says how far each is proved minimal,
    as ``--minimality``: ``"exact"`` (every given tried by SAT, about a minute a puzzle) or
    ``"logic"`` (no given the techniques up to XY-Chain can do without: seconds).

    Drawing stops after ``max_seconds`` (``--max-seconds``): the puzzles found by then are
    returned, in batch order, with a warning that says how many of ``count`` they are."""
    size = _whole("size", size, 4, 25)
    if size not in (4, 9, 16, 25):
        raise ValueError(f"size: no {size}×{size} grid: use 4, 9, 16 or 25")
    count = _whole("count", count, 0, 1_000_000)
    if givens is not None:
        givens = _whole("givens", givens, 0, 625)
    if level is not None and not isinstance(level, str):
        raise ValueError(f"level: a level's name (str), not {level!r}")
    if isinstance(symmetry, int) and not isinstance(symmetry, bool):
        symmetry = str(symmetry)
    if symmetry is not None and not isinstance(symmetry, str):
        raise ValueError(f"symmetry: none, 180, 90, mirror or diagonal, not {symmetry!r}")
    if not isinstance(minimality, str):
        raise ValueError(f"minimality: exact or logic, not {minimality!r}")
    if hodoku is not None and not isinstance(hodoku, str):
        raise ValueError(f"hodoku: a HoDoKu level's name (str), not {hodoku!r}")
    if isinstance(er, tuple) and len(er) == 2:
        er = f"{er[0]}-{er[1]}"
    elif isinstance(er, (int, float)) and not isinstance(er, bool):
        er = str(er)
    if er is not None and not isinstance(er, str):
        raise ValueError(f"er: an ER or a range of them (8.3, '8.0-9.0', (8.0, 9.0)), not {er!r}")
    if isinstance(max_seconds, bool) or not isinstance(max_seconds, (int, float)):
        raise ValueError(f"max_seconds: a positive number of seconds, not {max_seconds!r}")
    found = _core.generate(
        size, count, level, symmetry or "none", _seed(seed), givens, minimality,
        hodoku, er, float(max_seconds),
    )
    if len(found) < count:
        _warnings.warn(
            f"found {len(found)} of {count} puzzle{'' if count == 1 else 's'} within "
            f"{max_seconds} s (try a larger max_seconds)",
            stacklevel=2,
        )
    return found


def algorithms() -> List[Dict[str, Any]]:
    """The registry: each algorithm's id, name, family, description (technical, and
    ``in_plain_words`` for a newcomer), budget parameter,
    parameters with their kinds, ranges and defaults, and the work counters its runs report
    (``counters``: ``nodes``, ``decisions``, ``generations``…)."""
    return _json.loads(_core.algorithms())


def __getattr__(name: str) -> Any:
    # The notebook player needs anywidget (``pip install sudoku_lab[notebook]``): imported when
    # first asked for, so the rest of the package does not.
    if name == "Player":
        from .player import Player

        return Player
    raise AttributeError(f"module 'sudoku_lab' has no attribute {name!r}")
