"""The generator: one solution (by the reference solver), the asked symmetry and
level, the same puzzle from the same seed, and None when time runs out."""

import math

import pytest

from solver.engine import Budget, is_valid_solution, parse_puzzle, solve
from solver.engine import generate as generator
from solver.engine.board import STANDARD, shape
from solver.engine.generate import (
    SYMMETRIES,
    generate,
    orbits,
    rate,
    singles_solve,
    symmetry_of,
    walk_within,
)
from solver.engine.levels import LEVELS
from solver.engine.marks import Marks
from solver.engine.reference import count_solutions
from solver.engine.solve import Status
from solver.engine.teacher import TRIAL, explain
from solver.engine.techniques import finders, singles
from tests.support.budgets import BY_GUESSES
from tests.support.puzzles import HARD, sample
from tests.support.soundness import contradictions

GENERATED_LEVELS = ("easy", "medium", "hard")


def givens(grid):
    """The cells that hold a given."""
    return {cell for cell, digit in enumerate(grid) if digit}


def mirrored(cell, symmetry, size):
    """Where ``symmetry`` takes ``cell``, worked out by row and column."""
    row, col = divmod(cell, size)
    return {
        "rotational": (size - 1 - row) * size + (size - 1 - col),
        "mirror": row * size + (size - 1 - col),
        "diagonal": col * size + row,
        "none": cell,
    }[symmetry]


def by_singles(grid, board=STANDARD):
    """True if the teacher's singles alone solve ``grid`` (no trial step)."""
    steps = explain(Marks.from_grid(grid, board), finders(singles.TECHNIQUES))
    return all(step.technique != TRIAL for step in steps)


def assert_sound(made, board=STANDARD):
    """The puzzle's givens are its solution's digits, the solution keeps the rules,
    and the reference solver finds exactly one solution."""
    placed = [(cell, digit) for cell, digit in enumerate(made.puzzle) if digit]
    assert contradictions(made.solution, placements=placed) == []
    assert is_valid_solution(made.puzzle, made.solution)
    assert count_solutions(made.puzzle, board) == 1


def test_the_same_seed_gives_the_same_puzzle():
    """Two calls with one seed agree; another seed gives another puzzle."""
    first = generate(seed=7, level="medium")
    assert generate(seed=7, level="medium") == first
    assert first.seed == 7
    assert generate(seed=8, level="medium").puzzle != first.puzzle
    assert generate(seed=7).puzzle == generate(seed=7).puzzle


def test_a_seed_is_drawn_when_none_is_given():
    """Without a seed, the one drawn is reported and makes the puzzle again."""
    made = generate()
    assert 0 <= made.seed < 2**63
    assert generate(seed=made.seed) == made


@pytest.mark.parametrize("level", GENERATED_LEVELS)
def test_each_level_is_rated_so_and_unique(level):
    """A puzzle asked at a level has one solution and the teacher, with every
    technique and no clock, rates it at that level, as it claims."""
    made = generate(level=level, seed=11)
    assert_sound(made)
    assert made.difficulty.level == level
    assert rate(made.puzzle, max_seconds=None) == made.difficulty


def test_easy_falls_to_singles_and_medium_does_not():
    """As in the anchors' scales: singles alone solve easy, never medium."""
    for seed in range(3):
        assert by_singles(generate(level="easy", seed=seed).puzzle)
        assert not by_singles(generate(level="medium", seed=seed).puzzle)


@pytest.mark.parametrize("symmetry", SYMMETRIES)
def test_the_givens_have_the_asked_symmetry(symmetry):
    """Every given's image under the symmetry is a given too."""
    made = generate(symmetry=symmetry, seed=3)
    cells = givens(made.puzzle)
    assert {mirrored(cell, symmetry, 9) for cell in cells} == cells
    assert_sound(made)
    if symmetry != "none":
        assert made.symmetry == symmetry


def without(grid, cell):
    """``grid`` with ``cell`` emptied."""
    return tuple(0 if at == cell else digit for at, digit in enumerate(grid))


