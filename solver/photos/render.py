"""Digits drawn in a font and worn as a phone's photo wears them.

``digit_cell`` draws one cell, its digit and the grid lines around it, then
degrades it the way print, paper and a phone do: stroke weight, tilt and
perspective, blur, low resolution, uneven light, sensor noise and JPEG's
blocks. ``training`` learns from thousands of these; ``synthetic`` draws
whole grids the same way. Every random choice comes from the ``Random``
passed in, so a seed gives the same pictures every time.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from random import Random

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from .exact import product
from .grid import CELL

ZOOM = 3  # cells are drawn this much larger, then shrunk: strokes get soft edges as in print


@cache
def _font(path: Path, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(path), size)


def draw_digit(
    canvas: Image.Image, digit: int, font: Path, box: tuple[float, float, float], ink: int
) -> None:
    """Draws ``digit`` on ``canvas`` (a grey PIL image) in ``font``, its ink's box
    ``height`` pixels high, centred on ``(x, y)`` where ``box`` is (x, y, height)."""
    x, y, height = box
    probe = _font(font, 100)
    left, top, right, bottom = probe.getbbox(str(digit))
    size = max(4, round(100 * height / max(1, bottom - top)))
    face = _font(font, size)
    left, top, right, bottom = face.getbbox(str(digit))
    ImageDraw.Draw(canvas).text(
        (x - (left + right) / 2, y - (top + bottom) / 2), str(digit), fill=ink, font=face
    )


def digit_cell(digit: int | None, font: Path, side: int, margin: int, rng: Random) -> np.ndarray:
    """A ``side``-pixel square: one cell of CELL pixels with ``margin`` pixels of its
    neighbours around it, holding ``digit`` (None: a smudge instead, see
    ``_draw_smudge``) in ``font``, degraded."""
    paper = rng.randint(140, 255)
    ink = rng.randint(0, min(120, paper - 50))
    big = side * ZOOM
    canvas = Image.new("L", (big, big), paper)
    if digit is None:
        _draw_smudge(canvas, ink, paper, rng)
    _draw_lines(canvas, (margin, margin + CELL), min(ink + rng.randint(0, 60), paper - 40), rng)
    if digit is not None:
        x, y = (big / 2 + rng.uniform(-0.07, 0.07) * CELL * ZOOM for _ in range(2))
        height = rng.uniform(0.42, 0.78) * CELL * ZOOM
        draw_digit(canvas, digit, font, (x, y, height), ink)
    image = _weight(np.asarray(canvas, dtype=np.uint8), rng)
    image = _tilt(image, rng)
    image = cv2.resize(image, (side, side), interpolation=cv2.INTER_AREA)
    return wear(image, rng)


def _draw_lines(canvas: Image.Image, edges: tuple[int, ...], shade: int, rng: Random) -> None:
    """The grid's lines across ``canvas`` at ``edges`` (in cell pixels) both ways,
    each a little off its place and of its own width."""
    big = canvas.size[0]
    for edge in edges:
        for across in (False, True):
            where = (edge + rng.uniform(-3, 3)) * ZOOM
            width = rng.uniform(0.6, 3.5) * ZOOM
            low, high = where - width / 2, where + width / 2
            box = [low, 0, high, big] if across else [0, low, big, high]
            ImageDraw.Draw(canvas).rectangle(box, fill=shade)


def _draw_smudge(canvas: Image.Image, ink: int, paper: int, rng: Random) -> None:
    """What an empty cell may hold that is no digit: a printed tint (hatching or a
    screen of dots), a speck or a stray stroke."""
    big = canvas.size[0]
    draw = ImageDraw.Draw(canvas)
    shade = rng.randint(ink, (ink + paper) // 2)
    kind = rng.choice(("hatching", "dots", "specks", "stroke"))
    if kind == "hatching":
        gap = rng.randint(3, 7) * ZOOM
        for start in range(-big, big, gap):
            draw.line([(start, 0), (start + big, big)], fill=shade, width=ZOOM)
    elif kind == "dots":
        gap = rng.randint(3, 6) * ZOOM
        for x in range(0, big, gap):
            for y in range(0, big, gap):
                draw.ellipse([x, y, x + gap // 2, y + gap // 2], fill=shade)
    elif kind == "specks":
        for _ in range(rng.randint(1, 6)):
            x, y, r = rng.uniform(0, big), rng.uniform(0, big), rng.uniform(1, 4) * ZOOM
            draw.ellipse([x - r, y - r, x + r, y + r], fill=shade)
    else:
        x, y = rng.uniform(0.2, 0.8) * big, rng.uniform(0.2, 0.8) * big
        reach = rng.uniform(0.1, 0.4) * big
        end = (x + rng.uniform(-reach, reach), y + rng.uniform(-reach, reach))
        draw.line([(x, y), end], fill=shade, width=rng.randint(1, 3) * ZOOM)


def _weight(image: np.ndarray, rng: Random) -> np.ndarray:
    """Strokes made thinner or thicker, as ink spreads on newsprint or fonts differ."""
    change = rng.choice((-2, -1, 0, 0, 1, 2, 3))
    kernel = np.ones((abs(change) * 2 + 1,) * 2, np.uint8)
    if change > 0:
        return cv2.erode(image, kernel)  # dark ink grows where the paper shrinks
    return cv2.dilate(image, kernel) if change < 0 else image


def _tilt(image: np.ndarray, rng: Random) -> np.ndarray:
    """``image`` turned a few degrees and seen a little askew."""
    side = image.shape[0]
    jitter = side * 0.05
    corners = np.float32([[0, 0], [side, 0], [side, side], [0, side]])
    moved = corners + np.float32(
        [[rng.uniform(-jitter, jitter) for _ in range(2)] for _ in range(4)]
    )
    matrix = cv2.getPerspectiveTransform(corners, moved)
    turn = cv2.getRotationMatrix2D((side / 2, side / 2), rng.uniform(-5, 5), 1.0)
    matrix = product(np.vstack([turn, [0, 0, 1]]), matrix)
    return cv2.warpPerspective(image, matrix, (side, side), borderMode=cv2.BORDER_REPLICATE)


def wear(image: np.ndarray, rng: Random) -> np.ndarray:
    """``image`` (grey) as a phone photographs it: blurred, taken at a lower
    resolution, unevenly lit, noisy and JPEG-compressed."""
    height, width = image.shape
    sigma = rng.uniform(0, 3.2)
    if sigma > 0.3:
        image = cv2.GaussianBlur(image, (0, 0), sigma)
    shrink = rng.uniform(0.25, 1.0)
    if shrink < 0.95:
        small = cv2.resize(image, None, fx=shrink, fy=shrink, interpolation=cv2.INTER_AREA)
        image = cv2.resize(small, (width, height), interpolation=cv2.INTER_LINEAR)
    ends = rng.uniform(0.6, 1.0), rng.uniform(0.8, 1.1)
    across = rng.random() < 0.5
    light = np.linspace(*ends, width if across else height, dtype=np.float32)
    shade = image.astype(np.float32) * (light[None, :] if across else light[:, None])
    noise = np.random.default_rng(rng.randrange(2**32)).normal(0, rng.uniform(0, 10), image.shape)
    image = np.clip(shade + noise, 0, 255).astype(np.uint8)
    quality = rng.randint(25, 95)
    return cv2.imdecode(cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])[1], 0)
