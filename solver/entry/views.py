"""The entry page and the answer: read the form, ask the engine, pick the template.

``/index`` is the entry grid (``?puzzle=`` opens it filled); Show Answer
posts it to ``/answer``, which checks it and sends the browser on to the
answer's permanent address, ``/answer?puzzle=…``; ``/load`` fills the grid
from a paste or a file without solving. Bad input always comes back to the
entry page, kept, with its problems named (``pages``).

The entry grid and the answer page take every size the engine reads: the
entry page's Size (``?size=16``, remembered in a cookie) picks the board; a
puzzle of another size linked to ``/index`` or loaded opens the grid at its
size, and one posted in the paste box or a file goes to its answer.
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from ..addresses import (
    answer_url,
    edit_url,
    elsewhere_links,
    entry_url,
    level_url,
    play_url,
    steps_url,
)
from ..choices import StatusChoices
from ..core import rules_view
from ..core.boards import board_of_size
from ..core.grids import answer_grid, sized_answer_grid
from ..core.logs import log_solve
from ..core.reading import VariantTextForm, written_board
from ..core.slots import solve_fairly
from ..core.uploads import FILE_MAX_BYTES, read_upload
from ..core.writings import symbols_of, writing_of, written
from ..engine import (
    STANDARD,
    Grid,
    Result,
    Shape,
    Status,
    format_grid,
    shape_of_grid,
)
from ..engine.puzzle import Puzzle
from ..engine.rules import Rules, classic
from ..teaching import ratings
from ..teaching.pages import difficulty_shown
from .forms import LoadForm, PuzzleForm, posted_board, posted_writing
from .pages import entry_page, form_showing_problems, linked_grid, posted_entry, read_link
from .verdicts import no_solution, several_solutions

SIZE_COOKIE = "size"  # the side of the board last chosen, for the next visit
SIZE_KEPT_SECONDS = 365 * 24 * 3600


@require_safe
def index(request):
    """The entry grid of the board ``?size=`` names (9x9 by default); a size
    chosen is remembered, and ``/index`` alone goes to the one remembered.
    ``?puzzle=`` opens the grid filled with that puzzle, at its size (said
    when it is not the size remembered, which it becomes)."""
    text = request.GET.get("puzzle", "").strip()
    remembered = board_of_size(request.COOKIES.get(SIZE_COOKIE, "")) or STANDARD
    writing = request.GET.get("writing", "")
    if text:
        form = _linked_form(text, writing, request.GET.get("rules", ""))
        if form.board is not remembered:
            form.notices.append(_switched_notice(form.board))
        return _remembering(request, entry_page(request, form), form.board)
    asked = request.GET.get("size")
    if asked is None:
        if remembered is not STANDARD:
            return redirect(entry_url(remembered.size))
        return entry_page(request, PuzzleForm())
    board = board_of_size(asked)
    form = PuzzleForm(board=board or STANDARD, writing=writing)
    if board is None:
        form.notices.append(
            gettext("There is no board of size “%(size)s” here: choose one of the sizes offered.")
            % {"size": asked[:10]}
        )
        return entry_page(request, form)
    return _remembering(request, entry_page(request, form), board)


def _remembering(request: HttpRequest, response: HttpResponse, board: Shape) -> HttpResponse:
    """``response``, setting the cookie that remembers ``board`` for the next
    visit: Secure when ``request`` came over HTTPS, as the site's others."""
    response.set_cookie(
        SIZE_COOKIE,
        str(board.size),
        max_age=SIZE_KEPT_SECONDS,
        samesite="Lax",
        httponly=True,
        secure=request.is_secure(),
    )
    return response


def _linked_form(text: str, writing: str = "", rules: str = "") -> PuzzleForm:
    """The entry form for a link's ``?puzzle=`` text (in the formats' symbols)
    and ``&rules=``: filled at its size, with its rules, and shown in
    ``writing``, or showing its problems on the board it was written for
    (9x9 when that cannot be told)."""
    grid = None if rules else read_link(text)  # the common 9x9 link, read by the quick form
    if grid is not None:
        return PuzzleForm.for_grid(grid)
    form = VariantTextForm({"puzzle": text, "rules": rules})
    valid = form.is_valid()
    board = _other_board(text, form) or STANDARD
    if valid:
        return PuzzleForm.for_puzzle(form.cleaned_data["puzzle_read"], board, writing)
    return form_showing_problems(text, board, rules)


