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
from django.utils.datastructures import MultiValueDict
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST

from ...core.issues import Issue
from ...core.uploads import upload_limit
from ...engine import STANDARD, Status, parse_puzzle
from ...entry.forms import PuzzleForm
from ...entry.pages import entry_page
from .. import MAX_BYTES, Reading
from ..check import UNCHECKED
from .forms import FIELD, PhotoForm
from .schemas import changes_json

CAMERA = "camera"  # the "Take a photo" input's field

# What the page says of a reading the check could not bring to one solution
# (photo.js says the same): the grid is surely misread somewhere.
VERDICT_NOTES = {
    Status.MULTIPLE.value: _(
        "The grid as read has more than one solution: a digit was probably missed. "
        "Compare the grid with the photo."
    ),
    Status.NONE.value: _(
        "The grid as read has no solution: a digit was probably misread. "
        "Compare the grid with the photo."
    ),
    UNCHECKED: _("The grid as read could not be checked in time: compare it with the photo."),
}


@dataclass(frozen=True)
class PhotoShown:
    """What the entry page shows of a photo: the cells to check, the changes
    the solver check made (``schemas.changes_json``) and its verdict, or the
    problem that kept it from being read."""

    doubtful: frozenset[int] = frozenset()
    changes: tuple[dict, ...] = ()
    problem: Issue | None = None
    verdict: str = Status.UNIQUE.value

    @classmethod
    def of(cls, reading: Reading) -> PhotoShown:
        changes = tuple(changes_json(reading))
        return cls(frozenset(reading.doubtful), changes, verdict=reading.verdict)

    @property
    def verdict_note(self) -> str:
        """What the page says of the verdict: nothing when it is one solution."""
        return str(VERDICT_NOTES.get(self.verdict, ""))


@require_POST
@upload_limit(lambda: MAX_BYTES)
def photo(request: HttpRequest) -> HttpResponse:
    """The entry page filled from the posted photo, its doubtful cells marked;
    or, when it cannot be read, the entry page as it was typed, with why."""
    # Every file of both fields, so that two (here, or in one field) are refused, not one read.
    images = [upload for name in (FIELD, CAMERA) for upload in request.FILES.getlist(name)]
    form = PhotoForm(files=MultiValueDict({FIELD: images}))
    if form.is_valid():
        reading = form.cleaned_data["reading"]
        filled = PuzzleForm.for_grid(parse_puzzle(reading.puzzle, STANDARD))
        return entry_page(request, filled, PhotoShown.of(reading))
    return typed_page(request, form.issues[0])


def typed_page(request: HttpRequest, problem: Issue) -> HttpResponse:
    """The entry page with the cells as typed and the photo's ``problem``."""
    # Bound but not validated: the cells show what was typed, with no problems of their own.
    return entry_page(request, PuzzleForm(request.POST), PhotoShown(problem=problem))
