"""The baseline: a Norvig-style solver, kept as the yardstick for the benchmark.

Written here from the algorithm of Peter Norvig's essay "Solving Every Sudoku
Puzzle" (norvig.com/sudoku.html), and faithful to it on purpose: the same data
structures, the same two rules, the same search order, nothing cleverer. Its
speed should therefore match Norvig's own program on the same machine, so
``python -m bench.engine`` can say how the engine compares with a well-known
solver while the engine changes. It is not the site's solver; 9x9 only.

Glossary, in the engine's words (``solver.engine.board``), with one
difference of representation:

- cell: an index from 0 to 80, row by row from the top left.
- unit: a row, column or box, as a tuple of 9 cells.
- peers: the 20 other cells sharing a unit with a cell.
- candidates: a dict of cell -> string of the digits still possible there
  (Norvig's ``values``), not the engine's bitmasks.

It recurses, as Norvig's does: ``search`` one level per guess (so at most 81
deep) and ``eliminate`` / ``assign`` along each chain of eliminations. On the
shared puzzle sets the deepest stack seen was under 250 frames, well inside
Python's default limit of 1000; the engine keeps an explicit stack instead.

Two details differ from Norvig's program without changing what is found:
cells are ints rather than names like ``"A1"``, and peers are tuples rather
than sets, so the order of propagation does not depend on Python's string
hashing. Measured against a Python 3 port of his program on the development
machine, it found the same solutions 5-25% faster (least on ``top1465``), so
ratios against it understate the engine's lead over his program by that much.

Roads not taken: bitmasks, an explicit stack, or any rule beyond the two
below would make this faster and so no longer a fixed yardstick.
"""

from __future__ import annotations

DIGITS = "123456789"
BLANKS = ".0"
CELLS = range(81)

Candidates = dict[int, str]


def _units() -> tuple[tuple[int, ...], ...]:
    """The 27 units: 9 rows, 9 columns, 9 boxes."""
    rows = [tuple(range(9 * r, 9 * r + 9)) for r in range(9)]
    columns = [tuple(range(c, 81, 9)) for c in range(9)]
    boxes = [
        tuple(9 * (br + r) + bc + c for r in range(3) for c in range(3))
        for br in (0, 3, 6)
        for bc in (0, 3, 6)
    ]
    return tuple(rows + columns + boxes)


# The geometry, computed once at import.
UNITS = _units()
UNITS_OF = {cell: tuple(unit for unit in UNITS if cell in unit) for cell in CELLS}
PEERS = {
    cell: tuple(sorted({peer for unit in UNITS_OF[cell] for peer in unit} - {cell}))
    for cell in CELLS
}


def solve_first(text: str) -> str | None:
    """The first solution of a puzzle, as 81 digits; None if it has no solution.

    ``text`` is one puzzle line: 81 characters, ``1``-``9`` for givens and
    ``.`` or ``0`` for empty cells; anything else raises ValueError. Givens
    that break the rules mean no solution. The solution found first is
    returned, whether or not the puzzle has others.
    """
    solution = search(parse(text))
    if solution is None:
        return None
    return "".join(solution[cell] for cell in CELLS)


def parse(text: str) -> Candidates | None:
    """The candidates once every given is assigned; None if the givens contradict.

    Raises ValueError unless ``text`` is 81 digits, dots or zeros.
    """
    if len(text) != 81 or any(symbol not in DIGITS + BLANKS for symbol in text):
        raise ValueError("a puzzle is 81 characters: 1-9 for givens, '.' or '0' for empty cells")
    candidates = dict.fromkeys(CELLS, DIGITS)
    for cell, symbol in enumerate(text):
        if symbol in DIGITS and not assign(candidates, cell, symbol):
            return None
    return candidates


def assign(candidates: Candidates, cell: int, digit: str) -> Candidates | None:
    """Put ``digit`` in ``cell`` by eliminating every other candidate there.

    Changes ``candidates`` in place and returns it, or returns None on a
    contradiction (``candidates`` is then half-changed and must be dropped).
    """
    others = candidates[cell].replace(digit, "")
    if all(eliminate(candidates, cell, other) for other in others):
        return candidates
    return None


def eliminate(candidates: Candidates, cell: int, digit: str) -> Candidates | None:
    """Remove ``digit`` from the candidates of ``cell`` and apply both rules.

    Rule 1: a cell left with one digit removes it from its peers. Rule 2: a
    unit left with one place for ``digit`` puts it there. Returns
    ``candidates`` (changed in place), or None on a contradiction: a cell with
    no candidate, or a unit with no place for ``digit``.
    """
    if digit not in candidates[cell]:
        return candidates  # already gone: nothing new to propagate
    remaining = candidates[cell] = candidates[cell].replace(digit, "")
    if not remaining:
        return None
    if len(remaining) == 1 and not all(
        eliminate(candidates, peer, remaining) for peer in PEERS[cell]
    ):
        return None
    for unit in UNITS_OF[cell]:
        places = [other for other in unit if digit in candidates[other]]
        if not places:
            return None
        if len(places) == 1 and not assign(candidates, places[0], digit):
            return None
    return candidates


def search(candidates: Candidates | None) -> Candidates | None:
    """The first solution reachable from ``candidates``, or None if there is none.

    Depth first: the unsettled cell with the fewest candidates (the first such
    cell, row by row), its digits in increasing order, each tried on a copy.
    Recursive, one level per guess (see the module's docstring on depth).
    """
    if candidates is None:
        return None
    if all(len(candidates[cell]) == 1 for cell in CELLS):
        return candidates
    _, cell = min((len(candidates[cell]), cell) for cell in CELLS if len(candidates[cell]) > 1)
    for digit in candidates[cell]:
        solution = search(assign(candidates.copy(), cell, digit))
        if solution is not None:
            return solution
    return None
