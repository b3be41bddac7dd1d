"""Writing: grids are drawn in boxes of any shape, each status has its words,
CSV quotes what needs it and leaves missing figures empty, and the progress
line is drawn at most once per interval, never on short runs."""

import csv
import io

import pytest

from solver.cli import CsvFormat, Entry, Progress, TextFormat, draw_grid, report_one, solve_entry
from tests.support.puzzles import HARD, HARD_SOLUTION

# Grids


def test_a_4x4_grid_is_drawn_with_box_borders():
    assert draw_grid("1234341221434321") == (
        "+-----+-----+\n"
        "| 1 2 | 3 4 |\n"
        "| 3 4 | 1 2 |\n"
        "+-----+-----+\n"
        "| 2 1 | 4 3 |\n"
        "| 4 3 | 2 1 |\n"
        "+-----+-----+"
    )


def test_a_6x6_grid_is_drawn_in_boxes_of_two_rows_of_three():
    lines = draw_grid("123456" * 6).splitlines()
    assert lines[0] == "+-------+-------+"
    assert lines[1] == "| 1 2 3 | 4 5 6 |"
    assert [n for n, line in enumerate(lines) if line.startswith("+")] == [0, 3, 6, 9]


def test_a_grid_of_no_board_size_is_refused():
    with pytest.raises(ValueError, match="no board has 80 cells"):
        draw_grid("1" * 80)


# Outcomes


def test_a_lone_solved_puzzle_is_drawn_and_said_not_proved_unique():
    *drawn, verdict = report_one(solve_entry(Entry(1, HARD), first=True)).splitlines()
    assert "\n".join(drawn) == draw_grid(HARD_SOLUTION)
    assert verdict.startswith("solved: the first solution found; not proved unique (")


def test_a_lone_puzzle_with_conflicting_givens_says_which():
    outcome = solve_entry(Entry(1, "44" + HARD[2:]))
    assert report_one(outcome) == "invalid: Two 4s in row 1 (columns 1 and 2).\n"


def test_a_text_row_shows_the_line_the_status_and_the_solution():
    row = TextFormat().row(solve_entry(Entry(12, HARD), first=True))
    assert row.startswith(f"    12  solved    {HARD_SOLUTION}  ")
    assert row.endswith(" ms")


def test_csv_quotes_puzzles_written_with_commas_and_leaves_missing_figures_empty():
    numbers = ", ".join(["0"] * 15 + ["7"])  # 16 numbers: a 4x4 board, digits 1-4
    outcome = solve_entry(Entry(3, numbers))
    [row] = csv.reader(io.StringIO(CsvFormat().rows([outcome])))
    assert row[:6] == ["3", numbers, "invalid", "", "", ""]
    assert "too large" in row[-1]


# Progress


class Clock:
    """A clock that tells the time it is set to."""

    def __init__(self):
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_progress_is_redrawn_at_most_once_per_interval_with_counts_rate_and_percentage():
    clock, stream = Clock(), io.StringIO()
    progress = Progress(stream, active=True, size=1000, clock=clock)
    for now, done in [(0.05, 10), (0.2, 100), (0.25, 150), (0.4, 200)]:
        clock.now = now
        progress.update(done, bytes_read=done)
    assert stream.getvalue() == "\r100 puzzles, 500/s, 10.0% read\r200 puzzles, 500/s, 20.0% read"
    progress.finish(250, bytes_read=1000)
    assert stream.getvalue().endswith("\r250 puzzles, 625/s, 100.0% read\n")


def test_progress_without_a_size_shows_no_percentage():
    clock, stream = Clock(), io.StringIO()
    progress = Progress(stream, active=True, clock=clock)
    clock.now = 1.0
    progress.update(50, bytes_read=4100)
    assert stream.getvalue() == "\r50 puzzles, 50/s"


def test_progress_draws_nothing_when_inactive_or_when_the_run_is_short():
    clock, stream = Clock(), io.StringIO()
    inactive = Progress(stream, active=False, clock=clock)
    short = Progress(stream, active=True, clock=clock)
    clock.now = 0.05
    short.update(10, 10)
    short.finish(10, 10)
    clock.now = 5.0
    inactive.update(10, 10)
    inactive.finish(10, 10)
    assert stream.getvalue() == ""
