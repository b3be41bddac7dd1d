"""Solving a file of puzzles: reading, solving in processes, writing the outcomes.

``manage.py solve`` is a thin shell around ``run``; this module imports
nothing from Django, so it can be used and tested on its own.

Words used here, beside the engine's (see ``solver.engine.board``):

- source: the input, bytes read line by line as UTF-8 text.
- entry: one puzzle as read: its text and the number of the line it starts on.
- outcome: what became of one entry: a status (the engine's verdict, or
  ``invalid`` when the text is no puzzle), the solution, and the figures.
- chunk: consecutive entries solved together by one process, then written
  together.

One puzzle or many: the input is one puzzle written over several lines when
its first puzzle line is drawn (holds ``|`` or ``+``, or only ``-``), or holds
one row of a board rather than a whole board (9 cells, 25 cells, ...), or
when the input is exactly 16 lines of 16 cells (one 16x16 board, not sixteen
4x4 ones). Otherwise every line is a puzzle. Blank lines and lines starting
with ``#`` are skipped either way.

Memory stays bounded however long the input: lines are read one at a time
(none longer than ``MAX_LINE``), at most ``WINDOW`` chunks per process are in
flight, and outcomes are written in input order as soon as their chunk is done.
"""

from __future__ import annotations

import csv
import io
import multiprocessing
import multiprocessing.connection
import os
import re
import signal
import stat
import sys
import threading
import time
from collections import Counter, deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from itertools import chain, count, islice
from multiprocessing.connection import Connection
from typing import BinaryIO, Protocol

from solver.engine import Budget, InvalidPuzzle, Status, format_grid, parse_puzzle, solve
from solver.engine.board import shape_for_cells

MAX_LINE = 64 * 1024  # bytes in one line of input, newline included
MAX_PUZZLE = 64 * 1024  # characters in one puzzle written over several lines
CHUNK = 32  # entries per chunk: small enough to write often, large enough to pay for a process hop
WINDOW = 4  # chunks in flight per process: keeps each busy while bounding what is read ahead
DEFAULT_BUDGET = Budget(max_seconds=10.0)
INVALID = "invalid"  # the status of an entry that is no puzzle
CSV_FIELDS = ("line", "puzzle", "status", "solutions", "solution", "guesses", "ms", "message")
_SEPARATORS = re.compile(r"[\s,]+")
_NUMBER = re.compile(r"\d{1,2}|\.")


class InputError(Exception):
    """The input cannot be read as puzzles: a missing file, bytes that are not UTF-8, ..."""


class Stream(Protocol):
    """Where text goes: a file opened for writing, or anything that writes like one."""

    def write(self, text: str, /) -> object: ...
    def flush(self) -> None: ...
    def isatty(self) -> bool: ...


# Reading ------------------------------------------------------------------


class Source:
    """The lines of a binary stream, decoded as UTF-8, with a count of the bytes read.

    ``size`` is the stream's length in bytes when it is a regular file, else
    None. A line that is not UTF-8, or longer than ``MAX_LINE`` bytes, ends the
    lines early and is recorded in ``error``; every line before it is read.
    Closing the source closes the stream unless it is standard input.
    """

    def __init__(self, stream: BinaryIO, name: str, owned: bool = True):
        self.stream, self.name, self.owned = stream, name, owned
        self.size = _file_size(stream)
        self.bytes_read = 0
        self.error: InputError | None = None

    def lines(self) -> Iterator[str]:
        """Each line as text, newline included, read only when asked for."""
        for number in count(1):
            raw = self.stream.readline(MAX_LINE + 1)
            if not raw:
                return
            self.bytes_read += len(raw)
            text = self._decode(raw, number)
            if text is None:
                return
            yield text

    def _decode(self, raw: bytes, number: int) -> str | None:
        """The line as text; None, with ``error`` set, when it cannot be one."""
        if len(raw) > MAX_LINE:
            self.error = InputError(
                f"{self.name}, line {number}: longer than {MAX_LINE:,} bytes; "
                "is this a file of puzzles?"
            )
            return None
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            self.error = InputError(
                f"{self.name}, line {number}: not UTF-8 text "
                f"(byte 0x{raw[error.start]:02x} at position {error.start + 1})."
            )
            return None
        # Some editors start a UTF-8 file with a byte-order mark.
        return text.removeprefix("\ufeff") if number == 1 else text

    def __enter__(self) -> Source:
        return self

    def __exit__(self, *exc_info: object) -> None:
        if self.owned:
            self.stream.close()


