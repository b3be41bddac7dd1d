"""Symmetry: a transform keeps the rules, so a puzzle written another way has
the same solutions, written the same way."""

from random import Random

import pytest

from solver.engine import Status, is_valid_solution, parse_puzzle, solve
from solver.engine.board import shape_of_grid
from solver.engine.rules import find_conflicts
from solver.engine.symmetry import identity, random_transform
from tests.puzzles import HARD, HARD_SOLUTION, SIZED, sample

SOLUTION = tuple(int(d) for d in HARD_SOLUTION)


def transforms(shape, count, seed=0):
    """``count`` random transforms of one shape, the same on every run."""
    rng = Random(seed)
    return [random_transform(shape, rng) for _ in range(count)]


def test_a_transformed_solution_is_still_a_solution():
    shape = shape_of_grid(SOLUTION)
    for transform in transforms(shape, 200):
        changed = transform.apply(SOLUTION)
        assert 0 not in changed
        assert find_conflicts(changed, shape) == []


def test_undo_gives_back_the_original():
    puzzle = parse_puzzle(HARD)
    for transform in transforms(shape_of_grid(puzzle), 50):
        assert transform.undo(transform.apply(puzzle)) == puzzle


def test_the_transformed_puzzle_has_the_transformed_solution():
    puzzle = parse_puzzle(HARD)
    for transform in transforms(shape_of_grid(puzzle), 20):
        result = solve(transform.apply(puzzle))
        assert result.status == Status.UNIQUE
        assert transform.undo(result.solution) == SOLUTION


def test_transforms_move_cells_and_digits():
    """Random transforms are not all the identity: they change where givens sit
    and what they say."""
    puzzle = parse_puzzle(HARD)
    shape = shape_of_grid(puzzle)
    written = {transform.apply(puzzle) for transform in transforms(shape, 20)}
    assert len(written) == 20
    assert identity(shape).apply(puzzle) == puzzle


def test_transposing_happens_only_for_square_boxes():
    """Boxes of 2 x 3 would become 3 x 2 if transposed: every 6x6 transform keeps
    each box's cells in one box."""
    puzzle = parse_puzzle(SIZED["6x6"])
    shape = shape_of_grid(puzzle)
    box = {cell: shape.box_of(cell) for cell in range(shape.cells)}
    for transform in transforms(shape, 100):
        images = {}
        for target, source in enumerate(transform.cells):
            images.setdefault(box[source], set()).add(box[target])
        assert all(len(targets) == 1 for targets in images.values())


@pytest.mark.parametrize("size", list(SIZED))
def test_every_size_keeps_its_verdict_and_solution(size):
    puzzle = parse_puzzle(SIZED[size])
    shape = shape_of_grid(puzzle)
    for transform in transforms(shape, 3):
        result = solve(transform.apply(puzzle))
        assert result.status == Status.UNIQUE
        assert is_valid_solution(puzzle, transform.undo(result.solution))


def test_shared_puzzles_keep_their_verdicts():
    for text in sample("serg_multi.txt", 20):
        puzzle = parse_puzzle(text)
        transform = random_transform(shape_of_grid(puzzle), Random(text))
        assert solve(transform.apply(puzzle)).status == Status.MULTIPLE
