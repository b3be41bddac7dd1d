"""A stand-in for the photo reader, for the view and API unit tests only:
they test what the web side does with a reading or a refusal, not the
reader. The browser and integration tests use the real reader."""

from __future__ import annotations

import pytest

from solver.photos import Change, PhotoError, Reading
from tests.support.puzzles import HARD

# One cell read with low confidence (row 1, column 2) and one the solver
# check changed (row 1, column 5: read as 7, chosen 3).
LOW_CELL, CHANGED_CELL = 1, 4
CHANGE = Change(index=CHANGED_CELL, read="7", chosen=HARD[CHANGED_CELL])
READING = Reading(
    puzzle=HARD,
    confidence=tuple(0.2 if cell == LOW_CELL else 0.99 for cell in range(81)),
    corners=((10.0, 12.0), (410.0, 11.5), (412.0, 415.0), (9.0, 414.0)),
    changed=(CHANGE,),
    verdict="unique",
    seconds=0.25,
)


def fake_reader(monkeypatch: pytest.MonkeyPatch, outcome: Reading | str = READING) -> list:
    """Make ``read_photo`` (as the web side calls it) give ``outcome``, a
    reading or a PhotoError's code; returns the list of the bytes it is sent."""
    sent: list[bytes] = []

    def read_photo(data: bytes) -> Reading:
        sent.append(data)
        if isinstance(outcome, str):
            raise PhotoError(outcome, f"the reader's own English message ({outcome})")
        return outcome

    monkeypatch.setattr("solver.photos.web.forms.read", read_photo)
    return sent
