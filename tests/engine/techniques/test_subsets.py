"""Subsets: naked and hidden pairs, triples and quads, unit by unit."""

from collections.abc import Iterable

import pytest

from solver.engine import parse_puzzle
from solver.engine.board import STANDARD, Grid, shape
from solver.engine.marks import Marks, mask_of
from solver.engine.steps import Step
from solver.engine.techniques import finders
from solver.engine.techniques.subsets import TECHNIQUES as ROWS
from solver.engine.techniques.subsets import (
    find_hidden_pairs,
    find_hidden_quads,
    find_hidden_triples,
    find_naked_pairs,
    find_naked_quads,
    find_naked_triples,
)
from tests.support.boards import cell, open_board, unit
from tests.support.puzzles import sample
from tests.support.soundness import solution_of, unsound

TECHNIQUES = finders(ROWS)  # this family's finders, by id


def remove(marks: Marks, cells: Iterable[int], digits: Iterable[int]) -> None:
    """Take ``digits`` out of the candidates of ``cells``."""
    for at in cells:
        marks.candidates[at] &= ~mask_of(digits)


def everywhere(cells: Iterable[int], digits: Iterable[int]) -> set[tuple[int, int]]:
    """Every (cell, digit) of some cells and digits."""
    return {(at, digit) for at in cells for digit in digits}


# Naked subsets


def test_a_naked_pair_removes_its_digits_from_the_rest_of_its_unit():
    pair = (cell(1, 1), cell(1, 5))
    marks = open_board(pencilled={at: {1, 2} for at in pair})
    [step] = find_naked_pairs(marks)
    row = unit(STANDARD, "row", 1)
    assert step.technique == step.message == "naked-pair"
    assert dict(step.params) == {"digits": (1, 2), "cells": pair, "unit": ("row", 1), "k": 2}
    assert (step.pattern.cells, step.pattern.units, step.pattern.digits) == (pair, (row,), (1, 2))
    others = set(row.cells) - set(pair)
    assert set(step.eliminations) == everywhere(others, {1, 2})
    assert step.placements == ()


def test_a_naked_pair_in_a_row_and_a_box_is_one_step_in_each():
    pair = (cell(1, 1), cell(1, 2))
    marks = open_board(pencilled={at: {3, 7} for at in pair})
    steps = {step.params["unit"]: set(step.eliminations) for step in find_naked_pairs(marks)}
    # r1c3 is in both units: each step removes 3 and 7 from it.
    assert steps == {
        ("row", 1): everywhere([cell(1, c) for c in range(3, 10)], {3, 7}),
        ("box", 1): everywhere([cell(r, c) for r in (1, 2, 3) for c in (1, 2, 3)][2:], {3, 7}),
    }


def test_a_naked_triple_needs_no_cell_holding_all_three_digits():
    triple = {cell(2, 4): {1, 2}, cell(5, 4): {2, 3}, cell(8, 4): {1, 3}}
    marks = open_board(pencilled=triple)
    assert list(find_naked_pairs(marks)) == []
    [step] = find_naked_triples(marks)
    column = unit(STANDARD, "column", 4)
    assert step.params["unit"] == ("column", 4)
    assert step.params["digits"] == (1, 2, 3)
    assert set(step.eliminations) == everywhere(set(column.cells) - set(triple), {1, 2, 3})


def test_a_naked_quad_removes_four_digits_from_its_box():
    quad = {cell(4, 4): {1, 2}, cell(4, 6): {2, 3}, cell(5, 5): {3, 4}, cell(6, 4): {1, 4}}
    marks = open_board(pencilled=quad)
    assert list(find_naked_triples(marks)) == []
    [step] = find_naked_quads(marks)
    box = unit(STANDARD, "box", 5)
    assert step.params["unit"] == ("box", 5)
    assert step.params["cells"] == tuple(sorted(quad))
    assert set(step.eliminations) == everywhere(set(box.cells) - set(quad), {1, 2, 3, 4})


