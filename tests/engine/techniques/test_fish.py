"""Fish: x-wing, swordfish and jellyfish, for one digit over rows or columns,
and the same with fins (finned, sashimi, and two on one base as Siamese).

The soundness rule at the end runs the simpler families first, as the
teacher does, and asks for fish only on the boards they leave stuck.
"""

from collections.abc import Iterable

import pytest

from solver.engine import parse_puzzle
from solver.engine.board import STANDARD, Grid, Shape, shape
from solver.engine.marks import Marks
from solver.engine.steps import Step
from solver.engine.techniques import finders
from solver.engine.techniques.fish import TECHNIQUES as ROWS
from solver.engine.techniques.fish import (
    find_finned_jellyfish,
    find_finned_swordfish,
    find_finned_x_wings,
    find_jellyfish,
    find_swordfish,
    find_x_wings,
)
from tests.support.boards import EARLIER, cell, checked_steps, open_board, unit
from tests.support.puzzles import sample
from tests.support.soundness import solution_of, unsound

TECHNIQUES = finders(ROWS)  # this family's finders, by id


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
    assert list(TECHNIQUES) == [
        "x-wing",
        "swordfish",
        "jellyfish",
        "finned-x-wing",
        "finned-swordfish",
        "finned-jellyfish",
    ]


# Finned fish


def test_a_finned_x_wing_clears_its_cover_lines_only_in_the_fins_box():
    marks = open_board()
    keep_only(marks, 5, {2: (3, 8), 7: (3, 8, 9)}, "row")
    assert list(find_x_wings(marks)) == []
    [step] = find_finned_x_wings(marks)
    assert step.technique == step.message == "finned-x-wing"
    assert dict(step.params) == {
        "digit": 5,
        "base": ("row", (2, 7)),
        "cover": ("column", (3, 8)),
        "fins": (cell(7, 9),),
        "n": 2,
    }
    assert step.eliminations == ((cell(8, 8), 5), (cell(9, 8), 5))
    assert step.pattern.cells == (cell(2, 3), cell(2, 8), cell(7, 3), cell(7, 8), cell(7, 9))
    assert [(u.kind, u.number) for u in step.pattern.units][-1] == ("box", 9)


def test_a_sashimi_x_wing_has_a_base_line_whose_only_body_cell_is_off_the_fins_box():
    # Row 7 holds 5 in column 3 and, beside the empty r7c8, in its box: r7c7, r7c9.
    marks = open_board()
    keep_only(marks, 5, {2: (3, 8), 7: (3, 7, 9)}, "row")
    [step] = find_finned_x_wings(marks)
    assert step.message == "finned-x-wing/sashimi"
    assert step.params["cover"] == ("column", (3, 8))
    assert step.params["fins"] == (cell(7, 7), cell(7, 9))
    assert step.eliminations == ((cell(8, 8), 5), (cell(9, 8), 5))


def test_fins_in_two_boxes_make_no_finned_fish():
    marks = open_board()
    keep_only(marks, 5, {2: (3, 8, 1), 7: (3, 8, 9)}, "row")
    assert list(find_finned_x_wings(marks)) == []


def test_a_finned_fish_whose_fin_box_holds_no_cover_cell_to_clear_is_no_step():
    marks = open_board()
    keep_only(marks, 5, {2: (3, 8), 7: (3, 8, 9)}, "row")
    for row in (8, 9):
        marks.eliminate(cell(row, 8), 5)
    assert list(find_finned_x_wings(marks)) == []


def test_a_finned_swordfish_in_columns_clears_rows_in_the_fins_box():
    marks = open_board()
    keep_only(marks, 4, {1: (2, 5), 5: (5, 8), 9: (2, 8, 9)}, "column")
    assert list(find_swordfish(marks)) == []
    [step] = find_finned_swordfish(marks)
    assert step.params["base"] == ("column", (1, 5, 9))
    assert step.params["cover"] == ("row", (2, 5, 8))
    assert step.params["fins"] == (cell(9, 9),)
    assert step.eliminations == ((cell(8, 7), 4), (cell(8, 8), 4))


