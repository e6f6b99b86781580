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
from dataclasses import dataclass as _dataclass
from dataclasses import field as _field
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
    "load_trace",
    "Study",
    "run_job",
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
    (``se_line``, as ``sudoku rate --scale se`` gives it: ``"7.1/1.2/1.2 forcing-chain"``):
    ``er`` (the hardest step), ``ep`` (the hardest up to the first placement) and ``ed`` (the
    first step's), ``None`` where not rated."""

    line: str
    se_line: str = ""
    level: Optional[str] = _field(init=False)
    rating: Optional[float] = _field(init=False)
    at_least: bool = _field(init=False)
    technique: Optional[str] = _field(init=False)
    er: Optional[float] = _field(init=False)
    ep: Optional[float] = _field(init=False)
    ed: Optional[float] = _field(init=False)

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

    @property
    def difficulty(self) -> Optional[str]:
        """Old name: the rating as written (``"4.2"``, ``">7.0"``); use ``rating`` and
        ``at_least``."""
        parts = self.line.split(" ")
        return parts[1] if self.level and len(parts) > 1 else None


@_dataclass(frozen=True)
class Trace:
    """A run's events (dicts with a ``kind``: ``Guess``, ``Assign``, ``Eliminate``,
    ``Backtrack``, ``Iteration``, ``Generation``…), how it ended, and whether ``max_events``
    cut it short (the run was then stopped there). ``save(path)`` keeps it as a trace file
    (the lab's own format: ``sudoku render`` draws it), ``load_trace(path)`` reads one back."""

    events: List[Dict[str, Any]]
    outcome: str
    truncated: bool
    algorithm: str = ""
    side: int = 9
    #: The puzzle (one line), the configuration (``ID;NAME=VALUE…``) and the seed that run it
    #: again; ``status``: how it ended in words ("gave up after 1,000 nodes").
    puzzle: str = ""
    configuration: str = ""
    seed: int = 0
    status: str = ""
    _file: bytes = _field(default=b"", repr=False, compare=False)

    def save(self, path) -> None:
        """Writes the trace file: ``.json`` its JSON form, ``.gz`` compressed (either), any
        other name the binary form — as ``sudoku solve --trace`` writes them."""
        import gzip
        import os

        name = os.fspath(path)
        lower = str(name).lower()
        data = self._file
        if not data:
            raise ValueError("this trace has no file form (make it with trace() or load_trace())")
        if lower.endswith(".json") or lower.endswith(".json.gz"):
            data = _core.trace_json(data).encode("utf-8")
        if lower.endswith(".gz"):
            data = gzip.compress(data)
        with open(name, "wb") as out:
            out.write(data)

    def __repr__(self) -> str:
        # One line, however many events (the list itself is ``events``).
        return (
            f"Trace(algorithm={self.algorithm!r}, outcome={self.outcome!r}, "
            f"events={len(self.events)}, truncated={self.truncated})"
        )

    def _repr_html_(self) -> str:
        # In a notebook: the one-line summary and the events counted by kind (the list itself
        # is ``events``, the table ``frame()``).
        kinds: Dict[str, int] = {}
        for event in self.events:
            kinds[event.get("kind", "?")] = kinds.get(event.get("kind", "?"), 0) + 1
        rows = "".join(
            f"<tr><td>{_html.escape(kind)}</td><td style='text-align:right'>{n}</td></tr>"
            for kind, n in sorted(kinds.items(), key=lambda kv: -kv[1])
        )
        return (
            f"<p>{_html.escape(repr(self))}</p>"
            f"<table><tr><th>event</th><th>count</th></tr>{rows}</table>"
        )

    def frame(self):  # -> pandas.DataFrame
        """The events as a table, one row per event: ``kind``; for events on a cell, ``cell``
        in the lab's words (``r1c1``) with its ``row`` and ``column`` (from 1); ``digit``; the
        reason's ``rule`` and place ``at``; a conflict's ``clash``; the summaries' own fields.
        Whole-number columns are nullable integers (``Int64``), not floats with NaN."""
        import pandas as pd

        rows = []
        for event in self.events:
            row = dict(event)
            cell = row.pop("cell", None)
            if cell is not None:
                row["cell"] = f"r{cell // self.side + 1}c{cell % self.side + 1}"
                row["row"] = cell // self.side + 1
                row["column"] = cell % self.side + 1
            if "value" in row:
                row["digit"] = row.pop("value")
            reason = row.pop("reason", None)
            if reason:
                row["rule"] = reason.get("rule")
                row["at"] = reason.get("at")
            clash = row.pop("clash", None)
            if clash:
                # A conflict's broken constraint, by its kind (NoPlace, Twice, NoDigit, ...).
                row["clash"] = clash.get("kind")
            rows.append(row)
        # Whole-number columns, told from the events themselves (the frame would hold them as
        # floats wherever a row lacks one).
        whole = {
            key
            for row in rows
            for key, value in row.items()
            if isinstance(value, int) and not isinstance(value, bool)
        }
        whole -= {
            key
            for row in rows
            for key, value in row.items()
            if value is not None and (not isinstance(value, int) or isinstance(value, bool))
        }
        table = pd.DataFrame(rows)
        for name in whole:
            table[name] = table[name].astype("Int64")
        return table


def _params(params: Mapping[str, Any]) -> List[tuple]:
    return [(str(name), str(value)) for name, value in params.items()]


def _seed(seed: Optional[int]) -> int:
    if seed is None:
        return 0
    if not isinstance(seed, int) or seed < 0 or seed >= 2**64:
        raise ValueError(f"seed: a whole number from 0 to 2**64 - 1, not {seed!r}")
    return seed


def _text(name: str, value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError(f"{name}: a puzzle's text (str), not {type(value).__name__}")
    return value


def _whole(name: str, value: Any, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{name}: a whole number from {low} to {high}, not {value!r}")
    return value


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
    Explainer's ER/EP/ED (as ``sudoku rate --scale se``)."""
    text = _text("puzzle", puzzle)
    return Rating(_core.rate(text), _core.rate(text, "se"))


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
) -> List[str]:
    """Unique puzzles from the generator (as ``sudoku generate``): minimal under their symmetry
    (``"none"``, ``180``, ``90``, ``"mirror"``, ``"diagonal"``, as ``--symmetry`` takes them) and
    at ``level`` when given, or with exactly ``givens`` givens; the same seed gives the same
    puzzles."""
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
    return _core.generate(size, count, level, symmetry or "none", _seed(seed), givens)


def algorithms() -> List[Dict[str, Any]]:
    """The registry: each algorithm's id, name, family, description, budget parameter and
    parameters with their kinds, ranges and defaults."""
    return _json.loads(_core.algorithms())


def trace(
    puzzle: str,
    algorithm: str = "portfolio",
    seed: Optional[int] = None,
    max_events: int = 1_000_000,
    **params: Any,
) -> Trace:
    """A run's events, as the page plays them back (at most ``max_events``)."""
    max_events = _whole("max_events", max_events, 1, 2**64 - 1)
    seed = _seed(seed)
    events, outcome, truncated, side, file = _core.trace(
        _text("puzzle", puzzle), algorithm, seed, _params(params), max_events
    )
    header = _header(file)
    return Trace(
        _json.loads(events),
        outcome,
        truncated,
        algorithm,
        side,
        header["puzzle"],
        header["configuration"],
        seed,
        header["status"],
        file,
    )


def _header(file: bytes) -> Dict[str, str]:
    # The header lines of a trace file's binary form ("key value").
    text = file[: file.index(b"\n\n")].decode("utf-8")
    return dict(line.split(" ", 1) for line in text.splitlines()[1:] if " " in line)


def load_trace(path) -> Trace:
    """Reads a trace file (binary or JSON form, gzip-compressed or not, as ``sudoku solve
    --trace`` and ``Trace.save`` write them); a damaged file raises ``ValueError`` naming what
    is wrong."""
    import gzip
    import os

    with open(os.fspath(path), "rb") as f:
        data = f.read(_MAX_TRACE_BYTES + 1)
    if data[:2] == b"\x1f\x8b":
        with gzip.open(os.fspath(path), "rb") as f:
            data = f.read(_MAX_TRACE_BYTES + 1)
    if len(data) > _MAX_TRACE_BYTES:
        raise ValueError(f"{os.fspath(path)}: over {_MAX_TRACE_BYTES >> 20} MB, not a trace")
    try:
        events, header, side, binary = _core.read_trace(data)
    except ValueError as e:
        raise ValueError(f"{os.fspath(path)}: {e}") from None
    header = _json.loads(header)
    return Trace(
        _json.loads(events),
        header["outcome"],
        header["dropped"] > 0 or header["outcome"] == "cancelled",
        header["configuration"].split(";", 1)[0],
        side,
        header["puzzle"],
        header["configuration"],
        header["seed"],
        header["status"],
        binary,
    )


#: Bytes a trace file may have, decompressed (the JSON form of the largest trace).
_MAX_TRACE_BYTES = 1 << 30
