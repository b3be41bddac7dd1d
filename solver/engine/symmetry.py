"""Symmetry: the same puzzle written another way.

Some changes to a grid keep every rule true, so they turn a puzzle into an
equivalent one, with the same number of solutions, each changed the same
way. For boxes of r x c:

- relabelling the digits (any permutation of 1..N);
- permuting the rows inside a band (the r rows that cross the same boxes),
  and the bands among themselves; likewise the columns inside a stack (c
  columns) and the stacks;
- transposing the board, when boxes are square (r == c), since otherwise
  rows of boxes would become columns of a different box shape.

A ``Transform`` is one such change: a permutation of the cells and one of
the digits. The search uses random transforms to restart on the same puzzle
written differently (see ``search``), and the tail benchmark uses them to
build equivalent copies of its puzzles.
"""

from __future__ import annotations

from dataclasses import dataclass
from random import Random

from .board import Grid, Shape


@dataclass(frozen=True)
class Transform:
    """A change of a grid of one shape that keeps the rules.

    Cell ``i`` of the changed grid holds what cell ``cells[i]`` of the
    original held, relabelled by ``digits`` (``digits[d]`` for digit ``d``;
    ``digits[0]`` is 0, so empty cells stay empty).
    """

    cells: tuple[int, ...]
    digits: tuple[int, ...]

    def apply(self, grid: Grid) -> Grid:
        """The grid written this way."""
        digits = self.digits
        return tuple(digits[grid[source]] for source in self.cells)

    def undo(self, grid: Grid) -> Grid:
        """The original of a grid written this way: ``undo(apply(g)) == g``."""
        back = [0] * len(self.digits)
        for digit, image in enumerate(self.digits):
            back[image] = digit
        original = [0] * len(grid)
        for target, source in enumerate(self.cells):
            original[source] = back[grid[target]]
        return tuple(original)


def identity(shape: Shape) -> Transform:
    """The transform that changes nothing."""
    return Transform(tuple(range(shape.cells)), tuple(range(shape.size + 1)))


def random_transform(shape: Shape, rng: Random) -> Transform:
    """A transform drawn from ``rng``: every symmetry above picked at random."""
    rows = _lines(shape.box_rows, shape.size // shape.box_rows, rng)
    columns = _lines(shape.box_cols, shape.size // shape.box_cols, rng)
    transpose = shape.box_rows == shape.box_cols and rng.random() < 0.5
    return compose(shape, rows, columns, _relabelling(shape.size, rng), transpose)


def compose(
    shape: Shape,
    rows: list[int],
    columns: list[int],
    digits: list[int],
    transpose: bool = False,
) -> Transform:
    """The transform whose row ``i`` is the original's row ``rows[i]`` (likewise
    columns), digits relabelled by ``digits`` (``digits[d - 1]`` is d's new label),
    and then transposed if asked.

    The result keeps the rules only when rows stay within their bands, columns
    within their stacks, and boxes are square if transposed; ``random_transform``
    builds only such lists.
    """
    n = shape.size
    cells = [rows[r] * n + columns[c] for r in range(n) for c in range(n)]
    if transpose:
        cells = [cells[c * n + r] for r in range(n) for c in range(n)]
    return Transform(tuple(cells), (0, *digits))


def _lines(per_group: int, groups: int, rng: Random) -> list[int]:
    """A random order of ``per_group * groups`` lines that keeps each group
    (band or stack) together: the groups shuffled, and the lines inside each."""
    order = list(range(groups))
    rng.shuffle(order)
    lines = []
    for group in order:
        inside = list(range(group * per_group, (group + 1) * per_group))
        rng.shuffle(inside)
        lines.extend(inside)
    return lines


def _relabelling(size: int, rng: Random) -> list[int]:
    """A random permutation of the digits 1..size, as new labels for 1..size."""
    labels = list(range(1, size + 1))
    rng.shuffle(labels)
    return labels


def canonical(grid: Grid, shape: Shape) -> Grid:
    """The one writing of ``grid`` that every equivalent grid shares: two grids
    of a shape are equivalent (one is a transform of the other, as above) if and
    only if their canonical writings are equal. (Interface fixed by the lead.)"""
    raise NotImplementedError
