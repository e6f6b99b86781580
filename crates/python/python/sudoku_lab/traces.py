"""A run kept: its events (``trace``), its file (``Trace.save``, ``load_trace``) and its
frames, drawn as the lab's page and the CLI's ``render`` draw them (``Trace.svg``, ``png``,
``gif``, ``render``; the notebook's ``Player`` plays them)."""

from __future__ import annotations

import html as _html
import json as _json
import os as _os
from dataclasses import dataclass as _dataclass
from dataclasses import field as _field
from typing import Any, Dict, List, Optional, Tuple

from . import _core
from ._args import _params, _seed, _text, _whole


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

    def marks(self) -> List[Tuple[int, str]]:
        """The run's moments worth finding again, as the page's timeline marks them:
        ``(step, kind)``, ``kind`` one of ``guess``, ``backtrack``, ``restart`` (a failed
        construction, clause learning's restart, a portfolio's handover), ``new best`` (a better
        best cost or fitness) and ``generation``; at ``step`` the marked event is the current
        one (``svg(step)`` draws it, ``events[step - 1]`` is it)."""
        if not self._file:
            raise ValueError("this trace has no file form (make it with trace() or load_trace())")
        return _core.trace_marks(self._file)

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

    # Frames, drawn by the lab's own drawing code (the CLI's ``render``): a step is the number of
    # events applied (0: the puzzle as given; the default: the end). ``view`` is ``board``,
    # ``graph`` or ``circle``; ``candidates`` shows the pencil marks the rules leave; ``dark``
    # the page's dark colours; ``cell_size`` a cell's side in pixels.

    def svg(
        self,
        step: Optional[int] = None,
        view: str = "board",
        candidates: bool = False,
        dark: bool = False,
        cell_size: float = 40.0,
    ) -> str:
        """The frame at ``step`` as a standalone SVG document (vector: for print)."""
        step = _step("step", step)
        ((_, drawing, _),) = self._frames(step, step, 1, view, candidates, dark, cell_size, False)
        return drawing.decode("utf-8")

    def png(
        self,
        step: Optional[int] = None,
        view: str = "board",
        candidates: bool = False,
        dark: bool = False,
        cell_size: float = 40.0,
    ) -> bytes:
        """The frame at ``step`` as a PNG file's bytes."""
        step = _step("step", step)
        ((_, drawing, _),) = self._frames(step, step, 1, view, candidates, dark, cell_size, True)
        return drawing

    def gif(
        self,
        first: Optional[int] = None,
        last: Optional[int] = None,
        every: Optional[int] = None,
        view: str = "board",
        candidates: bool = False,
        dark: bool = False,
        cell_size: float = 40.0,
        frame_ms: int = 150,
        hold_ms: int = 2000,
    ) -> bytes:
        """Steps ``first`` to ``last`` (every ``every``) as a looping animated GIF's bytes, each
        frame ``frame_ms`` long, the last held ``hold_ms``; by default the whole run in at most
        300 frames."""
        return _core.draw_gif(
            self._bytes(),
            _step("first", first),
            _step("last", last),
            None if every is None else _whole("every", every, 1, 2**32),
            _word("view", view),
            bool(candidates),
            bool(dark),
            _size(cell_size),
            _whole("frame_ms", frame_ms, 0, 2**32 - 1),
            _whole("hold_ms", hold_ms, 0, 2**32 - 1),
        )

    def render(self, path, step: Optional[int] = None, **options: Any) -> List[str]:
        """Writes frames to files, the format by the name: ``.svg``, ``.png`` (with ``first``
        and ``last``, a name with ``{step}`` in it: one file per step) or ``.gif`` (the run, or
        ``first``..``last``, as one animation). The options are ``svg``'s and ``gif``'s.
        Returns the paths written."""
        name = _os.fspath(path)
        lower = name.lower()
        if lower.endswith(".gif"):
            if step is not None:
                options.setdefault("first", step)
                options.setdefault("last", step)
            data = self.gif(**options)
            with open(name, "wb") as out:
                out.write(data)
            return [name]
        if not (lower.endswith(".svg") or lower.endswith(".png")):
            raise ValueError(f"{name}: the name ends in .svg, .png or .gif (the format)")
        png = lower.endswith(".png")
        unknown = set(options) - {"first", "last", "every", "view", "candidates", "dark", "cell_size"}
        if unknown:
            raise ValueError(f"render: no option {sorted(unknown)[0]!r} for an .svg or .png")
        first, last = options.pop("first", None), options.pop("last", None)
        every = _whole("every", options.pop("every", 1), 1, 2**32)
        if first is None and last is None:
            first = last = step
        elif "{step}" not in name:
            raise ValueError(f"{name}: a range is one file per step: put {{step}} in the name")
        frames = self._frames(
            first if first is not None else 0,
            last,
            every,
            options.get("view", "board"),
            options.get("candidates", False),
            options.get("dark", False),
            options.get("cell_size", 40.0),
            png,
        )
        width = len(str(frames[-1][0]))
        written = []
        for at, drawing, _ in frames:
            target = name.replace("{step}", str(at).zfill(width))
            with open(target, "wb") as out:
                out.write(drawing)
            written.append(target)
        return written

    def _bytes(self) -> bytes:
        if not self._file:
            raise ValueError("this trace has no file form (make it with trace() or load_trace())")
        return self._file

    def _frames(self, first, last, every, view, candidates, dark, cell_size, png):
        return _core.draw_frames(
            self._bytes(),
            _step("first", first),
            _step("last", last),
            _whole("every", every, 1, 2**32),
            _word("view", view),
            bool(candidates),
            bool(dark),
            _size(cell_size),
            png,
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


def _step(name: str, value: Any) -> Optional[int]:
    return None if value is None else _whole(name, value, 0, 2**32)


def _word(name: str, value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError(f"{name}: a word (str), not {type(value).__name__}")
    return value


def _size(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(f"cell_size: a number of pixels, not {value!r}")
    return float(value)