@require_http_methods(["GET", "HEAD", "POST"])
def answer(request):
    """The answer to ``?puzzle=`` (a permanent link); a posted entry is checked
    and redirected there, and bad input goes back to the entry page, kept."""
    if request.method == "POST":
        other = _pasted_other_size(request, posted_board(request.POST))
        if other is not None:
            return HttpResponseRedirect(answer_url(other), status=303)
        writing = posted_writing(request.POST)
        return posted_entry(request, lambda puzzle: answer_url(puzzle, writing))
    text = request.GET.get("puzzle", "").strip()
    form = VariantTextForm({"puzzle": text, "rules": request.GET.get("rules", "")})
    if text and form.is_valid():
        return _answer_page(request, form.cleaned_data["puzzle_read"])
    board = _other_board(text, form) if text else None
    if board is not None or (text and _ruled(form)):
        # A board of another size, or one under variant rules, that cannot
        # be read, or whose givens break a rule, has its problems shown
        # here, its grid drawn at its size with its rules.
        return _invalid_page(request, form, board or STANDARD, text)
    grid = linked_grid(request)
    if isinstance(grid, HttpResponse):
        return grid
    return _answer_page(request, Puzzle(grid, classic(STANDARD.size)))


@require_POST
def load(request):
    """Fill the grid from a pasted puzzle or a file, without solving it.

    Scripts asking for JSON get the grid as read and its problems (see
    ``_load_reply``), or for a readable board of another size than the
    page's no grid, a notice and the address of the entry grid at its size,
    filled (``_other_size_reply``); a plain form post gets the entry page,
    filled, at the puzzle's size.
    """
    board, writing = posted_board(request.POST), posted_writing(request.POST)
    form = LoadForm(request.POST, request.FILES, board=board, writing=writing)
    valid = form.is_valid()
    other = _loaded_other_size(form, board)
    if request.get_preferred_type(["text/html", "application/json"]) == "application/json":
        return _other_size_reply(other, board) if other is not None else _load_reply(form)
    if other is not None:
        return entry_page(request, _switched_form(other, form.notices, board))
    if valid:
        filled = PuzzleForm.for_grid(form.cleaned_data["grid"], board, writing)
        filled.notices = form.notices
        form = filled
    return entry_page(request, form)


def _switched_form(puzzle: Puzzle, notices: list[str], was: Shape) -> PuzzleForm:
    """The entry form filled with ``puzzle`` at its size, with its rules,
    after ``notices``, saying the grid changed size when it is not ``was``."""
    board = shape_of_grid(puzzle.grid)
    form = PuzzleForm.for_puzzle(puzzle, board)
    form.notices = [*notices, *_switched_notices(board, was)]
    return form


def _switched_notices(board: Shape, was: Shape) -> list[str]:
    """The notice that the grid is now ``board``, unless it was already."""
    return [] if board is was else [_switched_notice(board)]


def _switched_notice(board: Shape) -> str:
    return gettext("A %(size)s×%(size)s puzzle: the grid is now %(size)s×%(size)s.") % {
        "size": board.size
    }


def _pasted_other_size(request, board: Shape) -> Grid | str | None:
    """The puzzle posted in the file, else the paste box, when it is a board
    other than the one typed on, ``board`` (see ``_other_size``); else None,
    and the entry form reads the post as ever.

    Such a puzzle goes straight to its answer, unless rules were chosen
    below the grid: the entry form then reads the post, and refuses rules
    given twice by name rather than drop the ones chosen.
    """
    if request.POST.get("rule") or request.POST.get("regions", "").strip():
        return None
    uploads = request.FILES.getlist("file")
    if uploads:
        if len(uploads) != 1 or set(request.FILES) != {"file"}:
            return None
        try:
            text = read_upload(uploads[0], FILE_MAX_BYTES)
        except ValidationError:
            return None
        finally:
            uploads[0].seek(0)  # the entry form reads it again when it is not sent on
    else:
        text = request.POST.get("puzzle", "")
    return _other_size(text.strip(), board)


