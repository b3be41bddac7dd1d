"""Reading a Sudoku from a photo of a printed puzzle: pure Python, no Django.

``read_photo(data)`` returns a ``Reading`` (the puzzle, each cell's
confidence, the grid's corners in the photo, the cells the engine's check
changed, its verdict) or raises ``PhotoError`` with a stable ``code``, or
``ReaderNotReady`` on a machine where the classifier is not built.
Read the modules in the order of a read: ``reading`` (the words and the
values returned), ``header`` (the screen before decoding), ``image``,
``grid``, ``cells``, ``features``, ``classifier``, ``check``, ``reader``,
``bounded`` (the child process a read runs in); and, for the classifier's
making, ``fonts``, ``render``, ``training``, ``model``; ``synthetic`` draws
whole test photos, ``hostile`` the images made to hurt a reader.
docs/photos.md tells the design and its figures.
"""

from .header import MIN_SIDE
from .reading import (
    LOW_CONFIDENCE,
    MAX_BYTES,
    MAX_PIXELS,
    Change,
    PhotoError,
    ReaderNotReady,
    Reading,
)


def __getattr__(name: str):
    """``read_photo`` on first use: it brings OpenCV and numpy (about 40 MB in
    each process), which a site's process that never reads a photo is spared."""
    if name == "read_photo":
        from .reader import read_photo

        return read_photo
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "LOW_CONFIDENCE",
    "MAX_BYTES",
    "MAX_PIXELS",
    "MIN_SIDE",
    "Change",
    "PhotoError",
    "ReaderNotReady",
    "Reading",
    "read_photo",
]
