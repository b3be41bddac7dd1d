"""Generate new puzzles of a level and store them in the library, ahead of time.

  python manage.py generate --level hard --count 500 --jobs 0
  python manage.py generate --level expert --count 50 --symmetry none --minimal
  python manage.py generate --level easy --count 20 --seed 1000
  python manage.py generate --size 16 --count 3 > sixteen.txt
  python manage.py generate --level extreme --until 20   # top extreme up to 20
  python manage.py generate --until 20 --jobs 0          # every level (make library)
  python manage.py generate --stock --jobs 0             # every size but 9x9
  python manage.py generate --ship                       # solver/library/shipped_stock.txt
  python manage.py generate --until 20 --stock --jobs 0  # both (make library)

Each puzzle has exactly one solution and the level asked for (the teacher's
rating); its givens are symmetric as --symmetry says, and minimal (no given
can go) with --minimal. Puzzle n of a run comes from seed START + n, so a
run with --seed START makes the same puzzles again (without it, START is
drawn at random and the summary names it). A puzzle not made within
--max-seconds is given up, and the next seed tried. A puzzle equivalent to
one in the library already (the same up to relabelling the digits, swapping
rows, columns, bands or stacks, and transposing) is skipped, and the next
seed tried, until --count puzzles are stored. The run ends with a summary
line such as

  500 stored, 3 skipped (duplicates), 1 skipped (out of time); seeds 1000 to 1503

--until N makes as many as the library lacks to hold N puzzles of the
level (none when it holds that many already), so running it again is free;
without --level, of each level in turn, each summary line led by its level.
This is how the library is topped up (make library): expert and extreme
puzzles are never made inside a request, only picked from the library.

The library holds 9x9 puzzles: with --size 4, 6 or 16, the puzzles are
written to standard output instead, one a line, and the summary to standard
error.

--stock makes what the stock lacks (every size but 9x9, smallest first,
SUDOKU_STOCK_PER_SIZE puzzles of each), after the levels' top-up when
--until is given too: new games of those sizes are handed out from it at
once, and above 16x16 never made inside a request. One summary line a size.
A 25x25 puzzle takes a minute or more; --max-seconds is then
{stock_seconds:g} unless given.

--ship writes the stock a new site starts with (solver/library/
shipped_stock.txt, loaded at every migrate): {shipped} puzzles of each board
but 9x9, from the seeds 1 to {shipped}, the same file on every run (about two
minutes on one core). Nothing is stored.

A progress line is drawn on standard error when it is a terminal. Ctrl-C (or
SIGTERM) stops the run: what was stored stays stored. Exit status: 0 when
--count puzzles were made; 1 when an option is out of range, or the seeds
tried reached {tries} for each puzzle asked for; 130 after Ctrl-C or SIGTERM.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from functools import partial
from itertools import islice

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from solver.cli import Progress
from solver.cli.workers import in_order
from solver.engine import Grid, format_grid
from solver.engine.board import shape_for_cells
from solver.engine.generate import SYMMETRIES, generate
from solver.engine.levels import LEVELS
from solver.library import stock, store
from solver.management.running import (
    HelpFormatter,
    Tally,
    Verbatim,
    add_jobs,
    processes,
    sigterm_interrupts,
)

SIZES = (4, 6, 9, 16)  # the sizes made here (9: into the library; others: printed)
MAX_COUNT = 1_000_000
# Seeds tried per puzzle asked for, at most: a run that finds only
# duplicates (the same --seed again, a level the library is full of) ends.
TRIES = 20
MAX_SEED = 2**63  # generate takes seeds below this
MAX_SECONDS = 30.0  # one puzzle's time by default; a big board's is STOCK_SECONDS
STOCK_SECONDS = 300.0
SHIPPED_PER_SIZE = 2  # a new site's stock of each board but 9x9


class Command(BaseCommand):
    help = __doc__.format(tries=TRIES, stock_seconds=STOCK_SECONDS, shipped=SHIPPED_PER_SIZE)

    def create_parser(self, prog_name: str, subcommand: str, **kwargs) -> CommandParser:
        kwargs.setdefault("formatter_class", HelpFormatter)
        return super().create_parser(prog_name, subcommand, **kwargs)

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--level",
            choices=LEVELS,
            help="the puzzles' level (required for 9x9, but with --until: every level)",
        )
        counts = parser.add_mutually_exclusive_group()
        counts.add_argument("--count", type=int, default=1, help="puzzles to make (default 1)")
        counts.add_argument(
            "--until", type=int, help="make what the library lacks to hold this many of the level"
        )
        parser.add_argument(
            "--stock",
            action="store_true",
            help="make what the stock of every size but 9x9 lacks (SUDOKU_STOCK_PER_SIZE each)",
        )
        parser.add_argument(
            "--ship",
            action="store_true",
            help="write the stock a new site starts with (solver/library/shipped_stock.txt)",
        )
        add_jobs(parser, "generate")
        parser.add_argument(
            "--symmetry",
            choices=SYMMETRIES,
            default=SYMMETRIES[0],
            help="how the givens are placed (default %(default)s)",
        )
        parser.add_argument(
            "--minimal", action="store_true", help="remove givens until none can go"
        )
        parser.add_argument("--seed", type=int, help="the first seed (default: a random one)")
        parser.add_argument(
            "--max-seconds",
            type=float,
            help=(
                "seconds one puzzle may take before the next seed is tried "
                f"(default {MAX_SECONDS:g}; {STOCK_SECONDS:g} with --stock)"
            ),
        )
        parser.add_argument(
            "--size",
            type=int,
            choices=SIZES,
            default=9,
            help="the board's side (default 9); other sizes are printed, not stored",
        )

    def handle(self, *args, **options) -> None:
        if options["ship"]:
            boards = stock.STOCKED
            stock.SHIPPED.write_text(stock.ship(boards, SHIPPED_PER_SIZE), encoding="ascii")
            written = len(boards) * SHIPPED_PER_SIZE
            self.stdout.write(f"{written} puzzles written to {stock.SHIPPED}")
            return
        self.check_options(options)
        seconds = options["max_seconds"]
        if options["until"] is None and not options["stock"]:
            self.run(options | {"max_seconds": seconds or MAX_SECONDS})
        if options["until"] is not None:
            # Without --level, every level, each line of the summary naming its own.
            for level in [options["level"]] if options["level"] else LEVELS:
                prefix = "" if options["level"] else f"{level}: "
                self.top_up(
                    options | {"level": level, "max_seconds": seconds or MAX_SECONDS}, prefix
                )
        if options["stock"]:
            for board in stock.STOCKED:
                asked = {
                    "size": board.size,
                    "stocked": True,
                    "max_seconds": seconds or STOCK_SECONDS,
                }
                self.top_up_stock(options | asked, f"{board.size}x{board.size}: ")

    def top_up(self, options: dict, prefix: str = "") -> None:
        """Make what the library lacks to hold ``--until`` puzzles of ``--level``."""
        level, held = options["level"], store.count(options["level"])
        if held >= options["until"]:
            self.stdout.write(f"{prefix}0 stored: the library holds {held} {level} already.")
            return
        self.run(options | {"count": options["until"] - held}, prefix)

    def top_up_stock(self, options: dict, prefix: str) -> None:
        """Make what the stock lacks to hold ``SUDOKU_STOCK_PER_SIZE`` puzzles of ``--size``."""
        held = stock.count(shape_for_cells(options["size"] ** 2))
        if held >= settings.SUDOKU_STOCK_PER_SIZE:
            self.stdout.write(f"{prefix}0 stored: the stock holds {held} already.")
            return
        self.run(options | {"count": settings.SUDOKU_STOCK_PER_SIZE - held}, prefix)

    def run(self, options: dict, prefix: str = "") -> None:
        """Make ``--count`` puzzles, then write the summary (after ``prefix``)."""
        start = options["seed"]
        if start is None:
            start = random.randrange(2**32)  # short enough to read and type again
        seeds = range(start, min(start + TRIES * options["count"], MAX_SEED))
        stores = options["size"] == 9 or options.get("stocked", False)
        tally = Tally() if stores else Tally("printed", duplicates=False)
        try:
            with sigterm_interrupts():
                last = self.make(iter(seeds), options, tally)
        except KeyboardInterrupt:
            raise CommandError(f"Interrupted: {prefix}{tally.line()}", returncode=130) from None
        summary = f"{tally.line()}; seeds {start} to {last}"
        if tally.stored < options["count"]:
            raise CommandError(f"Too few puzzles made: {prefix}{summary}.")
        (self.stdout if stores else self.stderr).write(prefix + summary)

    def check_options(self, options: dict) -> None:
        """CommandError for an option out of range."""
        if options["stock"] and (options["level"] or options["size"] != 9):
            raise CommandError("--stock makes every size but 9x9: no --level or --size.")
        if (
            options["size"] == 9
            and not options["stock"]
            and not options["level"]
            and options["until"] is None
        ):
            raise CommandError("--level is required: the library's puzzles each have one.")
        if options["until"] is not None and (options["size"] != 9 or options["until"] < 0):
            raise CommandError("--until needs 9x9 puzzles and a number from 0.")
        if not 1 <= options["count"] <= MAX_COUNT:
            raise CommandError(f"--count must be from 1 to {MAX_COUNT:,}.")
        if options["seed"] is not None and not 0 <= options["seed"] < MAX_SEED:
            raise CommandError(f"--seed must be from 0 to {MAX_SEED - 1}.")
        seconds = options["max_seconds"]
        if seconds is not None and not (math.isfinite(seconds) and seconds > 0):
            raise CommandError("--max-seconds must be a number of seconds more than 0.")
        options["jobs"] = processes(options["jobs"])

    def make(self, seeds: Iterator[int], options: dict, tally: Tally) -> int:
        """Make puzzles from ``seeds`` until ``--count`` are stored (or printed),
        counting in ``tally``; the last seed used."""
        err = Verbatim(self.stderr)
        wanted = options["count"]
        # Not with --verbosity 0: make run tops the library up beside the server's log.
        drawn = err.isatty() and options["verbosity"] > 0
        progress = Progress(err, drawn, wanted, measure="done")
        results = in_order(self.work(options), _chunks(seeds), options["jobs"])
        last = None
        try:
            for chunk in results:
                for seed, made in chunk:
                    if tally.stored < wanted:
                        self.keep(made, tally)
                        last = seed
                progress.update(tally.done, tally.stored)
                if tally.stored >= wanted:
                    break
        finally:
            results.close()
            progress.finish(tally.done, tally.stored)
        return last

    def work(self, options: dict):
        """What a process does to a chunk of seeds: each seed with what it made."""
        arguments = (options["level"], options["symmetry"], options["minimal"])
        if options.get("stocked"):
            return partial(_stocked, options["size"], options["max_seconds"])
        if options["size"] == 9:
            return partial(_entries, arguments=arguments, max_seconds=options["max_seconds"])
        return partial(_lines, options["size"], arguments, options["max_seconds"])

    def keep(self, made: store.Entry | Grid | str | None, tally: Tally) -> None:
        """Store an entry or a big board, or print a line of another size; count
        it in ``tally``."""
        if made is None:
            tally.skipped["out of time"] += 1
        elif isinstance(made, tuple):
            tally.add(int(stock.add(shape_for_cells(len(made)), made)), 1)
        elif isinstance(made, store.Entry):
            tally.add(store.store_all([made], store.GENERATED), 1)
        else:
            self.stdout.write(made)
            tally.stored += 1


def _chunks(seeds: Iterator[int]) -> Iterator[list[int]]:
    """The seeds one at a time: a puzzle takes long enough to pay for the hop."""
    while chunk := list(islice(seeds, 1)):
        yield chunk


def _entries(
    seeds: list[int], arguments: tuple, max_seconds: float
) -> list[tuple[int, store.Entry | None]]:
    """Each seed with the library entry generated from it (None: out of time)."""
    entries = store.generate_entries(seeds, *arguments, max_seconds=max_seconds)
    return list(zip(seeds, entries, strict=True))


def _lines(
    size: int, arguments: tuple, max_seconds: float, seeds: list[int]
) -> list[tuple[int, str | None]]:
    """Each seed with the puzzle of ``size`` generated from it, as a line of
    symbols (None: out of time)."""
    level, symmetry, minimal = arguments
    lines: list[tuple[int, str | None]] = []
    for seed in seeds:
        made = generate(shape_for_cells(size * size), level, symmetry, seed, minimal, max_seconds)
        lines.append((seed, None if made is None else format_grid(made.puzzle)))
    return lines


def _stocked(size: int, max_seconds: float, seeds: list[int]) -> list[tuple[int, Grid | None]]:
    """Each seed with the big board of ``size`` made from it for the stock
    (``stock.make``; None: out of time)."""
    board = shape_for_cells(size * size)
    return [(seed, stock.make(board, seed, max_seconds)) for seed in seeds]