def _other_size(text: str, board: Shape = STANDARD) -> Grid | str | None:
    """The puzzle ``text`` writes when it is a board other than ``board``: its
    grid, or the text itself when it cannot be read (its answer page names
    the problems); else None."""
    if not text:
        return None
    form = VariantTextForm({"puzzle": text})
    form.is_valid()
    if _other_board(text, form, board) is None and not _ruled(form):
        return None
    return form.puzzle_shown or text


def _ruled(form: VariantTextForm) -> bool:
    """True when the puzzle ``form`` read brings rules beyond classic Sudoku."""
    return form.rules_shown is not None and not form.rules_shown.is_classic


def _loaded_other_size(form: LoadForm, board: Shape) -> Puzzle | None:
    """The puzzle a load asked for (its file, else its paste box) when it is
    a readable board other than ``board``, or one under variant rules (the
    entry grid at its address keeps them), else None."""
    found = _other_size(form.source.strip(), board)
    return None if isinstance(found, str) else found


def _other_size_reply(puzzle: Puzzle, was: Shape) -> JsonResponse:
    """The load reply for a board other than the page's, or a puzzle under
    variant rules: no grid, no problems, a notice naming its size when it
    is not ``was``, its board's side (``size``), and the address of the entry grid at its size,
    filled, with its rules (``entry_url``)."""
    board = shape_of_grid(puzzle.grid)
    body = {
        "grid": None,
        "problems": [],
        "notices": _switched_notices(board, was),
        "size": board.size,
        "entry_url": edit_url(puzzle),
    }
    return JsonResponse(body)


def _answer_page(request, read: Puzzle):
    """Solve ``read`` under its rules within the site's budget and show the
    verdict, with what explains it (``_explained``) and the links to the next
    steps (the one a person most likely takes first: ``_actions``). Rating
    takes classic 9x9 only; another board's grid is drawn at its size, in
    the writing ``?writing=`` names (``core.writings``), with its steps and
    its level (which says there is none off 9x9). A variant's grid draws its
    rules, said in words above it, and its steps and game under them; no
    level (the levels are calibrated on classic puzzles)."""
    puzzle, rules = read.grid, read.rules
    result = solve_fairly(puzzle, rules=rules)
    log_solve(request, "page", result)
    board = shape_of_grid(puzzle)
    variant = not rules.is_classic
    standard = board is STANDARD and not variant
    writing = writing_of(request.GET.get("writing", ""), board)
    symbols = symbols_of(board, writing)

    def draw(solution: Grid | None, caption: str):
        if standard:
            return answer_grid(puzzle, solution, caption)
        return sized_answer_grid(
            puzzle, solution, caption, symbols=symbols, rules=rules if variant else None
        )

    explained = _explained(result, puzzle, board, symbols, rules)
    # The grids that explain the verdict take the answer grid's place.
    drawn = "pair" in explained or explained.get("broken", {}).get("grid")
    context = {
        "result": result,
        "grid": "" if drawn else draw(result.solution, gettext("Answer grid")),
        "puzzle_grid": draw(None, gettext("Puzzle grid")),
        "solution_line": written(result.solution, writing) if result.solution else "",
        "elapsed_ms": result.elapsed * 1000,
        "permalink": request.build_absolute_uri(answer_url(read, writing)),
        "statuses": StatusChoices,
        "edit_url": edit_url(read, writing),
        "play_url": play_url(read),
        "rules_said": rules_view.sentences(rules) if variant else [],
        "open_links": elsewhere_links(read),
        **explained,
    }
    if variant:
        context.update(board=board, writing=writing, variant=True, jigsaw=bool(rules.jigsaw))
        if result.status is Status.UNIQUE and 0 in puzzle:  # the teacher takes every rule set
            context["steps_url"] = steps_url(read)
        return _with_actions(request, context)
    if not standard:
        context.update(board=board, writing=writing)
        if result.status is Status.UNIQUE and 0 in puzzle:  # the steps take every size
            context.update(steps_url=steps_url(puzzle), level_url=level_url(puzzle))
        return _with_actions(request, context)
    if result.status is Status.UNIQUE and 0 in puzzle and settings.SUDOKU_RATE_ANSWERS:
        context["steps_url"] = steps_url(puzzle)
        # The level at once when it is known or quick to find; else the page's
        # script asks for it (level_url), off the answer's path.
        kept = ratings.for_answer(puzzle, result.guesses)
        if kept is not None:
            context["difficulty"] = difficulty_shown(kept.difficulty)
        else:
            context["level_url"] = level_url(puzzle)
    return _with_actions(request, context)