def test_minimal_means_no_given_can_go():
    """Each given removed alone leaves several solutions (the engine's solver on
    9x9, the reference one on 6x6, where it is quick)."""
    made = generate(seed=5, minimal=True, level="hard")
    assert_sound(made)
    assert made.difficulty.level == "hard"
    for cell in givens(made.puzzle):
        assert solve(without(made.puzzle, cell), budget=BY_GUESSES).status is Status.MULTIPLE
    assert made.symmetry == symmetry_of(made.puzzle, STANDARD)
    small = shape(2, 3)
    made = generate(small, seed=5, minimal=True)
    assert count_solutions(made.puzzle, small) == 1
    for cell in givens(made.puzzle):
        assert count_solutions(without(made.puzzle, cell), small) == 2


@pytest.mark.parametrize(("rows", "cols"), [(2, 2), (2, 3), (4, 4)])
def test_other_sizes(rows, cols):
    """4x4, 6x6 and 16x16 puzzles, with no level asked: unique and symmetric."""
    board = shape(rows, cols)
    made = generate(board, seed=2)
    assert len(made.puzzle) == board.cells
    assert made.difficulty is None
    assert is_valid_solution(made.puzzle, made.solution)
    assert solve(made.puzzle, board, budget=BY_GUESSES).status is Status.UNIQUE
    if board.size <= 6:
        assert count_solutions(made.puzzle, board) == 1
    cells = givens(made.puzzle)
    assert {mirrored(cell, "rotational", board.size) for cell in cells} == cells


def test_unknown_level_or_symmetry():
    """A level or symmetry not in the lists is refused."""
    with pytest.raises(ValueError, match="level"):
        generate(level="fiendish")
    with pytest.raises(ValueError, match="symmetry"):
        generate(symmetry="spiral")


def test_out_of_time_gives_none():
    """A budget far too small for an extreme puzzle ends with None."""
    assert generate(level="extreme", seed=1, max_seconds=0.001) is None


class Clock:
    """The generator's clock, moved by hand: each solve the generator starts
    takes ``step`` seconds of it, each look at it ``tick``. ``budgets`` holds
    each solve's seconds and the seconds that were left before the deadline
    when it started."""

    def __init__(self, monkeypatch, step, tick=0.0):
        self.now, self.step, self.tick, self.budgets = 100.0, step, tick, []
        self.deadline = None
        monkeypatch.setattr(generator, "perf_counter", self.read)
        monkeypatch.setattr(generator, "solve", self.solve)

    def read(self):
        self.now += self.tick
        return self.now

    def solve(self, puzzle, board, budget, limit):
        self.budgets.append((budget.max_seconds, self.deadline - self.now))
        result = solve(puzzle, board, budget=BY_GUESSES, limit=limit)
        self.now += self.step
        return result


def test_each_solve_gets_only_the_time_left_and_none_starts_past_the_deadline(monkeypatch):
    """Each check's seconds are the budget's cut to what is left, shrinking
    with every check; once the clock passes the deadline the generator stops
    (None) without starting another solve."""
    clock = Clock(monkeypatch, step=0.3)
    clock.deadline = clock.now + 2.0
    assert generate(seed=3, max_seconds=2.0) is None
    seconds = [given for given, _ in clock.budgets]
    assert seconds == sorted(seconds, reverse=True)
    assert len(set(seconds)) == len(seconds)
    assert all(given == pytest.approx(left) for given, left in clock.budgets)
    assert seconds[0] == pytest.approx(2.0)
    assert len(clock.budgets) == 7  # 0.0 to 1.8 s: the seventh ends past 2.0, the last


def test_a_deadline_already_passed_gives_none_before_any_solve(monkeypatch):
    """No time at all: None at once, at every size, the solver never asked."""
    clock = Clock(monkeypatch, step=0.0, tick=1e-6)
    clock.deadline = clock.now
    for board in (STANDARD, shape(5, 5)):
        assert generate(board, seed=18, max_seconds=0.0) is None
    assert clock.budgets == []


