"""Import a file of 9x9 puzzles into the library: each solved, rated and stored once.

  python manage.py import_puzzles top1465.txt --source top1465
  python manage.py import_puzzles seventeen_clue.txt --source seventeen --jobs 0

Input: one puzzle a line, in any format the site reads on one line (for
example 4...3.......6..8... or 4,0,0,0,3,...); blank lines and lines
starting with # are skipped.

Each puzzle is solved (it must have exactly one solution), rated by the
teacher (at most --max-seconds of logic; a puzzle whose rating would take
longer is skipped rather than rated by trial) and stored with the source's
name, unless an equivalent puzzle (the same up to relabelling the digits,
swapping rows, columns, bands or stacks, and transposing) is in the library
already, or earlier in the file. The run ends with a summary line such as

  12 stored, 3 skipped (duplicates), 1 skipped (not unique)

Skip reasons: duplicates; not a puzzle; not 9x9; not unique; no
solution (conflicting givens included); out of time. Equal counts are listed
in the order their first line came.

A progress line is drawn on standard error when it is a terminal. Ctrl-C (or
SIGTERM) stops the run: what was stored stays stored. Exit status: 0 when the
file was read to its end; 1 when it cannot be read, or an option is out of
range; 130 after Ctrl-C or SIGTERM.
"""

from __future__ import annotations

import math
from functools import partial

from django.core.management.base import BaseCommand, CommandError, CommandParser

from solver.cli import InputError, Progress, WorkerDied, open_input
from solver.cli.reading import puzzle_lines
from solver.cli.solving import CHUNK, EXPLAIN_SECONDS, chunked
from solver.cli.workers import in_order
from solver.library import store
from solver.management.running import (
    HelpFormatter,
    Tally,
    Verbatim,
    add_jobs,
    processes,
    sigterm_interrupts,
)

MAX_SOURCE = 100  # characters in a source's name (Puzzle.source)


class Command(BaseCommand):
    help = __doc__

    def create_parser(self, prog_name: str, subcommand: str, **kwargs) -> CommandParser:
        kwargs.setdefault("formatter_class", HelpFormatter)
        return super().create_parser(prog_name, subcommand, **kwargs)

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="a file of puzzles, one a line, or - for standard input")
        parser.add_argument(
            "--source", required=True, help="the set's name, stored with each puzzle"
        )
        add_jobs(parser, "rate")
        parser.add_argument(
            "--max-seconds",
            type=float,
            default=EXPLAIN_SECONDS,
            help="seconds one puzzle's solving, and its rating, may take (default %(default)s,"
            " as manage.py solve rates: a file's ratings should not depend on the load)",
        )

    def handle(self, *args, **options) -> None:
        source = options["source"].strip()
        if not 0 < len(source) <= MAX_SOURCE or source == store.GENERATED:
            raise CommandError(
                f"--source must be a name of 1 to {MAX_SOURCE} characters, "
                f"other than {store.GENERATED!r}."
            )
        max_seconds = options["max_seconds"]
        if not (math.isfinite(max_seconds) and max_seconds > 0):
            raise CommandError("--max-seconds must be a number of seconds more than 0.")
        jobs = processes(options["jobs"])
        tally = Tally()
        try:
            with sigterm_interrupts(), open_input(options["file"]) as lines:
                self.import_lines(lines, source, max_seconds, jobs, tally)
                if lines.error:
                    raise lines.error
        except (InputError, WorkerDied) as error:
            raise CommandError(f"{error} {tally.line()}") from None
        except KeyboardInterrupt:
            raise CommandError(f"Interrupted: {tally.line()}", returncode=130) from None
        self.stdout.write(tally.line())

    def import_lines(self, lines, source: str, max_seconds: float, jobs: int, tally: Tally) -> None:
        """Prepare the puzzles of ``lines`` (a ``cli.Source``) in ``jobs``
        processes and store them a chunk at a time, counting in ``tally``."""
        err = Verbatim(self.stderr)
        progress = Progress(err, err.isatty(), lines.size)
        work = partial(store.prepare_lines, max_seconds=max_seconds)
        results = in_order(work, chunked(puzzle_lines(lines.lines()), CHUNK), jobs)
        try:
            for prepared in results:
                entries = [entry for entry in prepared if isinstance(entry, store.Entry)]
                tally.add(store.store_all(entries, source), len(entries))
                tally.skipped.update(reason for reason in prepared if isinstance(reason, str))
                progress.update(tally.done, lines.bytes_read)
        finally:
            results.close()
            progress.finish(tally.done, lines.bytes_read)
