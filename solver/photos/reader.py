"""``read_photo``: a photo's bytes to a checked reading of its puzzle.

The steps, each in its module: decode within bounds (``image``), find and
straighten the grid (``grid``), cut its cells and find their digits
(``cells``), classify the digits (``classifier``, trained by ``training``),
and let the engine check the whole (``check``).
"""

from __future__ import annotations

from time import perf_counter

import numpy as np

from .cells import Ink, cut_cells
from .check import Choice, check
from .classifier import probabilities
from .grid import find_corners, looks_like_grid, warp
from .image import decode
from .model import network
from .reading import Change, PhotoError, Reading

EMPTY_CONFIDENCE = 0.97  # an empty cell's confidence: no blob at all looked like a digit


def read_photo(data: bytes) -> Reading:
    """The puzzle in the photo ``data`` (JPEG, PNG or WebP bytes), checked by the
    engine. Raises PhotoError: "too_large" past MAX_BYTES or MAX_PIXELS,
    "not_an_image" for other bytes, "no_grid" if no Sudoku grid is found."""
    start = perf_counter()
    photo = decode(data)
    corners = find_corners(photo.grey)
    square = None if corners is None else warp(photo.grey, corners)
    if square is None or not looks_like_grid(square):
        raise PhotoError("no_grid", "No Sudoku grid was found in the photo.")
    choices = cell_choices(cut_cells(square))
    checked = check(choices)
    return Reading(
        puzzle=checked.puzzle,
        confidence=tuple(round(choice.probability, 4) for choice in checked.choices),
        corners=tuple((float(x) * photo.scale[0], float(y) * photo.scale[1]) for x, y in corners),
        changed=tuple(
            Change(index, options[0].symbol, chosen.symbol)
            for index, (options, chosen) in enumerate(zip(choices, checked.choices, strict=True))
            if options[0] != chosen
        ),
        verdict=checked.verdict,
        seconds=perf_counter() - start,
    )


def cell_choices(cells: list[Ink]) -> list[list[Choice]]:
    """Each cell's choices, likeliest first: for a cell with a digit's blob, the
    nine digits weighed by how surely it is filled, and empty; for one without,
    empty, and nothing else (no blob, no digit to offer)."""
    filled = [ink for ink in cells if ink.glyph is not None]
    odds = iter(probabilities(network(), np.array([ink.glyph for ink in filled])))
    choices = []
    for ink in cells:
        if ink.glyph is None:
            choices.append([Choice(".", EMPTY_CONFIDENCE)])
            continue
        sure = filled_probability(ink.fill)
        options = [Choice(str(digit), float(p) * sure) for digit, p in enumerate(next(odds), 1)]
        options.append(Choice(".", 1 - sure))
        choices.append(sorted(options, key=lambda choice: -choice.probability))
    return choices


def filled_probability(fill: float) -> float:
    """How surely a cell whose blob has ``fill`` (``cells.Ink``) holds a digit."""
    return float(min(0.995, 0.5 + fill / 4))
