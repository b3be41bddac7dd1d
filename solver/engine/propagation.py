"""Constraint propagation: the deductions made before (and between) guesses.

A board under deduction is a list of candidates bitmasks, one per cell (see
the glossary in ``board``). Two rules are applied until neither finds more:

- naked single: a cell with one candidate left holds that digit, so no peer
  can hold it;
- hidden single: a digit with one possible cell left in a unit goes there.

Every function here mutates the list it is given and returns False on a
contradiction (a cell with no candidates, or a digit with no place in a
unit); the list is then meaningless and must be thrown away.
"""

from __future__ import annotations

from .board import Grid, Shape


def initial_candidates(grid: Grid, shape: Shape) -> list[int] | None:
    """The candidates left once the givens are placed and propagated.

    None if the givens already contradict each other.
    """
    candidates = [shape.all_candidates] * shape.cells
    for cell, digit in enumerate(grid):
        if digit and not place(candidates, cell, 1 << (digit - 1), shape):
            return None
    return candidates if propagate(candidates, shape) else None


def place(candidates: list[int], cell: int, bit: int, shape: Shape) -> bool:
    """Put the digit ``bit`` in ``cell`` and follow the naked singles it makes.

    A worklist instead of recursion: each cell that becomes single is queued,
    and its digit is removed from its peers in turn.
    """
    if not candidates[cell] & bit:
        return False
    candidates[cell] = bit
    peers = shape.peers
    todo = [cell]
    while todo:
        settled = todo.pop()
        digit = candidates[settled]
        for peer in peers[settled]:
            left = candidates[peer]
            if left & digit:
                left ^= digit
                if not left:
                    return False
                candidates[peer] = left
                if not left & (left - 1):
                    todo.append(peer)
    return True


def propagate(candidates: list[int], shape: Shape) -> bool:
    """Apply hidden singles (and the naked singles they cause) until none is left."""
    while True:
        found = _hidden_singles(candidates, shape)
        if found is None:
            return False
        if not found:
            return True


def _hidden_singles(candidates: list[int], shape: Shape) -> int | None:
    """Place every hidden single found in one pass over the units.

    Returns how many were placed, or None on a contradiction.
    """
    everything = shape.all_candidates
    placed = 0
    for unit in shape.units:
        cells = unit.cells
        once = twice = settled = 0
        for cell in cells:
            mask = candidates[cell]
            twice |= once & mask
            once |= mask
            if not mask & (mask - 1):
                settled |= mask
        if once != everything:
            return None
        lonely = once & ~twice & ~settled
        while lonely:
            bit = lonely & -lonely
            lonely ^= bit
            # An earlier placement in this pass may have taken the digit's
            # only cell (two lonely digits in one cell): a contradiction.
            cell = next((c for c in cells if candidates[c] & bit), None)
            if cell is None or not place(candidates, cell, bit, shape):
                return None
            placed += 1
    return placed
