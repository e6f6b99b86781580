"""The Rust core's entry points (``sudoku_lab._core``); the package's modules wrap them."""

from typing import Dict, List, Optional, Sequence, Tuple, Union

VERSION: str
CSV_HEADER: str

def solve(
    puzzle_text: str, algorithm: str, seed: int, params: Sequence[Tuple[str, str]]
) -> Tuple[Optional[str], str, int, int, int, int, int]: ...
def count(puzzle_text: str, limit: int) -> int: ...
def rate(puzzle_text: str, scale: str = "lab") -> str: ...
def explain(puzzle_text: str) -> Tuple[List[str], str]: ...
def generate(
    size: int,
    count: int,
    level: Optional[str],
    symmetry: str,
    seed: int,
    givens: Optional[int],
    minimality: str,
    hodoku: Optional[str],
    er: Optional[str],
    max_seconds: float,
) -> List[str]: ...
def algorithms() -> str: ...
def trace(
    puzzle_text: str, algorithm: str, seed: int, params: Sequence[Tuple[str, str]], max_events: int
) -> Tuple[str, str, bool, int, bytes]: ...

# A record: its fields by the names of CSV_HEADER, its records.csv row, its records.jsonl line.
Record = Tuple[Dict[str, Union[int, float, str]], str, str]

class StudyPlan:
    def __init__(self, payload: str) -> None: ...
    def jobs(self) -> int: ...
    def population(self) -> List[Tuple[str, Optional[str], str, str, int]]: ...
    def job(self, k: int) -> Tuple[int, int, int]: ...
    def run_jobs(self, jobs: List[int]) -> List[Record]: ...
    def read_row(self, row: str) -> Optional[Record]: ...
    def summary(self, rows: str) -> Tuple[str, str, str, List[str], str]: ...
    def header(self) -> str: ...

# Tuning by racing (see tuning.py): the candidates' grid, and a race over a plan's
# configurations: the standings' CSV and each test (instances, candidates, statistic, p-value,
# the configurations it dropped).
def race_candidates(algorithm: str, assignments: List[str], levels: int) -> List[str]: ...
def race(
    plan: StudyPlan, first_test: int, each_test: int, alpha: float, max_runs: Optional[int] = None
) -> Tuple[str, List[Tuple[int, int, Optional[float], Optional[float], List[str]]]]: ...

# Trace files and their frames (see traces.py).
def read_trace(bytes: bytes) -> Tuple[str, str, int, bytes]: ...
def trace_json(bytes: bytes) -> str: ...
def trace_marks(bytes: bytes) -> List[Tuple[int, str]]: ...
def draw_frames(
    bytes: bytes,
    first: Optional[int],
    last: Optional[int],
    every: int,
    view: str,
    candidates: bool,
    dark: bool,
    cell_size: float,
    png: bool,
) -> List[Tuple[int, bytes, str]]: ...
def draw_step(
    bytes: bytes, step: int, view: str, candidates: bool, dark: bool, cell_size: float
) -> Tuple[str, str]: ...
def draw_gif(
    bytes: bytes,
    first: Optional[int],
    last: Optional[int],
    every: Optional[int],
    view: str,
    candidates: bool,
    dark: bool,
    cell_size: float,
    frame_ms: int,
    hold_ms: int,
) -> bytes: ...
