"""The command line (``manage.py solve``): a file of puzzles read, solved in processes, written.

``manage.py solve`` is a thin shell around ``run``; this package imports
nothing from Django, so it can be used and tested on its own.

Read the modules in the order of the story: ``reading`` (the source, its
entries, one puzzle or many), ``solving`` (an entry becomes an outcome),
``workers`` (chunks done in processes, in order, a bounded window ahead),
``writing`` (text and CSV, the drawn grid, the progress line), then ``run``
below, which ties them together. The public names are re-exported here.

Words used here, beside the engine's (see ``solver.engine.board``):

- source: the input, bytes read line by line as UTF-8 text.
- entry: one puzzle as read: its text and the number of the line it starts on.
- outcome: what became of one entry: a status (the engine's verdict, or
  ``invalid`` when the text is no puzzle or its givens conflict), the
  solution, and the figures.
- chunk: consecutive entries solved together by one process, then written
  together.

Memory stays bounded however long the input: lines are read one at a time,
at most ``WINDOW`` chunks per process are in flight, and outcomes are written
in input order as soon as their chunk is done.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import partial
from itertools import chain, islice

from solver.engine import Budget

from .interrupts import interrupts_held
from .reading import MAX_LINE, MAX_PUZZLE, Entry, InputError, Source, open_input, read_entries
from .solving import (
    CHUNK,
    DEFAULT_BUDGET,
    EXPLAIN_SECONDS,
    Outcome,
    chunked,
    solve_chunk,
    solve_entry,
)
from .workers import WINDOW, WorkerDied, in_order
from .writing import (
    CSV_FIELDS,
    FORMATS,
    CsvFormat,
    Progress,
    Say,
    Stream,
    TextFormat,
    draw_grid,
    report_one,
    write_now,
    write_whole,
)

__all__ = [
    "CHUNK",
    "CSV_FIELDS",
    "DEFAULT_BUDGET",
    "EXPLAIN_SECONDS",
    "FORMATS",
    "MAX_LINE",
    "MAX_PUZZLE",
    "WINDOW",
    "CsvFormat",
    "Entry",
    "InputError",
    "Options",
    "Outcome",
    "Progress",
    "Say",
    "Source",
    "Stream",
    "Summary",
    "TextFormat",
    "WorkerDied",
    "draw_grid",
    "open_input",
    "read_entries",
    "report_one",
    "run",
    "solve_entry",
]


@dataclass(frozen=True)
class Options:
    """How to run: ``format`` is a key of FORMATS; ``processes`` is how many to
    solve in (the command's ``--jobs``); ``first`` stops each search at the
    first solution instead of proving it unique; ``teach`` explains and rates
    each unique puzzle (``solving``), and ``say`` words its steps in the text
    format (``writing``; it implies ``teach``)."""

    format: str = "text"
    processes: int = 1
    budget: Budget = DEFAULT_BUDGET
    first: bool = False
    teach: bool = False
    say: Say | None = None

    @property
    def explains(self) -> bool:
        """True if the puzzles are to be explained (rated, or their steps said)."""
        return self.teach or self.say is not None


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
        entries = read_entries(source.lines())
        head = list(islice(entries, 2))
        if options.format == "text" and len(head) == 1:
            _run_one(head[0], out, options, summary)
        else:
            _run_many(chain(head, entries), source, out, err, options, summary)
    except KeyboardInterrupt:
        summary.interrupted = True
        return summary
    if source.error:
        raise source.error
    return summary


def _run_one(entry: Entry, out: Stream, options: Options, summary: Summary) -> None:
    outcome = solve_entry(entry, options.budget, options.first, options.explains)
    with interrupts_held():  # what is counted is what was written
        write_now(out, report_one(outcome, options.say))
        summary.statuses[outcome.status] += 1


def _run_many(
    entries: Iterable[Entry],
    source: Source,
    out: Stream,
    err: Stream,
    options: Options,
    summary: Summary,
) -> None:
    form = FORMATS[options.format](options.say)
    progress = Progress(err, err.isatty() and not out.isatty(), source.size)
    work = partial(solve_chunk, budget=options.budget, first=options.first, teach=options.explains)
    results = in_order(work, chunked(entries, CHUNK), options.processes)
    try:
        write_whole(out, form.header())
        for outcomes in results:
            with interrupts_held():  # what is counted is what was written
                write_now(out, form.rows(outcomes))
                summary.statuses.update(outcome.status for outcome in outcomes)
            progress.update(summary.done, source.bytes_read)
    finally:
        results.close()
        progress.finish(summary.done, source.bytes_read)
    if not source.error:  # the error, raised next, ends the output instead
        write_whole(out, form.footer(summary))