def open_input(name: str, stdin: BinaryIO | None = None) -> Source:
    """The source named on the command line: a file, or ``-`` for standard input.

    Raises InputError saying why when the file cannot be opened.
    """
    if name == "-":
        return Source(stdin or sys.stdin.buffer, "standard input", owned=False)
    try:
        stream = open(name, "rb")  # noqa: SIM115 (the Source closes it)
    except OSError as error:
        raise InputError(f"Cannot read {name}: {error.strerror}.") from None
    return Source(stream, name)


def _file_size(stream: BinaryIO) -> int | None:
    """The length of a stream that is a regular file, else None (pipes, terminals)."""
    try:
        status = os.fstat(stream.fileno())
    except (OSError, ValueError):
        return None
    return status.st_size if stat.S_ISREG(status.st_mode) else None


@dataclass(frozen=True)
class Entry:
    """One puzzle as read: its text and the number (from 1) of the line it starts on."""

    line: int
    text: str


def read_puzzles(lines: Iterable[str]) -> Iterator[Entry]:
    """The puzzles of ``lines``, each yielded as soon as it is read.

    The module's docstring says when the lines are one puzzle or many. To
    decide, at most 17 puzzle lines are read ahead. Raises InputError when one
    puzzle written over several lines is longer than ``MAX_PUZZLE`` characters.
    """
    content = _puzzle_lines(lines)
    head = list(islice(content, 1))
    if not head:
        return
    first = head[0][1]
    cells = count_cells(first)
    if _draws(first) or (_is_side(cells) and not _is_board(cells)):
        yield _one_puzzle(head, content)
        return
    if _is_side(cells):  # 16 cells: a whole 4x4 board, or one row of a 16x16
        head += islice(content, cells)
        if len(head) == cells and all(count_cells(text) == cells for _, text in head):
            yield _one_puzzle(head, content)
            return
    for number, text in chain(head, content):
        yield Entry(number, text)


def _puzzle_lines(lines: Iterable[str]) -> Iterator[tuple[int, str]]:
    """(line number, stripped text) of each line that is neither blank nor a comment."""
    for number, line in enumerate(lines, 1):
        text = line.strip()
        if text and not text.startswith("#"):
            yield number, text


def _one_puzzle(head: list[tuple[int, str]], rest: Iterable[tuple[int, str]]) -> Entry:
    """One entry of every puzzle line, ``head`` then ``rest``, joined by newlines."""
    texts = [text for _, text in head]
    length = sum(len(text) + 1 for text in texts)
    for _, text in rest:
        length += len(text) + 1
        if length > MAX_PUZZLE:
            raise InputError(
                "The input reads as one puzzle written over several lines (its first "
                f"puzzle line draws a grid or holds one row), but it is longer than "
                f"{MAX_PUZZLE:,} characters. To solve many puzzles, write one a line."
            )
        texts.append(text)
    return Entry(head[0][0], "\n".join(texts))


def count_cells(line: str) -> int:
    """How many cells one line writes, counted as ``parse_puzzle`` reads them.

    A line holding only numbers, with a comma or a two-digit number among
    them, writes one cell per number; any other line one cell per character,
    spaces and the grid-drawing ``|``, ``-``, ``+`` aside. Bad characters count
    as cells: this only helps tell one puzzle from many.
    """
    tokens = [token for token in _SEPARATORS.split(line) if token]
    numbers = bool(tokens) and all(_NUMBER.fullmatch(token) for token in tokens)
    if numbers and ("," in line or any(len(token) == 2 for token in tokens)):
        return len(tokens)
    return sum(1 for char in line if not (char.isspace() or char in "|-+"))


def _draws(line: str) -> bool:
    """True if the line is part of a drawn grid: it holds ``|`` or ``+``, or is only dashes."""
    return "|" in line or "+" in line or set(line) <= {"-", " "}


def _is_side(cells: int) -> bool:
    """True if some board has rows of ``cells`` cells."""
    return shape_for_cells(cells * cells) is not None


