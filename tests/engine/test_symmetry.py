"""Symmetry: a transform keeps the rules, so a puzzle written another way has
the same solutions, written the same way."""

from collections import Counter
from itertools import permutations, product
from random import Random

import pytest

from bench.canonical import symmetric_grids
from solver.engine import Status, is_valid_solution, parse_puzzle, solve, symmetry
from solver.engine.board import STANDARD, shape_for_cells, shape_of_grid
from solver.engine.board import shape as board_shape
from solver.engine.rules import find_conflicts
from solver.engine.symmetry import canonical, compose, identity, random_transform
from tests.support.budgets import BY_GUESSES
from tests.support.puzzles import HARD, HARD_SOLUTION, SIZED, load, sample
from tests.support.soundness import solution_of

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
        result = solve(transform.apply(puzzle), budget=BY_GUESSES)
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
        result = solve(transform.apply(puzzle), budget=BY_GUESSES)
        assert result.status == Status.UNIQUE
        assert is_valid_solution(puzzle, transform.undo(result.solution))


def test_shared_puzzles_keep_their_verdicts():
    for text in sample("serg_multi.txt", 20):
        puzzle = parse_puzzle(text)
        transform = random_transform(shape_of_grid(puzzle), Random(text))
        assert solve(transform.apply(puzzle), budget=BY_GUESSES).status == Status.MULTIPLE


# Canonical writings.


def _orders(per_group, groups):
    """Every order of ``per_group * groups`` lines that keeps each group together."""
    for group_order in permutations(range(groups)):
        insides = [permutations(range(g * per_group, (g + 1) * per_group)) for g in group_order]
        for inside in product(*insides):
            yield [line for part in inside for line in part]


def _first_appearance(grid):
    """The grid relabelled in order of first appearance: the smallest relabelling."""
    labels = {}
    return tuple(labels.setdefault(d, len(labels) + 1) if d else 0 for d in grid)


