"""The shared puzzle sets, read one way by the benchmarks and the tests.

The sets live in ``../shared/puzzles/`` beside the project, or in
``SUDOKU_PUZZLES_DIR``; they are read from there, never copied into the repo.
A set is one puzzle a line; blank lines and lines starting with ``#`` are
skipped, as the command line's reader skips them.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Sequence
from itertools import islice
from pathlib import Path
from typing import TypeVar

from solver.cli.reading import puzzle_lines

T = TypeVar("T")

PUZZLES_DIR = Path(
    os.environ.get("SUDOKU_PUZZLES_DIR", Path(__file__).resolve().parents[2] / "shared" / "puzzles")
)

# Each benchmark's sets when it is given none, named here once; the order is
# the order of its tables' rows. Every selection is a tuple, never changed.
SOLVING_SETS = ("top1465.txt", "forum_hardest_1106.txt", "seventeen_clue.txt", "serg_multi.txt")
"""The engine's: bench.engine, bench.tails and bench.compare; serg_multi's
puzzles have several solutions, which the search must also prove."""
TEACHING_SETS = ("top1465.txt", "forum_hardest_1106.txt", "seventeen_clue.txt")
"""The teacher's: bench.teacher and bench.teacher_versus; the puzzles with one
solution, the only ones with a rating."""
RATING_SETS = ("seventeen_clue.txt", "top1465.txt", "forum_hardest_1106.txt")
"""bench.rating's: the teacher's sets, the easiest first."""
REQUEST_SETS = ("seventeen_clue.txt", "top1465.txt")
"""A request's: bench.costs and bench.load, an easy set and a hard one."""


def read_set(name_or_path: str | Path, limit: int | None = None) -> list[str]:
    """The puzzle lines of a set, stripped, the first ``limit`` of them (all if None).

    A ``str`` names a file of ``PUZZLES_DIR``; a ``Path`` is read as it is.
    Raises FileNotFoundError, naming where the sets are looked for, if the
    file is missing: no caller may pass by having nothing to read.
    """
    path = name_or_path if isinstance(name_or_path, Path) else PUZZLES_DIR / name_or_path
    if not path.is_file():
        raise FileNotFoundError(
            f"puzzle file missing: {path} (the shared sets are read from {PUZZLES_DIR}; "
            "SUDOKU_PUZZLES_DIR sets another place)"
        )
    with path.open(encoding="utf-8") as lines:
        return [text for _, text in islice(puzzle_lines(lines), limit)]


def spread(puzzles: Sequence[T], count: int) -> list[tuple[int, T]]:
    """``count`` of ``puzzles`` spread evenly through them (all if there are no
    more), each with its index, so a caller can name a puzzle by its place."""
    step = max(1, len(puzzles) // count)
    return [(index, puzzles[index]) for index in range(0, len(puzzles), step)[:count]]


def sampled(names: Sequence[str], count: int) -> list[tuple[str, list[str]]]:
    """Each set of ``names`` with ``count`` of its puzzles spread through it,
    each written as 81 symbols. Raises FileNotFoundError for a set missing."""
    from solver.engine import format_grid, parse_puzzle

    return [
        (name, [format_grid(parse_puzzle(text)) for _, text in spread(read_set(name), count)])
        for name in names
    ]


def parse_sets(text: str) -> list[str]:
    """The value of a ``--sets`` option: comma-separated file names of ``PUZZLES_DIR``.

    Raises argparse.ArgumentTypeError if it names none.
    """
    names = [name.strip() for name in text.split(",") if name.strip()]
    if not names:
        raise argparse.ArgumentTypeError("name at least one puzzle file")
    return names
