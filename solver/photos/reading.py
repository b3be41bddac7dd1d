"""What the reader gives back: a reading of a photo, or the reason there is none.

Glossary (the engine's words, ``solver.engine.board``, plus these):

- photo: the bytes a person uploads, a JPEG, PNG or WebP of a printed puzzle.
- corners: where the grid's outer border lies in the photo, in the photo's own
  pixels (x, y), top-left, top-right, bottom-right, bottom-left.
- symbol: what a cell is read as, ``'1'`` to ``'9'``, or ``'.'`` for an empty cell.
- confidence: how sure the reader is of a cell's symbol, from 0 to 1.
- the check: the engine counting the solutions of the grid read, and the
  reader trying its next-best symbols for doubtful cells until the grid has
  exactly one (``check``).
"""

from __future__ import annotations

from dataclasses import dataclass

MAX_BYTES = 10 * 1024 * 1024  # the largest upload accepted
MAX_PIXELS = (
    40_000_000  # the largest image accepted, width x height (a 48 MP phone's is 8000 x 6000)
)

# Below this confidence a cell is doubtful: the page asks the person to confirm it.
LOW_CONFIDENCE = 0.8

ERROR_CODES = ("not_an_image", "too_large", "too_small", "unsupported", "too_costly", "no_grid")


class PhotoError(Exception):
    """A photo that cannot be read. ``code`` is stable, one of ``ERROR_CODES``
    (the web layer words it in the reader's language); ``str(error)`` is an
    English sentence."""

    def __init__(self, code: str, message: str) -> None:
        assert code in ERROR_CODES, code
        super().__init__(message)
        self.code = code


class ReaderNotReady(Exception):
    """No photo can be read on this machine yet: its digit classifier is not
    built (``make photos-model``, about half a minute). A read never trains it,
    so that no request waits that long."""


@dataclass(frozen=True)
class Change:
    """A cell the check changed: ``index`` 0-80, the symbol the classifier ``read``
    first and the one ``chosen`` instead (``'.'`` for empty)."""

    index: int
    read: str
    chosen: str


@dataclass(frozen=True)
class Reading:
    """A photo read: the puzzle (81 symbols, after the check), each cell's
    confidence in its symbol, the grid's corners in the photo's pixels, the cells
    the check changed, the check's verdict ("unique", "multiple", "none" or
    "unchecked") and the wall time of the read in seconds."""

    puzzle: str
    confidence: tuple[float, ...]
    corners: tuple[tuple[float, float], ...]
    changed: tuple[Change, ...]
    verdict: str
    seconds: float

    @property
    def doubtful(self) -> tuple[int, ...]:
        """The cells to confirm, in order: those read with a confidence below
        ``LOW_CONFIDENCE`` and every cell the check changed."""
        changed = {change.index for change in self.changed}
        return tuple(
            index
            for index, confidence in enumerate(self.confidence)
            if confidence < LOW_CONFIDENCE or index in changed
        )