def _explained(
    result: Result, puzzle: Grid, board: Shape, symbols: str, rules: Rules | None = None
) -> dict[str, object]:
    """What explains the verdict: how many ``givens`` the puzzle has (and
    whether they are ``few``, fewer than a unit's cells: far from one
    solution); for no solution, where the puzzle breaks (``broken``); for
    several, two of them side by side (``pair``), from the search already
    made, drawn with the ``rules``. An empty grid gets no pair, as any two
    ways to fill it differ, unless cages' sums say what it holds."""
    variant = rules is not None and not rules.is_classic
    givens = sum(1 for digit in puzzle if digit)
    found: dict[str, object] = {"givens": givens, "few": 0 < givens < board.size}
    drawn = rules if variant else None
    sums = drawn is not None and bool(drawn.sums)
    if result.status is Status.NONE:
        # Under variant rules the singles that find where a puzzle breaks do
        # not know every rule yet: the verdict is said without the where.
        found["broken"] = {"reason": None} if variant else no_solution(puzzle, board, symbols)
    elif result.status is Status.MULTIPLE and result.other is not None and (givens or sums):
        found["pair"] = several_solutions(
            puzzle, result.solution, result.other, board, symbols, drawn
        )
    return found


def _with_actions(request, context: dict) -> HttpResponse:
    """The answer page, its ``actions`` (address, words) in order, the first
    the primary one: the next step a person takes. A solved puzzle is
    explained, else played; one with no solution, several or none found in
    time is edited, to fix its givens. Return (an empty grid) comes last."""
    explain = context.get("difficulty") or context.get("level_url")
    if context.get("variant"):
        explain = context.get("steps_url")  # no level to wait for: there is none
    actions = []
    if context["result"].status is Status.UNIQUE:
        if explain:
            actions.append((context["steps_url"], gettext("Explain step by step")))
        actions.append((context["play_url"], gettext("Play this puzzle")))
    actions.append((context["edit_url"], gettext("Edit in the entry grid")))
    actions.append((entry_url(), gettext("Return")))
    context["actions"] = actions
    return render(request, "entry/answer.html", context)


def _other_board(text: str, form: VariantTextForm, than: Shape = STANDARD) -> Shape | None:
    """The board other than ``than`` that ``text`` writes (by its number of
    cells, as read by ``form``, or counted when it could not be read), else None."""
    board = written_board(text, form)
    return board if board is not None and board is not than else None


def _invalid_page(request, form: VariantTextForm, board: Shape, text: str):
    """A puzzle of a board other than 9x9, or under variant rules, that
    cannot be solved as it stands: each problem named and, when it could be
    read, its grid drawn at its size, with its rules and the givens at fault
    marked; the next step is to edit it, kept, in the entry grid."""
    grid, read = form.grid_shown, form.puzzle_shown
    caption = gettext("Puzzle grid")
    context = {
        "board": board,
        "edit_url": edit_url(read if read is not None else text),
        "problems": [issue.message for issue in form.issues],
        "rules_said": rules_view.sentences(read.rules) if _ruled(form) else [],
        "jigsaw": bool(read is not None and read.rules.jigsaw),
        "grid": sized_answer_grid(grid, None, caption, form.invalid_cells, rules=form.rules_shown)
        if grid is not None
        else "",
    }
    return render(request, "entry/invalid.html", context)


def _load_reply(form: LoadForm) -> JsonResponse:
    """``{"grid": 81 symbols or null, "problems": [...], "notices": [...]}``.

    The grid is the puzzle as read, even when its givens conflict (the
    conflicts are among the problems); it is null when the text or file could
    not be read as a puzzle. Either way the request itself was fine, so the
    status is 200: the page's script reads the reply, and a browser logs no
    failed request for a paste it merely could not read.
    """
    grid = form.grid_shown
    body = {
        "grid": format_grid(grid) if grid is not None else None,
        "problems": [issue.as_json() for issue in form.issues],
        "notices": form.notices,
    }
    return JsonResponse(body)
