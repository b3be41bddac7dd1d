"""Where a puzzle breaks: the singles that lead from its givens to a contradiction.

A puzzle with no solution breaks somewhere. When singles (naked and hidden,
placed one at a time from the givens, as a person would) reach an open cell
with no candidate left, or a unit with no place left for a digit it lacks,
that is a reason a person can check by hand. ``find_contradiction`` returns
it with only the singles it needs, in the order they were placed: a walk
places whatever single it finds first, and most of them have nothing to do
with the contradiction (``_needed`` keeps the others). When singles stall
first, the puzzle breaks deeper, only the search proves it, and there is no
short reason to give: None.

The walk is bounded: each single fills a cell, so it ends within the board's
open cells, and ``MAX_SINGLES`` caps it anyway. After a single only the
placed cell's peers can have lost their last candidate, so only they are
looked at; every unit's places are, one mask per unit.
"""

from __future__ import annotations

from dataclasses import dataclass

from .board import Grid, Shape, Unit, shape_of_grid
from .marks import Marks
from .steps import Step
from .techniques.singles import find_hidden_single, find_naked_single

# Singles a walk may place before it gives up on a short reason: a 9x9 board
# never gets there (it has 81 cells). The 25x25 puzzle of the tests is solved
# by 281 singles in 0.09 s, and none of it broken by one changed given took
# more than 0.2 s to explain (measured 2 Dec 2026, on a loaded 2-core machine).
MAX_SINGLES = 300


@dataclass(frozen=True)
class Contradiction:
    """Why a puzzle has no solution: after ``singles`` (naked- and
    hidden-single steps, in order, each needed), either ``cell`` is open with
    no candidate left, or ``unit`` has no place left for ``digit``."""

    singles: tuple[Step, ...]
    cell: int | None = None
    unit: Unit | None = None
    digit: int | None = None


def find_contradiction(
    puzzle: Grid, board: Shape | None = None, max_singles: int = MAX_SINGLES
) -> Contradiction | None:
    """The contradiction singles reach from ``puzzle``'s givens, with the
    singles it needs; None when singles stall (or pass ``max_singles``)
    before one, or solve the board. The board defaults to the puzzle's
    usual one (ValueError for no supported size)."""
    board = board or shape_of_grid(puzzle)
    marks = Marks.from_grid(puzzle, board)
    placed: list[Step] = []
    broken = _broken(marks, range(board.cells))
    while broken is None:
        step = _next_single(marks) if len(placed) < max_singles else None
        if step is None:
            return None
        step.apply(marks)
        placed.append(step)
        broken = _broken(marks, board.peers[step.placements[0][0]])
    cell, unit, digit = broken
    needed = _needed(marks, placed, cell, unit, digit)
    return Contradiction(tuple(placed[k] for k in sorted(needed)), cell, unit, digit)


Break = tuple[int | None, Unit | None, int | None]  # (cell) or (unit, digit), the other None


def _broken(marks: Marks, cells) -> Break | None:
    """The first of ``cells`` left open with no candidate, else the first unit
    (rows, columns, boxes) with no place for a digit it lacks; else None."""
    for cell in cells:
        if not marks.digits[cell] and not marks.candidates[cell]:
            return cell, None, None
    full = (1 << marks.shape.size) - 1
    for unit in marks.shape.units:
        covered = 0
        for cell in unit.cells:
            digit = marks.digits[cell]
            covered |= (1 << (digit - 1)) if digit else marks.candidates[cell]
        lacking = full & ~covered
        if lacking:
            return None, unit, (lacking & -lacking).bit_length()
    return None


def _next_single(marks: Marks) -> Step | None:
    """The first naked single, else the first hidden single; None if neither."""
    for finder in (find_naked_single, find_hidden_single):
        for step in finder(marks):
            return step
    return None


def _needed(
    marks: Marks, placed: list[Step], cell: int | None, unit: Unit | None, digit: int | None
) -> set[int]:
    """The indices in ``placed`` of the singles the break needs, and those
    they need in turn. ``marks`` is the board after them all.

    The board's candidates are the rules' only (no elimination is made), so
    an open cell lacks a digit because a peer holds it, and a cell of a unit
    is no place for a digit because of such a peer or because it is filled:
    the earliest such peer, or the single that filled the cell, is what a
    step or the break needs.
    """
    filled_at = {step.placements[0][0]: k for k, step in enumerate(placed)}
    reasons = _Reasons(marks, filled_at)
    end = len(placed)
    if cell is not None:
        todo = reasons.cell_empty(cell, 0, end)
    else:
        todo = reasons.no_place(unit, digit, end)
    needed: set[int] = set()
    while todo:
        k = todo.pop()
        if k in needed:
            continue
        needed.add(k)
        step = placed[k]
        ((at, single),) = step.placements
        if step.technique == "naked-single":
            todo |= reasons.cell_empty(at, 1 << (single - 1), k)
        else:
            home = step.pattern.units[0]
            todo |= reasons.no_place(home, single, k, besides=at)
    return needed


class _Reasons:
    """Which singles (by index) explain a missing candidate, on the board
    ``marks`` ended on; ``filled_at`` is the index of the single that filled
    each cell (givens are in no single: they need no reason)."""

    def __init__(self, marks: Marks, filled_at: dict[int, int]):
        self.marks, self.filled_at = marks, filled_at

    def holder(self, cell: int, digit: int, before: int) -> set[int]:
        """The single that put ``digit`` in a peer of ``cell`` first, before
        single ``before``; nothing when a given holds it."""
        digits, peers = self.marks.digits, self.marks.shape.peers[cell]
        times = [self.filled_at.get(p, -1) for p in peers if digits[p] == digit]
        first = min(t for t in times if t < before)
        return set() if first < 0 else {first}

    def cell_empty(self, cell: int, kept: int, before: int) -> set[int]:
        """Why ``cell`` holds no candidate but those in the mask ``kept``,
        before single ``before``."""
        found: set[int] = set()
        for digit in range(1, self.marks.shape.size + 1):
            if not kept >> (digit - 1) & 1:
                found |= self.holder(cell, digit, before)
        return found

    def no_place(self, unit: Unit, digit: int, before: int, besides: int = -1) -> set[int]:
        """Why no cell of ``unit`` (but ``besides``) has a place for ``digit``,
        before single ``before``: filled, or a peer holding it."""
        found: set[int] = set()
        for cell in unit.cells:
            if cell == besides:
                continue
            filled = self.filled_at.get(cell, -1 if self.marks.digits[cell] else before)
            if filled < before:
                found |= {filled} if filled >= 0 else set()
            else:
                found |= self.holder(cell, digit, before)
        return found