def _is_board(cells: int) -> bool:
    """True if some board has ``cells`` cells in all."""
    return shape_for_cells(cells) is not None


# Solving ------------------------------------------------------------------


@dataclass(frozen=True)
class Outcome:
    """What became of one entry.

    ``status`` is a ``Status`` value or ``invalid``. ``puzzle`` is the entry's
    text on one line (the lines of a puzzle written over several joined by
    spaces). ``solution`` is N*N symbols, or empty when none was found.
    ``solutions`` (0, 1, or 2 for two or more), ``guesses`` and ``ms`` are None
    for an invalid entry. ``message`` says why an entry is invalid or why the
    search gave up, else is empty.
    """

    line: int
    puzzle: str
    status: str
    solution: str = ""
    solutions: int | None = None
    guesses: int | None = None
    ms: float | None = None
    message: str = ""


def solve_entry(entry: Entry, budget: Budget = DEFAULT_BUDGET) -> Outcome:
    """The outcome of one entry, solved within ``budget``; never raises on a bad puzzle."""
    puzzle = " ".join(entry.text.splitlines())
    try:
        grid = parse_puzzle(entry.text)
    except InvalidPuzzle as error:
        reason = " ".join(problem.message for problem in error.problems)
        return Outcome(entry.line, puzzle, INVALID, message=reason)
    result = solve(grid, budget=budget)
    return Outcome(
        line=entry.line,
        puzzle=puzzle,
        status=result.status.value,
        solution=format_grid(result.solution) if result.solution else "",
        solutions=result.solutions,
        guesses=result.guesses,
        ms=result.elapsed * 1000,
        message=_budget_spent(budget) if result.status is Status.GAVE_UP else "",
    )


def _budget_spent(budget: Budget) -> str:
    """Why a search gave up."""
    return (
        f"The search ran out of its budget ({budget.max_guesses:,} guesses "
        f"or {budget.max_seconds:g} s per puzzle)."
    )


def solve_chunk(chunk: list[Entry], budget: Budget) -> list[Outcome]:
    """The outcomes of a chunk, in order (the job one process does at a time)."""
    return [solve_entry(entry, budget) for entry in chunk]


def solve_chunks(
    chunks: Iterable[list[Entry]], budget: Budget, jobs: int = 1
) -> Iterator[list[Outcome]]:
    """The outcomes of each chunk, in order: solved here when ``jobs`` is 1, else
    in ``jobs`` processes.

    At most ``WINDOW * jobs`` chunks are in flight, so the chunks are read only
    that far ahead. Closing the iterator, or Ctrl-C, ends the processes at once.
    Raises WorkerDied if a process ends before giving back its outcomes.
    """
    if jobs == 1:
        return (solve_chunk(chunk, budget) for chunk in chunks)
    return _solve_in_processes(chunks, budget, jobs)


def _solve_in_processes(
    chunks: Iterable[list[Entry]], budget: Budget, jobs: int
) -> Iterator[list[Outcome]]:
    # Chunk n goes to worker n % jobs, so each worker's outcomes come back in
    # input order. Unlike Pool.imap, which reads all its input ahead, this
    # reads only a window ahead; unlike Pool.terminate, which can hang when a
    # worker dies holding a lock the pool shares, ending these workers is safe.
    workers = _start_workers(jobs, budget)
    try:
        pending: deque[_Worker] = deque()
        for number, chunk in enumerate(chunks):
            worker = workers[number % jobs]
            worker.give(chunk)
            pending.append(worker)
            if len(pending) >= WINDOW * jobs:
                yield pending.popleft().outcomes()
        while pending:
            yield pending.popleft().outcomes()
    finally:
        for worker in workers:
            worker.end()


class WorkerDied(RuntimeError):
    """A solving process ended before giving back the outcomes it owed."""


