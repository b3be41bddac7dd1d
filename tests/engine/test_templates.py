"""Templates: each digit's possible placements are listed exactly, and a board
is called impossible only when no choice of them fits together, never when
it has a solution."""

from itertools import permutations
from random import Random

from solver.engine import Status, find_conflicts, parse_puzzle, shape, shape_of_grid, solve
from solver.engine.bits import board_of, layout
from solver.engine.propagation import propagate
from solver.engine.symmetry import random_transform
from solver.engine.templates import cannot_place, digit_templates
from tests.support import puzzles
from tests.support.budgets import BY_GUESSES
from tests.support.puzzles import sample

# Norvig's "impossible" puzzle (tests/support/puzzles.py): the search alone proves it has
# no solution too, but needs 1,702,090 guesses and about 30 s, too long to run here.
NORVIG_IMPOSSIBLE = puzzles.IMPOSSIBLE


def propagated(grid, grid_shape=None):
    """The candidates of ``grid`` after propagation, and its layout."""
    geometry = layout(grid_shape or shape_of_grid(grid))
    board = propagate(board_of(grid, geometry), 0, geometry)
    assert board is not None, "the cases here pass propagation"
    return board[0], geometry


def brute_force_templates(candidates, digit, grid_shape):
    """Every permutation of columns (row r takes column p[r]) whose cells are
    candidates for ``digit`` and lie in different boxes, as cell masks."""
    n, geometry = grid_shape.size, layout(grid_shape)
    plane = (candidates >> ((digit - 1) * geometry.cells)) & geometry.all_cells
    found = set()
    for columns in permutations(range(n)):
        cells = [row * n + col for row, col in enumerate(columns)]
        boxes = {grid_shape.box_of(cell) for cell in cells}
        mask = sum(1 << cell for cell in cells)
        if len(boxes) == n and mask & plane == mask:
            found.add(mask)
    return found


def with_digit_added(puzzle, solution, rng):
    """``puzzle`` with one empty cell given a digit that conflicts with no given
    but differs from the solution's (so a unique puzzle has no solution left)."""
    empties = [cell for cell, digit in enumerate(puzzle) if not digit]
    size = round(len(puzzle) ** 0.5)
    while True:
        cell = rng.choice(empties)
        changed = list(puzzle)
        changed[cell] = rng.choice([d for d in range(1, size + 1) if d != solution[cell]])
        if not find_conflicts(tuple(changed)):
            return tuple(changed)


# Proofs.


def test_norvigs_impossible_puzzle_is_proved_to_have_no_solution():
    assert cannot_place(*propagated(parse_puzzle(NORVIG_IMPOSSIBLE)))


def test_the_puzzle_only_search_could_prove_impossible_is_proved():
    assert cannot_place(*propagated(parse_puzzle(puzzles.NO_SOLUTION_AFTER_SEARCH)))


def test_a_digit_with_no_template_proves_the_board_impossible():
    """Digit 1 of a 4x4 board kept to the top-left box in rows 1 and 2: each
    row has a cell, but both cells would share the box."""
    geometry = layout(shape(2, 2))
    candidates = geometry.full & ~(geometry.all_cells & ~0b0011_0011)
    assert digit_templates(candidates, 1, geometry, 100) == []
    assert cannot_place(candidates, geometry)


def test_unique_puzzles_with_a_wrong_digit_added_are_proved_impossible():
    rng = Random(3)
    tried = 0
    for text in sample("top1465.txt", 12):
        puzzle = parse_puzzle(text)
        solution = solve(puzzle, budget=BY_GUESSES).solution
        changed = with_digit_added(puzzle, solution, rng)
        geometry = layout(shape_of_grid(changed))
        if propagate(board_of(changed, geometry), 0, geometry) is None:
            continue  # propagation proves it alone
        assert solve(changed, budget=BY_GUESSES).status == Status.NONE
        tried += 1
        assert cannot_place(*propagated(changed)), changed
    assert tried >= 4


# Soundness: never a proof for a board that has a solution.


def test_boards_with_solutions_are_never_called_impossible():
    rng = Random(11)
    for name in ("top1465.txt", "forum_hardest_1106.txt", "seventeen_clue.txt", "serg_multi.txt"):
        for text in sample(name, 8):
            puzzle = parse_puzzle(text)
            copy = random_transform(shape_of_grid(puzzle), rng).apply(puzzle)
            assert not cannot_place(*propagated(puzzle)), text
            assert not cannot_place(*propagated(copy)), text


