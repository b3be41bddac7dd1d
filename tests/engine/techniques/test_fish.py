"""Fish: x-wing, swordfish and jellyfish, for one digit over rows or columns.

The soundness rule at the end runs the simpler families first, as the
teacher does, and asks for fish only on the boards they leave stuck.
"""

from collections.abc import Iterable

import pytest

from solver.engine import parse_puzzle, solve
from solver.engine.board import STANDARD, Shape, shape
from solver.engine.marks import Marks
from solver.engine.techniques.fish import (
    TECHNIQUES,
    find_jellyfish,
    find_swordfish,
    find_x_wings,
)
from tests.engine.techniques.boards import EARLIER, cell, open_board, unit
from tests.puzzles import sample


def keep_only(marks: Marks, digit: int, lines: dict[int, Iterable[int]], kind: str) -> None:
    """In each line (1-based row or column number) of ``lines``, take ``digit``
    out of every cell but those at the given 1-based positions."""
    size = marks.shape.size
    for line, kept in lines.items():
        for position in set(range(1, size + 1)) - set(kept):
            at = (line, position) if kind == "row" else (position, line)
            marks.eliminate(cell(*at, marks.shape), digit)


def line_cells(board: Shape, kind: str, numbers: Iterable[int], skip: Iterable[int]) -> set[int]:
    """The cells of some lines (1-based numbers), but at 1-based positions ``skip``."""
    skipped = set(skip)
    return {
        at
        for number in numbers
        for position, at in enumerate(unit(board, kind, number).cells, 1)
        if position not in skipped
    }


# Hand-built fish


def test_an_x_wing_in_two_rows_clears_its_two_columns():
    marks = open_board()
    keep_only(marks, 5, {2: (3, 8), 7: (3, 8)}, "row")
    [step] = find_x_wings(marks)
    assert step.technique == step.message == "x-wing"
    assert dict(step.params) == {
        "digit": 5,
        "base": ("row", (2, 7)),
        "cover": ("column", (3, 8)),
        "n": 2,
    }
    corners = (cell(2, 3), cell(2, 8), cell(7, 3), cell(7, 8))
    assert step.pattern.cells == corners
    assert step.pattern.digits == (5,)
    assert [(u.kind, u.number) for u in step.pattern.units] == [
        ("row", 2),
        ("row", 7),
        ("column", 3),
        ("column", 8),
    ]
    cleared = line_cells(STANDARD, "column", (3, 8), skip=(2, 7))
    assert set(step.eliminations) == {(at, 5) for at in cleared}
    assert len(step.eliminations) == 14


def test_a_swordfish_in_three_columns_clears_its_three_rows():
    marks = open_board()
    keep_only(marks, 4, {1: (2, 5), 5: (5, 8), 9: (2, 8)}, "column")
    assert list(find_x_wings(marks)) == []
    [step] = find_swordfish(marks)
    assert step.technique == "swordfish"
    assert step.params["base"] == ("column", (1, 5, 9))
    assert step.params["cover"] == ("row", (2, 5, 8))
    assert len(step.pattern.cells) == 6
    cleared = line_cells(STANDARD, "row", (2, 5, 8), skip=(1, 5, 9))
    assert set(step.eliminations) == {(at, 4) for at in cleared}


def test_a_jellyfish_may_hold_its_digit_in_up_to_four_places_per_line():
    marks = open_board()
    keep_only(marks, 8, {1: (1, 2, 3, 4), 3: (1, 4), 6: (2, 3), 9: (1, 2)}, "row")
    assert list(find_x_wings(marks)) == []
    assert list(find_swordfish(marks)) == []
    [step] = find_jellyfish(marks)
    assert step.params["cover"] == ("column", (1, 2, 3, 4))
    cleared = line_cells(STANDARD, "column", (1, 2, 3, 4), skip=(1, 3, 6, 9))
    assert set(step.eliminations) == {(at, 8) for at in cleared}


def test_only_candidates_still_pencilled_are_eliminated():
    marks = open_board()
    keep_only(marks, 5, {2: (3, 8), 7: (3, 8)}, "row")
    marks.eliminate(cell(1, 3), 5)
    marks.place(cell(9, 8), 1)
    [step] = find_x_wings(marks)
    cleared = line_cells(STANDARD, "column", (3, 8), skip=(2, 7)) - {cell(1, 3), cell(9, 8)}
    assert set(step.eliminations) == {(at, 5) for at in cleared}


