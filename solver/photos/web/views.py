"""``/photo``: the entry page's "From a photo" without JavaScript.

The entry form posts here (its "Read the photo" button) with the cells as
typed and the image, in the field ``image`` (chosen from files) or
``camera`` (taken with the camera). The reply is the entry page: the grid
filled with the puzzle read and each doubtful cell marked, or the image's
problem beside the control with the grid as it was typed. Nothing is solved:
Show Answer does that. With the script (static/js/entry/photo.js) the image
goes to ``/api/read`` instead and the page stays.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_POST

from ...core.issues import Issue
from ...core.uploads import upload_limit
from ...engine import Grid
from ...entry.forms import PuzzleForm
from ...entry.pages import entry_page
from .. import MAX_BYTES, Reading
from .forms import FIELD, PhotoForm

CAMERA = "camera"  # the "Take a photo" input's field


@dataclass(frozen=True)
class PhotoShown:
    """What the entry page shows of a photo: the cells to check and the
    changes the solver check made (each ``{"row", "column", "read",
    "chosen"}``), or the problem that kept it from being read."""

    doubtful: frozenset[int] = frozenset()
    changes: tuple[dict, ...] = ()
    problem: Issue | None = None

    @classmethod
    def of(cls, reading: Reading) -> PhotoShown:
        changes = tuple(
            {"row": c.index // 9 + 1, "column": c.index % 9 + 1, "read": c.read, "chosen": c.chosen}
            for c in reading.changed
        )
        return cls(frozenset(reading.doubtful), changes)


@require_POST
@upload_limit(lambda: MAX_BYTES)
def photo(request: HttpRequest) -> HttpResponse:
    """The entry page filled from the posted photo, its doubtful cells marked;
    or, when it cannot be read, the entry page as it was typed, with why."""
    files = request.FILES
    if FIELD not in files and CAMERA in files:
        files = {FIELD: files[CAMERA]}
    form = PhotoForm(files=files)
    if form.is_valid():
        reading = form.cleaned_data["reading"]
        return entry_page(
            request, PuzzleForm.for_grid(grid_of(reading.puzzle)), PhotoShown.of(reading)
        )
    # Bound but not validated: the cells show what was typed, with no problems of their own.
    typed = PuzzleForm(request.POST)
    return entry_page(request, typed, PhotoShown(problem=form.issues[0]))


def grid_of(puzzle: str) -> Grid:
    """The grid of the reader's 81 symbols ('1'-'9', '.' for empty)."""
    return tuple(int(symbol) if symbol.isdigit() else 0 for symbol in puzzle)
