"""The rules: a puzzle is a board plus a rule set.

Classic Sudoku is the rule set with nothing but rows, columns and boxes. A
``Rules`` adds kinds to it (``kinds``: jigsaw regions in the boxes' place,
diagonals, windows, disjoint groups, extra regions, anti-knight, anti-king,
non-consecutive). From a rule set come its ``geometry`` (a ``Shape`` whose
units and peers include every region and every cell a rule makes a peer),
its ``key`` (the short text written in every memo, cache key and link that
names a puzzle), and the rewrites it ``keeps``.

``find_conflicts`` names the givens that break a rule, one check per
family: two equal digits in a region, two cells breaking a pair rule.
``is_valid_solution`` is the oracle that every solver is checked against.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property
from itertools import combinations

from ..board import SYMBOLS, Grid, Shape, Unit, box_shape, shape, shape_for_cells, shape_of_grid
from ..problems import InvalidPuzzle, Problem, gettext_noop
from . import cages, kinds
from .kinds import ALL_REWRITES, Board, Kind

_TEMPLATES = {
    "row": gettext_noop("Two %(digit)ss in row %(row)s (columns %(first)s and %(second)s)."),
    "column": gettext_noop("Two %(digit)ss in column %(column)s (rows %(first)s and %(second)s)."),
    "box": gettext_noop(
        "Two %(digit)ss in box %(box)s (row %(row1)s, column %(col1)s and "
        "row %(row2)s, column %(col2)s)."
    ),
    "jigsaw": gettext_noop(
        "Two %(digit)ss in jigsaw region %(number)s (row %(row1)s, column %(col1)s and "
        "row %(row2)s, column %(col2)s)."
    ),
    "diagonal1": gettext_noop(
        "Two %(digit)ss on the main diagonal (row %(row1)s, column %(col1)s and "
        "row %(row2)s, column %(col2)s)."
    ),
    "diagonal2": gettext_noop(
        "Two %(digit)ss on the anti-diagonal (row %(row1)s, column %(col1)s and "
        "row %(row2)s, column %(col2)s)."
    ),
    "window": gettext_noop(
        "Two %(digit)ss in window %(number)s (row %(row1)s, column %(col1)s and "
        "row %(row2)s, column %(col2)s)."
    ),
    "disjoint": gettext_noop(
        "Two %(digit)ss in disjoint group %(number)s (row %(row1)s, column %(col1)s and "
        "row %(row2)s, column %(col2)s)."
    ),
    "extra": gettext_noop(
        "Two %(digit)ss in extra region %(number)s (row %(row1)s, column %(col1)s and "
        "row %(row2)s, column %(col2)s)."
    ),
    "cage": gettext_noop(
        "Two %(digit)ss in the cage at row %(row)s, column %(column)s (row %(row1)s, "
        "column %(col1)s and row %(row2)s, column %(col2)s)."
    ),
}


@dataclass(frozen=True)
class Rules:
    """A rule set: an N x N board's rows and columns, its boxes (or the jigsaw
    regions in their place), and ``kinds``, in ``kinds.ORDER``.

    Build one with ``rule_set`` (which checks that every kind fits the board);
    ``classic(size)`` is plain Sudoku.
    """

    size: int
    kinds: tuple[Kind, ...] = ()

    @property
    def is_classic(self) -> bool:
        """True for plain Sudoku: rows, columns and boxes only."""
        return not self.kinds

    @cached_property
    def board(self) -> Board:
        """The board the kinds are laid on: its size and usual box shape."""
        rows, cols = box_shape(self.size) or (1, self.size)
        return Board(self.size, rows, cols)

    @cached_property
    def key(self) -> str:
        """The rule set in the site's short text ("" for classic: see ``text``)."""
        from .text import write_rules

        return write_rules(self)

    @property
    def ids(self) -> list[str]:
        """One id per kind, as the API lists them; ``["classic"]`` for plain Sudoku."""
        found = list(dict.fromkeys(kind.id for kind in self.kinds))
        return found or ["classic"]

    @cached_property
    def keeps(self) -> frozenset[str]:
        """The rewrites of the board that keep every rule (``kinds.RELABEL`` ...)."""
        kept = ALL_REWRITES
        for kind in self.kinds:
            kept &= kind.keeps
        return kept

    @cached_property
    def jigsaw(self) -> kinds.Jigsaw | None:
        """The jigsaw regions, if they take the boxes' place."""
        return next((k for k in self.kinds if isinstance(k, kinds.Jigsaw)), None)

    @cached_property
    def geometry(self) -> Shape:
        """The board's shape with every region and peer of this rule set (the
        classic shape itself when there are no kinds)."""
        return _geometry(self)

    @cached_property
    def regions(self) -> tuple[Unit, ...]:
        """Every group of cells whose digits differ: rows, columns, boxes (or
        jigsaw regions), then each kind's regions in rule order, small ones
        (killer cages) too."""
        board = self.board
        classic_shape = shape(board.box_rows, board.box_cols)
        n = self.size
        lines = classic_shape.units[: 2 * n]
        boxes = self.jigsaw.units(board) if self.jigsaw else classic_shape.units[2 * n : 3 * n]
        extra = tuple(
            unit for kind in self.kinds if not kind.replaces_boxes for unit in kind.units(board)
        )
        return tuple(lines) + tuple(boxes) + extra

    @cached_property
    def pair_rules(self) -> tuple[Kind, ...]:
        """The kinds that relate pairs of cells (anti-knight ... non-consecutive)."""
        return tuple(k for k in self.kinds if k.conflict)

    @cached_property
    def sums(self) -> tuple[tuple[tuple[int, ...], int], ...]:
        """The groups of cells whose different digits sum to a number (killer
        cages with sums), as (cells, sum)."""
        return tuple(group for kind in self.kinds for group in kind.sums())

    @cached_property
    def house_sums(self) -> tuple[cages.HouseSum, ...]:
        """The sums the rule of 45 finds from the cages (``cages.house_sums``):
        innies and outies of each house, and of 2 or 3 side-by-side rows or columns."""
        if not self.sums:
            return ()
        units = [unit.cells for unit in self.geometry.units]
        areas = cages.areas_of(units, self.size)
        regions = [unit.cells for unit in self.regions]
        return tuple(cages.house_sums(units, areas, self.sums, regions, self.size))

    @cached_property
    def forbids_unequal(self) -> bool:
        """True if a kind forbids pairs of unequal digits, so that placing a
        digit ``removes`` more than equal digits from peers."""
        return any(kind.unequal for kind in self.kinds)

    def removes(self, cell: int, digit: int) -> list[tuple[int, int]]:
        """The (cell, digit) candidates that placing ``digit`` in ``cell`` rules
        out beyond equal digits in its peers (non-consecutive's neighbours)."""
        return [pair for kind in self.kinds for pair in kind.removes(self.board, cell, digit)]

    def __hash__(self) -> int:
        return hash((self.size, self.key))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Rules):
            return NotImplemented
        return (self.size, self.key) == (other.size, other.key)


