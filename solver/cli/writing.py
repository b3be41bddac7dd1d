"""Writing: outcomes as text or CSV, a lone puzzle's drawn grid, the progress line.

A format writes a header, rows for each chunk's outcomes and a footer. What
is written is written whole: Ctrl-C while a chunk's rows go out takes effect
once they are out (``interrupts_held``), so a CSV row is never cut in two.

The text format may also write each puzzle's steps, one sentence a line,
with ``say`` (a step and its board's shape in, a sentence out): the words
come from the caller, so this package stays free of Django.
"""

from __future__ import annotations

import csv
import io
import time
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Protocol

from solver.engine import Shape, Status, format_grid, parse_puzzle
from solver.engine.board import shape_for_cells
from solver.engine.steps import Step

from .interrupts import interrupts_held
from .solving import Outcome

if TYPE_CHECKING:
    from . import Summary

CSV_FIELDS = (
    "line",
    "puzzle",
    "status",
    "solutions",
    "solution",
    "guesses",
    "ms",
    "level",
    "score",
    "hardest",
    "message",
)
Say = Callable[[Step, Shape], str]  # a step as a sentence, on its board's shape


class Stream(Protocol):
    """Where text goes: a file opened for writing, or anything that writes like one."""

    def write(self, text: str, /) -> object: ...
    def flush(self) -> None: ...
    def isatty(self) -> bool: ...


