"""Bits: the layout's masks describe the board's units exactly, the example
drawn in the docstring is the true 4x4 layout, and the counting helpers count."""

import ast
import re

import pytest

from solver.engine import bits as bits_module
from solver.engine import shape
from solver.engine.bits import board_of, gather, grid_of, layout, tally
from tests.support.puzzles import HARD_SOLUTION

SHAPES = [(2, 2), (2, 3), (3, 3), (3, 4), (4, 4), (5, 5)]


def cells_of(bits, size):
    """The (digit, cell) pairs of a set of bits."""
    found = set()
    while bits:
        low = bits & -bits
        found.add(divmod(low.bit_length() - 1, size * size))
        bits ^= low
    return found


@pytest.mark.parametrize(("box_rows", "box_cols"), SHAPES)
def test_each_units_starts_times_its_pattern_is_that_kind_of_unit_in_every_plane(
    box_rows, box_cols
):
    board = shape(box_rows, box_cols)
    bits = layout(board)
    n = board.size
    for kind, starts, pattern in [
        ("row", bits.row_starts, bits.row),
        ("column", bits.column_starts, bits.column),
        ("box", bits.box_starts, bits.box),
    ]:
        units = [unit for unit in board.units if unit.kind == kind]
        first = bits.planes * sum(1 << min(unit.cells) for unit in units)
        assert starts == first
        for unit in units:
            start = min(unit.cells)
            whole = (1 << start) * pattern
            assert cells_of(whole, n) == {(0, c) for c in unit.cells}
        assert starts * pattern == bits.full  # the units cover the board, none overlap


@pytest.mark.parametrize(("box_rows", "box_cols"), SHAPES)
def test_the_shifts_reach_a_segment_and_a_units_segments(box_rows, box_cols):
    bits = layout(shape(box_rows, box_cols))
    n = box_rows * box_cols
    assert bits.across_box == tuple(range(1, box_cols))
    assert bits.down_box == tuple(k * n for k in range(1, box_rows))
    assert len(bits.across_row) + 1 == n // box_cols
    assert len(bits.down_column) + 1 == n // box_rows
    assert bits.other_planes[-1] == (n - 1) * n * n


def test_peers_are_the_cells_sharing_a_unit_in_every_plane():
    bits = layout(shape(3, 3))
    assert cells_of(bits.peers[40], 9) == {(d, p) for d in range(9) for p in shape(3, 3).peers[40]}


@pytest.mark.parametrize(("box_rows", "box_cols"), SHAPES)
def test_folding_by_the_plane_folds_brings_every_plane_onto_the_first(box_rows, box_cols):
    bits = layout(shape(box_rows, box_cols))
    n = bits.size
    for digit in range(n):
        folded = 1 << (digit * n * n + 5)
        for shift in bits.plane_folds:
            folded |= folded >> shift
        assert folded & bits.all_cells == 1 << 5, digit
    assert len(bits.plane_folds) == (n - 1).bit_length()  # log2(N) steps, rounded up


@pytest.mark.parametrize(("box_rows", "box_cols"), [(2, 3), (3, 3), (5, 5)])
def test_a_candidate_rules_out_its_cells_other_digits_and_its_digit_in_its_peers(
    box_rows, box_cols
):
    board = shape(box_rows, box_cols)
    bits = layout(board)
    n = board.size
    for digit in range(n):
        for cell in range(0, n * n, 7):
            expected = {(d, cell) for d in range(n) if d != digit}
            expected |= {(digit, peer) for peer in board.peers[cell]}
            assert cells_of(bits.ruled_out[digit * n * n + cell], n) == expected


def test_only_boards_up_to_16x16_keep_a_table_of_what_each_candidate_rules_out():
    """25x25's table would take 33 MB in every process that solves one."""
    assert isinstance(layout(shape(4, 4)).ruled_out, tuple)
    assert not isinstance(layout(shape(5, 5)).ruled_out, tuple)


def test_a_grid_goes_into_bits_and_comes_back():
    bits = layout(shape(3, 3))
    solution = tuple(int(c) for c in HARD_SOLUTION)
    assert grid_of(board_of(solution, bits), bits) == solution
    empty = board_of((0,) * 81, bits)
    assert empty == bits.full
    one = board_of((7,) + (0,) * 80, bits)
    assert cells_of(one & bits.planes, 9) == {(6, 0)}


