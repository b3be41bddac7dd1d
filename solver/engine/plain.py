"""Plain propagation: the rules of ``propagation``, written for clarity.

A board here is a list of candidate sets, one per cell: ``candidates[cell]``
holds the digits still possible there. Each rule reads a board and returns
the candidates it removes, as (cell, digit) pairs, looking at one unit (or
one cell and its peers) at a time, so each can be checked by eye against
its definition:

- naked single: a cell with one candidate left holds that digit, so no peer
  can hold it;
- hidden single: a digit with one possible cell left in a unit goes there,
  so that cell loses its other candidates;
- pointing: a digit that a box can hold only in one row (or one column) is
  removed from the rest of that row (or column);
- claiming: a digit that a row or column can hold only in one box is removed
  from the rest of that box.

``propagate`` applies them until none removes more. It is slow, and it is
the twin that the fast ``propagation.propagate`` (the whole board as one
integer) is tested against, board for board.

Why the two must end on the same board although they apply the rules in
different orders, and all of one rule's finds at once or not: every rule
only removes candidates, and what it leaves of a board with fewer
candidates is never more than what it leaves of this one, if a
contradiction counts as a board with no candidates at all. Rules of that
kind have one largest board, below the start, that none of them changes,
and applying them in any order until none changes anything reaches it
(chaotic iteration); a contradiction on the way makes that board none.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from .board import Grid, Shape, Unit, UnitKind

Candidates = list[set[int]]  # the digits still possible in each cell
Removal = tuple[int, int]  # (cell, digit): a candidate a rule removes
Rule = Callable[[Candidates, Shape], set[Removal]]

_POSITION: dict[UnitKind, int] = {"row": 0, "column": 1, "box": 2}  # in ``Shape.units_of``


def candidates_of(grid: Grid, shape: Shape) -> Candidates:
    """Each cell's candidates before any deduction: a given's cell holds only it."""
    return [{digit} if digit else set(range(1, shape.size + 1)) for digit in grid]


def naked_singles(candidates: Candidates, shape: Shape) -> set[Removal]:
    """The digit of each cell with one candidate left, from every peer holding it."""
    removed: set[Removal] = set()
    for cell, digits in enumerate(candidates):
        if len(digits) == 1:
            (digit,) = digits
            removed |= {(peer, digit) for peer in shape.peers[cell] if digit in candidates[peer]}
    return removed


def hidden_singles(candidates: Candidates, shape: Shape) -> set[Removal]:
    """The other candidates of each cell that is a digit's only place in a unit."""
    removed: set[Removal] = set()
    for unit in shape.units:
        for digit, places in _places(candidates, unit.cells).items():
            if len(places) == 1:
                (cell,) = places
                removed |= {(cell, other) for other in candidates[cell] if other != digit}
    return removed


def pointing(candidates: Candidates, shape: Shape) -> set[Removal]:
    """A digit from the rest of the row or column it is locked into by a box."""
    return _locked(candidates, shape, "box", "row") | _locked(candidates, shape, "box", "column")


def claiming(candidates: Candidates, shape: Shape) -> set[Removal]:
    """A digit from the rest of the box it is locked into by a row or column."""
    return _locked(candidates, shape, "row", "box") | _locked(candidates, shape, "column", "box")


def _locked(
    candidates: Candidates, shape: Shape, keeper: UnitKind, loser: UnitKind
) -> set[Removal]:
    """For each unit of kind ``keeper`` whose places for a digit all lie in one
    unit of kind ``loser``: that digit, from the loser's cells outside the keeper."""
    removed: set[Removal] = set()
    for unit in _units(shape, keeper):
        for digit, places in _places(candidates, unit.cells).items():
            losers = {shape.units_of[cell][_POSITION[loser]] for cell in places}
            if len(losers) == 1:
                (other,) = losers
                removed |= {
                    (cell, digit)
                    for cell in other.cells
                    if cell not in unit.cells and digit in candidates[cell]
                }
    return removed


RULES: tuple[Rule, ...] = (naked_singles, hidden_singles, pointing, claiming)


def propagate(
    candidates: Candidates, shape: Shape, rules: Iterable[Rule] = RULES
) -> Candidates | None:
    """A new board: ``candidates`` once ``rules`` have been applied until none removes more.

    Each round applies the first rule that removes anything, all its removals
    at once. None on a contradiction (see ``broken``).
    """
    rules = tuple(rules)
    board = [set(digits) for digits in candidates]
    while removed := next((found for rule in rules if (found := rule(board, shape))), None):
        for cell, digit in removed:
            board[cell].discard(digit)
    # Rules only remove candidates, so a contradiction met on the way is
    # still there at the end.
    return None if broken(board, shape) else board


def broken(candidates: Candidates, shape: Shape) -> bool:
    """True if a cell has no candidate left, or a digit no place left in a unit."""
    digits = set(range(1, shape.size + 1))
    return not all(candidates) or any(
        set().union(*(candidates[cell] for cell in unit.cells)) != digits for unit in shape.units
    )


def _places(candidates: Candidates, cells: tuple[int, ...]) -> dict[int, list[int]]:
    """Each digit that some of ``cells`` can still hold, and those cells."""
    places: dict[int, list[int]] = {}
    for cell in cells:
        for digit in candidates[cell]:
            places.setdefault(digit, []).append(cell)
    return places


def _units(shape: Shape, kind: UnitKind) -> list[Unit]:
    """The units of one kind."""
    return [unit for unit in shape.units if unit.kind == kind]
