"""A photo's bytes to a grey image, within bounds of size, before any heavy work.

The header is read and screened first (``header``: no pixel is decoded) so
that a small file that unpacks to a huge image, or to a long decode, is
refused before OpenCV decodes it. Big JPEGs are then decoded already
reduced (the decoder scales in the DCT, much faster than decoding and
shrinking).
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from .header import Header, screen
from .reading import MAX_BYTES, PhotoError

TURNED = {5, 6, 7, 8}  # the EXIF orientations that swap width and height
# cv2.flip's code for each orientation, once 5-8 are transposed (None: no flip).
FLIPS = {2: 1, 3: -1, 4: 0, 5: None, 6: 1, 7: -1, 8: 0}
# imdecode's flag for each reduction (``header.Header.reduction``).
REDUCED = {
    1: cv2.IMREAD_GRAYSCALE,
    2: cv2.IMREAD_REDUCED_GRAYSCALE_2,
    4: cv2.IMREAD_REDUCED_GRAYSCALE_4,
    8: cv2.IMREAD_REDUCED_GRAYSCALE_8,
}


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
    """The photo in ``data``, grey. Raises PhotoError as ``header.screen`` does
    (and "too_large" past MAX_BYTES), or "not_an_image" when it does not decode."""
    if len(data) > MAX_BYTES:
        raise PhotoError("too_large", f"The file is larger than {MAX_BYTES // 2**20} MB.")
    header = screen(data)
    flags = REDUCED[header.reduction] | cv2.IMREAD_IGNORE_ORIENTATION
    try:
        grey = cv2.imdecode(np.frombuffer(data, np.uint8), flags)
    except cv2.error as error:  # some of OpenCV's decoders raise on bad bytes
        raise PhotoError("not_an_image", "The file could not be decoded as an image.") from error
    if grey is None or not _as_told(grey, header):
        raise PhotoError("not_an_image", "The file could not be decoded as an image.")
    grey = upright(grey, header.orientation)
    width, height = header.width, header.height
    if header.orientation in TURNED:
        width, height = height, width
    return Photo(grey, width, height)


def _as_told(grey: np.ndarray, header: Header) -> bool:
    """True if ``grey`` has the size its header told (reduced, to a pixel): what
    was screened is what was decoded."""
    factor = header.reduction
    told = (-(-header.height // factor), -(-header.width // factor))
    return all(abs(side - expected) <= 1 for side, expected in zip(grey.shape, told, strict=True))


def upright(grey: np.ndarray, orientation: int) -> np.ndarray:
    """``grey`` turned as its EXIF ``orientation`` (1-8) says, as a browser shows it:
    phones store a photo as the sensor saw it and note how to turn it."""
    if orientation in TURNED:
        grey = cv2.transpose(grey)  # 5-8 swap the axes, then flip as 1-4 do
    flip = FLIPS.get(orientation)
    return grey if flip is None else cv2.flip(grey, flip)
