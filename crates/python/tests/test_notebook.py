"""The notebook runs from top to bottom (nbclient, a fresh kernel) and makes its plots."""

from pathlib import Path

import pytest

nbclient = pytest.importorskip("nbclient")
nbformat = pytest.importorskip("nbformat")

NOTEBOOK = Path(__file__).resolve().parents[3] / "notebooks" / "sudoku_lab.ipynb"


def test_the_notebook_runs(tmp_path):
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    client = nbclient.NotebookClient(notebook, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}})
    client.execute()
    assert (tmp_path / "trace-depth.png").stat().st_size > 1000
    assert (tmp_path / "success-vs-givens.png").stat().st_size > 1000
    assert (tmp_path / "ecdf.png").stat().st_size > 1000
    outputs = [o for cell in notebook.cells if cell.cell_type == "code" for o in cell.get("outputs", [])]
    assert not [o for o in outputs if o.get("output_type") == "error"]
    text = "".join(o.get("text", "") for o in outputs)
    assert "puzzles of 40 givens" in text


def test_the_player_keeps_its_state_and_a_static_export_shows_the_run(tmp_path):
    nbconvert = pytest.importorskip("nbconvert")
    pytest.importorskip("anywidget")
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    client = nbclient.NotebookClient(notebook, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}})
    client.execute()
    assert (tmp_path / "run.gif").read_bytes()[:6] == b"GIF89a"
    # The widget's state, as the notebook keeps it: the player's model at its first frame.
    state = notebook.metadata["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
    players = [m["state"] for m in state.values() if "caption" in m["state"] and "svg" in m["state"]]
    assert len(players) == 1
    player = players[0]
    assert player["step"] == 0 and player["first"] == 0 and player["last"] > 0
    assert player["svg"].startswith("<svg") and 'role="grid"' in player["svg"]
    assert player["caption"].startswith("step 0 of ") and "the puzzle as given" in player["caption"]
    assert "fc-mrv" in player["title"]
    # A copy without a kernel shows the run as a GIF: the state carries it.
    assert player["fallback"].startswith("data:image/gif;base64,")
    # Its output carries the widget and, for a reader without a kernel, the run as a GIF.
    output = [
        o
        for cell in notebook.cells
        if cell.get("id") == "player"
        for o in cell.outputs
        if o.get("output_type") == "execute_result"
    ][0]
    assert "application/vnd.jupyter.widget-view+json" in output.data
    assert 'src="data:image/gif;base64,' in output.data["text/html"]
    # Exported with the widgets' state, the page carries the player's state, GIF included.
    html, _ = nbconvert.HTMLExporter().from_notebook_node(notebook)
    assert "application/vnd.jupyter.widget-state+json" in html
    assert '"fallback": "data:image\\/gif;base64,' in html  # JSON in a script: "/" escaped
    # Exported without it (a notebook saved without widget state): the GIF in place.
    del notebook.metadata["widgets"]
    html, _ = nbconvert.HTMLExporter().from_notebook_node(notebook)
    figure = html[html.index('class="sudoku-lab-player-fallback"') :]
    assert figure.index('src="data:image/gif;base64,') < figure.index("</figure>")
