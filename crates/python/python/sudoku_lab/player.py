"""``Player(trace)``: a recorded run played in a notebook (Jupyter, JupyterLab, VS Code,
Colab) through anywidget, drawn frame by frame by the lab's own drawing code — the frames the
CLI's ``render`` and ``Trace.svg`` give — with the page's narration of each step. Offline: the
widget's script ships in the package. In a static export (nbconvert HTML, a notebook viewer)
the widget falls back to the run as a looping GIF, not an empty box."""

from __future__ import annotations

import base64 as _base64
import html as _html
import pathlib as _pathlib
from typing import Any, Optional

import anywidget
import traitlets

from . import _core
from .traces import Trace, _size, _whole

_STATIC = _pathlib.Path(__file__).parent / "static"

#: Frames the static fallback's GIF is cut to, and its cells' side: a notebook keeps it.
_FALLBACK_FRAMES = 120
_FALLBACK_CELL = 28.0


class Player(anywidget.AnyWidget):
    """Plays ``trace`` (a ``Trace`` of ``trace()`` or ``load_trace()``) from step ``first`` to
    ``last`` (by default the whole run), ``stride`` events per frame (by default enough for at
    most 300 frames), one frame every ``frame_ms``, looping when ``loop``. ``view`` is
    ``board``, ``graph`` or ``circle``; ``candidates`` shows pencil marks. The controls: first,
    back, play/pause, forward, last, a slider, the view and the speed; ← → and space from the
    keyboard. ``step`` is the frame shown (set it from Python to move the player)."""

    _esm = _STATIC / "player.js"
    _css = _STATIC / "player.css"

    step = traitlets.Int(0).tag(sync=True)
    first = traitlets.Int(0).tag(sync=True)
    last = traitlets.Int(0).tag(sync=True)
    stride = traitlets.Int(1).tag(sync=True)
    frame_ms = traitlets.Int(150).tag(sync=True)
    loop = traitlets.Bool(True).tag(sync=True)
    playing = traitlets.Bool(False).tag(sync=True)
    view = traitlets.Unicode("board").tag(sync=True)
    candidates = traitlets.Bool(False).tag(sync=True)
    #: What the script shows: the frame (SVG), the narration's sentence, the run in one line.
    svg = traitlets.Unicode("").tag(sync=True)
    caption = traitlets.Unicode("").tag(sync=True)
    title = traitlets.Unicode("").tag(sync=True)
    #: The range as a looping GIF (a data URL): what a copy without a kernel shows (a static
    #: export that kept the widget's state, a notebook viewer).
    fallback = traitlets.Unicode("").tag(sync=True)

    def __init__(
        self,
        trace: Trace,
        first: int = 0,
        last: Optional[int] = None,
        stride: Optional[int] = None,
        frame_ms: int = 150,
        loop: bool = True,
        view: str = "board",
        candidates: bool = False,
        dark: bool = False,
        cell_size: float = 40.0,
        **kwargs: Any,
    ) -> None:
        if not isinstance(trace, Trace):
            raise ValueError(f"Player: a Trace (trace() or load_trace()), not {type(trace).__name__}")
        self._trace = trace
        self._dark = bool(dark)
        self._cell = _size(cell_size)
        events = len(trace.events)
        last = events if last is None else _whole("last", last, 0, events)
        first = _whole("first", first, 0, last)
        if stride is None:
            stride = max(1, -(-(last - first) // 299))
        super().__init__(
            first=first,
            last=last,
            step=first,
            stride=_whole("stride", stride, 1, max(1, events)),
            frame_ms=_whole("frame_ms", frame_ms, 20, 60_000),
            loop=bool(loop),
            view=view,
            candidates=bool(candidates),
            title=f"{trace.algorithm}: {trace.status or trace.outcome}, {events:,} events",
            **kwargs,
        )
        self._draw()
        self.observe(self._draw, names=["step", "view", "candidates"])
        self.fallback = "data:image/gif;base64," + _base64.b64encode(self._fallback_gif()).decode("ascii")
        # The script asks whether a kernel is there; a copy without one shows the GIF.
        self.on_msg(self._answer)

    def _answer(self, widget: Any, content: Any, buffers: Any) -> None:
        if isinstance(content, dict) and content.get("type") == "hello":
            self.send({"type": "alive"})

    @traitlets.validate("step")
    def _valid_step(self, proposal: Any) -> int:
        # The frame shown stays in the range played.
        return min(max(int(proposal["value"]), self.first), self.last)

    @traitlets.validate("view")
    def _valid_view(self, proposal: Any) -> str:
        if proposal["value"] not in ("board", "graph", "circle"):
            raise traitlets.TraitError(f"view {proposal['value']!r}: choose one of board, graph, circle")
        return proposal["value"]

    def _draw(self, change: Any = None) -> None:
        svg, caption = _core.draw_step(
            self._trace._bytes(), self.step, self.view, self.candidates, self._dark, self._cell
        )
        with self.hold_sync():
            self.svg = svg
            self.caption = f"step {self.step:,} of {len(self._trace.events):,}: {caption}"

    def _fallback_gif(self) -> bytes:
        # The range played, in at most 120 frames with smaller cells: a notebook keeps it.
        span = self.last - self.first
        every = max(self.stride, -(-span // (_FALLBACK_FRAMES - 1)) if span else 1)
        return self._trace.gif(
            first=self.first,
            last=self.last,
            every=every,
            view=self.view,
            candidates=self.candidates,
            dark=self._dark,
            cell_size=_FALLBACK_CELL,
            frame_ms=max(self.frame_ms, 100),
        )

    def fallback_html(self) -> str:
        """What a static export without the widget's state shows: the range played as a
        looping GIF (at most 120 frames, smaller cells), with the run's line."""
        title = _html.escape(self.title)
        return (
            f'<figure class="sudoku-lab-player-fallback"><img src="{self.fallback}" '
            f'alt="{title}, played as an animation"><figcaption>{title}</figcaption></figure>'
        )

    def _repr_mimebundle_(self, **kwargs: Any):
        # The widget where a notebook runs it; the GIF where the output is only read back.
        shown = super()._repr_mimebundle_(**kwargs)
        data, metadata = shown if isinstance(shown, tuple) else (shown, {})
        data = dict(data or {})
        data["text/html"] = self.fallback_html()
        return data, metadata
