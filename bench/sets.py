"""The shared puzzle sets, read one way by the benchmarks and the tests.

The sets live in ``../shared/puzzles/`` beside the project, or in
``SUDOKU_PUZZLES_DIR``; they are read from there, never copied into the repo.
A set is one puzzle a line; blank lines and lines starting with ``#`` are
skipped, as the command line's reader skips them.
"""

from __future__ import annotations

import argparse
import os
from itertools import islice
from pathlib import Path

from solver.files.reading import puzzle_lines

PUZZLES_DIR = Path(
    os.environ.get("SUDOKU_PUZZLES_DIR", Path(__file__).resolve().parents[2] / "shared" / "puzzles")
)


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


def parse_sets(text: str) -> list[str]:
    """The value of a ``--sets`` option: comma-separated file names of ``PUZZLES_DIR``.

    Raises argparse.ArgumentTypeError if it names none.
    """
    names = [name.strip() for name in text.split(",") if name.strip()]
    if not names:
        raise argparse.ArgumentTypeError("name at least one puzzle file")
    return names
