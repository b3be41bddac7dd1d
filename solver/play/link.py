"""The game's link read at every size: ``?puzzle=`` as the answer page reads it.

A 9x9 board is read as every page reads one (``solver.entry.pages``), so bad
input goes back to the entry page, kept. A board of another size is read by
``AnySizeTextForm``; when it cannot be played as
it stands (unreadable, or givens in conflict) it goes to its answer's address,
where the answer page names each problem and draws its grid at its size.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, HttpResponseRedirect

from ..addresses import answer_url
from ..core.reading import AnySizeTextForm
from ..engine import STANDARD, Grid, count_cells
from ..engine.board import shape_for_cells
from ..entry.pages import linked_grid


def linked_puzzle(request: HttpRequest) -> Grid | HttpResponse:
    """The grid of the link's ``?puzzle=``, of any size; else the page to go to
    instead: for a board other than 9x9 its answer (which names its problems),
    for anything else what ``linked_grid`` sends (the entry page)."""
    text = request.GET.get("puzzle", "").strip()
    if text:
        form = AnySizeTextForm({"puzzle": text})
        if form.is_valid():
            grid = form.cleaned_data["grid"]
            if len(grid) != STANDARD.cells:
                return grid
        elif _other_size(text, form):
            return HttpResponseRedirect(answer_url(text))
    return linked_grid(request)


def _other_size(text: str, form: AnySizeTextForm) -> bool:
    """Whether ``text`` writes a board other than 9x9 (by its number of cells,
    as ``form`` read them, or as counted when it could not read them)."""
    if form.has_error("puzzle", "max_length"):
        return False
    shown = form.grid_shown
    board = shape_for_cells(len(shown) if shown is not None else count_cells(text))
    return board is not None and board.size != STANDARD.size
