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

``canonical`` picks, among all the writings of a grid, one that every
equivalent grid shares, so that the library finds an equivalent puzzle by
an index on it.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import permutations, product
from operator import itemgetter
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
    only if their canonical writings are equal. (Interface fixed by the lead.)

    The canonical writing is a transform of ``grid``: the one whose pattern of
    givens is largest (rows compared in order, each row read as a binary
    number with a given as 1 and the first column as its highest bit), and
    among those, whose digits, read row by row, are smallest once relabelled
    in order of first appearance. See "Canonical writings" below for the search.

    Bounds: the work grows with the number of column arrangements (of the
    grid and of its transpose) that give the best pattern: at most
    2 x (c!)^r x r! for boxes of r x c (2,592 on 9x9), usually a few.
    Measured on 9x9 in CPU time (``bench.canonical``, and the symmetric
    grids of tests/engine/test_symmetry.py): puzzles of the shared sets about
    1 ms (median; p95 1.6 ms, the slowest 6 ms), solutions 5 ms
    (the slowest 8 ms; 22 ms for the pattern grid, which has the most
    symmetries), the empty grid 1 ms; the slowest grids found are nine givens
    on the diagonal, about 0.3 s, since every arrangement gives the best
    pattern and each must then be read for its digits. Larger boards: 16x16
    and 25x25 puzzles and random 16x16 solutions take a few to 30 ms, but a
    solution made from a pattern grid, with thousands of symmetries of its
    own, takes seconds (2.3 s for the 16x16 one of tests/support/puzzles.py, 12 s for
    the 25x25 one).
    """
    views = _views(grid, shape)
    if _latin(views, shape.size):
        return _least_full(views, shape)
    winners, pattern = _best_pattern(views, shape)
    return _best_digits(views, winners, pattern, shape)


# Canonical writings.
#
# The search looks at the grid through each view it may be written from (the
# grid, and its transpose when boxes are square) and chooses, for a view, a
# column arrangement (an order of the stacks, and of the columns inside each)
# and a row arrangement (likewise). Its key has two parts, compared in turn:
#
# 1. The pattern of givens, largest first. A walk down the rows of the
#    writing (``_PatternSearch``) tries each row that may come next (in the
#    band begun, or first in a band not yet used) and keeps those that can
#    read largest. It holds the column arrangements still possible as a set
#    (``_Columns``): a row reads largest when its givens come first in every
#    group of columns not yet told apart, and its stacks are ordered by what
#    they then read; so each row placed splits the groups, and after the last
#    row every arrangement left gives the same pattern.
# 2. The digits, smallest first, relabelled in order of first appearance:
#    for every column arrangement giving the best pattern, a walk down the
#    rows (``_DigitSearch``) tries the rows that can come next without
#    changing the pattern, keeps those whose relabelled digits are smallest,
#    and drops a branch as soon as it reads larger than the best writing
#    found so far.
#
# Equal rows, equal columns and equal stacks lead to the same writings, so
# each step tries only one of them.


@dataclass
class _View:
    """The grid's rows as the search reads them: the grid's own rows, or its
    columns when it is transposed."""

    rows: tuple[tuple[int, ...], ...]
    columns: tuple[tuple[int, ...], ...]
    givens: list[int]  # each row's givens, a bit per column (bit c for column c)


def _views(grid: Grid, shape: Shape) -> list[_View]:
    """The views of ``grid``: itself, and its transpose when boxes are square."""
    n = shape.size
    rows = tuple(tuple(grid[start : start + n]) for start in range(0, n * n, n))
    views = [_view(rows)]
    if shape.box_rows == shape.box_cols:
        views.append(_view(tuple(zip(*rows, strict=True))))
    return views


def _view(rows: tuple[tuple[int, ...], ...]) -> _View:
    """A view reading these rows."""
    givens = [sum(1 << c for c, digit in enumerate(row) if digit) for row in rows]
    return _View(rows, tuple(zip(*rows, strict=True)), givens)


@dataclass(frozen=True)
class _Columns:
    """A set of column arrangements: the stacks in the order of ``groups``, those
    of one group in any order; inside stack s, the cells ``cells[s]`` in order,
    the columns of one cell in any order."""

    groups: tuple[tuple[int, ...], ...]
    cells: tuple[tuple[tuple[int, ...], ...], ...]

    @classmethod
    def every(cls, size: int, width: int) -> _Columns:
        """Every arrangement of ``size`` columns in stacks ``width`` wide."""
        stacks = range(size // width)
        return cls(
            (tuple(stacks),), tuple((tuple(range(s * width, s * width + width)),) for s in stacks)
        )

    def first(self) -> list[int]:
        """One arrangement of the set: each group and cell as listed."""
        return [c for group in self.groups for s in group for cell in self.cells[s] for c in cell]

    def place(self, givens: int, width: int) -> tuple[int, _Columns]:
        """The largest that a row with ``givens`` (a bit per column) reads under
        these arrangements, as a binary number with the first column highest,
        and the arrangements that make it read so."""
        value, groups, cells = 0, [], list(self.cells)
        for group in self.groups:
            chunks: dict[int, list[int]] = {}
            for s in group:
                chunk, split = 0, []
                for cell in self.cells[s]:
                    inside = tuple(c for c in cell if givens >> c & 1)
                    outside = tuple(c for c in cell if not givens >> c & 1)
                    chunk = chunk << len(cell) | ((1 << len(inside)) - 1) << len(outside)
                    split += [part for part in (inside, outside) if part]
                cells[s] = tuple(split)
                chunks.setdefault(chunk, []).append(s)
            for chunk in sorted(chunks, reverse=True):
                for _ in chunks[chunk]:
                    value = value << width | chunk
                groups.append(tuple(chunks[chunk]))
        return value, _Columns(tuple(groups), tuple(cells))


class _PatternSearch:
    """The walk down the rows of the pattern's step: ``best`` holds the largest
    pattern found so far (each row's givens, as ``_Columns.place`` reads them)
    and ``found`` the (view, column arrangements) that give it."""

    def __init__(self, size: int, height: int, width: int):
        self.size, self.height, self.width = size, height, width
        self.best: list[int] | None = None
        self.found: dict[tuple[int, _Columns], None] = {}

    def run(self, v: int, view: _View):
        """Try every writing of view ``v``."""
        height = self.height
        self.v, self.givens = v, view.givens
        self.band_givens = [
            tuple(sorted(view.givens[b : b + height])) for b in range(0, self.size, height)
        ]
        self._walk([], (), _Columns.every(self.size, self.width))

    def _walk(self, pattern: list[int], taken: tuple[int, ...], columns: _Columns):
        i = len(pattern)
        if i == self.size:
            if self.best is None or pattern > self.best:
                self.best, self.found = list(pattern), {}
            if pattern == self.best:
                self.found[self.v, columns] = None
            return
        placed = [
            (*columns.place(self.givens[r], self.width), r) for r in self._next_rows(i, taken)
        ]
        top = max(value for value, _, _ in placed)
        if self.best is not None:
            pattern.append(top)
            worse = pattern < self.best[: i + 1]
            pattern.pop()
            if worse:
                return
        for value, refined, r in placed:
            if value == top:
                pattern.append(value)
                self._walk(pattern, (*taken, r), refined)
                pattern.pop()

    def _next_rows(self, i: int, taken: tuple[int, ...]) -> list[int]:
        """The rows that may come i-th, one of each kind: in the band begun, or
        first in a band not yet used; rows with the same givens (in bands with
        the same givens) lead to the same patterns."""
        height, givens = self.height, self.givens
        if i % height == 0:
            used = {r // height for r in taken}
            rows = [r for r in range(self.size) if r // height not in used]
        else:
            start = taken[-1] // height * height
            rows = [r for r in range(start, start + height) if r not in taken]
        seen, distinct = set(), []
        for r in rows:
            kind = (self.band_givens[r // height], givens[r])
            if kind not in seen:
                seen.add(kind)
                distinct.append(r)
        return distinct


def _band_patterns(masks: list[int], height: int) -> list[tuple[int, ...]]:
    """Each band's rows, sorted largest first."""
    return [
        tuple(sorted(masks[start : start + height], reverse=True))
        for start in range(0, len(masks), height)
    ]


def _best_pattern(views: list[_View], shape: Shape) -> tuple[list, list[int]]:
    """The largest pattern of givens, a number per row, and the (view, column
    arrangements) that give it."""
    search = _PatternSearch(shape.size, shape.box_rows, shape.box_cols)
    for v, view in enumerate(views):
        search.run(v, view)
    return list(search.found), search.best


def _arrangements(view: _View, columns: _Columns) -> Iterator[list[int]]:
    """Every column arrangement of the set, but one of those that only swap
    equal columns or equal stacks."""
    inside = []
    for cells in columns.cells:
        orders: dict[tuple, tuple[int, ...]] = {}
        for parts in product(*(permutations(cell) for cell in cells)):
            order = tuple(c for part in parts for c in part)
            orders.setdefault(tuple(view.columns[c] for c in order), order)
        inside.append(list(orders.values()))
    seen = set()
    for stack_orders in product(*(permutations(group) for group in columns.groups)):
        stacks = [s for order in stack_orders for s in order]
        for parts in product(*(inside[s] for s in stacks)):
            arrangement = [c for part in parts for c in part]
            written = tuple(view.columns[c] for c in arrangement)
            if written not in seen:
                seen.add(written)
                yield arrangement


def _best_digits(views: list[_View], found: list, target: list[int], shape: Shape) -> Grid:
    """The smallest relabelled writing over the column arrangements ``found``."""
    n, height = shape.size, shape.box_rows
    pattern = _band_patterns(target, height)
    search = _DigitSearch(n, height, target)
    for v, columns in found:
        view = views[v]
        first = columns.first()
        masks = [
            sum(1 << (n - 1 - j) for j, c in enumerate(first) if givens >> c & 1)
            for givens in view.givens
        ]
        bands = _band_patterns(masks, height)
        slots = [[b for b, band in enumerate(bands) if band == wanted] for wanted in pattern]
        for arrangement in _arrangements(view, columns):
            arrange = itemgetter(*arrangement)
            search.run(tuple(arrange(row) for row in view.rows), masks, slots)
    return tuple(digit for row in search.best for digit in row)


class _DigitSearch:
    """The walk down the rows of the digits' step; ``best`` holds the smallest
    writing found so far, as a list of rows."""

    def __init__(self, size: int, height: int, target: list[int]):
        self.size, self.height, self.target = size, height, target
        self.best: list[tuple[int, ...]] | None = None

    def run(self, rows: tuple[tuple[int, ...], ...], masks: list[int], slots: list[list[int]]):
        """Try every row arrangement of these arranged rows that keeps the best
        pattern (``slots[k]``: the bands that may come k-th)."""
        height = self.height
        order = self._forced(masks, slots)
        if order is not None:
            self._read(rows, order)
            return
        self.rows, self.masks, self.slots = rows, masks, slots
        # Equal rows, or bands holding equal rows, lead to the same writings: a
        # row is tried only if no equal one was tried in its place.
        self.band_rows = [tuple(sorted(rows[b : b + height])) for b in range(0, self.size, height)]
        self._walk([], (), [0] * (self.size + 1), 1)

    def _walk(self, path, taken, labels, fresh):
        i, height = len(path), self.height
        if i == self.size:
            if self.best is None or path < self.best:
                self.best = list(path)
            return
        want = self.target[i]
        if i % height == 0:
            used = {r // height for r in taken}
            rows = [
                r
                for b in self.slots[i // height]
                if b not in used
                for r in range(b * height, b * height + height)
                if self.masks[r] == want
            ]
        else:
            start = taken[-1] // height * height
            rows = [
                r for r in range(start, start + height) if r not in taken and self.masks[r] == want
            ]
        rows = self._distinct(rows, i % height == 0)
        written = [_relabel(self.rows[r], labels, fresh) for r in rows]
        least = min(w[0] for w in written)
        if self.best is not None:
            path.append(least)
            worse = path > self.best[: i + 1]
            path.pop()
            if worse:
                return
        for r, (row, new_labels, new_fresh) in zip(rows, written, strict=True):
            if row == least:
                path.append(row)
                self._walk(path, (*taken, r), new_labels, new_fresh)
                path.pop()

    def _forced(self, masks: list[int], slots: list[list[int]]) -> list[int] | None:
        """The one row order that keeps the best pattern, if there is only one
        (each band and each row of a band with givens of its own); else None."""
        height, order = self.height, []
        for slot in slots:
            if len(slot) != 1:
                return None
            band = range(slot[0] * height, slot[0] * height + height)
            if len({masks[r] for r in band}) < height:
                return None
            order += sorted(band, key=masks.__getitem__, reverse=True)
        return order

    def _read(self, rows: tuple[tuple[int, ...], ...], order: list[int]):
        """Read the rows in ``order``, relabelled, keeping them if smallest so far;
        stop as soon as they read larger than the best."""
        labels, fresh, best, written = [0] * (self.size + 1), 1, self.best, []
        for i, r in enumerate(order):
            row, labels, fresh = _relabel(rows[r], labels, fresh)
            written.append(row)
            if best is not None and row != best[i]:
                if row > best[i]:
                    return
                best = None  # smaller already: no need to compare the rest
        if self.best is None or written < self.best:
            self.best = written

    def _distinct(self, rows: list[int], band_start: bool) -> list[int]:
        """``rows`` without those equal to an earlier one (and, starting a band,
        in an equal band)."""
        seen, distinct = set(), []
        for r in rows:
            key = (self.band_rows[r // self.height], self.rows[r]) if band_start else self.rows[r]
            if key not in seen:
                seen.add(key)
                distinct.append(r)
        return distinct


def _relabel(row: tuple[int, ...], labels: list[int], fresh: int):
    """``row`` with its digits relabelled by ``labels`` (``labels[d]``, 0 when d has
    none yet), giving digits without one ``fresh`` and the next labels in turn.
    Returns the row, the labels (a copy if any were added) and the next fresh label."""
    written = []
    copied = False
    for digit in row:
        if digit:
            label = labels[digit]
            if not label:
                if not copied:
                    labels, copied = list(labels), True
                label = labels[digit] = fresh
                fresh += 1
            written.append(label)
        else:
            written.append(0)
    return tuple(written), labels, fresh


# Full grids. When every row of every view holds each digit once (as in a
# solution), every arrangement gives the same pattern and every first row
# reads 1, 2, ..., N once relabelled, so the relabelling is fixed by the first
# row and the column arrangement. The second row then reads as a permutation
# of the columns, conjugated by the arrangement: the walk in ``_Conjugates``
# builds the arrangement one column at a time, placing each column's image
# as early as it can, and keeps only the arrangements that make the second
# row smallest. The other rows are then sorted, as in the pattern's step.


def _latin(views: list[_View], size: int) -> bool:
    """Whether every row of every view holds each digit once."""
    digits = set(range(1, size + 1))
    return all(set(row) == digits for view in views for row in view.rows)


def _least_full(views: list[_View], shape: Shape) -> Grid:
    """The canonical writing of a grid whose views' rows hold each digit once."""
    n, height = shape.size, shape.box_rows
    search = _Conjugates(n, shape.box_cols)
    for v, view in enumerate(views):
        for first in range(n):
            start = first // height * height
            for second in range(start, start + height):
                if second != first:
                    search.run(v, first, view.rows[first], view.rows[second])
    best = None
    for v, first, columns in search.found:
        best = _written_full(views[v].rows, first, columns, height, best)
    return tuple(digit for row in best for digit in row)


def _written_full(rows, first: int, columns: list[int], height: int, best):
    """The smallest writing of full ``rows`` with row ``first`` first and columns
    in the order ``columns`` (the first row's digits relabelled 1, 2, ..., N),
    if it is smaller than ``best`` (a list of rows, or None); else ``best``."""
    labels = [0] * (len(rows) + 1)
    for position, column in enumerate(columns):
        labels[rows[first][column]] = position + 1

    def write(r: int) -> tuple[int, ...]:
        return tuple(labels[rows[r][c]] for c in columns)

    start = first // height * height
    top = [write(first), *sorted(write(r) for r in range(start, start + height) if r != first)]
    if best is not None and top > best[:height]:
        return best  # the first band decides most of them
    bands = sorted(
        sorted(write(r) for r in range(b, b + height))
        for b in range(0, len(rows), height)
        if b != start
    )
    written = top + [row for band in bands for row in band]
    return written if best is None or written < best else best


class _Conjugates:
    """The walk over column arrangements for full grids; ``found`` holds every
    (view, first row, arrangement) whose second row is the smallest seen."""

    def __init__(self, size: int, width: int):
        self.size, self.width = size, width
        self.best: list[int] | None = None
        self.found: list[tuple[int, int, list[int]]] = []

    def run(self, v: int, first: int, row: tuple[int, ...], second: tuple[int, ...]):
        """Try arrangements with ``row`` first and ``second`` second."""
        where = {digit: column for column, digit in enumerate(row)}
        # image[c]: the column of the first row holding the digit the second
        # row has in column c; once arranged, the second row reads the
        # positions of these images.
        self.image = [where[digit] for digit in second]
        self.v, self.first = v, first
        n, stacks = self.size, self.size // self.width
        self._walk([], [-1] * n, [-1] * n, [-1] * stacks, [-1] * stacks)

    def _walk(self, written, columns, positions, chunk_of, stack_at):
        j, width = len(written), self.width
        if j == self.size:
            if self.best is None or written < self.best:
                self.best, self.found = list(written), []
            self.found.append((self.v, self.first, columns))
            return
        if columns[j] >= 0:
            choices = [columns[j]]
        elif stack_at[j // width] >= 0:
            start = stack_at[j // width] * width
            choices = [c for c in range(start, start + width) if positions[c] < 0]
        else:
            choices = [c for c in range(self.size) if chunk_of[c // width] < 0]
        placed = [self._place(j, a, columns, positions, chunk_of, stack_at) for a in choices]
        least = min(p[0] for p in placed)
        if self.best is not None:
            written.append(least)
            worse = written > self.best[: j + 1]
            written.pop()
            if worse:
                return
        for value, state in placed:
            if value == least:
                written.append(value)
                self._walk(written, *state)
                written.pop()

    def _place(self, j, a, columns, positions, chunk_of, stack_at):
        """Column ``a`` at position ``j``, and its image as early as it can go:
        the second row's value at ``j`` and the new state."""
        columns, positions = list(columns), list(positions)
        chunk_of, stack_at = list(chunk_of), list(stack_at)
        width = self.width
        self._put(a, j, columns, positions, chunk_of, stack_at)
        b = self.image[a]
        if positions[b] < 0:
            stack = b // width
            chunk = chunk_of[stack]
            if chunk < 0:
                chunk = stack_at.index(-1)
            start = chunk * width
            spot = next(p for p in range(start, start + width) if columns[p] < 0)
            self._put(b, spot, columns, positions, chunk_of, stack_at)
        return positions[b], (columns, positions, chunk_of, stack_at)

    def _put(self, column, position, columns, positions, chunk_of, stack_at):
        columns[position], positions[column] = column, position
        stack, chunk = column // self.width, position // self.width
        chunk_of[stack], stack_at[chunk] = chunk, stack