# Hidden subsets


def test_a_hidden_pair_removes_every_other_digit_from_its_two_cells():
    marks = open_board()
    pair = (cell(2, 3), cell(2, 7))
    remove(marks, set(unit(STANDARD, "row", 2).cells) - set(pair), {4, 6})
    [step] = find_hidden_pairs(marks)
    assert step.technique == step.message == "hidden-pair"
    assert dict(step.params) == {"digits": (4, 6), "cells": pair, "unit": ("row", 2), "k": 2}
    assert step.pattern.cells == pair
    assert set(step.eliminations) == everywhere(pair, {1, 2, 3, 5, 7, 8, 9})


def test_a_hidden_triple_needs_no_cell_holding_all_three_digits():
    marks = open_board()
    triple = (cell(1, 6), cell(4, 6), cell(9, 6))
    remove(marks, set(unit(STANDARD, "column", 6).cells) - set(triple), {1, 2, 3})
    remove(marks, [cell(1, 6)], {2})
    remove(marks, [cell(4, 6)], {3})
    remove(marks, [cell(9, 6)], {1})
    assert list(find_hidden_pairs(marks)) == []
    [step] = find_hidden_triples(marks)
    assert step.params["unit"] == ("column", 6)
    assert step.params["digits"] == (1, 2, 3)
    assert step.params["cells"] == triple
    assert set(step.eliminations) == everywhere(triple, range(4, 10))


def test_a_hidden_quad_leaves_only_its_four_digits_in_its_cells():
    marks = open_board()
    quad = (cell(7, 7), cell(7, 9), cell(8, 8), cell(9, 9))
    remove(marks, set(unit(STANDARD, "box", 9).cells) - set(quad), {5, 6, 7, 8})
    assert list(find_hidden_triples(marks)) == []
    [step] = find_hidden_quads(marks)
    assert step.params["unit"] == ("box", 9)
    assert step.params["digits"] == (5, 6, 7, 8)
    assert set(step.eliminations) == everywhere(quad, {1, 2, 3, 4, 9})


# What is not a step


def test_a_subset_that_eliminates_nothing_is_not_a_step():
    pair = (cell(1, 1), cell(1, 2))
    marks = open_board(pencilled={at: {1, 2} for at in pair})
    rest = (set(unit(STANDARD, "row", 1).cells) | set(unit(STANDARD, "box", 1).cells)) - set(pair)
    remove(marks, rest, {1, 2})
    assert list(find_naked_pairs(marks)) == []
    assert list(find_hidden_pairs(marks)) == []


def test_a_single_is_left_to_the_singles_and_makes_no_subset():
    marks = open_board(pencilled={cell(1, 1): {1}, cell(1, 5): {1, 2}})
    assert list(find_naked_pairs(marks)) == []
    # Digit 5 has one place in row 3, digit 6 two: a hidden single, not a pair.
    marks = open_board()
    row = set(unit(STANDARD, "row", 3).cells)
    remove(marks, row - {cell(3, 3)}, {5})
    remove(marks, row - {cell(3, 3), cell(3, 4)}, {6})
    assert list(find_hidden_pairs(marks)) == []


def test_cells_holding_too_few_digits_are_a_contradiction_not_a_subset():
    # Three cells of row 1 that can only hold 1 or 2: no triple (two digits
    # cannot fill three cells), though each two of them look like a pair.
    marks = open_board(pencilled={cell(1, c): {1, 2} for c in (1, 4, 7)})
    assert list(find_naked_triples(marks)) == []
    marks = open_board()
    remove(marks, set(unit(STANDARD, "row", 1).cells) - {cell(1, 1), cell(1, 4)}, {1, 2, 3})
    assert list(find_hidden_triples(marks)) == []


