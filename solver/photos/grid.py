"""Finding the grid in a photo: the largest quadrilateral that shows a Sudoku's lines.

The photo is shrunk to DETECT_SIDE pixels and thresholded adaptively (the
light falls unevenly on paper); the outlines of the dark shapes are traced,
and the convex hulls of the largest are fitted with four corners. Each such
quadrilateral, largest first, is warped to a square of SIDE pixels, nine
cells of CELL pixels a side, and the first whose square shows most of a
Sudoku's 20 lines where they belong is the grid (``grid_lines``): so a page
of text, a drawing or the frame round a grid and its title is passed over.
"""

from __future__ import annotations

from collections.abc import Iterator

import cv2
import numpy as np

CELL = 48  # pixels a side of one cell in the warped square
SIDE = 9 * CELL
DETECT_SIDE = 640  # the longer side the photo is shrunk to for finding the grid
MIN_SHARE = 0.08  # the smallest share of the photo's area a grid may cover
CANDIDATES = 8  # the largest outlines tried
MIN_LINES = 14  # of the 20 lines, the fewest a grid must show
# A line is dark across more than LINE_SHARE of the square, and LINE_LEAD more than
# half a cell away.
LINE_SHARE, LINE_LEAD = 0.6, 0.3
LINE_REACH = CELL // 8  # pixels a warped grid line may lie off its place


def locate(grey: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
    """The grid in ``grey``: its corners in ``grey``'s pixels (4x2 float32, top-left,
    top-right, bottom-right, bottom-left) and the grid warped square; None if no
    outline both looks like a quadrilateral and shows a Sudoku's lines once straightened."""
    for corners in candidate_corners(grey):
        square = warp(grey, corners)
        if grid_lines(square) >= MIN_LINES:
            return corners, square
    return None


def candidate_corners(grey: np.ndarray) -> Iterator[np.ndarray]:
    """The corners of the quadrilateral outlines in ``grey``, largest first: the
    grid's border, or (when a title is boxed with it) the box around it. The dark
    lines are thickened first, so that a line broken by blur or glare joins up
    again; if that joins the grid to something printed beside it, the outlines of
    the lines as they are come next."""
    scale = DETECT_SIDE / max(grey.shape)
    small = cv2.resize(grey, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    dark = _dark_lines(small)
    for lines in (cv2.dilate(dark, np.ones((3, 3), np.uint8)), dark):
        for quad in _quadrilaterals(lines):
            yield _ordered(quad) / scale


def _quadrilaterals(lines: np.ndarray) -> list[np.ndarray]:
    """The quadrilaterals that fit the largest outlines in ``lines`` (white on black)."""
    # Every outline, inner ones too: the grid's border may lie inside a frame.
    outlines, _ = cv2.findContours(lines, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)
    smallest = MIN_SHARE * lines.shape[0] * lines.shape[1]
    hulls = [cv2.convexHull(outline) for outline in outlines]
    hulls = sorted(
        (hull for hull in hulls if cv2.contourArea(hull) >= smallest), key=cv2.contourArea
    )
    quads = (_quadrilateral(hull) for hull in hulls[::-1][:CANDIDATES])
    return [quad for quad in quads if quad is not None]


def _dark_lines(small: np.ndarray) -> np.ndarray:
    """White where ``small`` is darker than its surroundings: ink, lines, digits."""
    blurred = cv2.GaussianBlur(small, (5, 5), 0)
    block = max(11, (max(small.shape) // 40) | 1)
    return cv2.adaptiveThreshold(
        blurred, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY_INV, block, 7
    )


def _quadrilateral(hull: np.ndarray) -> np.ndarray | None:
    """Four corners that fit the convex ``hull`` of an outline closely (4x2), or
    None if no quadrilateral does."""
    perimeter = cv2.arcLength(hull, True)
    for tolerance in (0.02, 0.03, 0.05):
        polygon = cv2.approxPolyDP(hull, tolerance * perimeter, True)
        if len(polygon) == 4 and cv2.isContourConvex(polygon):
            quad = polygon.reshape(4, 2).astype(np.float32)
            # The outline's own area is no guide (a border broken by glare lets it
            # wander inside the grid); its hull's is, and must match the quadrilateral's.
            if abs(cv2.contourArea(quad) / cv2.contourArea(hull) - 1) < 0.1 and _squarish(quad):
                return quad
    return None


def _squarish(quad: np.ndarray) -> bool:
    """True if no side of ``quad`` is under a third of the longest: a grid seen
    at an angle, not a strip of text."""
    sides = np.linalg.norm(quad - np.roll(quad, 1, axis=0), axis=1)
    return sides.min() > sides.max() / 3


def _ordered(quad: np.ndarray) -> np.ndarray:
    """``quad``'s corners as top-left, top-right, bottom-right, bottom-left."""
    sums, diffs = quad.sum(axis=1), np.diff(quad, axis=1).ravel()
    return np.array(
        [quad[sums.argmin()], quad[diffs.argmin()], quad[sums.argmax()], quad[diffs.argmax()]],
        dtype=np.float32,
    )


def warp(grey: np.ndarray, corners: np.ndarray) -> np.ndarray:
    """The grid inside ``corners`` (in ``grey``'s pixels) seen square, SIDE x SIDE."""
    square = np.array([[0, 0], [SIDE, 0], [SIDE, SIDE], [0, SIDE]], dtype=np.float32)
    matrix = cv2.getPerspectiveTransform(corners.astype(np.float32), square)
    return cv2.warpPerspective(grey, matrix, (SIDE, SIDE), flags=cv2.INTER_AREA)


def grid_lines(square: np.ndarray) -> int:
    """How many of a Sudoku's 20 lines the warped ``square`` shows where they
    should be: dark across most of the square every CELL pixels, and much darker
    there than half a cell away (where a page of text or a drawing is as dark)."""
    dark = (
        cv2.adaptiveThreshold(
            cv2.GaussianBlur(square, (3, 3), 0),
            255,
            cv2.ADAPTIVE_THRESH_MEAN_C,
            cv2.THRESH_BINARY_INV,
            CELL | 1,
            4,
        )
        > 0
    )
    found = 0
    for across in (dark, dark.T):  # the rows, then the columns
        lines = [_darkness(across, min(line * CELL, SIDE - 1)) for line in range(10)]
        middles = [_darkness(across, line * CELL + CELL // 2) for line in range(9)]
        for line, share in enumerate(lines):
            beside = max(middles[max(0, line - 1)], middles[min(8, line)])
            found += share > LINE_SHARE and share - beside > LINE_LEAD
    return found


def _darkness(across: np.ndarray, row: int) -> float:
    """The share of ``across``'s width that is dark within LINE_REACH of ``row``."""
    return float(across[max(0, row - LINE_REACH) : row + LINE_REACH + 1].any(axis=0).mean())
