"""The 81 cells of a warped grid: which hold a digit, and the digit's picture.

Each cell is cut with a margin around it (the warp is a plane's, and paper
bends: a cell's digit may sit off its place), its ink found by an adaptive
threshold, and the digit taken to be the ink blob nearest the cell's centre
that is tall enough to be one and does not run along the cell's edge like a
grid line. A cell without one is empty. The blob's box is cut from the grey
cell and scaled into a GLYPH-pixel square, keeping its shape, for the
classifier (``features``).
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from .grid import CELL

GLYPH = 28  # pixels a side of the square a digit is scaled into
GLYPH_HEIGHT = 20  # the digit's height inside it, as MNIST's digits have
MARGIN = CELL // 6  # pixels of the neighbours' sides cut with each cell

# A digit's blob, as shares of a cell's side: its height, how far its centre may
# lie from the cell's, and the smallest share of the cell's pixels it must darken.
MIN_HEIGHT, MAX_HEIGHT = 0.28, 0.95
MAX_OFFSET = 0.3
MIN_INK = 0.015


@dataclass(frozen=True)
class Ink:
    """What a cell holds: the digit's picture (GLYPH x GLYPH, ink bright on black,
    float32 in [0, 1]) or None for an empty cell, and how strongly it looks filled
    (``fill``: 0 for nothing at all, 1 and over for a plain digit)."""

    glyph: np.ndarray | None
    fill: float


def cut_cells(square: np.ndarray) -> list[Ink]:
    """The 81 cells of the warped grid ``square`` (9 CELLs a side), row by row."""
    dark = ink(square)
    padded = cv2.copyMakeBorder(dark, MARGIN, MARGIN, MARGIN, MARGIN, cv2.BORDER_CONSTANT)
    grey = cv2.copyMakeBorder(square, MARGIN, MARGIN, MARGIN, MARGIN, cv2.BORDER_REPLICATE)
    side = CELL + 2 * MARGIN
    return [
        read_cell(
            padded[row * CELL : row * CELL + side, col * CELL : col * CELL + side],
            grey[row * CELL : row * CELL + side, col * CELL : col * CELL + side],
        )
        for row in range(9)
        for col in range(9)
    ]


def ink(square: np.ndarray) -> np.ndarray:
    """White where ``square`` (grey) is darker than the paper around it."""
    blurred = cv2.GaussianBlur(square, (3, 3), 0)
    return cv2.adaptiveThreshold(
        blurred, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY_INV, CELL | 1, 12
    )


def read_cell(dark: np.ndarray, grey: np.ndarray) -> Ink:
    """The digit in one cell cut with MARGIN pixels around it: ``dark`` its ink
    (255 on 0), ``grey`` its pixels. Empty (glyph None) if no blob looks like a digit."""
    count, labels, stats, centres = cv2.connectedComponentsWithStats(dark, connectivity=8)
    middle = dark.shape[0] / 2
    best, best_distance = None, MAX_OFFSET * CELL
    for label in range(1, count):
        x, y, width, height, area = stats[label]
        distance = np.hypot(*(centres[label] - middle))
        if _digit_like(x, y, width, height, dark.shape[0]) and distance < best_distance:
            best, best_distance = label, distance
    if best is None:
        return Ink(None, 0.0)
    x, y, width, height, area = stats[best]
    fill = area / (MIN_INK * CELL * CELL)
    mask = (labels[y : y + height, x : x + width] == best).astype(np.uint8)
    return Ink(_glyph(grey[y : y + height, x : x + width], mask), fill)


def _digit_like(x: int, y: int, width: int, height: int, side: int) -> bool:
    """True if a blob's box could be a digit's: tall enough and not too tall, not
    wider than tall by much, and clear of the cut's edges (where grid lines run)."""
    if not MIN_HEIGHT * CELL <= height <= MAX_HEIGHT * CELL:
        return False
    if width > 1.5 * height or width > MAX_HEIGHT * CELL:
        return False
    return x > 0 and y > 0 and x + width < side and y + height < side


def _glyph(grey: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """The digit's picture: its grey pixels inside ``mask`` made ink-bright on black,
    scaled to GLYPH_HEIGHT high (and at most GLYPH wide), centred in GLYPH x GLYPH."""
    patch = grey.astype(np.float32)
    ink_level, paper_level = (
        patch[mask > 0].min(),
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
