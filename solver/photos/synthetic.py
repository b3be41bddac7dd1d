"""Test photos drawn from scratch: a printed grid, photographed badly.

``synthetic_photo`` draws a puzzle's grid in a font on a page with lines of
"text" around it, seen in perspective, then worn as ``render.wear`` wears a
cell (blur, low resolution, uneven light, noise, JPEG). It knows the truth
exactly: the puzzle and where the grid's corners fall in the photo. The tests
and the benchmark read these; the classifier never trains on them.
"""

from __future__ import annotations

from dataclasses import dataclass
from random import Random

import cv2
import numpy as np
from PIL import Image, ImageDraw

from solver.engine import STANDARD
from solver.engine.generate import dig, emptied, solved_grid

from .fonts import font_paths
from .render import draw_digit, wear

PITCH = 44  # pixels a cell on the drawn page
PAGE = (900, 760)  # the page's width and height, the grid in its middle
PHOTO = (960, 720)  # the photo's width and height


@dataclass(frozen=True)
class SyntheticPhoto:
    """A drawn photo (JPEG bytes), its puzzle (81 symbols) and the grid's corners
    in its pixels (top-left, top-right, bottom-right, bottom-left)."""

    data: bytes
    puzzle: str
    corners: tuple[tuple[float, float], ...]


def synthetic_set(count: int, seed: int = 2014) -> list[SyntheticPhoto]:
    """``count`` photos of new puzzles, each in the next font, the same for a seed."""
    rng = Random(seed)
    fonts = font_paths()
    return [synthetic_photo(random_puzzle(rng), fonts[n % len(fonts)], rng) for n in range(count)]


def random_puzzle(rng: Random) -> str:
    """A new puzzle with one solution (givens dug one at a time while it stays unique)."""
    solution = solved_grid(STANDARD, rng)
    removed = dig(solution, STANDARD, [(cell,) for cell in range(81)], rng, None, None)
    return "".join(str(digit) if digit else "." for digit in emptied(solution, removed or []))


def synthetic_photo(puzzle: str, font, rng: Random) -> SyntheticPhoto:
    """``puzzle`` drawn in ``font`` on a page, photographed at an angle and worn."""
    page, corners = _page(puzzle, font, rng)
    width, height = PHOTO
    # Where the page's grid lands in the photo: a quadrilateral filling half of it or
    # more, each corner pushed about at random, as a hand holds a phone.
    side = rng.uniform(0.55, 0.8) * height
    centre = np.array([width / 2, height / 2]) + [rng.uniform(-60, 60), rng.uniform(-40, 40)]
    square = centre + side / 2 * np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]])
    target = square + [[rng.uniform(-0.08, 0.08) * side for _ in range(2)] for _ in range(4)]
    matrix = cv2.getPerspectiveTransform(corners.astype(np.float32), target.astype(np.float32))
    photo = cv2.warpPerspective(page, matrix, PHOTO, flags=cv2.INTER_AREA, borderValue=90)
    data = cv2.imencode(".jpg", wear(photo, rng), [cv2.IMWRITE_JPEG_QUALITY, 90])[1].tobytes()
    return SyntheticPhoto(data, puzzle, tuple((float(x), float(y)) for x, y in target))


def text_photo(rng: Random) -> bytes:
    """A photo of a page of text and no grid (JPEG bytes), drawn and worn as the others."""
    page = _text_page(rng.randint(0, 60), rng)
    return cv2.imencode(".jpg", wear(np.asarray(page, dtype=np.uint8), rng))[1].tobytes()


def _text_page(ink: int, rng: Random) -> Image.Image:
    """A page of lines of text, drawn as grey bars of words."""
    width, height = PAGE
    page = Image.new("L", PAGE, rng.randint(200, 250))
    draw = ImageDraw.Draw(page)
    for y in range(12, height, 22):
        x = 10
        while x < width - 40:
            word = rng.randint(15, 70)
            draw.rectangle([x, y, x + word, y + 9], fill=rng.randint(ink + 60, 170))
            x += word + 8
    return page


def _page(puzzle: str, font, rng: Random) -> tuple[np.ndarray, np.ndarray]:
    """The page: the grid drawn in its middle, text around it; and the grid's corners
    on it."""
    ink = rng.randint(0, 60)
    page = _text_page(ink, rng)
    draw = ImageDraw.Draw(page)
    left, top = ((side - 9 * PITCH) // 2 for side in PAGE)
    right, bottom = left + 9 * PITCH, top + 9 * PITCH
    draw.rectangle([left - 12, top - 12, right + 12, bottom + 12], fill=page.getpixel((0, 0)))
    for line in range(10):
        half = 1 if line % 3 == 0 else 0  # the boxes' lines are thicker
        at = line * PITCH
        draw.rectangle([left + at - half, top, left + at + half, bottom], fill=ink)
        draw.rectangle([left, top + at - half, right, top + at + half], fill=ink)
    height = rng.uniform(0.5, 0.7) * PITCH
    for index, symbol in enumerate(puzzle):
        if symbol != ".":
            row, col = divmod(index, 9)
            centre = (left + (col + 0.5) * PITCH, top + (row + 0.5) * PITCH)
            draw_digit(page, int(symbol), font, (*centre, height), ink)
    corners = np.array([[left, top], [right, top], [right, bottom], [left, bottom]], np.float32)
    return np.asarray(page, dtype=np.uint8), corners
