"""What the classifier sees of a digit: histograms of its edges' directions (HOG).

A glyph (``cells.GLYPH`` pixels a side) is split into 7x7-pixel blocks; each
block's gradient directions are counted in BINS bins, weighted by their
strength, and each 2x2 group of blocks is normalised, so that contrast and
stroke weight matter less than shape. The glyph's own pixels, at half size,
are appended: they tell a bold 8 from a bold 0 when blur fills their holes.
"""

from __future__ import annotations

import cv2
import numpy as np

BLOCK = 7  # pixels a side of a block: a 28-pixel glyph is 4 x 4 blocks
BINS = 9  # directions, over half a turn (a stroke's two edges count alike)


def features(glyphs: np.ndarray) -> np.ndarray:
    """One row of features per glyph of ``glyphs`` (n x GLYPH x GLYPH float32)."""
    return np.hstack([_hog(glyphs), _pixels(glyphs)]).astype(np.float32)


def _hog(glyphs: np.ndarray) -> np.ndarray:
    """The normalised direction histograms of each glyph."""
    dx = np.stack([cv2.Sobel(glyph, cv2.CV_32F, 1, 0, ksize=3) for glyph in glyphs])
    dy = np.stack([cv2.Sobel(glyph, cv2.CV_32F, 0, 1, ksize=3) for glyph in glyphs])
    strength = np.hypot(dx, dy)
    # Unsigned directions: a stroke's two edges count in the same bin.
    direction = np.floor((np.arctan2(dy, dx) % np.pi) / np.pi * BINS).astype(int) % BINS
    count, side = glyphs.shape[0], glyphs.shape[1] // BLOCK
    votes = np.zeros((count, side, side, BINS), np.float32)
    for bin_ in range(BINS):
        weight = strength * (direction == bin_)
        votes[..., bin_] = weight.reshape(count, side, BLOCK, side, BLOCK).sum(axis=(2, 4))
    groups = [
        votes[:, row : row + 2, col : col + 2].reshape(count, -1)
        for row in range(side - 1)
        for col in range(side - 1)
    ]
    return np.hstack(
        [group / (np.linalg.norm(group, axis=1, keepdims=True) + 1e-3) for group in groups]
    )


def _pixels(glyphs: np.ndarray) -> np.ndarray:
    """Each glyph at half size, as a row."""
    count, side = glyphs.shape[0], glyphs.shape[1] // 2
    return glyphs.reshape(count, side, 2, side, 2).mean(axis=(2, 4)).reshape(count, -1)
