"""Solve the Sudoku puzzles of a file, or of standard input (-), and print the verdicts.

  python manage.py solve puzzle.txt                  # one puzzle: drawn solution and verdict
  python manage.py solve top1465.txt                 # many: one line per puzzle
  python manage.py solve top1465.txt --format csv --jobs 4 > verdicts.csv
  cat puzzles.txt | python manage.py solve - --format csv
  python manage.py solve hard.txt --max-seconds 60 --max-guesses 5000000
  python manage.py solve hard.txt --first            # first solution only, no uniqueness proof
  python manage.py solve puzzle.txt --explain        # and the steps a person takes, in words

Input: one puzzle a line (blank lines and lines starting with # are skipped),
of any size from 4x4 to 25x25 and in any format the site reads, for example
4...3.......6..8... (a cell a symbol, . or 0 for an empty cell) or
12,0,7,... (numbers separated by commas). One puzzle may also be written over
several lines: a row a line, or drawn with | - + borders. Every format is
listed in solver/engine/parse.py's docstring (and docs/design.md).

Output: for a lone puzzle, its solution drawn in boxes and the verdict; for
many, one line per puzzle in input order: line number, status, then the
solution or the reason. --explain adds, under each puzzle with one solution,
its difficulty and the steps that solve it as a person would, one sentence a
line (after {explain_seconds:g} s of logic on a puzzle, trial steps finish it).
--format csv writes the columns line, puzzle, status, solutions,
solution, guesses, ms, level, score, hardest, message; with --rate, level
({levels}), score (higher is harder) and hardest (the hardest technique's id)
rate each puzzle with one solution (the teacher's walk, up to
{explain_seconds:g} s of logic each); without it they are left empty, and the
run goes at the solver's speed. The status is one of:

{statuses}

solutions is 0, 1 or 2 (two or more). An invalid line gets its row and the
run goes on.

A progress line is drawn on standard error when it is a terminal and the
output is not. Ctrl-C (or SIGTERM) stops the run: what is written stays whole.

Exit status: 0 when every puzzle got a verdict, whatever it is; 1 when the
input cannot be read (a missing file, text that is not UTF-8) or an option is
out of range; 2 for a malformed command line; 130 after Ctrl-C or SIGTERM.
"""

import argparse
import math
import os
import sys

from django.core.management.base import BaseCommand, CommandError, CommandParser

from solver import cli
from solver.engine import Budget, Status
from solver.engine.levels import LEVELS
from solver.management.running import (
    HelpFormatter,
    Verbatim,
    add_jobs,
    processes,
    sigterm_interrupts,
)
from solver.teaching import sentences

# What each status means, for the help (in the order it lists them).
STATUS_MEANINGS = {
    Status.UNIQUE: "one solution, proved the only one",
    Status.MULTIPLE: "two or more solutions; one is shown",
    Status.NONE: "no solution",
    Status.GAVE_UP: "the search ran out of its budget (--max-seconds, --max-guesses)",
    Status.SOLVED: "a solution, not proved unique: only produced with --first",
    Status.INVALID: "the line is no puzzle, or its givens conflict; the message says why",
}


class Command(BaseCommand):
    # The module's docstring, with the statuses filled in.
    help = __doc__.format(
        statuses="\n".join(
            f"  {status:<8}  {meaning}" for status, meaning in STATUS_MEANINGS.items()
        ),
        explain_seconds=cli.EXPLAIN_SECONDS,
        levels=", ".join(LEVELS),
    )
    requires_system_checks = []  # solving needs no models, URLs or database

    def create_parser(self, prog_name: str, subcommand: str, **kwargs) -> CommandParser:
        kwargs.setdefault("formatter_class", HelpFormatter)
        return super().create_parser(prog_name, subcommand, **kwargs)

    def add_arguments(self, parser: CommandParser) -> None:
        budget = cli.DEFAULT_BUDGET
        parser.add_argument("file", help="a file of puzzles, or - for standard input")
        parser.add_argument(
            "--format",
            choices=sorted(cli.FORMATS),
            default="text",
            help="text (default) for people, csv for programs",
        )
        add_jobs(parser, "solve")
        parser.add_argument(
            "--max-seconds",
            type=float,
            default=budget.max_seconds,
            help="seconds one puzzle may take before its status is gave_up (default %(default)s)",
        )
        parser.add_argument(
            "--max-guesses",
            type=int,
            default=budget.max_guesses,
            help="guesses one puzzle may take before its status is gave_up (default %(default)s)",
        )
        parser.add_argument(
            "--first",
            action="store_true",
            help="stop at the first solution, status solved, instead of proving it unique",
        )
        parser.add_argument(
            "--explain",
            action="store_true",
            help="print each unique puzzle's difficulty and steps, a sentence a line (text only)",
        )
        parser.add_argument(
            "--rate",
            action="store_true",
            help="fill the CSV's level, score and hardest (the teacher rates each puzzle)",
        )
        # Rating was once the default, turned off by --no-rate: still taken, and the default now.
        parser.add_argument("--no-rate", action="store_true", help=argparse.SUPPRESS)

    def handle(self, *args, **options) -> None:
        run_options = self.run_options(options)
        # A polite kill stops the run as Ctrl-C does: the rows written stay
        # whole, workers end.
        with sigterm_interrupts():
            summary = self.solve_file(options["file"], run_options)
        if summary.interrupted:
            raise CommandError(
                f"Interrupted: the outcomes of {summary.done:,} puzzles were written.",
                returncode=130,
            )

    def solve_file(self, name: str, run_options: cli.Options) -> cli.Summary:
        """Run over the file ``name`` (or - for standard input); CommandError if
        it cannot be read or a worker died."""
        try:
            with cli.open_input(name) as source:
                return cli.run(source, Verbatim(self.stdout), Verbatim(self.stderr), run_options)
        except (cli.InputError, cli.WorkerDied) as error:
            raise CommandError(str(error)) from None
        except BrokenPipeError:
            # The reader of the output went away (``| head``): stop quietly, as
            # other shell tools do, and keep Python from complaining at exit.
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            sys.exit(1)

    def run_options(self, options: dict) -> cli.Options:
        """The options of the run; CommandError for one out of range."""
        jobs = processes(options["jobs"])
        if not (math.isfinite(options["max_seconds"]) and options["max_seconds"] > 0):
            raise CommandError("--max-seconds must be a number of seconds more than 0.")
        if options["max_guesses"] < 1:
            raise CommandError("--max-guesses must be more than 0.")
        if options["explain"] and options["format"] != "text":
            raise CommandError("--explain prints text: use it without --format csv.")
        if options["rate"] and options["format"] != "csv":
            raise CommandError("--rate fills the CSV's columns: use it with --format csv.")
        budget = Budget(max_guesses=options["max_guesses"], max_seconds=options["max_seconds"])
        return cli.Options(
            format=options["format"],
            processes=jobs,
            budget=budget,
            first=options["first"],
            teach=options["format"] == "csv" and options["rate"],
            say=sentences.sentence if options["explain"] else None,
        )
