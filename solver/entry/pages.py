"""The entry page, as every page that reads a puzzle from its link sends a
person back to it: the grid drawn, each problem tied to its cells, what was
typed kept.

- ``entry_page(request, form)``: the page for a form, filled or with problems;
- ``linked_grid(request)``: the grid of a link's ``?puzzle=``, or the page
  to show instead (the empty entry page, or the entry page with the link's
  problems);
- ``linked_puzzle(request)``: as ``linked_grid``, at every size (a board
  other than 9x9 that cannot be read goes to its answer, which names why);
- ``linked_game(request)``: as ``linked_puzzle``, under any rules the engine
  solves: the whole puzzle, givens and rules;
- ``posted_entry(request, address)``: the entry form posted to a page (Show
  Answer, Play), checked and sent on to ``address(grid)``.

The answer, steps and play pages read their links through these, so bad
input meets the same page everywhere.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render

from ..addresses import answer_url, api_url, entry_url, photo_url
from ..choices import StatusChoices
from ..core import rules_view
from ..core.boards import size_choices
from ..core.reading import AnySizeTextForm, PuzzleTextForm, VariantTextForm, written_board
from ..core.writings import HEX, HEX_BLANKS
from ..engine import STANDARD, Grid, Shape, shape_of_grid
from ..engine.parse import BLANKS
from ..engine.puzzle import Puzzle
from ..library.forms import LevelForm
from .forms import FILE_TYPES, PuzzleForm, posted_board, posted_writing
from .grid import doubtful_suffix, entry_grid, field_problems, problem_id

IMAGE_TYPES = "image/*"  # what the photo pickers offer (on phones, the camera too)


def entry_page(request: HttpRequest, form: PuzzleForm, photo=None) -> HttpResponse:
    """The entry page for ``form``, with its grid drawn at its board's size and
    each problem tied to its cells; ``photo`` (``solver.photos.web.views.PhotoShown``),
    when the page answers a photo read, marks its doubtful cells and says
    what was read, or why it could not be."""
    board = form.board
    doubtful = photo.doubtful if photo is not None else ()
    rules = form.rules_carried
    context = {
        "form": form,
        # Rules beyond classic Sudoku, kept in the form and said below the grid.
        "rules": rules,
        "rules_said": rules_view.sentences(rules) if rules is not None else [],
        # The variant rules offered below the grid, each said in words, and those chosen.
        "rule_choices": [
            (token, name, rules_view.sentence(token)) for token, name in form.fields["rule"].choices
        ],
        "chosen": form.chosen() if form.is_bound else [],
        "regions_value": str(form.data.get("regions", "")) if form.is_bound else "",
        "board": board,
        "standard": board is STANDARD,
        "sizes": size_choices(),
        # The symbols a cell of the board may hold, for the pad and the scripts.
        "symbols": form.symbols,
        "writing": form.writing,
        "hex": HEX,
        "grid": entry_grid(form.cell_values(), form.issues, board, form.writing, doubtful, rules),
        "photo": photo,
        "photo_url": photo_url(),
        "read_url": api_url("read"),
        "image_types": IMAGE_TYPES,
        "doubtful_suffix": doubtful_suffix(),
        "problems": [(problem_id(index), issue) for index, issue in enumerate(form.issues, 1)],
        "field_problems": field_problems(form.issues),
        "paste_value": form.paste_value(),
        "file_types": FILE_TYPES,
        # What a typed cell may hold as empty, from the engine, for the page's script.
        "blanks": HEX_BLANKS if form.writing == HEX else "".join(sorted(BLANKS)),
        # Where the Hint button asks for the next step, and the grid's candidates.
        "hint_url": api_url("hint"),
        "candidates_url": api_url("candidates"),
        "statuses": StatusChoices,
        "level_form": LevelForm(),
    }
    return render(request, "entry/index.html", context)


def read_link(text: str) -> Grid | None:
    """The grid in a link's ``?puzzle=`` text, or None if it has problems.

    A link holds only text, so the one-field form reads it: the full form
    builds 81 cell fields first, which costs more than most solves. The
    page's own form is made only to show problems, from the same text.
    """
    form = PuzzleTextForm({"puzzle": text})
    return form.cleaned_data["grid"] if form.is_valid() else None


def form_showing_problems(text: str, board: Shape = STANDARD, rules: str = "") -> PuzzleForm:
    """The entry page's form on ``board`` for a link's text (and ``rules``)
    that has problems: validated, so it lists them, with the text kept in
    the paste box."""
    form = PuzzleForm({"puzzle": text, "rules": rules}, board=board)
    form.is_valid()
    return form


def linked_grid(request: HttpRequest) -> Grid | HttpResponse:
    """The grid of the link's ``?puzzle=``; else the page to go to instead: the
    entry page when there is none, or the entry page showing its problems."""
    text = request.GET.get("puzzle", "").strip()
    if not text:
        return redirect(entry_url())
    grid = read_link(text)
    if grid is None:
        return entry_page(request, form_showing_problems(text))
    return grid


def linked_puzzle(request: HttpRequest) -> Grid | HttpResponse:
    """The grid of the link's ``?puzzle=``, of any size from 4x4 to 25x25;
    else where bad input goes, as for the answer: a board other than 9x9 to
    its answer's address, which names its problems (and draws it at its
    size), a 9x9 one to the entry page showing its problems, no puzzle at
    all to the empty entry page."""
    text = request.GET.get("puzzle", "").strip()
    if not text:
        return linked_grid(request)
    rules = request.GET.get("rules", "")
    form = AnySizeTextForm({"puzzle": text, "rules": rules})
    if form.is_valid():
        return form.cleaned_data["grid"]
    if form.rules_shown is not None and not form.rules_shown.is_classic:
        # Rules this page does not take yet: refused by name, the puzzle
        # kept (its answer solves it under them).
        return entry_page(request, _refused(form, text))
    board = written_board(text, form)
    if board is not None and board is not STANDARD:
        return HttpResponseRedirect(answer_url(text))
    return entry_page(request, form_showing_problems(text, rules=rules))


def linked_game(request: HttpRequest) -> Puzzle | HttpResponse:
    """As ``linked_puzzle``, under any rules the engine solves (the link's,
    or ``&rules=``'s): the puzzle read, givens and rules. Bad input goes
    where ``linked_puzzle`` sends it; a puzzle under variant rules that
    cannot be read, or whose givens break a rule, to the entry page showing
    its problems at its size, with its rules."""
    text = request.GET.get("puzzle", "").strip()
    if not text:
        return linked_grid(request)
    rules = request.GET.get("rules", "")
    form = VariantTextForm({"puzzle": text, "rules": rules})
    if form.is_valid():
        return form.cleaned_data["puzzle_read"]
    board = written_board(text, form)
    if rules or (form.rules_shown is not None and not form.rules_shown.is_classic):
        return entry_page(request, form_showing_problems(text, board or STANDARD, rules))
    if board is not None and board is not STANDARD:
        return HttpResponseRedirect(answer_url(text))
    return entry_page(request, form_showing_problems(text))


def _refused(form: AnySizeTextForm, text: str) -> PuzzleForm:
    """The entry form filled with the puzzle ``form`` read, with its rules,
    listing ``form``'s problems (the rules this page refuses among them)."""
    read = form.puzzle_shown
    board = shape_of_grid(read.grid)
    shown = PuzzleForm.for_puzzle(read, board)
    shown.issues = form.issues
    return shown


def posted_entry(request: HttpRequest, address: Callable[[Puzzle], str]) -> HttpResponse:
    """The entry form posted to a page (Show Answer, Play): its puzzle checked
    and redirected to ``address(puzzle)`` (givens and rules), or the entry page again, kept, with
    its problems. See Other: a reload or Back never posts the form again."""
    board, writing = posted_board(request.POST), posted_writing(request.POST)
    form = PuzzleForm(request.POST, request.FILES, board=board, writing=writing)
    if not form.is_valid():
        return entry_page(request, form)
    return HttpResponseRedirect(address(form.cleaned_data["puzzle_read"]), status=303)
