"""The play page: the givens drawn as buttons, the solution sent as data.

Every size the engine solves is played (4x4 to 25x25); the page's script
asks the API for candidates, conflicts and hints at every size.

A puzzle without exactly one solution cannot be played (Check and Hint
would have nothing to go by), so its page says which it is and links to
the answer instead. The link is read as the answer page reads one
(``solver.entry.pages.linked_puzzle``), and solved within the same
bounded budget.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods

from ..addresses import answer_url, api_url, edit_url, elsewhere_links, play_url, steps_url
from ..choices import StatusChoices
from ..core import rules_view
from ..core.logs import log_solve
from ..core.slots import solve_fairly
from ..engine import (
    STANDARD,
    SYMBOLS,
    Grid,
    Shape,
    Status,
    format_grid,
    shape_of_grid,
)
from ..engine.rules import Rules
from ..entry.pages import linked_game, posted_entry
from .grid import play_grid

STORAGE_PREFIX = "sudoku.play."  # the browser's key for a puzzle's progress: this and its givens
RULES_MARK = "|"  # then, beyond classic Sudoku, this and the rules' short text

# The cells' colours, numbered as the keys that give them (1 to 8): Okabe and
# Ito's palette for colour-blind readers, each also with its own pattern
# (play.css) and its name in the cell's label, so no colour is told by hue alone.
COLOUR_NAMES = (
    _("orange"),
    _("sky blue"),
    _("green"),
    _("yellow"),
    _("blue"),
    _("vermilion"),
    _("purple"),
    _("grey"),
)
MISTAKE_LIMITS = (1, 2, 3, 5)  # the choices of "Stop the game at this many mistakes"


@require_http_methods(["GET", "HEAD", "POST"])
def play(request: HttpRequest) -> HttpResponse:
    """The game for ``?puzzle=``; the entry page's Play posts its grid here,
    which is checked and redirected to that address. Bad input goes back to
    the entry page, kept, as for Show Answer."""
    if request.method == "POST":
        return posted_entry(request, play_url)
    read = linked_game(request)
    if isinstance(read, HttpResponse):
        return read
    grid, rules = read.grid, read.rules
    variant = not rules.is_classic
    result = solve_fairly(grid, rules=rules)
    log_solve(request, "play", result)
    playable = result.status is Status.UNIQUE
    board = shape_of_grid(grid)
    context = {
        "playable": playable,
        "status": result.status.value,
        "statuses": StatusChoices,
        "answer_url": answer_url(read),
        "board": board,
        "standard": board is STANDARD,
        "symbols": SYMBOLS[: board.size],
        "edit_url": edit_url(read),
        "steps_url": steps_url(read),
        "colours": [{"number": n, "name": name} for n, name in enumerate(COLOUR_NAMES, start=1)],
        "mistake_limits": MISTAKE_LIMITS,
        "open_links": elsewhere_links(read),
        "rules": rules if variant else None,
        "rules_said": rules_view.sentences(rules) if variant else [],
        "jigsaw": bool(rules.jigsaw),
    }
    if playable:
        context["grid"] = play_grid(grid, rules if variant else None)
        context["play_data"] = _play_data(grid, result.solution, board, rules)
    return render(request, "play/play.html", context)


def _play_data(grid: Grid, solution: Grid, board: Shape, rules: Rules) -> dict:
    """What the page's script plays with: the givens, their rules (the short
    text, sent with every question to the API; "" for classic), their
    solution, how many times each of the board's values stands in it (the
    pad counts down from that), where to keep progress (the givens name the
    board, so no two sizes share a key, and the rules follow them, so no two
    rule sets do), and where to ask the API."""
    givens = format_grid(grid)
    solved = format_grid(solution)
    return {
        "puzzle": givens,
        "rules": rules.key,
        "solution": solved,
        "value_counts": {symbol: solved.count(symbol) for symbol in SYMBOLS[: board.size]},
        "key": STORAGE_PREFIX + givens + (RULES_MARK + rules.key if rules.key else ""),
        "hint_url": api_url("hint"),
        "candidates_url": api_url("candidates"),
        "statuses": {value: value for value in StatusChoices.values},
    }
