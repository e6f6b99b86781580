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
    outputs = [o for cell in notebook.cells if cell.cell_type == "code" for o in cell.get("outputs", [])]
    assert not [o for o in outputs if o.get("output_type") == "error"]
    text = "".join(o.get("text", "") for o in outputs)
    assert "puzzles of 40 givens" in text
