"""``read_photo``: a photo's bytes to a checked reading of its puzzle.

The steps, each in its module: decode within bounds (``image``, after
``header``'s screen), find and straighten the grid (``grid``), cut its cells
and find their digits (``cells``), classify the digits (``classifier``,
trained by ``training``), and let the engine check the whole (``check``);
all of it in a child process under limits of CPU, memory and time
(``bounded``). ``read_here`` is the same read in this process, unbounded:
for the benchmark's comparison and the tests that look inside.
"""

from __future__ import annotations

from time import perf_counter

import numpy as np

from .bounded import bounded
from .cells import Ink, cut_cells
from .check import Choice, check
from .classifier import NOT_A_DIGIT, probabilities
from .grid import locate
from .image import decode
from .model import classifier
from .reading import Change, PhotoError, Reading

EMPTY_CONFIDENCE = 0.97  # an empty cell's confidence: no blob at all looked like a digit
FAINT_FILLED = 0.25  # a cell filled only at the faint contrast: a guess, and doubtful
# The least sum of log(1 - p(not a digit)) over a grid's digits that shows it upright.
UPRIGHT_SCORE = -3.0


def read_photo(data: bytes) -> Reading:
    """The puzzle in the photo ``data`` (JPEG, PNG, WebP or BMP bytes), checked by the
    engine, read in a child process within ``bounded``'s limits. Raises ReaderNotReady
    without a classifier, and PhotoError: "too_large" past MAX_BYTES or MAX_PIXELS,
    "too_small", "unsupported" (``header.screen``), "not_an_image" for other bytes,
    "no_grid" if no Sudoku grid is found, "too_costly" past the limits."""
    classifier()  # loaded here, once a process: each child has it, and a missing one is told here
    return bounded(read_here, data)


def read_here(data: bytes) -> Reading:
    """``read_photo``'s reading, in this process and unbounded but for the screen."""
    start = perf_counter()
    photo = decode(data)
    found = locate(photo.grey)
    if found is None:
        raise PhotoError("no_grid", "No Sudoku grid was found in the photo.")
    corners, square = found
    turns, cells, odds = upright(square)
    # The square was turned ``turns`` quarters anticlockwise: its top-left corner
    # was the one ``turns`` places further round.
    corners = np.roll(corners, -turns, axis=0)
    choices = cell_choices(cells, odds)
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


def upright(square: np.ndarray) -> tuple[int, list[Ink], np.ndarray]:
    """The way up of the grid ``square``: the quarter turns anticlockwise (0-3) that
    make its digits likeliest, with its cells so turned and their digits' odds (a
    row of CLASSES for each cell with a digit, in order). A newspaper is often shot
    sideways, whatever the phone notes in the photo's EXIF orientation."""
    best = None
    for turns in range(4):
        if best is not None and best[0] > UPRIGHT_SCORE:
            break  # the usual case: upright, no need to turn it round
        cells = cut_cells(np.ascontiguousarray(np.rot90(square, turns)))
        glyphs = [ink.glyph for ink in cells if ink.glyph is not None]
        odds = probabilities(classifier(), np.array(glyphs))
        score = float(np.log(1 - odds[:, NOT_A_DIGIT] + 1e-6).sum())
        if best is None or score > best[0]:
            best = (score, turns, cells, odds)
    return best[1:]


def cell_choices(cells: list[Ink], odds: np.ndarray) -> list[list[Choice]]:
    """Each cell's choices, likeliest first: for a cell with a digit's blob, the
    nine digits (``odds``, a row per such cell) weighed by how surely it is filled,
    and empty; for one without, empty, and nothing else (no blob, no digit to offer)."""
    odds = iter(odds)
    choices = []
    for ink in cells:
        if ink.glyph is None:
            choices.append([Choice(".", EMPTY_CONFIDENCE)])
            continue
        sure = FAINT_FILLED if ink.faint else filled_probability(ink.fill)
        row = next(odds)
        options = [Choice(str(digit), float(p) * sure) for digit, p in enumerate(row[:9], 1)]
        # A blob that reads as a turned digit is likelier a smudge than a digit.
        options.append(Choice(".", 1 - sure * (1 - float(row[NOT_A_DIGIT]))))
        choices.append(sorted(options, key=lambda choice: -choice.probability))
    return choices


def filled_probability(fill: float) -> float:
    """How surely a cell whose blob has ``fill`` (``cells.Ink``) holds a digit."""
    return float(min(0.995, 0.5 + fill / 4))
