"""The 81 cells of a warped grid: which hold a digit, and the digit's picture.

The square's ink is found by an adaptive threshold, at two contrasts, and
the grid's lines are taken out of it (long straight runs). Each cell is cut
with a margin around it (the warp is a plane's, and paper bends: a digit may
sit off its place), and its digit is the pieces of ink near its centre,
clear of the cut's edges, taken together, if their box is a digit's size. A
cell without one is empty. The digit's box is cut from the grey cell and
scaled into a GLYPH-pixel square, keeping its shape, for the classifier
(``features``).
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from .grid import CELL

GLYPH = 28  # pixels a side of the square a digit is scaled into
GLYPH_HEIGHT = 20  # the digit's height inside it, as MNIST's digits have
MARGIN = CELL // 6  # pixels of the neighbours' sides cut with each cell

# A digit's box, as shares of a cell's side: its height, and how far the centre
# of each of its pieces may lie from the cell's.
MIN_HEIGHT, MAX_HEIGHT = 0.28, 0.95
MAX_OFFSET = 0.3
MIN_INK = 0.015  # the share of a cell's pixels a thin digit darkens: ``fill`` 1
# How much darker than the paper around it ink is (grey levels): the usual
# threshold, and the fainter one a cell that looks empty is read at again.
INK_CONTRAST, FAINT_CONTRAST = 12, 5
MIN_PIECE = 0.004  # a smaller speck is dust or noise
# A straight run of ink this long is a grid line's: no digit has one (a 1 is shorter).
LINE_LENGTH = CELL * 5 // 6


@dataclass(frozen=True)
class Ink:
    """What a cell holds: the digit's picture (GLYPH x GLYPH, ink bright on black,
    float32 in [0, 1]) or None for an empty cell, and how strongly it looks filled
    (``fill``: 0 for nothing at all, 1 and over for a plain digit). ``faint``: the
    digit was found only at FAINT_CONTRAST, in a cell that looks empty."""

    glyph: np.ndarray | None
    fill: float
    faint: bool = False


def cut_cells(square: np.ndarray) -> list[Ink]:
    """The 81 cells of the warped grid ``square`` (9 CELLs a side), row by row."""
    grey = _padded(square, cv2.BORDER_REPLICATE)
    strict, faint = (
        _padded(digit_ink(square, contrast), cv2.BORDER_CONSTANT)
        for contrast in (INK_CONTRAST, FAINT_CONTRAST)
    )
    side = CELL + 2 * MARGIN
    places = [
        np.s_[row * CELL : row * CELL + side, col * CELL : col * CELL + side]
        for row in range(9)
        for col in range(9)
    ]
    return [read_cell(strict[place], faint[place], grey[place]) for place in places]


def read_drawn_cell(cell: np.ndarray) -> Ink:
    """The digit in a cell drawn alone (grey, CELL pixels and MARGIN around), read
    as ``cut_cells`` reads each cell of a grid (training reads its drawings so)."""
    return read_cell(digit_ink(cell, INK_CONTRAST), digit_ink(cell, FAINT_CONTRAST), cell)


def _padded(image: np.ndarray, border: int) -> np.ndarray:
    return cv2.copyMakeBorder(image, MARGIN, MARGIN, MARGIN, MARGIN, border)


def ink(square: np.ndarray, contrast: int = INK_CONTRAST) -> np.ndarray:
    """White where ``square`` (grey) is darker by ``contrast`` than the paper around it."""
    blurred = cv2.GaussianBlur(square, (3, 3), 0)
    return cv2.adaptiveThreshold(
        blurred, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY_INV, CELL | 1, contrast
    )


def digit_ink(square: np.ndarray, contrast: int = INK_CONTRAST) -> np.ndarray:
    """``ink(square, contrast)`` without the grid's lines: a digit that blur has joined
    to a line comes apart from it, losing only the pixels it shares with the line."""
    dark = ink(square, contrast)
    lines = cv2.bitwise_or(
        cv2.morphologyEx(dark, cv2.MORPH_OPEN, np.ones((1, LINE_LENGTH), np.uint8)),
        cv2.morphologyEx(dark, cv2.MORPH_OPEN, np.ones((LINE_LENGTH, 1), np.uint8)),
    )
    return cv2.bitwise_and(dark, cv2.bitwise_not(cv2.dilate(lines, np.ones((3, 3), np.uint8))))


def read_cell(strict: np.ndarray, faint: np.ndarray, grey: np.ndarray) -> Ink:
    """The digit in one cell cut with MARGIN pixels around it, from its ink without
    grid lines at the usual contrast (``strict``) and at a fainter one (``faint``),
    both 255 on 0, and its ``grey`` pixels. A digit found in the strict ink is
    drawn from the faint ink it overlaps, so that a stroke fainter than the rest
    is not lost; a cell empty in the strict ink but not in the faint one is kept
    as a ``faint`` second guess. Empty (glyph None) if neither shows a digit."""
    found = _digit(strict)
    if found is None:
        second = _digit(faint)
        if second is None:
            return Ink(None, 0.0)
        box, mask, area = second
        return Ink(_glyph(grey[box], mask), area / (MIN_INK * CELL * CELL), faint=True)
    box, mask, area = found
    box, mask, _ = _digit(faint, within=box) or found
    return Ink(_glyph(grey[box], mask), area / (MIN_INK * CELL * CELL))


def _digit(dark: np.ndarray, within: tuple[slice, slice] | None = None):
    """Where ``dark`` shows a digit: its box (a pair of slices), its pieces' mask
    in that box and their area in pixels; None if no ink near the centre looks like
    one. With ``within``, only pieces overlapping that box count."""
    count, labels, stats, centres = cv2.connectedComponentsWithStats(dark, connectivity=8)
    side = dark.shape[0]
    # A faint or blurred digit comes apart in pieces: they are taken together.
    pieces = [
        label
        for label in range(1, count)
        if stats[label, cv2.CC_STAT_AREA] >= MIN_PIECE * CELL * CELL
        and np.abs(centres[label] - side / 2).max() < MAX_OFFSET * CELL
        and _clear_of_edges(stats[label], side)
        and (within is None or _overlaps(stats[label], within))
    ]
    if not pieces:
        return None
    left, top = stats[pieces, 0].min(), stats[pieces, 1].min()
    right = (stats[pieces, 0] + stats[pieces, 2]).max()
    bottom = (stats[pieces, 1] + stats[pieces, 3]).max()
    if not _digit_like(right - left, bottom - top):
        return None
    box = np.s_[top:bottom, left:right]
    return box, np.isin(labels[box], pieces).astype(np.uint8), stats[pieces, 4].sum()


def _overlaps(stat: np.ndarray, box: tuple[slice, slice]) -> bool:
    """True if a piece's box and ``box`` share a pixel."""
    x, y, width, height = stat[:4]
    rows, cols = box
    return x < cols.stop and cols.start < x + width and y < rows.stop and rows.start < y + height