def brute_canonical(grid, shape):
    """The canonical writing by its definition, over every transform of the
    group: the largest pattern of givens (rows read as binary numbers, a given
    1, the first column highest), then the smallest digits relabelled in order
    of first appearance."""
    n = shape.size
    identity_digits = list(range(1, n + 1))
    best = None
    for transpose in [False, True] if shape.box_rows == shape.box_cols else [False]:
        for rows in _orders(shape.box_rows, n // shape.box_rows):
            for columns in _orders(shape.box_cols, n // shape.box_cols):
                written = compose(shape, rows, columns, identity_digits, transpose).apply(grid)
                pattern = tuple(
                    -sum(1 << (n - 1 - c) for c in range(n) if written[r * n + c]) for r in range(n)
                )
                key = (pattern, _first_appearance(written))
                if best is None or key < best:
                    best = key
    return best[1]


def random_solution(shape, rng):
    """A solution grid drawn from ``rng``: cells filled in order, digits tried at random."""
    grid = [0] * shape.cells

    def fill(cell):
        if cell == shape.cells:
            return True
        for digit in rng.sample(range(1, shape.size + 1), shape.size):
            if all(grid[peer] != digit for peer in shape.peers[cell]):
                grid[cell] = digit
                if fill(cell + 1):
                    return True
        grid[cell] = 0
        return False

    fill(0)
    return tuple(grid)


def random_grids(shape, count, seed):
    """Grids of every kind, the same on every run: digits at random (rules
    broken), puzzles (a solution with givens removed at random) and solutions."""
    rng = Random(seed)
    grids = []
    for index in range(count):
        kind = index % 3
        if kind == 0:
            density = rng.random()
            grids.append(
                tuple(
                    rng.randint(1, shape.size) if rng.random() < density else 0
                    for _ in range(shape.cells)
                )
            )
        else:
            solution = random_solution(shape, rng)
            density = rng.random() if kind == 1 else 1.0
            grids.append(tuple(d if rng.random() < density else 0 for d in solution))
    return grids


@pytest.mark.parametrize(("box_rows", "box_cols", "count"), [(2, 2, 150), (2, 3, 12)])
def test_canonical_is_the_least_writing_over_the_whole_group(box_rows, box_cols, count):
    shape = board_shape(box_rows, box_cols)
    for grid in random_grids(shape, count, seed=box_rows * 10 + box_cols):
        assert canonical(grid, shape) == brute_canonical(grid, shape), grid


def test_transforms_of_a_puzzle_share_its_canonical_writing():
    for name in ("top1465.txt", "seventeen_clue.txt"):
        for text in sample(name, 25):
            puzzle = parse_puzzle(text)
            expected = canonical(puzzle, STANDARD)
            for transform in transforms(STANDARD, 4, seed=text):
                assert canonical(transform.apply(puzzle), STANDARD) == expected, text


def test_different_puzzles_have_different_canonical_writings():
    for name in ("top1465.txt", "seventeen_clue.txt"):
        texts = sample(name, 150)
        writings = {canonical(parse_puzzle(text), STANDARD) for text in texts}
        assert len(writings) == len(texts)


def test_the_canonical_writing_is_the_same_puzzle_written_another_way():
    """Same givens, digit for digit up to relabelling; solved, it gives a
    writing of the puzzle's own solution; and it is its own canonical writing."""
    for text in sample("top1465.txt", 15) + (HARD,):
        puzzle = parse_puzzle(text)
        written = canonical(puzzle, STANDARD)
        assert sorted(Counter(d for d in written if d).values()) == sorted(
            Counter(d for d in puzzle if d).values()
        )
        assert canonical(written, STANDARD) == written
        result = solve(written, budget=BY_GUESSES)
        assert result.status == Status.UNIQUE
        solution = solution_of(puzzle)
        assert canonical(result.solution, STANDARD) == canonical(solution, STANDARD)


def test_the_empty_grid_is_its_own_canonical_writing():
    for size in (4, 6, 9, 16):
        shape = shape_for_cells(size * size)
        assert canonical((0,) * shape.cells, shape) == (0,) * shape.cells


def test_a_changed_given_changes_the_canonical_writing():
    puzzle = list(parse_puzzle(HARD))
    other = list(puzzle)
    first = next(cell for cell, digit in enumerate(puzzle) if digit)
    other[first] = 0
    assert canonical(tuple(other), STANDARD) != canonical(tuple(puzzle), STANDARD)


def test_full_grids_take_the_conjugates_walk_and_agree_with_the_general_one():
    """Solutions go through their own search (``_least_full``); it gives what
    the pattern-then-digits search gives."""
    views = symmetry._views(SOLUTION, STANDARD)
    assert symmetry._latin(views, 9)
    winners, pattern = symmetry._best_pattern(views, STANDARD)
    general = symmetry._best_digits(views, winners, pattern, STANDARD)
    assert canonical(SOLUTION, STANDARD) == general
    assert general[:9] == tuple(range(1, 10))


@pytest.mark.parametrize(("name", "grid"), list(symmetric_grids(SOLUTION).items()))
def test_grids_with_many_symmetries_stay_canonical(name, grid):
    """Their transforms share their writing. (How long each takes, the slowest
    kind of grid: `python -m bench.canonical`'s last table.)"""
    written = canonical(grid, STANDARD)
    for transform in transforms(STANDARD, 3, seed=name):
        assert canonical(transform.apply(grid), STANDARD) == written, name


# top1465.txt holds one pair of equivalent puzzles (lines counted from 0):
# the second is the first with its bands rotated.
EQUIVALENT_IN_TOP1465 = (299, 306)


def test_the_equivalent_pair_of_top1465_shares_its_writing():
    first, second = (parse_puzzle(load("top1465.txt")[i]) for i in EQUIVALENT_IN_TOP1465)
    rotated = compose(STANDARD, [3, 4, 5, 6, 7, 8, 0, 1, 2], list(range(9)), list(range(1, 10)))
    assert rotated.apply(first) == second
    assert canonical(first, STANDARD) == canonical(second, STANDARD)


# The sweep: all of top1465 and 2,000 of the 17-clue puzzles in `make test`
# (about 8 s); every puzzle of both, 50,600, under `make soundness`.
@pytest.mark.sweep
@pytest.mark.parametrize(
    ("name", "count", "equivalent"),
    [("top1465.txt", 1_465, [EQUIVALENT_IN_TOP1465]), ("seventeen_clue.txt", 2_000, [])],
)
def test_every_puzzle_of_a_set_has_its_own_canonical_writing(sweep, name, count, equivalent):
    """Across the set, only the puzzles known to be equivalent share a
    writing, and a random transform of each finds its puzzle's."""
    rng = Random(name)
    sharing: dict[tuple[int, ...], list[str]] = {}
    for text in sweep(name, count):
        puzzle = parse_puzzle(text)
        written = canonical(puzzle, STANDARD)
        assert canonical(random_transform(STANDARD, rng).apply(puzzle), STANDARD) == written
        sharing.setdefault(written, []).append(text)
    shared = [tuple(map(load(name).index, each)) for each in sharing.values() if len(each) > 1]
    assert shared == equivalent


@pytest.mark.parametrize("size", list(SIZED))
def test_every_size_has_one_canonical_writing_for_its_puzzle(size):
    """The tests' puzzle of each size: its transforms share its writing, which
    keeps its givens and is its own writing."""
    puzzle = parse_puzzle(SIZED[size])
    shape = shape_of_grid(puzzle)
    written = canonical(puzzle, shape)
    assert sorted(written).count(0) == list(puzzle).count(0)
    assert canonical(written, shape) == written
    for transform in transforms(shape, 3, seed=size):
        assert canonical(transform.apply(puzzle), shape) == written


@pytest.mark.parametrize("density", [0.2, 0.5, 0.7, 0.9, 1.0])
def test_sixteen_by_sixteen_grids_have_one_canonical_writing(density):
    """Random 16x16 grids, from a few givens to a whole solution: transforms
    share the writing, which holds the same digits as often, written again."""
    shape = board_shape(4, 4)
    rng = Random(density)
    grid = tuple(d if rng.random() < density else 0 for d in random_solution(shape, rng))
    written = canonical(grid, shape)
    assert sorted(Counter(grid).values()) == sorted(Counter(written).values())
    assert canonical(written, shape) == written
    for transform in transforms(shape, 2, seed=density):
        assert canonical(transform.apply(grid), shape) == written


def test_sixteen_by_sixteen_puzzles_that_differ_have_different_writings():
    """The 16x16 puzzle, and it with one of its first ten givens removed: no
    symmetry of the puzzle maps one of those givens onto another, so the
    eleven puzzles are pairwise not equivalent."""
    shape = board_shape(4, 4)
    puzzle = parse_puzzle(SIZED["16x16"])
    givens = [cell for cell, digit in enumerate(puzzle) if digit]
    writings = {canonical(puzzle, shape)}
    for cell in givens[:10]:
        writings.add(canonical(tuple(0 if c == cell else d for c, d in enumerate(puzzle)), shape))
    assert len(writings) == 11


@pytest.mark.slow
def test_a_sixteen_by_sixteen_pattern_solution_has_one_canonical_writing():
    """The 16x16 puzzle's solution, a shuffled pattern grid with thousands of
    symmetries of its own: the slowest kind of grid (seconds, see
    ``canonical``), still exact."""
    puzzle = parse_puzzle(SIZED["16x16"])
    shape = shape_of_grid(puzzle)
    solution = solution_of(puzzle)
    written = canonical(solution, shape)
    transform = random_transform(shape, Random(16))
    assert canonical(transform.apply(solution), shape) == written


@pytest.mark.slow
def test_the_conjugates_walk_agrees_with_the_general_one_on_many_solutions():
    """Random solutions, a pattern grid and solutions of the shared sets."""
    rng = Random(99)
    pattern = tuple((3 * (r % 3) + r // 3 + c) % 9 + 1 for r in range(9) for c in range(9))
    grids = [pattern] + [random_solution(STANDARD, rng) for _ in range(4)]
    grids += [solution_of(parse_puzzle(text)) for text in sample("top1465.txt", 4)]
    for grid in grids:
        views = symmetry._views(grid, STANDARD)
        winners, best = symmetry._best_pattern(views, STANDARD)
        assert canonical(grid, STANDARD) == symmetry._best_digits(views, winners, best, STANDARD)
