"""Templates: a proof, within a small budget, that the digits cannot all be placed.

A *template* of a digit is a set of N cells, one in each row, column and box,
each still a candidate for the digit (its placed cells included): the cells
the digit could fill in a solution. In a solution every digit fills one
template, and the templates of different digits are disjoint, since a cell
holds one digit. So if some set of digits has no choice of one template each
that is pairwise disjoint, the board has no solution.

That proof can be short where the search's is long. Norvig's "impossible"
puzzle (in his essay, his solver took 1,439 s) has no two givens that
conflict, and the search needs 1,702,090 guesses to prove it has no
solution; after propagation its digits 1 and 5 have 12 templates each, 3 has
40 and 6 has 48, and no disjoint choice of four exists.

The work has two parts, both on explicit stacks:

- ``digit_templates`` lists a digit's templates, one row at a time (the rows
  with fewest candidate cells first), each cell taken blocking its column and
  box for the rows after it; a partial template is dropped as soon as a later
  row has no cell left.
- ``cannot_place`` takes the digits with few templates and searches for one
  template each, pairwise disjoint: the digit with fewest templates left
  first, and after each choice every other digit keeps only the templates
  disjoint from it (a digit left with none ends that branch).

Both are bounded. The digits are listed in order of fewest candidate cells,
and the first with more than ``TEMPLATE_LIMIT`` templates ends the listing
(the digits after it nearly always have more); leaving digits out keeps the
proof sound, only weaker. All the work is counted in *steps* against
``max_steps``: one per cell tried while listing templates, one per template
checked against a choice (the first kind costs about 0.65 us on a 9x9
board, the second about 0.1 us; see ``cannot_place`` for measured costs).

Roads not taken: listing every digit's templates before searching (some
digits of a sparse 9x9 board have thousands, of a 16x16 board astronomically
many); spreading, after each choice, the cells that all of a digit's
templates share to the other digits (like naked singles): fewer steps on
some proofs, more time on the whole.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from .bits import Layout

# A digit with more templates than this ends the listing. Norvig's puzzle
# needs digits of 48; made-impossible copies of the shared puzzles needed
# up to about 400.
TEMPLATE_LIMIT = 600
# The default budget of ``cannot_place``, in steps (see the module's
# docstring): at most about 20 ms, were it all spent listing templates.
MAX_STEPS = 30_000


class _Geometry(NamedTuple):
    """Plane-0 masks for listing templates on boards of one shape."""

    rows: tuple[int, ...]  # each row's cells
    blocks: tuple[int, ...]  # each cell's column and box (its peers and itself)
    last_column: int  # the last cell of each row: a row's top bit
    below_last: int  # the other cells of each row


def digit_templates(candidates: int, digit: int, layout: Layout, limit: int) -> list[int] | None:
    """The templates of ``digit`` as plane-0 cell masks (bits as in ``bits``),
    or None when it has more than ``limit``. A digit with no template (so the
    board has no solution) gives an empty list."""
    plane = (candidates >> ((digit - 1) * layout.cells)) & layout.all_cells
    templates, _ = _templates(plane, layout, limit, None)
    return templates


def cannot_place(candidates: int, layout: Layout, max_steps: int = MAX_STEPS) -> bool:
    """True when some digits have no pairwise-disjoint choice of templates, which
    proves that the board has no solution (its candidates must keep every
    solution's digits, as ``board_of`` and ``propagate`` do).

    False when the digits listed (those with fewest candidate cells, up to
    the first with more than ``TEMPLATE_LIMIT`` templates) can be placed
    together, or when ``max_steps`` steps ran out first: False proves nothing.

    Measured after ``propagate``, default budget: Norvig's impossible puzzle
    is proved in 2.6 ms; forum_hardest (375) takes 4.0 ms at the median and
    5.7 ms at most, top1465 1.9 and 5.9 ms, all False; a 16x16 board with
    half its givens gone 1.5 ms.
    """
    steps = 0
    choices: list[list[int]] = []
    for plane in _planes_by_size(candidates, layout):
        templates, used = _templates(plane, layout, TEMPLATE_LIMIT, max_steps - steps)
        steps += used
        if templates is None:
            # The digits after this one have more candidate cells, and so
            # nearly always more templates: listing them would mostly be waste.
            break
        if not templates:
            return True
        choices.append(templates)
    return _no_disjoint_choice(choices, max_steps - steps)


def _planes_by_size(candidates: int, layout: Layout) -> list[int]:
    """Each digit's candidate cells (plane 0), the digits with fewest first."""
    planes = [(candidates >> shift) & layout.all_cells for shift in (0, *layout.other_planes)]
    return sorted(planes, key=int.bit_count)


def _templates(
    plane: int, layout: Layout, limit: int, max_steps: int | None
) -> tuple[list[int] | None, int]:
    """The templates within ``plane`` (None when more than ``limit``, or when
    ``max_steps`` cells were tried first), and the cells tried."""
    shapes = _geometry(layout.size, len(layout.across_box) + 1)
    rows = sorted(shapes.rows, key=lambda row: (plane & row).bit_count())
    # later[depth]: the last cell of each row listed after ``depth``; a row
    # still open there must keep a cell.
    later = [sum(rows[depth + 1 :]) & shapes.last_column for depth in range(len(rows))]
    blocks, below = shapes.blocks, shapes.below_last
    templates: list[int] = []
    steps = 0
    stack = [(0, 0, 0)]  # (rows filled, cells blocked, cells taken)
    while stack:
        depth, blocked, taken = stack.pop()
        if depth == len(rows):
            templates.append(taken)
            if len(templates) > limit:
                return None, steps
            continue
        options = plane & ~blocked & rows[depth]
        ahead = later[depth]
        while options:
            cell = options & -options
            options ^= cell
            steps += 1
            now_blocked = blocked | blocks[cell.bit_length() - 1]
            free = plane & ~now_blocked
            # Each row's top bit is set in ``alive`` iff the row keeps a free
            # cell: adding ``below`` carries any of its other bits into it.
            alive = (((free & below) + below) | free) & ahead
            if alive == ahead:
                stack.append((depth + 1, now_blocked, taken | cell))
        if max_steps is not None and steps >= max_steps:
            return None, steps
    return templates, steps


@cache
def _geometry(size: int, box_cols: int) -> _Geometry:
    """The masks for boards of ``size`` x ``size`` with boxes ``box_cols`` wide."""
    box_rows = size // box_cols
    row_mask = (1 << size) - 1
    rows = tuple(row_mask << (row * size) for row in range(size))
    blocks = []
    for cell in range(size * size):
        row, col = divmod(cell, size)
        top, left = row - row % box_rows, col - col % box_cols
        column = sum(1 << (other * size + col) for other in range(size))
        box = sum(
            1 << ((top + r) * size + left + c) for r in range(box_rows) for c in range(box_cols)
        )
        blocks.append(column | box)
    last_column = sum(1 << (row * size + size - 1) for row in range(size))
    everything = (1 << (size * size)) - 1
    return _Geometry(rows, tuple(blocks), last_column, everything & ~last_column)


def _no_disjoint_choice(choices: list[list[int]], max_steps: int) -> bool:
    """True when no choice of one template from each list is pairwise disjoint;
    False when one is found or ``max_steps`` templates were checked first."""
    if not choices:
        return False
    steps = 0
    stack = [[sorted(choices, key=len), 0]]  # [lists left, fewest first; next to try]
    while stack:
        frame = stack[-1]
        lists, index = frame
        if index == len(lists[0]):
            stack.pop()
            continue
        frame[1] = index + 1
        chosen = lists[0][index]
        narrowed = []
        for others in lists[1:]:
            steps += len(others)
            kept = [template for template in others if not template & chosen]
            if not kept:
                break
            narrowed.append(kept)
        else:
            if not narrowed:
                return False  # one template each, pairwise disjoint
            stack.append([sorted(narrowed, key=len), 0])
        if steps >= max_steps:
            return False
    return True