@cache
def classic(size: int = 9) -> Rules:
    """Plain Sudoku on an N x N board."""
    return Rules(size)


def rule_set(size: int, chosen: list[Kind] | tuple[Kind, ...]) -> Rules:
    """The rule set of ``chosen`` kinds on an N x N board.

    Raises ``InvalidPuzzle`` naming each problem: a board of no supported
    size, a kind that does not fit it (windows without square boxes, a jigsaw
    map of the wrong shape, an extra region of one cell), disjoint groups with
    jigsaw regions (there are no boxes to be disjoint in).
    """
    if box_shape(size) is None:
        raise InvalidPuzzle(
            [
                Problem(
                    "rule_size",
                    gettext_noop("No supported board is %(size)sx%(size)s."),
                    {"size": size},
                )
            ]
        )
    ordered = tuple(sorted(_merged(chosen), key=lambda k: (kinds.ORDER.index(k.id), k.token)))
    rules = Rules(size, ordered)
    problems = [p for kind in ordered if (p := kind.fits(rules.board))]
    if rules.jigsaw and any(isinstance(k, (kinds.Disjoint, kinds.Windoku)) for k in ordered):
        problems.append(
            Problem(
                "rule_size",
                gettext_noop("Jigsaw regions replace the boxes, so %(rule)s cannot go with them."),
                {
                    "rule": "windoku"
                    if any(isinstance(k, kinds.Windoku) for k in ordered)
                    else "disjoint"
                },
            )
        )
    if problems:
        raise InvalidPuzzle(problems)
    return rules


def _merged(chosen) -> list[Kind]:
    """The kinds with duplicates dropped and every extra region in one kind."""
    seen: dict[str, Kind] = {}
    extra: list[tuple[int, ...]] = []
    caged: list[cages.Cage] = []
    for kind in chosen:
        if isinstance(kind, kinds.Extra):
            extra += [r for r in map(lambda r: tuple(sorted(r)), kind.regions) if r not in extra]
        elif isinstance(kind, cages.Killer):
            caged += [cages.Cage(tuple(sorted(c.cells)), c.total) for c in kind.cages]
        else:
            seen.setdefault(kind.token, kind)
    if extra:
        seen["extra"] = kinds.Extra(tuple(sorted(extra)))
    if caged:
        # The same cage written twice is one cage; cages are in order of their first cell.
        unique = dict.fromkeys(caged)
        seen["cage"] = cages.Killer(tuple(sorted(unique, key=lambda c: (c.cells, c.total or 0))))
    return list(seen.values())