def test_a_finned_jellyfish_may_hold_up_to_four_body_cells_in_a_line():
    marks = open_board()
    keep_only(marks, 8, {1: (1, 2, 3, 4), 3: (1, 4), 6: (2, 3), 9: (1, 2, 6)}, "row")
    assert list(find_jellyfish(marks)) == []
    # Columns 1, 2, 3 and 6 cover it too, with r1c4 and r3c4 as fins.
    step, other, both = find_finned_jellyfish(marks)
    assert (step.message, other.message) == ("finned-jellyfish", "finned-jellyfish/sashimi")
    assert both.message == "finned-jellyfish/siamese"
    assert step.params["cover"] == ("column", (1, 2, 3, 4))
    assert step.params["fins"] == (cell(9, 6),)
    assert step.eliminations == ((cell(7, 4), 8), (cell(8, 4), 8))


def test_two_finned_fish_on_the_same_base_lines_are_also_one_siamese_step():
    # Rows 2 and 4 hold 5 in columns 3, 7 and 8: columns 3 and 7 cover them
    # with the fin r2c8 (box 3), or columns 3 and 8 with the fin r4c7 (box 6).
    marks = open_board()
    keep_only(marks, 5, {2: (3, 8), 4: (3, 7)}, "row")
    steps = list(find_finned_x_wings(marks))
    assert [step.message for step in steps] == [
        "finned-x-wing/sashimi",
        "finned-x-wing/sashimi",
        "finned-x-wing/siamese",
    ]
    one, two, siamese = steps
    assert siamese.eliminations == tuple(sorted(one.eliminations + two.eliminations))
    assert siamese.params["covers"] == (one.params["cover"], two.params["cover"])
    assert siamese.params["fins"] == (one.params["fins"], two.params["fins"])


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


@pytest.mark.parametrize(("box_rows", "box_cols"), [(2, 2), (2, 3), (4, 4)])
def test_a_finned_x_wing_works_on_every_shape(box_rows, box_cols):
    board = shape(box_rows, box_cols)
    far = board.size
    marks = open_board(board)
    # Rows 1 and far hold the digit in columns 1 and far; row far also in the
    # column beside (a fin in the last box).
    keep_only(marks, 1, {1: (1, far), far: (1, far - 1, far)}, "row")
    step = next(find_finned_x_wings(marks))
    assert step.params["base"] == ("row", (1, far))
    assert step.params["fins"] == (cell(far, far - 1, board),)
    box = board.units_of[cell(far, far, board)][2]
    cleared = {at for at in box.cells if at % far == far - 1 and at // far != far - 1}
    assert set(step.eliminations) == {(at, 1) for at in cleared}


# Soundness


BASIC = {name: TECHNIQUES[name] for name in ("x-wing", "swordfish", "jellyfish")}


def fish_steps(text: str) -> tuple[list[Step], Grid]:
    """Every fish found on a puzzle, asked for only when singles,
    intersections and subsets find nothing; and the puzzle's solution."""
    puzzle = parse_puzzle(text)
    marks = Marks.from_grid(puzzle, STANDARD)
    made = []
    while not marks.solved():
        simpler = next((s for find in EARLIER.values() for s in find(marks)), None)
        if simpler is not None:
            simpler.apply(marks)
            continue
        # Every fish on the stuck board is made at once: none may be wrong
        # on the board the others leave.
        steps = [step for find in BASIC.values() for step in find(marks)]
        if not steps:
            break
        for step in steps:
            made.append(step)
            step.apply(marks)
    return made, solution_of(puzzle)


@pytest.mark.slow  # a sweep over shared puzzles; the full suite runs it
def test_no_fish_removes_a_solution_digit():
    # 130 eliminations in this sample (27 by x-wings, 89 by swordfish, 14 by
    # jellyfish). forum_hardest has none in as many puzzles: where the simpler
    # families stop on them, no basic fish applies.
    wrong, used = [], set()
    for text in sample("top1465.txt", 200):
        made, solution = fish_steps(text)
        wrong += unsound(made, solution)
        used |= {step.technique for step in made}
    assert wrong == []
    assert used == set(BASIC)


@pytest.mark.slow  # a sweep over shared puzzles; the full suite runs it
@pytest.mark.parametrize("name", ["top1465.txt", "forum_hardest_1106.txt"])
def test_every_fish_finned_or_not_on_the_way_agrees_with_the_solution(name):
    # Basic and finned fish together, as the teacher asks them.
    checked = sum(checked_steps(puzzle, TECHNIQUES) for puzzle in sample(name, 15))
    assert checked > 1000  # measured: over 3,000 in each set, every form among them