class _Worker:
    """A process that solves the chunks it is given, in order.

    Its inbox and outbox are its own: no other process needs a lock it could
    die holding, so it can be ended at any moment.
    """

    def __init__(self, budget: Budget):
        self.inbox: multiprocessing.Queue = multiprocessing.Queue()
        self.inbox.cancel_join_thread()  # chunks left unread need not be flushed at exit
        self.outbox, sender = multiprocessing.Pipe(duplex=False)
        self.process = multiprocessing.Process(
            target=_work, args=(self.inbox, sender, budget), daemon=True
        )
        self.process.start()
        sender.close()  # the worker's copy is the only one, so its death reads as EOF

    def give(self, chunk: list[Entry]) -> None:
        """Queue a chunk for solving; never waits (a thread feeds the inbox)."""
        self.inbox.put(chunk)

    def outcomes(self) -> list[Outcome]:
        """The outcomes of the oldest chunk given and not yet returned, once solved.

        Raises WorkerDied if the process ended first.
        """
        multiprocessing.connection.wait([self.outbox, self.process.sentinel])
        try:
            return self.outbox.recv()
        except EOFError:
            self.process.join()
            code = self.process.exitcode
            raise WorkerDied(f"A solving process ended unexpectedly (exit code {code}).") from None

    def end(self) -> None:
        """End the process at once, whatever it is doing."""
        self.process.terminate()
        self.process.join()
        self.inbox.close()
        self.outbox.close()


def _start_workers(jobs: int, budget: Budget) -> list[_Worker]:
    """``jobs`` workers, started with Ctrl-C held back so that none is born
    before it can ignore it; a Ctrl-C meanwhile reaches this process after."""
    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        return [_Worker(budget) for _ in range(jobs)]
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, blocked)


def _work(inbox: multiprocessing.Queue, outbox: Connection, budget: Budget) -> None:
    """A worker's life: solve each chunk from the inbox, in order, until ended."""
    # The terminal sends Ctrl-C to every process of the command; only the
    # main one answers it (and ends the workers), so no worker prints a traceback.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    while True:
        outbox.send(solve_chunk(inbox.get(), budget))


def _chunks(entries: Iterable[Entry], size: int) -> Iterator[list[Entry]]:
    """The entries in lists of ``size`` (the last may be shorter)."""
    entries = iter(entries)
    while chunk := list(islice(entries, size)):
        yield chunk


# Writing ------------------------------------------------------------------


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
}
_GAVE_UP = {
    True: "the search ran out of its budget; the solution found is shown, not proved unique",
    False: "the search ran out of its budget; the givens are shown",
}


def report_one(outcome: Outcome) -> str:
    """The text for a lone puzzle: the drawn solution (or the givens, when there
    is none) above the verdict; or, for an invalid puzzle, why."""
    if outcome.status == INVALID:
        return f"invalid: {outcome.message}\n"
    shown = outcome.solution or format_grid(parse_puzzle(outcome.puzzle))
    if outcome.status == Status.GAVE_UP:
        verdict = _GAVE_UP[bool(outcome.solution)]
    else:
        verdict = _VERDICTS[Status(outcome.status)]
    figures = f"{outcome.guesses:,} guesses, {outcome.ms:.2f} ms"
    return f"{draw_grid(shown)}\n{outcome.status}: {verdict} ({figures})\n"


class TextFormat:
    """One line per puzzle: line number, status, then the solution or the reason."""

    def header(self) -> str:
        return ""

    def rows(self, outcomes: Iterable[Outcome]) -> str:
        return "".join(self.row(outcome) + "\n" for outcome in outcomes)

    def row(self, outcome: Outcome) -> str:
        """E.g. ``    12  unique    4689...186  49 guesses  3.06 ms``."""
        start = f"{outcome.line:>6}  {outcome.status:<8}  "
        if outcome.status == INVALID:
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
    """A header naming ``CSV_FIELDS``, then one row per puzzle."""

    def header(self) -> str:
        return self._csv([CSV_FIELDS])

    def rows(self, outcomes: Iterable[Outcome]) -> str:
        return self._csv(self.values(outcome) for outcome in outcomes)

    def values(self, outcome: Outcome) -> tuple[object, ...]:
        """The row's values; None is written as an empty field."""
        ms = None if outcome.ms is None else f"{outcome.ms:.3f}"
        return (
            outcome.line,
            outcome.puzzle,
            outcome.status,
            outcome.solutions,
            outcome.solution,
            outcome.guesses,
            ms,
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
    the file is read (when its size is known).

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
    ):
        self.stream, self.active, self.size, self.clock = stream, active, size, clock
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
            line += f", {min(100.0, 100 * bytes_read / self.size):.1f}% read"
        self.stream.write("\r" + line.ljust(self.width))
        self.stream.flush()
        self.width = len(line)

    def finish(self, done: int, bytes_read: int) -> None:
        """Draw the final counts and end the line, if a line was drawn at all."""
        if self.width:
            self.update(done, bytes_read, final=True)
            self.stream.write("\n")
            self.stream.flush()