def _geometry(rules: Rules) -> Shape:
    """The shape of a rule set: the classic one, or one with its regions and peers.

    Its units are the regions of N cells, which hold every digit: what the
    techniques and hidden singles need of a unit. A smaller region (a killer
    cage, a short extra region) need not hold a given digit, so it only adds
    peers; ``Rules.regions`` lists every region.
    """
    board = rules.board
    classic_shape = shape(board.box_rows, board.box_cols)
    if rules.is_classic:
        return classic_shape
    n = rules.size
    units = tuple(unit for unit in rules.regions if len(unit.cells) == n)
    units_of: list[list[Unit]] = [[] for _ in range(n * n)]
    for unit in units:
        for cell in unit.cells:
            units_of[cell].append(unit)
    peers: list[set[int]] = [set() for _ in range(n * n)]
    for unit in rules.regions:
        for cell in unit.cells:
            peers[cell].update(unit.cells)
    for cell in range(n * n):
        peers[cell].update(p for kind in rules.kinds for p in kind.sees(board, cell))
        peers[cell].discard(cell)
    return Shape(
        board.box_rows,
        board.box_cols,
        n,
        units,
        tuple(tuple(of) for of in units_of),
        tuple(tuple(sorted(seen)) for seen in peers),
        rules.key,
    )


def find_conflicts(
    grid: Grid, shape: Shape | None = None, rules: Rules | None = None
) -> list[Problem]:
    """Every pair of cells whose digits break a rule.

    Two equal digits in a shared unit are reported once, in the first unit
    they share (rows, columns, boxes or jigsaw regions, then the others in
    rule order); then each pair that breaks a pair rule, once per rule; then
    what a kind's own check finds (a cage's givens its sum cannot take). Every
    problem has the code ``conflict`` and the cells at fault; an empty list means
    none. Without ``rules``, the classic rules of the grid's size (or of
    ``shape``).
    """
    geometry = rules.geometry if rules else shape or shape_of_grid(grid)
    problems: list[Problem] = []
    reported: set[tuple[int, int]] = set()
    for unit in rules.regions if rules else geometry.units:
        for a, b in combinations(unit.cells, 2):
            if grid[a] and grid[a] == grid[b] and (a, b) not in reported:
                reported.add((a, b))
                problems.append(_conflict(unit, a, b, grid[a], geometry))
    for kind in rules.pair_rules if rules else ():
        for a, b in kind.pairs(rules.board):
            if (
                grid[a]
                and grid[b]
                and (a, b) not in reported
                and kind.breaks(rules.board, a, b, grid[a], grid[b])
            ):
                reported.add((a, b))
                problems.append(_pair_conflict(kind, a, b, grid, geometry))
    for kind in rules.kinds if rules else ():
        problems += kind.broken(rules.board, grid)
    return problems


def _conflict(unit: Unit, a: int, b: int, digit: int, shape: Shape) -> Problem:
    """The problem of ``digit`` standing in both cells ``a`` and ``b`` of ``unit``."""
    (row1, col1), (row2, col2) = shape.row_col(a), shape.row_col(b)
    params: dict[str, object] = {"digit": SYMBOLS[digit - 1], "rule": unit.kind}
    if unit.kind == "row":
        params.update(row=row1, first=col1, second=col2)
    elif unit.kind == "column":
        params.update(column=col1, first=row1, second=row2)
    elif unit.kind == "cage":
        row, column = shape.row_col(unit.cells[0])
        params.update(row=row, column=column, row1=row1, col1=col1, row2=row2, col2=col2)
    else:
        params.update(
            box=unit.number, number=unit.number, row1=row1, col1=col1, row2=row2, col2=col2
        )
    template = _TEMPLATES[f"diagonal{unit.number}" if unit.kind == "diagonal" else unit.kind]
    return Problem("conflict", template, params, (a, b))


def _pair_conflict(kind: Kind, a: int, b: int, grid: Grid, shape: Shape) -> Problem:
    """The problem of cells ``a`` and ``b`` breaking the pair rule ``kind``."""
    (row1, col1), (row2, col2) = shape.row_col(a), shape.row_col(b)
    params: dict[str, object] = {
        "digit": SYMBOLS[grid[a] - 1],
        "other": SYMBOLS[grid[b] - 1],
        "rule": kind.id,
        "row1": row1,
        "col1": col1,
        "row2": row2,
        "col2": col2,
    }
    return Problem("conflict", kind.conflict, params, (a, b))


def is_valid_solution(
    puzzle: Grid, solution: Grid | None, shape: Shape | None = None, rules: Rules | None = None
) -> bool:
    """True if ``solution`` is complete, obeys every rule and keeps every given.

    Without ``rules``, the classic rules for the puzzle's size (or of
    ``shape``); a grid of no supported size is no solution.
    """
    geometry = rules.geometry if rules else shape or shape_for_cells(len(puzzle))
    if solution is None or geometry is None:
        return False
    digits = set(range(1, geometry.size + 1))
    return (
        len(puzzle) == len(solution) == geometry.cells
        and all(given in (0, digit) for given, digit in zip(puzzle, solution, strict=True))
        and all(d in digits for d in solution)
        and all(
            len({solution[c] for c in unit.cells}) == len(unit.cells)
            for unit in (rules.regions if rules else geometry.units)
        )
        and not (rules and find_conflicts(solution, rules=rules))
    )


__all__ = [
    "Rules",
    "classic",
    "find_conflicts",
    "is_valid_solution",
    "rule_set",
]