def draw_grid(symbols: str) -> str:
    """The board written by ``symbols`` (one per cell, as ``format_grid`` writes
    them) drawn with box borders, one line per row: ``| 4 6 8 | 9 3 1 | 5 2 7 |``.

    Raises ValueError when no board has that many cells.
    """
    board = shape_for_cells(len(symbols))
    if board is None:
        raise ValueError(f"no board has {len(symbols)} cells")
    n, cols = board.size, board.box_cols
    border = "+" + "+".join(["-" * (2 * cols + 1)] * (n // cols)) + "+"
    lines = [border]
    for row in range(n):
        cells = symbols[row * n : (row + 1) * n]
        boxes = (" ".join(cells[left : left + cols]) for left in range(0, n, cols))
        lines.append("| " + " | ".join(boxes) + " |")
        if (row + 1) % board.box_rows == 0:
            lines.append(border)
    return "\n".join(lines)


_VERDICTS = {
    Status.UNIQUE: "one solution",
    Status.MULTIPLE: "two or more solutions; one is shown",
    Status.NONE: "no solution; the givens are shown",
    Status.SOLVED: "the first solution found; not proved unique",
}
_GAVE_UP = {
    True: "the search ran out of its budget; the solution found is shown, not proved unique",
    False: "the search ran out of its budget; the givens are shown",
}


def report_one(outcome: Outcome, say: Say | None = None) -> str:
    """The text for a lone puzzle: the drawn solution (or the givens, when there
    is none) above the verdict, then with ``say`` its difficulty and steps; or,
    for an invalid puzzle, why."""
    if outcome.status == Status.INVALID:
        return f"{outcome.status}: {outcome.message}\n"
    shown = outcome.solution or format_grid(parse_puzzle(outcome.puzzle))
    if outcome.status == Status.GAVE_UP:
        verdict = _GAVE_UP[bool(outcome.solution)]
    else:
        verdict = _VERDICTS[outcome.status]
    figures = f"{outcome.guesses:,} guesses, {outcome.ms:.2f} ms"
    report = f"{draw_grid(shown)}\n{outcome.status}: {verdict} ({figures})\n"
    return report + (explained(outcome, say, indent="") if say else "")


def explained(outcome: Outcome, say: Say, indent: str = "        ") -> str:
    """The difficulty and the numbered steps of an outcome, a line each; "" if
    it has none (it was not unique, or not explained). A variant's steps have
    no level: the levels are calibrated on classic Sudoku, and it says so."""
    rating = outcome.difficulty
    if rating is None and not outcome.steps:
        return ""
    shape = shape_for_cells(len(outcome.solution))
    if rating is None:
        lines = ["level: none (the levels are calibrated on classic Sudoku)"]
    else:
        hardest = rating.hardest or "-"
        lines = [f"level: {rating.level} (score {rating.score:,}; hardest: {hardest})"]
    lines += [f"{n:>4}. {say(step, shape)}" for n, step in enumerate(outcome.steps, 1)]
    return "".join(f"{indent}{line}\n" for line in lines)


class TextFormat:
    """One line per puzzle: line number, status, then the solution or the reason;
    with ``say``, the puzzle's difficulty and steps below it, indented."""

    def __init__(self, say: Say | None = None):
        self.say = say

    def header(self) -> str:
        return ""

    def rows(self, outcomes: Iterable[Outcome]) -> str:
        return "".join(self.lines(outcome) for outcome in outcomes)

    def lines(self, outcome: Outcome) -> str:
        """The row, and with ``say`` the steps."""
        steps = explained(outcome, self.say) if self.say else ""
        return self.row(outcome) + "\n" + steps

    def row(self, outcome: Outcome) -> str:
        """E.g. ``    12  unique    4689...186  49 guesses  3.06 ms``."""
        start = f"{outcome.line:>6}  {outcome.status:<8}  "
        if outcome.status == Status.INVALID:
            return start + outcome.message
        shown = outcome.solution or "no solution"
        if outcome.status == Status.MULTIPLE:
            shown += " (one of two or more)"
        elif outcome.status == Status.GAVE_UP:
            shown = outcome.solution + " (not proved unique)" if outcome.solution else "unsolved"
        figures = f"{outcome.guesses:,} guesses  {outcome.ms:.2f} ms"
        return f"{start}{shown}  {figures}  {outcome.message}".rstrip()

    def footer(self, summary: Summary) -> str:
        """E.g. ``1,465 puzzles in 12.3 s: invalid 2, unique 1,463``."""
        statuses = ", ".join(f"{status} {n:,}" for status, n in sorted(summary.statuses.items()))
        done = f"{summary.done:,} puzzles in {summary.seconds():.1f} s"
        return f"{done}: {statuses}\n" if statuses else f"{done}\n"


class CsvFormat:
    """A header naming ``CSV_FIELDS``, then one row per puzzle; the level, score
    and hardest technique are empty unless the puzzle was rated."""

    def __init__(self, say: Say | None = None):
        pass  # steps are not written in a CSV

    def header(self) -> str:
        return self._csv([CSV_FIELDS])

    def rows(self, outcomes: Iterable[Outcome]) -> str:
        return self._csv(self.values(outcome) for outcome in outcomes)

    def values(self, outcome: Outcome) -> tuple[object, ...]:
        """The row's values; None is written as an empty field."""
        ms = None if outcome.ms is None else f"{outcome.ms:.3f}"
        rating = outcome.difficulty
        return (
            outcome.line,
            outcome.puzzle,
            outcome.status,
            outcome.solutions,
            outcome.solution,
            outcome.guesses,
            ms,
            rating and rating.level,
            rating and rating.score,
            rating and rating.hardest,
            outcome.message,
        )

    def footer(self, summary: Summary) -> str:
        return ""

    @staticmethod
    def _csv(rows: Iterable[Iterable[object]]) -> str:
        buffer = io.StringIO()
        csv.writer(buffer, lineterminator="\n").writerows(rows)
        return buffer.getvalue()


FORMATS = {"text": TextFormat, "csv": CsvFormat}


class Progress:
    """A progress line on a terminal: puzzles done, their rate, and how much of
    the file is read (when its size is known; ``measure`` is the word for
    what is counted against it: a command that counts puzzles, not bytes,
    says "done").

    Draws only when ``active``; redraws at most once per ``INTERVAL`` seconds,
    the first time one interval after the start, so that short runs stay quiet.
    """

    INTERVAL = 0.1

    def __init__(
        self,
        stream: Stream,
        active: bool,
        size: int | None = None,
        clock: Callable[[], float] = time.monotonic,
        measure: str = "read",
    ):
        self.stream, self.active, self.size, self.clock = stream, active, size, clock
        self.measure = measure
        self.start = self.last = clock()
        self.width = 0  # of the line drawn, 0 before the first

    def update(self, done: int, bytes_read: int, final: bool = False) -> None:
        """Redraw the line with these counts, if it is time to."""
        now = self.clock()
        if not self.active or (now - self.last < self.INTERVAL and not final):
            return
        self.last = now
        line = f"{done:,} puzzles, {done / max(now - self.start, 1e-6):,.0f}/s"
        if self.size:
            line += f", {min(100.0, 100 * bytes_read / self.size):.1f}% {self.measure}"
        self.stream.write("\r" + line.ljust(self.width))
        self.stream.flush()
        self.width = len(line)

    def finish(self, done: int, bytes_read: int) -> None:
        """Draw the final counts and end the line, if a line was drawn at all."""
        if self.width:
            self.update(done, bytes_read, final=True)
            self.stream.write("\n")
            self.stream.flush()


def write_whole(out: Stream, text: str) -> None:
    """Write ``text`` and flush it, whole: Ctrl-C meanwhile takes effect after."""
    with interrupts_held():
        write_now(out, text)


def write_now(out: Stream, text: str) -> None:
    """Write ``text``, if any, and flush it."""
    if text:
        out.write(text)
        out.flush()
