"""Photos for the photo reader's tests: the shared ones, and drawn ones.

The shared photos are read with the benchmark's reader (``bench.photo_sets``,
which says where they live), never copied into the repository; the drawn set
(``solver.photos.synthetic``) is made once per session.
"""

from __future__ import annotations

from functools import cache

from bench.photo_sets import SharedPhoto, shared_photos
from solver.photos import hostile
from solver.photos.synthetic import SyntheticPhoto, synthetic_set

SYNTHETIC_COUNT = 24  # drawn photos, each in the next of the fonts


@cache
def drawn() -> list[SyntheticPhoto]:
    """The drawn test set (the same every run: it is seeded)."""
    return synthetic_set(SYNTHETIC_COUNT)


def shared_sample(step: int = 8) -> list[SharedPhoto]:
    """Every ``step``-th shared photo, in the order of their numbers."""
    return shared_photos()[::step]


def wrong_cells(read: str, truth: str) -> int:
    """How many of the 81 cells ``read`` has wrong."""
    return sum(a != b for a, b in zip(read, truth, strict=True))


# The hostile images the reader refuses before decoding, each made when asked,
# with the PhotoError code it gets.
REFUSED = {
    "the scan bomb": (lambda: hostile.progressive_jpeg(**hostile.SCAN_BOMB), "unsupported"),
    "30000x10": (lambda: hostile.blank_png(30000, 10), "too_small"),
    "10x30000": (lambda: hostile.blank_png(10, 30000), "too_small"),
    "8000x7": (lambda: hostile.blank_png(8000, 7), "too_small"),
    "a CMYK progressive JPEG": (
        lambda: hostile.progressive_jpeg(5000, 5000, components=4),
        "unsupported",
    ),
    "an animated WebP": (hostile.animated_webp, "unsupported"),
}
