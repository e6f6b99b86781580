"""The package as the libraries people use behave: a clean namespace, reprs that fit a line,
data as data, every argument error a ValueError said once."""

import pytest

import sudoku_lab as sl
from conftest import HARD, HARD_SOLVED


def test_the_namespace_is_what_the_package_offers():
    assert dir(sl) == sorted(sl.__all__)
    for leaked in ("json", "Any", "Dict", "dataclass", "annotations"):
        assert leaked not in dir(sl)


def test_reprs_fit_a_line():
    trace = sl.trace(HARD, "fc-mrv")
    assert repr(trace) == f"Trace(algorithm='fc-mrv', outcome='verified', events={len(trace.events)}, truncated=False)"
    study = sl.Study(configurations=["dlx", "sat"], puzzles=[HARD], seeds=2)
    assert repr(study) == "Study(configurations=['dlx', 'sat'], puzzles=1, seeds=2, jobs=4)"
    rating = sl.rate(HARD)
    assert "level=" in repr(rating) and "rating=" in repr(rating)


def test_a_rating_is_a_number_with_its_flag():
    rated = sl.rate(".4....179..2..8.54..6..5..8.8..7.91..5..9..3..19.6..4.3..4..7..57.1..2..928....6.")
    assert rated.level == "easy" and isinstance(rated.rating, float) and not rated.at_least
    assert rated.difficulty == f"{rated.rating:.1f}"
    # Sudoku Explainer's scale: box hidden singles only, 1.2 on all three numbers.
    assert (rated.er, rated.ep, rated.ed) == (1.2, 1.2, 1.2)
    pointing = sl.rate(".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...")
    assert (pointing.er, pointing.ep, pointing.ed) == (2.6, 1.5, 1.5), pointing.se_line
    unrated = sl.rate("." * 81)
    assert (unrated.line, unrated.level, unrated.rating, unrated.technique) == ("not unique", None, None, None)
    assert (unrated.se_line, unrated.er) == ("not unique", None)
    assert sl.rate(HARD_SOLVED).line == "already solved"


def test_a_result_carries_its_time():
    result = sl.solve(HARD)
    assert result.solved and result.seconds > 0
    assert result == sl.solve(HARD), "equal runs compare equal whatever their times"


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: sl.count(HARD, limit=-1), "limit: a whole number"),
        (lambda: sl.count(HARD, limit="2"), "limit: a whole number"),
        (lambda: sl.generate(size=10), "size"),
        (lambda: sl.generate(symmetry=45), "no symmetry '45'"),
        (lambda: sl.solve(12345), "puzzle: a puzzle's text"),
        (lambda: sl.Study(configurations=["dlx"], puzzles=HARD), "not one string"),
        (lambda: sl.Study(configurations=["dlx"], generate={"foo": 1, "levels": ["easy"]}), "unknown key 'foo'"),
        # The generator's keys are offered, not the study file's other population keys.
        (
            lambda: sl.Study(configurations=["dlx"], generate={"file": "x", "levels": ["easy"]}),
            r"generate: unknown key 'file'.* one of size, levels, givens, count, symmetry$",
        ),
        (lambda: sl.Study(configurations=["dlx"], generate={"levels": ["easy"], "count": "3"}), "generate.count"),
    ],
)
def test_every_argument_error_is_a_value_error(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_symmetry_is_taken_as_the_cli_takes_it():
    assert sl.generate(symmetry=180, seed=3) == sl.generate(symmetry="180", seed=3)


def test_the_frame_speaks_the_labs_names():
    frame = sl.trace(HARD, "norvig").frame()
    guesses = frame[frame["kind"] == "Guess"]
    assert guesses["cell"].str.match(r"^r\d+c\d+$").all()
    assert str(frame["digit"].dtype) == "Int64" and str(frame["row"].dtype) == "Int64"
    first = guesses.iloc[0]
    assert first["cell"] == f"r{first['row']}c{first['column']}"


def test_notebooks_get_tables_where_a_table_helps():
    from html.parser import HTMLParser

    class Cells(HTMLParser):
        def __init__(self):
            super().__init__()
            self.cells, self.inside = [], False

        def handle_starttag(self, tag, attrs):
            self.inside = tag == "td"

        def handle_data(self, data):
            if self.inside:
                self.cells.append(data)

        def handle_endtag(self, tag):
            self.inside = False

    result = sl.solve(HARD)
    page = Cells()
    page.feed(result._repr_html_())
    # The solution as a 9×9 grid: 81 cells, read back in order.
    assert "".join(page.cells) == result.solution == HARD_SOLVED
    assert result._repr_html_().startswith("<p><b>verified</b>")
    trace = sl.trace(HARD, "norvig")
    assert "<td>Guess</td>" in trace._repr_html_()
    study = sl.Study(configurations=["dlx"], puzzles=[HARD], seeds=2)
    assert "<th style='text-align:left'>seeds</th><td>2</td>" in study._repr_html_()
