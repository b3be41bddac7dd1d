"""Images for the photo tests: a 9x9 grid drawn here (a screenshot's clean
lines and digits in one of Debian's fonts the reader knows, through its own
``render.draw_digit``), a picture with no grid, and a shared real photo
(``bench.photo_sets``: CC-BY-4.0, Wicht & Hennebert; read in place, never
copied into the repository)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import cv2
import numpy as np
import pytest
from PIL import Image, ImageDraw

from bench import photo_sets
from solver.photos import Reading, read_photo
from solver.photos.fonts import font_paths
from solver.photos.render import draw_digit

# A digit's grey in a faint cell, and the share of a covered cell's digit
# rubbed out from below: what makes the reader unsure of a cell.
FAINT_INK = 200
COVERED_SHARE = 0.5
# Cells of a drawn grid degraded so that the reader doubts them, tried in turn
# (``doubted_png``): each reader version doubts some of them, not always the same.
DEGRADED = (
    ("covered", frozenset({0})),
    ("faint", frozenset({0})),
    ("faint", frozenset({4, 15})),
    ("covered", frozenset({4})),
    ("faint", frozenset({12})),
    ("covered", frozenset({12, 15})),
)


@cache
def grid_png(
    puzzle: str,
    faint: frozenset[int] = frozenset(),
    covered: frozenset[int] = frozenset(),
    cell: int = 60,
    margin: int = 40,
) -> bytes:
    """A PNG of ``puzzle`` (81 symbols, '.' or '0' empty) drawn as a clean
    grid: thin cell lines, thick box lines, dark digits on white, but the
    digits of the cells in ``faint`` (indexes) in light grey (``FAINT_INK``)
    and those in ``covered`` with their lower half rubbed out."""
    side = 9 * cell
    canvas = Image.new("L", (side + 2 * margin, side + 2 * margin), 255)
    draw = ImageDraw.Draw(canvas)
    for line in range(10):
        width = 5 if line % 3 == 0 else 2
        at = margin + line * cell
        draw.line([(margin, at), (margin + side, at)], fill=0, width=width)
        draw.line([(at, margin), (at, margin + side)], fill=0, width=width)
    font = font_paths()[0]
    for index, symbol in enumerate(puzzle):
        if symbol.isdigit() and symbol != "0":
            row, column = divmod(index, 9)
            centre = (margin + (column + 0.5) * cell, margin + (row + 0.5) * cell, cell * 0.55)
            draw_digit(canvas, int(symbol), font, centre, FAINT_INK if index in faint else 0)
    picture = np.asarray(canvas).copy()
    for index in covered:
        row, column = divmod(index, 9)
        top = margin + row * cell + round(cell * (1 - COVERED_SHARE))
        left = margin + column * cell + 4
        picture[top : margin + (row + 1) * cell - 4, left : left + cell - 8] = 255
    return _png(picture)


def doubted_png(puzzle: str) -> tuple[bytes, Reading]:
    """The first of ``DEGRADED``'s drawings of ``puzzle`` in which the reader
    doubts a cell, with the reader's reading of it (the page and the API must
    show what the reader says; which cells it doubts is the reader's business)."""
    for kind, cells in DEGRADED:
        image = grid_png(puzzle, **{kind: cells})
        reading = read_photo(image)
        if reading.doubtful:
            return image, reading
    pytest.fail("the reader doubts no cell of any drawing in DEGRADED: add one it doubts")


def no_grid_png() -> bytes:
    """A picture with no grid in it: soft grey shapes on white."""
    picture = np.full((480, 640), 255, np.uint8)
    cv2.circle(picture, (200, 240), 120, 160, -1)
    cv2.ellipse(picture, (460, 200), (90, 50), 30, 0, 360, 110, -1)
    return _png(picture)


def _png(picture: np.ndarray) -> bytes:
    return cv2.imencode(".png", picture)[1].tobytes()


def shared_photo(number: int) -> tuple[Path, str]:
    """The shared photo ``imageN.jpg`` and its true puzzle (81 symbols, '.' empty),
    as the benchmark reads them (``bench.photo_sets``)."""
    photo = photo_sets.shared_photo(number)
    return photo.path, photo.puzzle
