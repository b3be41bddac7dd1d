"""A photo's bytes to a grey image, within bounds of size, before any heavy work.

The dimensions are read from the file's header (Pillow opens lazily: no pixel
is decoded) so that a small file that unpacks to a huge image is refused
before OpenCV decodes it. Big JPEGs are then decoded already reduced (the
decoder scales in the DCT, much faster than decoding and shrinking).
"""

from __future__ import annotations

import io
import warnings
from dataclasses import dataclass

import cv2
import numpy as np
from PIL import Image, UnidentifiedImageError

from .reading import MAX_BYTES, MAX_PIXELS, PhotoError

# The formats phones and scanners hand over; Pillow calls some phones' JPEGs "MPO".
FORMATS = {"JPEG", "MPO", "PNG", "WEBP", "BMP"}

ORIENTATION_TAG = 0x0112  # EXIF's
TURNED = {5, 6, 7, 8}  # the orientations that swap width and height
# cv2.flip's code for each orientation, once 5-8 are transposed (None: no flip).
FLIPS = {2: 1, 3: -1, 4: 0, 5: None, 6: 1, 7: -1, 8: 0}

# Past this many pixels on its longer side an image is decoded reduced: a grid
# needs no more than about 1,000 pixels to read its digits.
WORKING_SIDE = 1000
REDUCTIONS = (
    (8, cv2.IMREAD_REDUCED_GRAYSCALE_8),
    (4, cv2.IMREAD_REDUCED_GRAYSCALE_4),
    (2, cv2.IMREAD_REDUCED_GRAYSCALE_2),
)


@dataclass(frozen=True)
class Photo:
    """A decoded photo: its grey pixels, and the size of the original image, of
    which ``grey`` may be a reduced copy (corners are given in the original's pixels)."""

    grey: np.ndarray
    width: int
    height: int

    @property
    def scale(self) -> tuple[float, float]:
        """Original pixels per pixel of ``grey``, along x and along y."""
        return self.width / self.grey.shape[1], self.height / self.grey.shape[0]


def decode(data: bytes) -> Photo:
    """The photo in ``data``, grey. Raises PhotoError "too_large" past MAX_BYTES or
    MAX_PIXELS, "not_an_image" for anything that is not a JPEG, PNG, WebP or BMP."""
    if len(data) > MAX_BYTES:
        raise PhotoError("too_large", f"The file is larger than {MAX_BYTES // 2**20} MB.")
    width, height, orientation = _header(data)
    if width * height > MAX_PIXELS:
        raise PhotoError("too_large", f"The image has more than {MAX_PIXELS:,} pixels.")
    flags = _reduction(width, height) | cv2.IMREAD_IGNORE_ORIENTATION
    grey = cv2.imdecode(np.frombuffer(data, np.uint8), flags)
    if grey is None or grey.size == 0:
        raise PhotoError("not_an_image", "The file could not be decoded as an image.")
    grey = upright(grey, orientation)
    if orientation in TURNED:
        width, height = height, width
    return Photo(grey, width, height)


def upright(grey: np.ndarray, orientation: int) -> np.ndarray:
    """``grey`` turned as its EXIF ``orientation`` (1-8) says, as a browser shows it:
    phones store a photo as the sensor saw it and note how to turn it."""
    if orientation in TURNED:
        grey = cv2.transpose(grey)  # 5-8 swap the axes, then flip as 1-4 do
    flip = FLIPS.get(orientation)
    return grey if flip is None else cv2.flip(grey, flip)


def _header(data: bytes) -> tuple[int, int, int]:
    """Width, height (as stored) and EXIF orientation (1 if none) from the image's
    header, decoding no pixel; PhotoError "not_an_image" if it is no image of the
    accepted formats."""
    try:
        with warnings.catch_warnings():
            # Pillow warns of big images; the bound here is MAX_PIXELS.
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data)) as image:
                kind, size = image.format, image.size
                orientation = image.getexif().get(ORIENTATION_TAG, 1)
    except (UnidentifiedImageError, Image.DecompressionBombError, OSError, ValueError) as error:
        if isinstance(error, Image.DecompressionBombError):
            raise PhotoError("too_large", "The image has too many pixels.") from error
        raise PhotoError("not_an_image", "The file is not an image.") from error
    if kind not in FORMATS or min(size) < 1:
        raise PhotoError("not_an_image", "The file is not a JPEG, PNG or WebP image.")
    return size[0], size[1], orientation if orientation in range(1, 9) else 1


def _reduction(width: int, height: int) -> int:
    """The imdecode flag that keeps the longer side at WORKING_SIDE or more."""
    for factor, flag in REDUCTIONS:
        if max(width, height) // factor >= WORKING_SIDE:
            return flag
    return cv2.IMREAD_GRAYSCALE