# What is not a step


def test_a_fish_that_eliminates_nothing_is_not_a_step():
    marks = open_board()
    keep_only(marks, 5, {2: (3, 8), 7: (3, 8)}, "row")
    keep_only(marks, 5, {3: (2, 7), 8: (2, 7)}, "column")
    assert list(find_x_wings(marks)) == []


def test_a_line_with_one_place_is_a_hidden_single_not_part_of_a_fish():
    # Rows 2 and 7 hold 5 only in columns 3 and 8 between them, but row 2
    # only in column 3: a hidden single, which singles find.
    marks = open_board()
    keep_only(marks, 5, {2: (3,), 7: (3, 8)}, "row")
    assert list(find_x_wings(marks)) == []


def test_lines_whose_places_spread_over_more_cover_lines_are_no_fish():
    marks = open_board()
    keep_only(marks, 6, {1: (1, 2), 4: (2, 3), 8: (3, 4)}, "row")
    assert list(find_x_wings(marks)) == []
    assert list(find_swordfish(marks)) == []


def test_three_lines_sharing_two_cover_lines_are_a_broken_board_not_a_swordfish():
    marks = open_board()
    keep_only(marks, 6, {1: (1, 2), 4: (1, 2), 8: (1, 2)}, "row")
    assert list(find_swordfish(marks)) == []


def test_the_fish_are_listed_smallest_first_under_their_ids():
    assert list(TECHNIQUES) == ["x-wing", "swordfish", "jellyfish"]


# Other sizes


def test_an_x_wing_works_on_a_6x6_board():
    board = shape(2, 3)
    marks = open_board(board)
    keep_only(marks, 6, {2: (1, 5), 6: (1, 5)}, "column")
    [step] = find_x_wings(marks)
    assert step.params["cover"] == ("row", (1, 5))
    cleared = line_cells(board, "row", (1, 5), skip=(2, 6))
    assert set(step.eliminations) == {(at, 6) for at in cleared}


def test_a_jellyfish_works_with_digits_above_9_on_16x16():
    board = shape(4, 4)
    marks = open_board(board)
    bases = {3: (2, 16), 7: (2, 9), 11: (9, 13), 15: (13, 16)}
    keep_only(marks, 14, bases, "row")
    assert list(find_swordfish(marks)) == []
    [step] = find_jellyfish(marks)
    assert step.params["digit"] == 14
    assert step.params["cover"] == ("column", (2, 9, 13, 16))
    cleared = line_cells(board, "column", (2, 9, 13, 16), skip=bases)
    assert set(step.eliminations) == {(at, 14) for at in cleared}
    assert len(step.eliminations) == 4 * 12


# Soundness


def fish_eliminations(text: str) -> list[tuple[str, int, int, bool]]:
    """Every elimination of the fish found on a puzzle, asked for only when
    singles, intersections and subsets find nothing: (technique, cell,
    digit, whether the digit is the solution's)."""
    puzzle = parse_puzzle(text)
    solution = solve(puzzle).solution
    marks = Marks.from_grid(puzzle, STANDARD)
    made = []
    while not marks.solved():
        simpler = next((s for find in EARLIER.values() for s in find(marks)), None)
        if simpler is not None:
            simpler.apply(marks)
            continue
        # Every fish on the stuck board is made at once: none may be wrong
        # on the board the others leave.
        steps = [step for find in TECHNIQUES.values() for step in find(marks)]
        if not steps:
            break
        for step in steps:
            made += [(step.technique, at, d, solution[at] == d) for at, d in step.eliminations]
            step.apply(marks)
    return made


@pytest.mark.slow  # a sweep over shared puzzles; the full suite runs it
def test_no_fish_removes_a_solution_digit():
    # 130 eliminations in this sample (27 by x-wings, 89 by swordfish, 14 by
    # jellyfish). forum_hardest has none in as many puzzles: where the simpler
    # families stop on them, no basic fish applies.
    made = [each for text in sample("top1465.txt", 200) for each in fish_eliminations(text)]
    assert [each for each in made if each[-1]] == []
    assert {technique for technique, *_ in made} == set(TECHNIQUES)
