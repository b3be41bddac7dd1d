"""The batch solver: how input is read (one puzzle or many), what each puzzle
becomes, how outcomes and progress are written, and how a run ends."""

import csv
import io
import multiprocessing
import os
import signal
import subprocess
import sys
from itertools import count
from pathlib import Path

import pytest

from solver import batch
from solver.batch import CsvFormat, Entry, InputError, Options, Progress, Source, read_puzzles
from solver.engine import Budget, parse_puzzle
from tests.puzzles import HARD, NO_SOLUTION, sample

ROOT = Path(__file__).resolve().parents[1]


def rows_of(puzzle: str, size: int = 9) -> list[str]:
    """The puzzle line cut into its rows."""
    return [puzzle[top : top + size] for top in range(0, len(puzzle), size)]


def entries(lines: list[str]) -> list[tuple[int, str]]:
    return [(entry.line, entry.text) for entry in read_puzzles(lines)]


def source(data: bytes, name: str = "puzzles.txt") -> Source:
    return Source(io.BytesIO(data), name)


# Reading: one puzzle or many


def test_each_line_is_a_puzzle_and_blank_and_comment_lines_are_skipped():
    lines = ["# two puzzles\n", "\n", f"  {HARD}  \n", "   \n", f"{NO_SOLUTION}\n"]
    assert entries(lines) == [(3, HARD), (5, NO_SOLUTION)]


def test_nine_lines_of_nine_are_one_puzzle_starting_at_its_first_line():
    lines = ["# one puzzle, a row a line", *rows_of(HARD)]
    [(line, text)] = entries(lines)
    assert line == 2
    assert parse_puzzle(text) == parse_puzzle(HARD)


def test_a_drawn_grid_is_one_puzzle():
    drawn = batch.draw_grid(HARD).splitlines()
    [(line, text)] = entries(drawn)
    assert line == 1
    assert parse_puzzle(text) == parse_puzzle(HARD)


def test_sixteen_lines_of_sixteen_cells_are_one_16x16_puzzle_but_seventeen_are_4x4_puzzles():
    line = "1.3.....2......4"
    [(_, text)] = entries([line] * 16)
    assert len(parse_puzzle(text)) == 256
    assert len(entries([line] * 17)) == 17


def test_a_bad_first_line_does_not_make_the_whole_input_one_puzzle():
    assert entries([HARD[:80], HARD]) == [(1, HARD[:80]), (2, HARD)]


def test_one_puzzle_over_several_lines_is_read_up_to_a_limit():
    lines = ["4..3.....", *(["........."] * 10_000)]
    with pytest.raises(InputError, match="longer than 65,536 characters"):
        entries(lines)


def test_the_reader_yields_each_puzzle_before_reading_the_next_line():
    def lines():
        yield HARD
        yield NO_SOLUTION
        raise AssertionError("read past the puzzle asked for")

    reader = read_puzzles(lines())
    assert next(reader).text == HARD
    assert next(reader).text == NO_SOLUTION


@pytest.mark.parametrize(
    ("line", "cells"),
    [
        ("4..3.....", 9),
        ("| 4 . . | 3 . . |", 6),
        ("------+-------+------", 0),
        ("12, 0, 7", 3),
        ("12 0 7 25", 4),
        ("1 2 3", 3),
        ("garbage", 7),
    ],
)
def test_cells_are_counted_as_the_parser_reads_them(line, cells):
    assert batch.count_cells(line) == cells


# Reading: the source


def test_a_line_that_is_not_utf8_ends_the_lines_and_is_named():
    text = source(f"{HARD}\nabc\xff\n{HARD}\n".encode("latin-1"))
    assert list(text.lines()) == [f"{HARD}\n"]
    assert "puzzles.txt, line 2: not UTF-8 text (byte 0xff at position 4)" in str(text.error)


def test_a_line_longer_than_the_limit_ends_the_lines():
    text = source(b"x" * (batch.MAX_LINE + 1))
    assert list(text.lines()) == []
    assert "line 1: longer than 65,536 bytes" in str(text.error)


def test_a_byte_order_mark_is_dropped_and_bytes_are_counted():
    data = f"\ufeff{HARD}\n{HARD}\n".encode()
    text = source(data)
    assert list(text.lines()) == [f"{HARD}\n"] * 2
    assert text.bytes_read == len(data)
    assert text.error is None


def test_the_size_is_known_for_a_regular_file_only(tmp_path):
    path = tmp_path / "puzzles.txt"
    path.write_text(f"{HARD}\n")
    with batch.open_input(str(path)) as opened:
        assert opened.size == 82
    assert source(b"").size is None


def test_a_file_that_cannot_be_opened_says_why(tmp_path):
    with pytest.raises(InputError, match=r"Cannot read .*missing\.txt: No such file"):
        batch.open_input(str(tmp_path / "missing.txt"))


# Solving


def test_an_invalid_puzzle_gets_the_reason_and_no_figures():
    outcome = batch.solve_entry(Entry(7, HARD[:80]))
    assert outcome.status == "invalid"
    assert "80 cells" in outcome.message
    assert (outcome.solutions, outcome.guesses, outcome.ms) == (None, None, None)


def test_a_search_out_of_budget_gives_up_and_says_why():
    outcome = batch.solve_entry(Entry(1, HARD), Budget(max_guesses=1))
    assert outcome.status == "gave_up"
    assert "budget (1 guesses" in outcome.message