def test_without_a_deadline_each_check_has_the_whole_budget(monkeypatch):
    """No ``max_seconds``: the checks keep ``UNIQUE_BUDGET``'s seconds, and the
    fake clock moving changes nothing: the seed's puzzle."""
    clock = Clock(monkeypatch, step=5.0)
    clock.deadline = math.inf
    made = generate(seed=3)
    assert {given for given, _ in clock.budgets} == {generator.UNIQUE_BUDGET.max_seconds}
    monkeypatch.undo()
    assert generate(seed=3) == made


def test_symmetry_of_names_the_pattern():
    """The first symmetry the pattern of givens has, whatever the digits."""
    empty = [0] * 81
    corners = list(empty)
    corners[0] = 1
    corners[80] = 2
    assert symmetry_of(tuple(corners), STANDARD) == "rotational"
    assert symmetry_of(tuple(empty), STANDARD) == "rotational"
    top = list(empty)
    top[0] = top[8] = 3
    assert symmetry_of(tuple(top), STANDARD) == "mirror"
    side = list(empty)
    side[1] = side[9] = 4
    assert symmetry_of(tuple(side), STANDARD) == "diagonal"
    assert symmetry_of(parse_puzzle(HARD), STANDARD) == "none"


def test_orbits_cover_each_cell_once():
    """Each symmetry's groups split the cells, one to two cells a group."""
    for symmetry in SYMMETRIES:
        groups = orbits(STANDARD, symmetry)
        cells = [cell for group in groups for cell in group]
        assert sorted(cells) == list(range(81))
        assert {len(group) for group in groups} <= {1, 2}
    assert len(orbits(STANDARD, "rotational")) == 41


def test_singles_solve_agrees_with_the_teachers_singles():
    """The cheap check says what the teacher's singles do, on shared puzzles and
    on generated easy and medium ones."""
    puzzles = [parse_puzzle(text) for text in sample("top1465.txt", 20)]
    puzzles += [generate(level=level, seed=4).puzzle for level in ("easy", "medium")]
    for puzzle in puzzles:
        assert singles_solve(puzzle, STANDARD) == by_singles(puzzle)


def test_walk_within_is_the_full_rating_or_none():
    """The walk with the techniques up to a level rates as ``rate`` does when it
    finishes, and stalls (None) on a puzzle above that level."""
    medium = generate(level="medium", seed=9).puzzle
    assert walk_within(medium, STANDARD, "medium") == rate(medium, max_seconds=None)
    assert walk_within(medium, STANDARD, "easy") is None
    assert walk_within(parse_puzzle(HARD), STANDARD, "hard") is None


@pytest.mark.slow
@pytest.mark.parametrize("level", LEVELS)
def test_many_seeds_at_each_level(level, monkeypatch):
    """Over many seeds, every puzzle is unique (by the reference solver) and rated
    at its level, by the teacher with no clock. No clock in the generator either
    (no ``max_seconds``, and an extreme draw's walk bounded by its steps, not
    ``RATE_SECONDS``): each seed makes the same puzzle on any machine."""
    monkeypatch.setattr(generator, "RATE_SECONDS", math.inf)
    count = 20 if level in GENERATED_LEVELS else 5
    found = [generate(level=level, seed=seed) for seed in range(count)]
    for one in found:
        assert_sound(one)
        assert rate(one.puzzle, max_seconds=None).level == level


def test_max_guesses_bounds_each_check_while_digging(monkeypatch):
    """Each uniqueness check of the digging has ``max_guesses``; the solved
    grid's search keeps ``UNIQUE_BUDGET``'s. The puzzle is then one a search
    proves unique within them."""
    checks = []

    def spy(puzzle, board, budget, limit):
        checks.append((limit, budget.max_guesses))
        return solve(puzzle, board, budget=budget, limit=limit)

    monkeypatch.setattr(generator, "solve", spy)
    made = generate(shape(4, 4), seed=2, max_guesses=5)
    assert {guesses for limit, guesses in checks if limit == 2} == {5}
    assert {guesses for limit, guesses in checks if limit == 1} == {
        generator.UNIQUE_BUDGET.max_guesses
    }
    monkeypatch.undo()
    assert solve(made.puzzle, shape(4, 4), budget=Budget(5, math.inf)).status is Status.UNIQUE
