"""Shared fixtures: puzzles, and the CLI the study tests compare against."""

import os
import shutil

import pytest

HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
HARD_SOLVED = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"


@pytest.fixture(scope="session")
def sudoku_bin():
    """The `sudoku` binary (SUDOKU_BIN, as ./dev test sets it, or one on PATH)."""
    path = os.environ.get("SUDOKU_BIN") or shutil.which("sudoku")
    if not path or not os.path.exists(path):
        pytest.skip("no sudoku binary: set SUDOKU_BIN")
    return path
