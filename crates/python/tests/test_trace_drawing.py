"""A trace's frames from Python: the same drawings the CLI's ``render`` writes (SVG, PNG,
GIF), and the notebook ``Player`` that shows them a step at a time."""

import subprocess

import pytest

import sudoku_lab as sl
from conftest import HARD, HARD_SOLVED

EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def _render(sudoku_bin, path, *args, text=True):
    return subprocess.run(
        [sudoku_bin, "render", str(path), *args], capture_output=True, text=text, check=True
    ).stdout


@pytest.mark.parametrize("view", ["board", "graph", "circle"])
def test_frames_are_the_clis_frames(tmp_path, sudoku_bin, view):
    trace = sl.trace(EASY, "norvig")
    trace.save(tmp_path / "t.trace")
    for step in (0, 7, len(trace.events)):
        mine = trace.svg(step, view=view, candidates=True)
        theirs = _render(sudoku_bin, tmp_path / "t.trace", "--step", str(step), "--view", view, "--candidates")
        assert mine == theirs.rstrip("\n")
    # The PNG too, byte for byte.
    png = _render(sudoku_bin, tmp_path / "t.trace", "--step", "7", "--format", "png", text=False)
    assert trace.png(7) == png
    assert png[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_last_frame_is_the_verified_answer():
    trace = sl.trace(HARD, "dlx")
    svg = trace.svg()
    drawn = "".join(part.split('"', 1)[0] for part in svg.split('data-value="')[1:])
    assert drawn == HARD_SOLVED
    first = trace.svg(0)
    assert "".join(p.split('"', 1)[0] for p in first.split('data-value="')[1:]) == HARD.replace(".", "0")


def test_a_gif_and_files_by_their_names(tmp_path, sudoku_bin):
    trace = sl.trace(EASY, "dlx")
    trace.save(tmp_path / "t.trace")
    gif = trace.gif(frame_ms=80, hold_ms=1000)
    assert gif[:6] == b"GIF89a"
    assert gif == _render(sudoku_bin, tmp_path / "t.trace", "--format", "gif", "--frame-ms", "80", "--hold-ms", "1000", text=False)
    assert trace.render(tmp_path / "run.gif") == [str(tmp_path / "run.gif")]
    assert (tmp_path / "run.gif").read_bytes() == trace.gif()
    written = trace.render(tmp_path / "f-{step}.png", first=0, last=20, every=10)
    assert [p.rsplit("/", 1)[1] for p in written] == ["f-00.png", "f-10.png", "f-20.png"]
    assert (tmp_path / "f-10.png").read_bytes() == trace.png(10)
    trace.render(tmp_path / "end.svg", dark=True)
    assert (tmp_path / "end.svg").read_text() == trace.svg(dark=True)


def test_bad_requests_are_refused_with_a_message(tmp_path):
    trace = sl.trace(EASY, "dlx")
    end = len(trace.events)
    for call, words in [
        (lambda: trace.svg(end + 1), f"the trace has {end} events"),
        (lambda: trace.svg(view="hypergraph"), "choose one of board, graph, circle"),
        (lambda: trace.svg(cell_size=2), "cell_size=2"),
        (lambda: trace.svg(step=-1), "step"),
        (lambda: trace.gif(frame_ms=5), "frame_ms=5"),
        (lambda: trace.gif(first=9, last=3), "after"),
        (lambda: trace.render(tmp_path / "a.txt"), "ends in .svg, .png or .gif"),
        (lambda: trace.render(tmp_path / "a.png", first=0, last=3), "{step}"),
        (lambda: trace.render(tmp_path / "a.svg", speed=3), "no option 'speed'"),
    ]:
        with pytest.raises(ValueError, match=None) as e:
            call()
        assert words in str(e.value)


def test_the_player_shows_each_step_with_its_sentence():
    pytest.importorskip("anywidget")
    trace = sl.trace(EASY, "norvig")
    player = sl.Player(trace, view="graph")
    assert (player.first, player.last, player.step) == (0, len(trace.events), 0)
    # A long run plays in at most 300 frames.
    assert (player.last - player.first) / player.stride <= 299
    assert player.svg == trace.svg(0, view="graph")
    assert player.caption.endswith("the puzzle as given")
    player.step = 12
    assert player.svg == trace.svg(12, view="graph")
    assert player.caption.startswith(f"step 12 of {len(trace.events)}: ")
    player.view = "board"
    assert player.svg == trace.svg(12)
    player.step = 10**9
    assert player.step == player.last
    with pytest.raises(Exception, match="choose one of board, graph, circle"):
        player.view = "hypergraph"
    ranged = sl.Player(trace, first=5, last=9, stride=2)
    assert (ranged.step, ranged.first, ranged.last, ranged.stride) == (5, 5, 9, 2)
    ranged.step = 0
    assert ranged.step == 5
    with pytest.raises(ValueError, match="Trace"):
        sl.Player("not a trace")
    data, _ = player._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in data
    assert 'src="data:image/gif;base64,' in data["text/html"]


def test_marks_are_the_pages_moments_of_the_run():
    trace = sl.trace(HARD, "dlx", seed=1)
    marks = trace.marks()
    steps = [step for step, _ in marks]
    assert steps == sorted(set(steps)) and steps[0] >= 1
    kinds = {kind for _, kind in marks}
    assert kinds == {"guess", "backtrack"}, kinds
    # At each mark's step the marked event is the current one.
    for step, kind in marks:
        assert trace.events[step - 1]["kind"] == kind.capitalize()
    assert len(marks) == sum(e["kind"] in ("Guess", "Backtrack") for e in trace.events)
    # A local search marks each better best cost, never a worse one.
    tabu = sl.trace(HARD, "tabu-ac3", seed=2, max_iterations=300)
    bests = [tabu.events[step - 1]["best"] for step, kind in tabu.marks() if kind == "new best"]
    assert bests and all(a > b for a, b in zip(bests, bests[1:]))
