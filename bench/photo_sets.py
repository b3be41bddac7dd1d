"""The shared photos of printed puzzles, read one way by the benchmark and the tests.

They live in ``../shared/photos/train/`` beside the project, or in
``SUDOKU_PHOTOS_DIR``: photos by Wicht and Hennebert (CC-BY-4.0; see
docs/photos.md), read from there, never copied into the repository. Each
``imageN.jpg`` has its true grid in ``imageN.dat``: two header lines (the
phone, the image's format), then 9 rows of 9 digits, 0 for empty.

Many photos show the same printed puzzle; ``halves`` splits them by puzzle,
so that no puzzle of one half is in the other: the reader was tuned on the
first half ("tune") and the second ("held out") tells how it does on puzzles
it was not tuned on.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

PHOTOS_DIR = Path(
    os.environ.get(
        "SUDOKU_PHOTOS_DIR", Path(__file__).resolve().parents[2] / "shared" / "photos" / "train"
    )
)


@dataclass(frozen=True)
class SharedPhoto:
    """One shared photo: its file's name, its path, its phone and its true puzzle
    (81 symbols, '.' for empty)."""

    name: str
    path: Path
    phone: str
    puzzle: str


def shared_photos() -> list[SharedPhoto]:
    """Every shared photo, in the order of its number. Raises FileNotFoundError,
    naming where they are looked for, if there are none."""
    paths = sorted(
        PHOTOS_DIR.glob("image*.jpg"), key=lambda path: int(re.sub(r"\D", "", path.stem))
    )
    if not paths:
        raise FileNotFoundError(f"no photo in {PHOTOS_DIR} (SUDOKU_PHOTOS_DIR sets another place)")
    return [_read(path) for path in paths]


def shared_photo(number: int) -> SharedPhoto:
    """The shared photo ``imageN.jpg`` of ``number``, with its true puzzle."""
    return _read(PHOTOS_DIR / f"image{number}.jpg")


def _read(path: Path) -> SharedPhoto:
    """The photo at ``path`` with its true grid from the .dat file beside it."""
    lines = path.with_suffix(".dat").read_text().splitlines()
    digits = " ".join(lines[2:11]).split()
    assert len(digits) == 81, path
    puzzle = "".join("." if digit == "0" else digit for digit in digits)
    return SharedPhoto(path.name, path, lines[0].strip(), puzzle)


def halves() -> tuple[list[SharedPhoto], list[SharedPhoto]]:
    """The shared photos split by puzzle in two: the photos of every other puzzle
    (taken in the order each first appears) in the first half, the rest in the second."""
    photos = shared_photos()
    puzzles = list(dict.fromkeys(photo.puzzle for photo in photos))
    tune = {puzzle for rank, puzzle in enumerate(puzzles) if rank % 2 == 0}
    return (
        [photo for photo in photos if photo.puzzle in tune],
        [photo for photo in photos if photo.puzzle not in tune],
    )