def test_every_subset_technique_is_listed_under_its_id():
    assert list(TECHNIQUES) == [
        "naked-pair",
        "hidden-pair",
        "naked-triple",
        "hidden-triple",
        "naked-quad",
        "hidden-quad",
    ]


# Other sizes


def test_a_naked_pair_works_on_a_4x4_board():
    board = shape(2, 2)
    pair = (cell(1, 1, board), cell(3, 1, board))
    marks = open_board(board, {at: {1, 2} for at in pair})
    [step] = find_naked_pairs(marks)
    assert step.params["unit"] == ("column", 1)
    assert set(step.eliminations) == everywhere([cell(2, 1, board), cell(4, 1, board)], {1, 2})


def test_a_hidden_triple_works_in_a_6x6_box():
    board = shape(2, 3)
    box = unit(board, "box", 4)
    triple = (cell(3, 4, board), cell(3, 6, board), cell(4, 5, board))
    marks = open_board(board)
    remove(marks, set(box.cells) - set(triple), {1, 3, 6})
    [step] = find_hidden_triples(marks)
    assert step.params["unit"] == ("box", 4)
    assert set(step.eliminations) == everywhere(triple, {2, 4, 5})


def test_naked_and_hidden_quads_work_with_digits_above_9_on_16x16():
    board = shape(4, 4)
    quad = {cell(5, c, board): digits for c, digits in [(2, {13, 14}), (9, {14, 15})]}
    quad |= {cell(5, 13, board): {15, 16}, cell(5, 16, board): {13, 16}}
    marks = open_board(board, quad)
    [naked] = find_naked_quads(marks)
    row = unit(board, "row", 5)
    assert naked.params["digits"] == (13, 14, 15, 16)
    assert set(naked.eliminations) == everywhere(set(row.cells) - set(quad), range(13, 17))
    marks = open_board(board)
    column = unit(board, "column", 11)
    hidden = (cell(1, 11, board), cell(6, 11, board), cell(12, 11, board), cell(16, 11, board))
    remove(marks, set(column.cells) - set(hidden), {2, 9, 10, 16})
    [step] = find_hidden_quads(marks)
    assert step.params["unit"] == ("column", 11)
    assert set(step.eliminations) == everywhere(hidden, set(range(1, 17)) - {2, 9, 10, 16})


# Soundness


def place_singles(marks: Marks) -> None:
    """Place naked singles and hidden singles until none is left."""
    placed = True
    while placed:
        placed = False
        for at, mask in enumerate(marks.candidates):
            if mask and not mask & (mask - 1):
                marks.place(at, mask.bit_length())
                placed = True
        for each in marks.shape.units:
            for digit in range(1, marks.shape.size + 1):
                places = marks.places(each, digit)
                if len(places) == 1:
                    marks.place(places[0], digit)
                    placed = True


def subset_steps(text: str) -> tuple[list[Step], Grid]:
    """Every subset step found on a puzzle, made along with singles until none
    is left; and the puzzle's solution."""
    puzzle = parse_puzzle(text)
    marks = Marks.from_grid(puzzle, STANDARD)
    made, steps = [], True
    while steps:
        place_singles(marks)
        # Every instance on the board is made at once: none may be wrong
        # on the board the others leave.
        steps = [step for find in TECHNIQUES.values() for step in find(marks)]
        for step in steps:
            made.append(step)
            step.apply(marks)
    return made, solution_of(puzzle)


@pytest.mark.slow  # a sweep over shared puzzles; the full suite runs it
def test_no_subset_removes_a_solution_digit():
    # forum_hardest needs subsets rarely (49 eliminations in this sample),
    # top1465 often (3,594), with every one of the six.
    puzzles = sample("top1465.txt", 100) + sample("forum_hardest_1106.txt", 100)
    wrong, used = [], set()
    for text in puzzles:
        made, solution = subset_steps(text)
        wrong += unsound(made, solution)
        used |= {step.technique for step in made}
    assert wrong == []
    assert used == set(TECHNIQUES)