def test_tally_tells_one_from_two_or_more():
    once, twice = tally(0b1011, (1, 2))
    # Windows of three bits starting at bits 0, 1, 2, 3: {1,1,0}, {1,0,1}, {0,1,0}, {1,0,0}.
    assert [(once >> i) & 1 for i in range(4)] == [1, 1, 1, 1]
    assert [(twice >> i) & 1 for i in range(4)] == [1, 1, 0, 0]


def test_gather_collects_bits_from_above():
    # Bits 2 and 7 are set: bit 0 sees bit 2 (two above), bit 2 sees itself
    # and bit 7 (five above); bit 1 sees neither.
    assert gather(0b1000_0100, (2, 5)) & 0b111 == 0b101
    assert gather(0, (1, 2)) == 0


def drawn_masks():
    """The masks drawn in the ``bits`` docstring for the 4x4 board, by name (plane 0)."""
    lines = bits_module.__doc__.splitlines()
    top = next(at for at, line in enumerate(lines) if line.split()[:2] == ["row", "column"])
    pictures = [line.split() for line in lines[top + 1 : top + 5]]
    masks = {}
    for k, name in enumerate(lines[top].split()):
        marks = [mark for row in pictures for mark in row[4 * k : 4 * k + 4]]
        masks[name] = sum(1 << bit for bit, mark in enumerate(marks) if mark == "1")
    return masks


def test_the_masks_drawn_in_the_docstring_are_the_4x4_layouts():
    four = layout(shape(2, 2))
    masks = drawn_masks()
    assert len(masks) == 6
    for name, mask in masks.items():
        drawn = mask * four.planes if name.endswith("_starts") else mask
        assert getattr(four, name) == drawn, name


def test_the_cells_and_shifts_in_the_docstring_are_the_4x4_layouts():
    four = layout(shape(2, 2))
    doc = bits_module.__doc__
    numbered = [line for line in doc.splitlines() if re.fullmatch(r" +\d+ +\d+ \| +\d+ +\d+", line)]
    assert [[int(n) for n in re.findall(r"\d+", line)] for line in numbered] == [
        [row * 4 + col for col in range(4)] for row in range(4)
    ]
    shifts = dict(re.findall(r"``(\w+)`` = (\([\d, ]+\))", doc))
    assert len(shifts) == 6
    for name, value in shifts.items():
        assert getattr(four, name) == ast.literal_eval(value), name
    assert four.planes == sum(1 << bit for bit in (0, 16, 32, 48))
    three_in_cell_6 = board_of((0,) * 6 + (3,) + (0,) * 9, four) & (four.planes << 6)
    assert three_in_cell_6 == 1 << 38


@pytest.mark.parametrize(("box_rows", "box_cols"), SHAPES)
def test_the_units_grouped_by_segments_are_the_same_masks_and_shifts(box_rows, box_cols):
    bits = layout(shape(box_rows, box_cols))
    assert bits.rows == (bits.across_row, bits.row_starts, bits.row)
    assert bits.columns == (bits.down_column, bits.column_starts, bits.column)
    assert bits.boxes_across == (bits.down_box, bits.box_starts, bits.box)
    assert bits.boxes_down == (bits.across_box, bits.box_starts, bits.box)


def jigsaws(count: int, size: int = 6):
    """``count`` (up to ``size`` squared) different jigsaw rule sets of one
    size: rows as regions, with a cell of row 1 and one of row 2 swapped."""
    from solver.engine.rules import kinds, rule_set

    rows = [cell // size for cell in range(size * size)]
    found = []
    for first in range(count):
        regions = list(rows)
        a, b = first // size, size + first % size  # one cell of row 1, one of row 2
        regions[a], regions[b] = regions[b], regions[a]
        found.append(rule_set(size, [kinds.Jigsaw(tuple(regions))]))
    return found


def test_the_layouts_of_rule_sets_are_kept_for_the_few_in_use_not_every_one_posted():
    from solver.engine.bits import rules_layout

    many = jigsaws(2 * rules_layout.cache_info().maxsize)
    assert len({rules.key for rules in many}) == len(many)
    for rules in many:
        rules_layout(rules)
    assert rules_layout.cache_info().currsize <= rules_layout.cache_info().maxsize