def _emit(out: Stream, text: str) -> None:
    """Write ``text`` and flush it, whole: Ctrl-C meanwhile takes effect after."""
    with _interrupts_held():
        _write(out, text)


def _write(out: Stream, text: str) -> None:
    if text:
        out.write(text)
        out.flush()


@contextmanager
def _interrupts_held() -> Iterator[None]:
    """Hold back Ctrl-C while the block runs, then raise it: a CSV row is written
    whole or not at all."""
    if (
        threading.current_thread() is not threading.main_thread()
        or signal.getsignal(signal.SIGINT) is not signal.default_int_handler
    ):
        yield  # signals reach only the main thread; SIGINT may be ignored on purpose
        return
    caught: list[int] = []
    signal.signal(signal.SIGINT, lambda signum, frame: caught.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    if caught:
        raise KeyboardInterrupt


# Running ------------------------------------------------------------------


@dataclass(frozen=True)
class Options:
    """How to run: ``format`` is a key of FORMATS; ``jobs`` is how many processes."""

    format: str = "text"
    jobs: int = 1
    budget: Budget = DEFAULT_BUDGET


@dataclass
class Summary:
    """What a run did: how many outcomes of each status were written, and
    whether Ctrl-C stopped it."""

    statuses: Counter[str] = field(default_factory=Counter)
    interrupted: bool = False
    started: float = field(default_factory=time.perf_counter)

    @property
    def done(self) -> int:
        """How many outcomes were written."""
        return sum(self.statuses.values())

    def seconds(self) -> float:
        """Seconds since the run started."""
        return time.perf_counter() - self.started


def run(source: Source, out: Stream, err: Stream, options: Options = Options()) -> Summary:
    """Solve every puzzle of ``source``, writing the outcomes to ``out`` as they
    come, in input order, and a progress line to ``err`` when it is a terminal
    (and ``out`` is not: rows on the terminal show progress themselves).

    A lone puzzle in the text format is drawn (``report_one``); otherwise the
    format writes one row per puzzle. Ctrl-C ends the run early with
    ``interrupted`` set; what was written stays whole and flushed. Raises
    InputError after writing the outcomes of every line before an unreadable
    one, and WorkerDied if a solving process ends unexpectedly.
    """
    summary = Summary()
    try:
        entries = read_puzzles(source.lines())
        head = list(islice(entries, 2))
        if options.format == "text" and len(head) == 1:
            _run_one(head[0], out, options.budget, summary)
        else:
            _run_many(chain(head, entries), source, out, err, options, summary)
    except KeyboardInterrupt:
        summary.interrupted = True
        return summary
    if source.error:
        raise source.error
    return summary


def _run_one(entry: Entry, out: Stream, budget: Budget, summary: Summary) -> None:
    outcome = solve_entry(entry, budget)
    with _interrupts_held():  # what is counted is what was written
        _write(out, report_one(outcome))
        summary.statuses[outcome.status] += 1


def _run_many(
    entries: Iterable[Entry],
    source: Source,
    out: Stream,
    err: Stream,
    options: Options,
    summary: Summary,
) -> None:
    form = FORMATS[options.format]()
    progress = Progress(err, err.isatty() and not out.isatty(), source.size)
    results = solve_chunks(_chunks(entries, CHUNK), options.budget, options.jobs)
    try:
        _emit(out, form.header())
        for outcomes in results:
            with _interrupts_held():  # what is counted is what was written
                _write(out, form.rows(outcomes))
                summary.statuses.update(outcome.status for outcome in outcomes)
            progress.update(summary.done, source.bytes_read)
    finally:
        results.close()
        progress.finish(summary.done, source.bytes_read)
    if not source.error:  # the error, raised next, ends the output instead
        _emit(out, form.footer(summary))