def test_a_puzzle_over_several_lines_is_shown_on_one_line():
    outcome = batch.solve_entry(Entry(1, "\n".join(rows_of(HARD))))
    assert outcome.puzzle == " ".join(rows_of(HARD))


@pytest.mark.parametrize("jobs", [1, 2])
def test_solving_reads_only_a_window_of_chunks_ahead(jobs):
    pulled = []

    def endless_chunks():
        for number in count(1):
            pulled.append(number)
            yield [Entry(number, "not a puzzle")]

    results = batch.solve_chunks(endless_chunks(), batch.DEFAULT_BUDGET, jobs)
    assert next(results)[0].line == 1
    results.close()
    assert len(pulled) == (1 if jobs == 1 else batch.WINDOW * jobs)


def test_a_worker_that_dies_is_reported_rather_than_waited_for():
    endless = ([Entry(number, "not a puzzle")] for number in count(1))
    results = batch.solve_chunks(endless, batch.DEFAULT_BUDGET, jobs=2)
    next(results)
    for worker in multiprocessing.active_children():
        worker.kill()
    with pytest.raises(batch.WorkerDied, match=r"ended unexpectedly \(exit code -9\)"):
        for _ in results:
            pass
    assert multiprocessing.active_children() == []


# Writing


def test_a_4x4_grid_is_drawn_with_box_borders():
    assert batch.draw_grid("1234341221434321") == (
        "+-----+-----+\n"
        "| 1 2 | 3 4 |\n"
        "| 3 4 | 1 2 |\n"
        "+-----+-----+\n"
        "| 2 1 | 4 3 |\n"
        "| 4 3 | 2 1 |\n"
        "+-----+-----+"
    )


def test_a_6x6_grid_is_drawn_in_boxes_of_two_rows_of_three():
    lines = batch.draw_grid("123456" * 6).splitlines()
    assert lines[0] == "+-------+-------+"
    assert lines[1] == "| 1 2 3 | 4 5 6 |"
    assert [n for n, line in enumerate(lines) if line.startswith("+")] == [0, 3, 6, 9]


def test_a_grid_of_no_board_size_is_refused():
    with pytest.raises(ValueError, match="no board has 80 cells"):
        batch.draw_grid("1" * 80)


def test_csv_quotes_puzzles_written_with_commas_and_leaves_missing_figures_empty():
    numbers = ", ".join(["0"] * 15 + ["7"])  # 16 numbers: a 4x4 board, digits 1-4
    outcome = batch.solve_entry(Entry(3, numbers))
    [row] = csv.reader(io.StringIO(CsvFormat().rows([outcome])))
    assert row[:6] == ["3", numbers, "invalid", "", "", ""]
    assert "too large" in row[-1]


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


# Running


class Interrupted(io.BytesIO):
    """Standard input on which Ctrl-C is pressed after some lines."""

    def __init__(self, lines: list[str], after: int):
        super().__init__("".join(f"{line}\n" for line in lines).encode())
        self.left = after

    def readline(self, size: int = -1) -> bytes:
        if self.left == 0:
            raise KeyboardInterrupt
        self.left -= 1
        return super().readline(size)


def test_ctrl_c_ends_a_run_with_whole_rows_for_a_prefix_of_the_input():
    puzzles = sample("seventeen_clue.txt", 100)
    out = io.StringIO()
    stdin = Source(Interrupted(list(puzzles), after=80), "standard input")
    summary = batch.run(stdin, out, io.StringIO(), Options(format="csv"))
    assert summary.interrupted
    rows = list(csv.DictReader(io.StringIO(out.getvalue())))
    assert len(rows) == summary.done == 2 * batch.CHUNK  # the chunk being read is dropped
    assert [row["puzzle"] for row in rows] == list(puzzles[: len(rows)])
    assert out.getvalue().endswith("\n")


class CtrlCWhileWriting(io.StringIO):
    """An output on which Ctrl-C is pressed in the middle of its second write."""

    def write(self, text: str) -> int:
        if self.tell():
            os.kill(os.getpid(), signal.SIGINT)
        return super().write(text)


def test_ctrl_c_while_rows_are_written_takes_effect_once_they_are_out():
    puzzles = sample("seventeen_clue.txt", 40)
    out = CtrlCWhileWriting()
    lines = "".join(f"{puzzle}\n" for puzzle in puzzles).encode()
    summary = batch.run(source(lines), out, io.StringIO(), Options(format="csv"))
    assert summary.interrupted
    rows = list(csv.DictReader(io.StringIO(out.getvalue())))
    assert len(rows) == summary.done == batch.CHUNK


def test_an_unreadable_line_is_raised_after_the_lines_before_it_are_written():
    out = io.StringIO()
    with pytest.raises(InputError, match="line 3: not UTF-8"):
        batch.run(source(f"{HARD}\n{NO_SOLUTION}\n\xff\n".encode("latin-1")), out, io.StringIO())
    assert [line.split()[:2] for line in out.getvalue().splitlines()] == [
        ["1", "unique"],
        ["2", "none"],
    ]


def test_the_batch_module_imports_nothing_from_django():
    script = "import sys, solver.batch\nprint(sorted(m for m in sys.modules if 'django' in m))"
    run = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "[]"
