"""Running (``solver.cli.run``): Ctrl-C ends a run leaving whole rows for a
prefix of the input, an unreadable line is raised after the lines before it
are written, and ``first`` reaches every puzzle."""

import csv
import io
import os
import signal

import pytest

from solver.cli import CHUNK, InputError, Options, Source, run
from tests.support.puzzles import HARD, NO_SOLUTION, sample


def source(data: bytes, name: str = "puzzles.txt") -> Source:
    return Source(io.BytesIO(data), name)


def lines_of(puzzles) -> bytes:
    return "".join(f"{puzzle}\n" for puzzle in puzzles).encode()


class Interrupted(io.BytesIO):
    """Standard input on which Ctrl-C is pressed after some lines."""

    def __init__(self, lines: list[str], after: int):
        super().__init__(lines_of(lines))
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
    summary = run(stdin, out, io.StringIO(), Options(format="csv"))
    assert summary.interrupted
    rows = list(csv.DictReader(io.StringIO(out.getvalue())))
    assert len(rows) == summary.done == 2 * CHUNK  # the chunk being read is dropped
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
    summary = run(source(lines_of(puzzles)), out, io.StringIO(), Options(format="csv"))
    assert summary.interrupted
    rows = list(csv.DictReader(io.StringIO(out.getvalue())))
    assert len(rows) == summary.done == CHUNK


def test_an_unreadable_line_is_raised_after_the_lines_before_it_are_written():
    out = io.StringIO()
    with pytest.raises(InputError, match="line 3: not UTF-8"):
        run(source(f"{HARD}\n{NO_SOLUTION}\n\xff\n".encode("latin-1")), out, io.StringIO())
    assert [line.split()[:2] for line in out.getvalue().splitlines()] == [
        ["1", "unique"],
        ["2", "none"],
    ]


@pytest.mark.parametrize("processes", [1, 2])
def test_first_reaches_every_puzzle_in_every_process(processes):
    puzzles = sample("top1465.txt", 2 * CHUNK + 1)
    out = io.StringIO()
    summary = run(
        source(lines_of(puzzles)), out, io.StringIO(), Options(processes=processes, first=True)
    )
    assert summary.statuses == {"solved": len(puzzles)}
    assert out.getvalue().endswith(f": solved {len(puzzles)}\n")