def _clear_of_edges(stat: np.ndarray, side: int) -> bool:
    """True if a piece's box touches no edge of the cut (where lines and the
    neighbours' digits are)."""
    x, y, width, height = stat[:4]
    return x > 0 and y > 0 and x + width < side and y + height < side


def _digit_like(width: int, height: int) -> bool:
    """True if a box could be a digit's: tall enough and not too tall, not much
    wider than tall."""
    return MIN_HEIGHT * CELL <= height <= MAX_HEIGHT * CELL and width <= min(
        1.5 * height, MAX_HEIGHT * CELL
    )


def _glyph(grey: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """The digit's picture: its grey pixels inside ``mask`` made ink-bright on black,
    scaled to GLYPH_HEIGHT high (and at most GLYPH wide), centred in GLYPH x GLYPH."""
    patch = grey.astype(np.float32)
    # The ink's level is taken among its darker pixels, not at the darkest: a stroke
    # fainter in one part (uneven print or light) still comes out whole.
    ink_level, paper_level = (
        np.percentile(patch[mask > 0], 25),
        np.median(patch[mask == 0]) if (mask == 0).any() else patch.max(),
    )
    span = max(paper_level - ink_level, 1.0)
    ink = np.clip((paper_level - patch) / span, 0, 1)
    ink *= cv2.dilate(mask, np.ones((3, 3), np.uint8))
    height, width = ink.shape
    scale = min(GLYPH_HEIGHT / height, (GLYPH - 2) / width)
    size = (max(1, round(width * scale)), max(1, round(height * scale)))
    small = cv2.resize(ink, size, interpolation=cv2.INTER_AREA)
    glyph = np.zeros((GLYPH, GLYPH), np.float32)
    top, left = (GLYPH - size[1]) // 2, (GLYPH - size[0]) // 2
    glyph[top : top + size[1], left : left + size[0]] = small
    return glyph
