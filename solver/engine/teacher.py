"""The teacher: a puzzle solved as a person would, one named step at a time.

``next_step`` asks each technique in turn, simplest first (the order of
``techniques.TECHNIQUES``), and takes the first instance the simplest one
finds. ``explain`` applies steps until the board is solved. When no
technique applies, a ``trial`` step says so plainly: it tries one
candidate of a cell with the fewest, and the exact solver (``solve``) tells
what that leads to, a contradiction (the candidate is eliminated) or a
solution (the digit is placed). A trial step is never wrong and never
silent; it only is not a technique a person could be taught.

Three limits keep the teacher honest and bounded:

- uniqueness techniques (``techniques.UNIQUENESS``) reason from "this
  puzzle has one solution", so they are asked only when the caller has
  proved it (``unique=True``), and never under a variant's rules;
- under a variant's rules (``marks.rules``), a jigsaw's regions replace
  the boxes that most techniques take for granted, so there only those
  that read every region from the board are asked (``techniques.ANY_REGIONS``);
- ``explain`` may be given ``max_seconds``: once they are spent, no more
  technique is asked and the steps left are trial steps (``params["budget"]``
  is True), each decided by the exact solver in milliseconds. A hard
  puzzle's explanation thus ends in time, and still ends solved.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager

from .marks import Marks, digits_of
from .rules import Rules
from .search import Budget
from .solve import Status, solve
from .steps import Pattern, Step
from .techniques import ANY_REGIONS, TECHNIQUES, UNIQUENESS, Finder
from .techniques import TRIAL as TRIAL_ROW

TRIAL = TRIAL_ROW.id
# Each trial's exact solve; a trial that runs out of it ends the explanation.
TRIAL_BUDGET = Budget(max_seconds=0.5)


def next_step(
    marks: Marks, techniques: Mapping[str, Finder] = TECHNIQUES, unique: bool = False
) -> Step | None:
    """The first instance of the simplest technique that finds one, else a trial
    step; None when the board is solved or a trial could not be decided.
    Uniqueness techniques are asked only if ``unique`` (the puzzle is proved
    to have one solution)."""
    for finder in allowed(techniques, unique, marks.rules).values():
        for step in finder(marks):
            return step
    return trial_step(marks)


def explain(
    marks: Marks,
    techniques: Mapping[str, Finder] = TECHNIQUES,
    max_steps: int = 1_000,
    max_seconds: float | None = None,
    unique: bool = False,
) -> list[Step]:
    """The steps that solve ``marks`` (which they change), at most ``max_steps``;
    fewer when a trial cannot be decided within its budget. After ``max_seconds``
    (None: no limit) the steps left are trial steps marked ``budget``."""
    deadline = None if max_seconds is None else time.perf_counter() + max_seconds
    steps: list[Step] = []
    with collector_paused():
        while not marks.solved() and len(steps) < max_steps:
            if deadline is not None and time.perf_counter() > deadline:
                step = trial_step(marks, budget=True)
            else:
                step = next_step(marks, techniques, unique)
            if step is None:
                break
            step.apply(marks)
            steps.append(step)
    return steps


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector off for the block, then on again if
    it was. A walk makes millions of small objects and almost no cycles
    (``techniques.unions`` says why), all freed as they go, yet the
    collector's passes over them took a tenth of its time; the pause lasts
    one walk, which ``max_seconds`` bounds. The switch is the process's:
    another thread's walk may end it early, which costs only speed."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def allowed(
    techniques: Mapping[str, Finder], unique: bool, rules: Rules | None = None
) -> Mapping[str, Finder]:
    """``techniques`` without the uniqueness ones unless ``unique``, and always
    without them under a variant's ``rules``: a unique rectangle's deadly
    pattern is a swap of two digits that a diagonal or a pair rule may
    forbid. With jigsaw regions, only ``ANY_REGIONS``'s."""
    variant = rules is not None and not rules.is_classic
    if unique and not variant:
        return techniques
    kept = {name: finder for name, finder in techniques.items() if name not in UNIQUENESS}
    if variant and rules.jigsaw:
        kept = {name: finder for name, finder in kept.items() if name in ANY_REGIONS}
    return kept


def out_of_time(steps: Sequence[Step]) -> bool:
    """True if a walk's logic ran out of time: it ends in trial steps taken for
    want of time (``params["budget"]``), not for want of a technique."""
    return any(step.technique == TRIAL and step.params.get("budget") for step in steps)


def trial_step(marks: Marks, budget: bool = False) -> Step | None:
    """Try the smallest candidate of the first open cell with the fewest: eliminate
    it if the placed digits and it have no solution, else place it (a solution
    has it). None if the board is solved, or the solver ran out of budget.
    ``budget`` marks a trial taken because the teacher's time ran out."""
    open_cells = [cell for cell, digit in enumerate(marks.digits) if not digit]
    if not open_cells:
        return None
    cell = min(open_cells, key=lambda c: marks.candidates[c].bit_count())
    digits = digits_of(marks.candidates[cell])
    if not digits:
        return None  # a cell with no candidate: the marks themselves are broken
    digit = digits[0]
    tried = list(marks.digits)
    tried[cell] = digit
    result = solve(tuple(tried), marks.shape, budget=TRIAL_BUDGET, limit=1, rules=marks.rules)
    pattern = Pattern(cells=(cell,), digits=(digit,))
    if result.status is Status.NONE:
        params = {
            "cell": cell,
            "digit": digit,
            "outcome": "contradiction",
            "budget": budget,
            **contradiction(marks, cell, digit),
        }
        return Step(
            TRIAL, eliminations=((cell, digit),), pattern=pattern, message=TRIAL, params=params
        )
    if result.status is Status.SOLVED:
        params = {
            "cell": cell,
            "digit": digit,
            "outcome": "solution",
            "solution": result.solution,
            "budget": budget,
        }
        return Step(
            TRIAL, placements=((cell, digit),), pattern=pattern, message=TRIAL, params=params
        )
    return None


def contradiction(marks: Marks, cell: int, digit: int) -> dict[str, object]:
    """Where placing ``digit`` in ``cell`` breaks the board, when singles alone
    show it: ``{"singles": n, "empty_cell": c}`` (after n singles, cell c has no
    candidate left) or ``{"singles": n, "unit": (kind, number), "missing": d}``
    (unit has no place left for d); ``{}`` when singles stop short of one (the
    search proved it further on)."""
    board = marks.copy()
    board.place(cell, digit)
    for singles in range(board.shape.cells):
        broken = _broken(board)
        if broken:
            return {"singles": singles, **broken}
        single = _single(board)
        if single is None:
            return {}
        board.place(*single)
    return {}


def _broken(board: Marks) -> dict[str, object]:
    """An open cell with no candidate, or a unit with no place for a digit it
    lacks; {} if none."""
    for cell, digit in enumerate(board.digits):
        if not digit and not board.candidates[cell]:
            return {"empty_cell": cell}
    for unit in board.shape.units:
        placed = {board.digits[cell] for cell in unit.cells}
        for digit in range(1, board.shape.size + 1):
            if digit not in placed and not board.places(unit, digit):
                return {"unit": (unit.kind, unit.number), "missing": digit}
    return {}


def _single(board: Marks) -> tuple[int, int] | None:
    """A naked single's (cell, digit), else a hidden single's, else None."""
    for cell, mask in enumerate(board.candidates):
        if mask and not mask & (mask - 1):
            return cell, mask.bit_length()
    for unit in board.shape.units:
        for digit in range(1, board.shape.size + 1):
            places = board.places(unit, digit)
            if len(places) == 1:
                return places[0], digit
    return None
