"""The teacher at the site's edge: a person's board read, and its steps in their language.

The pages (the steps page, the entry page's and the play page's Hint) and
the API (``/api/steps``, ``/api/hint``, ``/api/candidates``) share this module:

- ``read_board(puzzle, progress, candidates)``: the givens read and checked
  by the API's own form (``VariantTextForm``, so the same issue codes, at
  every size from 4x4 to 25x25), the digits placed so far and the person's
  candidates, into a ``Board``; or the issues that name what could not be
  read (a 400 in the API);
- ``lesson(board, ...)``: the engine's verdict, the steps from this board to
  the end (or every instance on it, ``all``), each as a ``StepView`` with its
  sentence, and the difficulty;
- ``hint(board, ...)``: the next step only;
- ``pencil(puzzle, progress, rules)``: the candidates the rules allow on a
  board of any size, under any rule set, and the digits that clash;
- ``rate_puzzle(givens)``: the difficulty of a puzzle with one solution.

A person's candidates are theirs: candidates that are merely wrong (lacking
the solution's digit) are accepted, and ``Board.wrong`` names the cells
where the board departs from the solution, since steps built on them may be
wrong too. Every call is bounded in time (``SUDOKU_SOLVE_SECONDS`` for each
verdict, ``SUDOKU_EXPLAIN_SECONDS`` for the logic; after it, honest trial steps).
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import caches
from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ..core.issues import Issue
from ..core.messages import describe
from ..core.reading import PuzzleTextForm, VariantTextForm
from ..engine import (
    STANDARD,
    SYMBOLS,
    Budget,
    Grid,
    Shape,
    Status,
    find_conflicts,
    shape_of_grid,
    solve,
)
from ..engine.difficulty import Difficulty, rate
from ..engine.marks import Marks, digits_of, mask_of
from ..engine.rules import Rules, classic
from ..engine.steps import Pattern, Step
from ..engine.teacher import allowed, explain, next_step, out_of_time
from ..engine.techniques import TABLE, TECHNIQUES, Finder
from . import sentences

CONFLICT = "conflict"  # the code of two digits that clash (the engine's ``rules``)
EMPTY = ".0"  # what marks a cell not placed in ``progress``
MAX_STEPS = 1_000  # steps in one lesson: a 9x9 board needs far fewer
# Steps a board larger than 9x9 is walked by between looks at the clock: a
# trial there is an exact solve of up to 0.1 s on 25x25 (measured), and the
# slice in which the logic's time ends may hold one.
WALK_SLICE = 2
# The share of the logic's seconds a board larger than 9x9 is walked for: the
# rest is for drawing the steps, which on 25x25 costs about as much again
# (0.15-0.3 s for 140 steps' views, as much for the page; measured).
WALK_SHARE = 0.5
CUT_WALK_SECONDS = 3600  # how long a walk cut short by the time is kept
MAX_LISTED = 500  # instances listed with ``all``: more says nothing a page can show
# On a board larger than 9x9 an instance says more (about 1.1 KB on 25x25):
# 200 keep the reply near 220 KB.
MAX_LISTED_LARGER = 200
KNOWN = frozenset(TABLE)  # the ids a request may name: every technique's, and the trial's
Placement = tuple[int, int, int]  # (row, column, digit), rows and columns from 1


@dataclass(frozen=True)
class Board:
    """A person's board: ``marks`` (givens and digits placed, candidates
    pencilled), the ``givens``, the engine's verdict on the digits placed
    (``status``), the givens' ``solution`` when it is the only one, and the
    cells the board gets ``wrong`` against it (a digit not the solution's, or
    candidates without the solution's digit), empty when no single solution
    is known."""

    marks: Marks
    givens: Grid
    status: Status
    solution: Grid | None
    wrong: tuple[int, ...]

    @property
    def shape(self) -> Shape:
        return self.marks.shape

    @property
    def rules(self) -> Rules:
        """The rule set the board is solved under (classic Sudoku's by default)."""
        return self.marks.rules or classic(self.shape.size)


@dataclass(frozen=True)
class Picture:
    """A board as a page draws it: each cell's digit (0 when open) and candidates."""

    digits: tuple[int, ...]
    candidates: tuple[tuple[int, ...], ...]

    @classmethod
    def of(cls, marks: Marks) -> Picture:
        return cls(tuple(marks.digits), tuple(digits_of(mask) for mask in marks.candidates))


@dataclass(frozen=True)
class StepView:
    """One step as a page or the API shows it. ``number`` counts from 1;
    ``message`` is the engine's message id (the technique's form, such as
    ``finned-x-wing/sashimi``);
    ``placements`` and ``eliminations`` are (row, column, digit) from 1;
    ``pattern`` is plain JSON (``pattern_json``); ``before`` is the board the
    step is taken on; ``step`` the engine's own."""

    number: int
    technique: str
    message: str
    name: str
    text: str
    look: str
    placements: tuple[Placement, ...]
    eliminations: tuple[Placement, ...]
    pattern: dict
    before: Picture
    step: Step


@dataclass(frozen=True)
class Lesson:
    """What the teacher says about a board: the verdict on its digits
    (``status``), the ``difficulty`` of the steps when they solve it (else
    None), the ``steps``, and the cells the board gets ``wrong``."""

    status: Status
    difficulty: Difficulty | None
    steps: tuple[StepView, ...]
    wrong: tuple[int, ...]


def read_board(
    puzzle: str,
    progress: str | None = None,
    candidates: Sequence[str | None] | None = None,
    rules: str = "",
) -> Board | list[Issue]:
    """The board of ``puzzle``'s givens (any size from 4x4 to 25x25), the
    digits of ``progress`` (one symbol a cell, ``.`` or ``0`` for a cell not
    placed; a given may be repeated or left ``.``) and the ``candidates``
    (one string of symbols a cell, ``''`` for a placed cell, ``None`` for one
    left as the rules have it; by default every digit the placed ones allow,
    everywhere). The issues, naming the cells at fault, when any of them
    cannot be read or the digits conflict under the puzzle's rules (its
    link's, or ``rules`` for givens that bring none).
    """
    read = _read_digits(puzzle, progress, form=VariantTextForm, rules=rules)
    if isinstance(read, list):
        return read
    givens, digits, rules = read
    conflicts = _conflicts(digits, rules)
    if conflicts:
        return conflicts
    marks = Marks.from_grid(digits, shape_of_grid(givens), rules=rules)
    if candidates is not None:
        issues = _pencil(marks, candidates)
        if issues:
            return issues
    return _judged(marks, givens, pencilled=candidates is not None)


@dataclass(frozen=True)
class Pencilled:
    """What the rules allow on a person's digits on ``board``: each cell's
    ``candidates`` (a string of symbols, letters above 9, ``""`` for a
    placed cell) and the ``conflicts`` among the digits (which the
    candidates ignore: each open cell simply loses every digit its peers
    hold, and those a pair rule forbids beside a placed digit), under ``rules``."""

    candidates: tuple[str, ...]
    conflicts: tuple[Issue, ...]
    board: Shape = STANDARD
    rules: Rules | None = None  # the rules they follow (classic when None)


def pencil(puzzle: str, progress: str | None = None, rules: str = "") -> Pencilled | list[Issue]:
    """The candidates and conflicts of ``puzzle``'s givens with ``progress``'s
    digits placed (read as ``read_board`` reads them, but givens that clash
    are conflicts like any other digits: a grid being typed is checked here),
    under the puzzle's rules: those its link brings, or ``rules`` (the short
    text) for givens that bring none; or the issues naming what could not be
    read. Neither needs a solution, so it is cheap."""
    read = _read_digits(puzzle, progress, clashing=True, form=VariantTextForm, rules=rules)
    if isinstance(read, list):
        return read
    _, digits, ruled = read
    board = shape_of_grid(digits)
    masks = _allowed(digits, ruled)
    candidates = tuple(
        "" if digit else "".join(SYMBOLS[candidate - 1] for candidate in digits_of(mask))
        for digit, mask in zip(digits, masks, strict=True)
    )
    return Pencilled(candidates, tuple(_conflicts(digits, ruled)), board, ruled)


def _allowed(digits: Grid, rules: Rules) -> list[int]:
    """Each cell's candidates as a mask: the digits none of its peers under
    ``rules`` holds, less those a pair rule forbids beside a placed digit
    (non-consecutive's neighbours)."""
    return Marks.from_grid(digits, rules.geometry, rules=rules).candidates


def _read_digits(
    puzzle: str,
    progress: str | None,
    clashing: bool = False,
    form: type[PuzzleTextForm] = PuzzleTextForm,
    rules: str = "",
) -> tuple[Grid, Grid, Rules] | list[Issue]:
    """The givens, the digits placed (givens included) and the rules, or what
    is wrong; with ``clashing``, givens that conflict are read all the same.
    The givens are read by ``form``: 9x9 and classic Sudoku only by default;
    ``rules`` goes in its rules field."""
    form = form({"puzzle": puzzle, "rules": rules})
    if form.is_valid():
        givens, ruled = form.cleaned_data["grid"], form.cleaned_data["rules"]
    elif clashing and form.rules_shown is not None and _only_conflicts(form.issues):
        givens, ruled = form.grid_shown, form.rules_shown
    else:
        return form.issues
    digits, issues = _placed(givens, progress)
    return issues or (givens, digits, ruled)


def _only_conflicts(issues: Sequence[Issue]) -> bool:
    return all(issue.code == CONFLICT for issue in issues)


def _conflicts(digits: Grid, rules: Rules) -> list[Issue]:
    """The digits in conflict under ``rules``, each pair an issue of the field ``progress``."""
    side = shape_of_grid(digits).size
    return [
        Issue(p.code, describe(p), tuple(p.cells), "progress", side)
        for p in find_conflicts(digits, rules=rules)
    ]


def _placed(givens: Grid, progress: str | None) -> tuple[Grid, list[Issue]]:
    """The givens with ``progress``'s digits placed, and what is wrong with it."""
    if progress is None:
        return givens, []
    board = shape_of_grid(givens)
    cells = board.cells
    if len(progress) != cells:
        message = _("“progress” has %(count)s symbols, not %(cells)s: one per cell.")
        return givens, [
            Issue("progress_length", message % {"count": len(progress), "cells": cells})
        ]
    digits = list(givens)
    unreadable, changed = [], []
    for cell, symbol in enumerate(progress):
        if symbol in EMPTY:
            continue
        digit = _digit(symbol, board)
        if not digit:
            unreadable.append(cell)
        elif givens[cell] and givens[cell] != digit:
            changed.append(cell)
        else:
            digits[cell] = digit
    issues = []
    side = board.size
    if unreadable:
        message = _("“progress” holds symbols that are not digits from 1 to 9, or “.”.")
        if side != STANDARD.size:
            message = _(
                "“progress” holds symbols that are not this board's (1 to %(last)s), or “.”."
            ) % {"last": SYMBOLS[side - 1]}
        issues.append(Issue("progress_not_a_digit", message, tuple(unreadable), "progress", side))
    if changed:
        message = _("“progress” changes a given digit.")
        issues.append(Issue("progress_changes_given", message, tuple(changed), "progress", side))
    return tuple(digits), issues


def _digit(symbol: str, board: Shape) -> int:
    """The digit ``symbol`` writes on ``board`` (letters from A for 10), else 0."""
    digit = SYMBOLS.find(symbol.upper()) + 1 if len(symbol) == 1 else 0
    return digit if digit <= board.size else 0


def _pencil(marks: Marks, candidates: Sequence[str | None]) -> list[Issue]:
    """Put the person's ``candidates`` on ``marks`` (``None`` leaves a cell as
    the rules have it); what is wrong with them, if anything."""
    cells = marks.shape.cells
    if len(candidates) != cells:
        message = _("“candidates” has %(count)s entries, not %(cells)s: one per cell.")
        return [Issue("candidates_length", message % {"count": len(candidates), "cells": cells})]
    unreadable, on_placed = [], []
    for cell, text in enumerate(candidates):
        if text is None:
            continue  # no notes in this cell: it keeps what the rules allow
        read = [_digit(symbol, marks.shape) for symbol in text] if isinstance(text, str) else [0]
        if not all(read):
            unreadable.append(cell)
        elif marks.digits[cell]:
            if read not in ([], [marks.digits[cell]]):
                on_placed.append(cell)
        else:
            marks.candidates[cell] = mask_of(read)
    issues, side = [], marks.shape.size
    if unreadable:
        message = _("“candidates” holds entries that are not digits from 1 to 9.")
        if side != STANDARD.size:
            message = _(
                "“candidates” holds entries that are not symbols of this board (1 to %(last)s)."
            ) % {"last": SYMBOLS[side - 1]}
        issues.append(
            Issue("candidates_not_digits", message, tuple(unreadable), "candidates", side)
        )
    if on_placed:
        message = _("“candidates” pencils other digits into cells already placed: give them ''.")
        issues.append(Issue("candidates_on_placed", message, tuple(on_placed), "candidates", side))
    return issues


def _judged(marks: Marks, givens: Grid, pencilled: bool) -> Board:
    """The board, with the verdict on its digits and the cells it gets wrong
    (its candidates judged only when the person ``pencilled`` them: those the
    rules give follow from the digits)."""
    budget = Budget(max_seconds=settings.SUDOKU_SOLVE_SECONDS)
    of_givens = solve(givens, marks.shape, budget=budget, rules=marks.rules)
    digits = marks.grid()
    solution = of_givens.solution if of_givens.status is Status.UNIQUE else None
    if digits == givens:
        status = of_givens.status
    elif solution is not None and _agree(digits, solution):
        status = Status.UNIQUE  # digits the only solution has leave it the only one
    else:
        status = solve(digits, marks.shape, budget=budget, rules=marks.rules).status
    wrong = _wrong(marks, solution, pencilled) if solution is not None else ()
    return Board(marks, givens, status, solution, wrong)


def _agree(digits: Grid, solution: Grid) -> bool:
    return all(not digit or digit == right for digit, right in zip(digits, solution, strict=True))


def _wrong(marks: Marks, solution: Grid, pencilled: bool) -> tuple[int, ...]:
    """The cells whose digit is not the solution's, or (if ``pencilled``) whose
    candidates lack it."""
    return tuple(
        cell
        for cell, right in enumerate(solution)
        if (marks.digits[cell] and marks.digits[cell] != right)
        or (pencilled and not marks.digits[cell] and not marks.has(cell, right))
    )


def unknown_techniques(ids: Iterable[str]) -> list[str]:
    """The ids among ``ids`` that name no technique, in the order given, once each."""
    return list(dict.fromkeys(name for name in ids if name not in KNOWN))


def finders(techniques: Iterable[str] | None = None) -> dict[str, Finder]:
    """The engine's finders for ``techniques`` (default all), in the teacher's
    order (the trial's id names no finder: it is always the last resort);
    raises ValueError for an id that names no technique (``unknown_techniques``)."""
    if techniques is None:
        return dict(TECHNIQUES)
    wanted = set(techniques)
    unknown = unknown_techniques(wanted)
    if unknown:
        raise ValueError(f"no such technique: {', '.join(unknown)}")
    return {name: finder for name, finder in TECHNIQUES.items() if name in wanted}


def lesson(
    board: Board,
    techniques: Iterable[str] | None = None,
    all: bool = False,  # the API's own word for it
    max_seconds: float | None = None,
) -> Lesson:
    """The steps from ``board``: solving it to the end (after ``max_seconds``,
    default ``SUDOKU_EXPLAIN_SECONDS``, honest trial steps), or with ``all``
    every instance of the ``techniques`` on it, applying none. Uniqueness
    techniques only when the digits have one solution; no steps when they
    have none. No difficulty on a board other than 9x9, nor under variant
    rules: the levels are calibrated on classic 9x9 puzzles."""
    if max_seconds is None:
        max_seconds = settings.SUDOKU_EXPLAIN_SECONDS
    chosen = finders(techniques)
    if board.status is Status.NONE:
        return Lesson(board.status, None, (), board.wrong)
    unique = board.status is Status.UNIQUE
    if all:
        steps = instances(board.marks, allowed(chosen, unique, board.marks.rules), max_seconds)
        views = _views(board.shape, steps, [board.marks] * len(steps))
        return Lesson(board.status, None, views, board.wrong)
    steps = walk(board.marks, chosen, unique, max_seconds)
    views = _views(board.shape, steps, _boards_before(board.marks, steps))
    # The levels are calibrated on classic 9x9 puzzles: another board has none.
    calibrated = board.shape.size == STANDARD.size and board.marks.rules is None
    rated = _rated(steps) if calibrated else None
    return Lesson(board.status, rated, views, board.wrong)


def walk(
    marks: Marks, chosen: Mapping[str, Finder], unique: bool, max_seconds: float
) -> list[Step]:
    """The teacher's steps from ``marks`` (left as they are) with the ``chosen``
    techniques, in no language: worked out once and kept in the ``walks``
    cache, which every worker of the site reads. A walk cut short by
    ``max_seconds`` (a busy machine), or stopped before the end (``bounded``),
    is kept only for a while, so a calmer moment may walk it to the end; a
    whole one for the cache's own time."""
    key = _walk_key(marks, chosen, unique)
    steps = caches["walks"].get(key)
    if steps is None:
        board = marks.copy()
        steps = bounded(board, chosen, unique, max_seconds)
        # Never None, which keeps a value for good: Redis evicts only values
        # that expire, so those would hold their memory against queued work.
        whole = board.solved() and not out_of_time(steps)
        caches["walks"].set(key, steps, DEFAULT_TIMEOUT if whole else CUT_WALK_SECONDS)
    return steps


def bounded(
    marks: Marks, chosen: Mapping[str, Finder], unique: bool, max_seconds: float
) -> list[Step]:
    """``explain``'s steps from ``marks`` (which they change), its logic bounded
    by ``max_seconds``, and on a board larger than 9x9 the whole walk too.

    After ``max_seconds`` the steps left are trials, each an exact solve: a
    few milliseconds for all of a 9x9 board's, but about 10 ms each on
    25x25, hundreds of them. So a larger board is walked ``WALK_SLICE``
    steps at a time, and the walk stops, short of the end, after the slice
    that spends ``WALK_SHARE`` of ``max_seconds`` (``marks`` then still has
    open cells): the page says so. The logic and the trials share those
    seconds, and drawing the steps has the rest, so the request's bound
    (the verdict's ``SUDOKU_SOLVE_SECONDS`` and these) holds on every
    board."""
    if marks.shape.size <= STANDARD.size:
        return explain(marks, chosen, MAX_STEPS, max_seconds, unique)
    start, steps = time.perf_counter(), []
    max_seconds *= WALK_SHARE
    while not marks.solved() and len(steps) < MAX_STEPS:
        logic_left = max(max_seconds - (time.perf_counter() - start), 0.0)
        taken = explain(marks, chosen, min(WALK_SLICE, MAX_STEPS - len(steps)), logic_left, unique)
        if not taken:
            break  # a trial the solver could not decide
        steps += taken
        if time.perf_counter() - start > max_seconds:
            break  # at least one slice, then no more
    return steps


def _walk_key(marks: Marks, chosen: Mapping[str, Finder], unique: bool) -> str:
    """The walk's name in the cache: the board and its rules, the techniques,
    the uniqueness."""
    shape = marks.shape
    board = (shape.box_rows, shape.box_cols, shape.key, marks.digits, marks.candidates)
    said = repr((board, sorted(chosen), unique, MAX_STEPS)).encode()
    return "walk:" + hashlib.sha256(said).hexdigest()


def hint(board: Board, techniques: Iterable[str] | None = None) -> Lesson:
    """The next step from ``board`` only (none when it is solved, or its digits
    have no solution); no difficulty."""
    chosen = finders(techniques)
    if board.status is Status.NONE:
        return Lesson(board.status, None, (), board.wrong)
    step = next_step(board.marks.copy(), chosen, unique=board.status is Status.UNIQUE)
    views = _views(board.shape, [step], [board.marks]) if step else ()
    return Lesson(board.status, None, views, board.wrong)


def instances(marks: Marks, chosen: Mapping[str, Finder], max_seconds: float) -> list[Step]:
    """Every instance of the ``chosen`` techniques on ``marks``, at most
    ``MAX_LISTED`` (``MAX_LISTED_LARGER`` on a board larger than 9x9) and
    those found within ``max_seconds`` (``WALK_SHARE`` of it on a larger
    board, as ``bounded`` walks): the clock is read before each
    technique and after each instance, so a technique that finds none is
    past it by its own search at most."""
    larger = marks.shape.size > STANDARD.size
    # A larger board's instances take as long again to word: they share the time.
    deadline = time.perf_counter() + max_seconds * (WALK_SHARE if larger else 1.0)
    most = MAX_LISTED_LARGER if larger else MAX_LISTED
    found: list[Step] = []
    for finder in chosen.values():
        if time.perf_counter() > deadline:
            return found
        for step in finder(marks.copy()):
            found.append(step)
            if len(found) >= most or time.perf_counter() > deadline:
                return found
    return found


def rate_puzzle(givens: Grid, max_seconds: float | None = None) -> Difficulty | None:
    """The difficulty of a puzzle proved to have one solution: its steps
    explained with every technique (bounded by ``max_seconds``, default
    ``SUDOKU_EXPLAIN_SECONDS``), rated."""
    if max_seconds is None:
        max_seconds = settings.SUDOKU_EXPLAIN_SECONDS
    marks = Marks.from_grid(givens, STANDARD)
    return _rated(explain(marks, TECHNIQUES, MAX_STEPS, max_seconds, unique=True))


def _rated(steps: list[Step]) -> Difficulty | None:
    return rate(steps) if steps else None


def _boards_before(marks: Marks, steps: list[Step]) -> list[Marks]:
    """The board each step is taken on, replayed from ``marks``."""
    board, before = marks.copy(), []
    for step in steps:
        before.append(board.copy())
        step.apply(board)
    return before


def _views(shape: Shape, steps: list[Step], boards: list[Marks]) -> tuple[StepView, ...]:
    # Every instance of ``all`` is taken on one board: its picture is drawn
    # once (625 cells of candidates on 25x25), not once an instance.
    pictures: dict[int, Picture] = {}
    views = []
    for number, (step, board) in enumerate(zip(steps, boards, strict=True), 1):
        if id(board) not in pictures:
            pictures[id(board)] = Picture.of(board)
        views.append(view(number, step, board, shape, pictures[id(board)]))
    return tuple(views)


def view(
    number: int,
    step: Step,
    before: Marks,
    shape: Shape = STANDARD,
    picture: Picture | None = None,
) -> StepView:
    """The step numbered ``number`` as a page shows it, taken on ``before``
    (whose ``picture`` is drawn here unless given)."""
    return StepView(
        number=number,
        technique=step.technique,
        message=step.message,
        name=sentences.name(step.technique),
        text=sentences.sentence(step, shape),
        look=sentences.look(step, shape),
        placements=tuple(_placement(shape, c, d) for c, d in step.placements),
        eliminations=tuple(_placement(shape, c, d) for c, d in step.eliminations),
        pattern=pattern_json(step.pattern, shape),
        before=picture or Picture.of(before),
        step=step,
    )


def _placement(shape: Shape, cell: int, digit: int) -> Placement:
    return (*shape.row_col(cell), digit)


def pattern_json(pattern: Pattern, shape: Shape = STANDARD) -> dict:
    """The pattern as plain JSON: cells as [row, column], units as {kind,
    number}, digits, and links as {start, end: [[row, column, digit], ...], strong}."""
    return {
        "cells": [list(shape.row_col(cell)) for cell in pattern.cells],
        "units": [{"kind": unit.kind, "number": unit.number} for unit in pattern.units],
        "digits": list(pattern.digits),
        "links": [
            {
                "start": [list(_placement(shape, c, d)) for c, d in link.start],
                "end": [list(_placement(shape, c, d)) for c, d in link.end],
                "strong": link.strong,
            }
            for link in pattern.links
        ],
    }


def wrong_message(wrong: Sequence[int]) -> str:
    """What a reply says when the person's board departs from the solution."""
    return ngettext(
        "%(count)s cell departs from the solution (a digit not its, or candidates "
        "without it): steps built on the board may be wrong.",
        "%(count)s cells depart from the solution (a digit not theirs, or candidates "
        "without it): steps built on the board may be wrong.",
        len(wrong),
    ) % {"count": len(wrong)}


def difficulty_json(difficulty: Difficulty | None) -> dict | None:
    """A ``Difficulty`` as the API writes it, or None."""
    if difficulty is None:
        return None
    return {"level": difficulty.level, "score": difficulty.score, "hardest": difficulty.hardest}