def test_a_changed_given_is_called_impossible_only_when_search_agrees():
    rng = Random(5)
    for text in sample("forum_hardest_1106.txt", 12):
        puzzle = list(parse_puzzle(text))
        cell = rng.choice([cell for cell, digit in enumerate(puzzle) if digit])
        puzzle[cell] = puzzle[cell] % 9 + 1
        changed = tuple(puzzle)
        geometry = layout(shape_of_grid(changed))
        if find_conflicts(changed) or propagate(board_of(changed, geometry), 0, geometry) is None:
            continue
        if cannot_place(*propagated(changed)):
            assert solve(changed, budget=BY_GUESSES).status == Status.NONE, text


def test_a_budget_too_small_proves_nothing():
    assert not cannot_place(*propagated(parse_puzzle(NORVIG_IMPOSSIBLE)), max_steps=100)


# Listing templates.


def test_each_digit_of_a_solved_grid_has_one_template_its_cells():
    for grid_shape, text in (
        (shape(3, 3), puzzles.HARD_SOLUTION),
        (shape(2, 3), puzzles.SIZED["6x6"]),
        (shape(4, 4), puzzles.SIZED["16x16"]),
    ):
        solution = solve(parse_puzzle(text), grid_shape, budget=BY_GUESSES).solution
        candidates, geometry = propagated(solution, grid_shape)
        for digit in range(1, grid_shape.size + 1):
            cells = sum(1 << cell for cell, held in enumerate(solution) if held == digit)
            assert digit_templates(candidates, digit, geometry, 10) == [cells]


def test_an_empty_4x4_board_gives_each_digit_16_templates():
    """Row 1 takes any of 4 columns; row 2 one of the 2 in the other box; rows
    3 and 4 share out the 2 columns left: 4 * 2 * 2 * 1."""
    grid_shape = shape(2, 2)
    geometry = layout(grid_shape)
    templates = digit_templates(geometry.full, 1, geometry, 100)
    assert len(templates) == 16
    assert set(templates) == brute_force_templates(geometry.full, 1, grid_shape)


def test_more_templates_than_the_limit_give_none():
    geometry = layout(shape(2, 2))
    assert digit_templates(geometry.full, 2, geometry, 15) is None
    assert len(digit_templates(geometry.full, 2, geometry, 16)) == 16


def test_templates_match_brute_force_on_6x6_boards_with_boxes_of_2_by_3():
    grid_shape = shape(2, 3)
    puzzle = parse_puzzle(puzzles.SIZED["6x6"])
    sparse = tuple(digit if cell % 3 else 0 for cell, digit in enumerate(puzzle))
    for grid in (puzzle, sparse, (0,) * 36):
        candidates, geometry = propagated(grid, grid_shape)
        for digit in range(1, 7):
            templates = digit_templates(candidates, digit, geometry, 10_000)
            assert len(templates) == len(set(templates))
            assert set(templates) == brute_force_templates(candidates, digit, grid_shape)


# Other shapes.


def test_a_16x16_board_with_half_its_givens_gone_stays_within_budget():
    grid_shape = shape(4, 4)
    puzzle = list(parse_puzzle(puzzles.SIZED["16x16"]))
    givens = [cell for cell, digit in enumerate(puzzle) if digit]
    for cell in Random(2).sample(givens, len(givens) // 2):
        puzzle[cell] = 0
    assert not cannot_place(*propagated(tuple(puzzle), grid_shape))


def test_two_digits_kept_to_one_template_are_proved_unable_to_share_it():
    for grid_shape, name in ((shape(2, 3), "6x6"), (shape(4, 4), "16x16")):
        geometry = layout(grid_shape)
        solution = solve(parse_puzzle(puzzles.SIZED[name]), grid_shape, budget=BY_GUESSES).solution
        ones, twos = (
            sum(1 << cell for cell, held in enumerate(solution) if held == d) for d in (1, 2)
        )
        others = geometry.full & ~((1 << (2 * geometry.cells)) - 1)
        assert cannot_place(others | ones | ones << geometry.cells, geometry)
        assert not cannot_place(others | ones | twos << geometry.cells, geometry)


def test_sparse_16x16_boards_with_a_wrong_digit_added_are_never_called_impossible_if_solvable():
    """Cells of a solution blanked at random, then one given a wrong digit: these
    keep solutions (solve says so), and must not be called impossible."""
    grid_shape = shape(4, 4)
    geometry = layout(grid_shape)
    solution = solve(parse_puzzle(puzzles.SIZED["16x16"]), grid_shape, budget=BY_GUESSES).solution
    rng = Random(1)
    for _ in range(4):
        puzzle = list(solution)
        for cell in rng.sample(range(grid_shape.cells), 150):
            puzzle[cell] = 0
        changed = with_digit_added(tuple(puzzle), solution, rng)
        if propagate(board_of(changed, geometry), 0, geometry) is None:
            continue
        if solve(changed, grid_shape, budget=BY_GUESSES).status != Status.NONE:
            assert not cannot_place(*propagated(changed, grid_shape))
