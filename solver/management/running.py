"""What the commands that work through many puzzles share: their help's layout,
``--jobs`` read as a number of processes, SIGTERM taken as Ctrl-C, an output
stream for a progress line that redraws itself, and the tally of puzzles
stored in the library and skipped.

The work itself is done in processes by ``solver.cli.workers.in_order``, and
the progress line drawn by ``solver.cli.Progress``.
"""

from __future__ import annotations

import argparse
import os
import signal
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager

from django.core.management.base import CommandError, DjangoHelpFormatter, OutputWrapper

# More processes than this only take memory and start-up time: the work is
# bound by the CPU, and a machine with more cores than this is rare.
MAX_PROCESSES = 64


class HelpFormatter(DjangoHelpFormatter, argparse.RawDescriptionHelpFormatter):
    """Django's order of options, with the description's examples kept as written."""


def add_jobs(parser: argparse.ArgumentParser, work: str) -> None:
    """The ``-j/--jobs`` option, the same in every command: how many processes
    to ``work`` in (e.g. "solve"), 0 for one per CPU; ``processes`` checks it."""
    parser.add_argument(
        "-j",
        "--jobs",
        type=int,
        default=1,
        help=f"processes to {work} in; 0 for one per CPU (default 1: this process)",
    )


def processes(jobs: int) -> int:
    """The number of processes ``--jobs`` asks for (0: one per CPU); CommandError
    when it is out of range."""
    if not 0 <= jobs <= MAX_PROCESSES:
        raise CommandError(f"--jobs must be from 0 (one per CPU) to {MAX_PROCESSES}.")
    return jobs or os.cpu_count() or 1


@contextmanager
def sigterm_interrupts() -> Iterator[None]:
    """Take a polite kill (SIGTERM, as from ``kill`` or a service manager) as
    Ctrl-C while the block runs, so that it stops the work the same way; the
    handler before comes back after (the command may run in-process, from
    ``call_command``)."""
    previous = signal.signal(signal.SIGTERM, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


class Verbatim:
    """A command's output stream that writes text exactly as given.

    Django's ``OutputWrapper`` adds a newline to what lacks one and colours
    standard error; a progress line that redraws itself with a carriage
    return needs neither.
    """

    def __init__(self, wrapper: OutputWrapper):
        self.wrapper = wrapper

    def write(self, text: str) -> None:
        self.wrapper.write(text, style_func=_plain, ending="")

    def flush(self) -> None:
        self.wrapper.flush()

    def isatty(self) -> bool:
        return self.wrapper.isatty()


def _plain(text: str) -> str:
    return text


class Tally:
    """How many puzzles a run kept (stored in the library, or printed), and how
    many it skipped for each reason. ``duplicates``: the run stores, so the
    summary always says how many were already in the library."""

    def __init__(self, kept: str = "stored", duplicates: bool = True) -> None:
        self.kept, self.duplicates = kept, duplicates
        self.stored = 0
        self.skipped: Counter[str] = Counter()

    def add(self, stored: int, prepared: int) -> None:
        """Count ``stored`` puzzles of ``prepared``; the rest were duplicates."""
        self.stored += stored
        self.skipped["duplicates"] += prepared - stored

    @property
    def done(self) -> int:
        """How many puzzles were kept or skipped."""
        return self.stored + self.skipped.total()

    def line(self) -> str:
        """The summary: "12 stored, 3 skipped (duplicates)", then each other
        reason that skipped any, the most common first."""
        parts = [f"{self.stored:,} {self.kept}"]
        if self.duplicates:
            parts.append(f"{self.skipped['duplicates']:,} skipped (duplicates)")
        others = Counter({k: n for k, n in self.skipped.items() if k != "duplicates" and n})
        parts += [f"{n:,} skipped ({reason})" for reason, n in others.most_common()]
        return ", ".join(parts)
