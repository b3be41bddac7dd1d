"""The tail benchmark: every copy keeps the rules, a symmetric copy keeps its puzzle's
verdict, its figures follow from the times, and any mismatch fails the run."""

from collections import Counter
from random import Random

import pytest

from bench import tails
from bench.tails import (
    FAMILIES,
    Copy,
    Run,
    all_symmetries,
    impossible,
    lines_swapped,
    main,
    mismatches,
    relabelled,
    solve_copy,
    sparse,
    tail,
    transposed,
)
from solver.engine import Result, Status, find_conflicts, parse_puzzle, shape_of_grid, solve
from tests.support.budgets import BY_GUESSES
from tests.support.commands import printed
from tests.support.puzzles import HARD, HARD_SOLUTION, NO_SOLUTION, SIZED, sample

SOLUTION = parse_puzzle(HARD_SOLUTION)


def puzzles():
    """A unique puzzle, one with several solutions and one with none, each as written
    with its result (the guesses deciding, as on any machine)."""
    grids = [parse_puzzle(text) for text in (HARD, sample("serg_multi.txt", 1)[0], NO_SOLUTION)]
    return [(grid, solve(grid, budget=BY_GUESSES)) for grid in grids]


def copies(build, count=5, seed=0):
    """``count`` copies by ``build`` of each of ``puzzles()``, with their puzzle's result."""
    rng = Random(seed)
    return [
        (build(grid, result, shape_of_grid(grid), rng), result)
        for grid, result in puzzles()
        for _ in range(count)
    ]


def givens(grid):
    """How many cells of ``grid`` hold a digit."""
    return sum(1 for digit in grid if digit)


@pytest.mark.parametrize("family", FAMILIES)
def test_every_copy_keeps_the_rules_and_agrees_with_its_puzzle(family):
    for copy, _ in copies(FAMILIES[family]):
        assert find_conflicts(copy.grid) == []
        assert mismatches(solve_copy(copy)) == []


@pytest.mark.parametrize("build", [relabelled, lines_swapped, transposed, all_symmetries])
def test_a_symmetric_copy_must_get_its_puzzles_verdict_and_solution_written_the_same_way(build):
    for grid, (copy, result) in zip_puzzles(build, 5):
        assert copy.verdicts == {result.status}
        assert (copy.solution is None) == (result.status != Status.UNIQUE)
        assert givens(copy.grid) == givens(grid)


def test_the_unique_puzzles_copies_expect_its_solution_moved_like_its_givens():
    grid, result = puzzles()[0]
    for build in (relabelled, lines_swapped, transposed, all_symmetries):
        copy = build(grid, result, shape_of_grid(grid), Random(1))
        assert all(
            given in (0, digit) for given, digit in zip(copy.grid, copy.solution, strict=True)
        )
        assert find_conflicts(copy.solution) == []


def test_relabelling_moves_no_cell_and_maps_each_digit_to_one_other():
    grid = parse_puzzle(HARD)
    copy = relabelled(grid, solve(grid), shape_of_grid(grid), Random(2))
    assert [digit == 0 for digit in copy.grid] == [digit == 0 for digit in grid]
    labels = {(old, new) for old, new in zip(grid, copy.grid, strict=True) if old}
    assert len(labels) == len({old for old, _ in labels}) == len({new for _, new in labels})
    assert copy.grid != grid


def test_swapping_lines_keeps_the_digits_of_each_row_and_column():
    grid = parse_puzzle(HARD)
    copy = lines_swapped(grid, solve(grid), shape_of_grid(grid), Random(3))
    assert Counter(lines(copy.grid)) == Counter(lines(grid))
    assert copy.grid != grid


def lines(grid):
    """The digits of each row and each column of a 9x9 grid, each sorted."""
    rows = [grid[r * 9 : r * 9 + 9] for r in range(9)]
    columns = [grid[c::9] for c in range(9)]
    return [tuple(sorted(line)) for line in rows + columns]


def test_transposing_makes_rows_columns_and_needs_square_boxes():
    grid = parse_puzzle(HARD)
    copy = transposed(grid, solve(grid), shape_of_grid(grid), Random(4))
    assert copy.grid == tuple(grid[c * 9 + r] for r in range(9) for c in range(9))
    six = parse_puzzle(SIZED["6x6"])
    assert transposed(six, solve(six), shape_of_grid(six), Random(4)) is None


def test_a_sparse_copy_has_one_to_six_givens_fewer():
    removed = {givens(grid) - givens(copy.grid) for grid, (copy, _) in zip_puzzles(sparse, 40)}
    assert removed <= set(range(1, 7))
    assert len(removed) > 1


def test_a_sparse_copy_is_a_symmetric_copy_with_givens_removed():
    grid, result = puzzles()[0]
    shape = shape_of_grid(grid)
    # Both draw the symmetries first, so one seed gives both the same.
    whole = all_symmetries(grid, result, shape, Random(5)).grid
    copy = sparse(grid, result, shape, Random(5))
    assert all(given in (0, digit) for given, digit in zip(copy.grid, whole, strict=True))
    assert copy.verdicts == {Status.UNIQUE, Status.MULTIPLE}
    assert copy.solution == all_symmetries(grid, result, shape, Random(5)).solution


def test_an_impossible_copy_changes_one_given_and_conflicts_with_nothing():
    for copy, _ in copies(impossible, 10):
        assert find_conflicts(copy.grid) == []
        assert copy.verdicts == {Status.UNIQUE, Status.MULTIPLE, Status.NONE}
    for seed, (grid, result) in enumerate(puzzles()):
        # Both draw the symmetries first, so one seed gives both the same.
        whole = all_symmetries(grid, result, shape_of_grid(grid), Random(seed)).grid
        changed = impossible(grid, result, shape_of_grid(grid), Random(seed)).grid
        (cell,) = [cell for cell, digit in enumerate(changed) if digit != whole[cell]]
        assert whole[cell] != 0
        assert changed[cell] != 0


def test_a_full_grid_has_no_impossible_copy():
    assert impossible(SOLUTION, solve(SOLUTION), shape_of_grid(SOLUTION), Random(7)) is None


def zip_puzzles(build, count):
    """Each puzzle of ``puzzles()`` beside each of its ``count`` copies by ``build``."""
    grids = [grid for grid, _ in puzzles() for _ in range(count)]
    return zip(grids, copies(build, count), strict=True)


def test_the_same_seed_gives_the_same_copies_and_another_seed_others():
    for build in (relabelled, lines_swapped, all_symmetries, sparse, impossible):
        first = [copy.grid for copy, _ in copies(build, seed=8)]
        assert first == [copy.grid for copy, _ in copies(build, seed=8)]
        assert first != [copy.grid for copy, _ in copies(build, seed=9)]


def ran(ms, status=Status.UNIQUE, guesses=0, grid=(0,) * 81, solution=None):
    """A made-up run of ``grid`` that took ``ms`` and ended in ``status``."""
    copy = Copy(grid, frozenset({Status.UNIQUE}), None)
    return Run(copy, Result(status, solution, 0, guesses, ms / 1000), ms)


def test_the_figures_follow_from_the_times_and_results():
    runs = [ran(float(ms), guesses=ms % 7) for ms in range(200, 0, -1)]
    runs[5] = ran(500.0, Status.GAVE_UP, 3, grid=(1,) + (0,) * 80)
    t = tail(runs)
    assert t.copies == 200
    assert t.p50_ms == 100.0
    assert t.p99_ms == 199.0  # the 198th of 200, once 195 became 500
    assert t.max_ms == 500.0
    assert t.max_guesses == 6
    assert t.verdicts == {Status.GAVE_UP: 1, Status.UNIQUE: 199}
    assert t.slowest == (1,) + (0,) * 80


def test_the_percentiles_are_nearest_ranks():
    t = tail([ran(ms) for ms in (4.0, 1.0, 3.0, 2.0)])
    assert (t.p50_ms, t.p99_ms, t.max_ms) == (2.0, 4.0, 4.0)


def test_no_copies_give_no_figures():
    with pytest.raises(ValueError, match="no copies"):
        tail([])


def test_a_wrong_verdict_or_solution_is_a_mismatch_but_giving_up_is_not():
    grid = parse_puzzle(HARD)
    copy = Copy(grid, frozenset({Status.UNIQUE}), SOLUTION)
    other = (*SOLUTION[:80], 0)
    assert mismatches(Run(copy, Result(Status.UNIQUE, SOLUTION, 1, 0, 0), 1.0)) == []
    assert mismatches(Run(copy, Result(Status.GAVE_UP, None, 0, 0, 0), 1.0)) == []
    assert mismatches(Run(copy, Result(Status.NONE, None, 0, 0, 0), 1.0)) == [
        "verdict none, expected unique"
    ]
    assert mismatches(Run(copy, Result(Status.UNIQUE, other, 1, 0, 0), 1.0)) == [
        "a solution that breaks the rules or drops a given"
    ]


def test_a_unique_verdict_with_another_valid_solution_is_a_mismatch():
    grid = parse_puzzle(HARD)
    solution = solve(grid).solution
    swapped = relabelled(solution, solve(solution), shape_of_grid(solution), Random(10)).grid
    copy = Copy(swapped, frozenset({Status.UNIQUE}), solution)
    assert mismatches(Run(copy, Result(Status.UNIQUE, swapped, 1, 0, 0), 1.0)) == [
        "not the puzzle's solution written the same way"
    ]


def test_the_command_prints_every_familys_row_the_summary_and_the_adversarial_search(tmp_path):
    few = tmp_path / "few.txt"
    few.write_text(f"# three puzzles\n{HARD}\n{NO_SOLUTION}\n{HARD}\n")
    lines = printed(
        "bench.tails", str(few), "--per-set", "2", "--adversarial", "1", "--orientations", "3"
    )
    assert lines[0].startswith("Machine: ")
    rows = [line.split(" | ") for line in lines if line.startswith("| `few.txt` |")]
    assert [cells[1] for cells in rows[:7]] == ["as written", *FAMILIES]
    assert all(cells[2] == "2" for cells in rows[:5])
    assert rows[0][7] == "none 1, unique 1"
    assert rows[0][8] == f"`{HARD}` |"
    assert any(line.startswith("Over every family: slowest copy ") for line in lines)
    assert len(rows) == 8
    assert rows[7][1] == f"`{HARD}`"
    assert rows[7][3] == "3"
    assert rows[7][7] == "unique 3"
    assert lines[-1] == "No mismatch: every verdict and solution agrees with the puzzle as written."


def test_a_mismatch_is_printed_and_fails_the_run(tmp_path, monkeypatch, capsys):
    few = tmp_path / "few.txt"
    few.write_text(f"{HARD}\n")
    grid = parse_puzzle(HARD)

    def wrong_on_copies(puzzle, **options):
        result = solve(puzzle, **options)
        return result if puzzle == grid else Result(Status.NONE, None, 0, 0, 0.0)

    monkeypatch.setattr(tails, "solve", wrong_on_copies)
    with pytest.raises(SystemExit) as exit_:
        main([str(few), "--adversarial", "0"])
    assert exit_.value.code == 1
    out = capsys.readouterr().out
    # The four symmetric families, and sparse, whose copies keep a solution.
    assert "Mismatches, 5 copies (each a bug):" in out
    assert "- `few.txt`, relabelled, `" in out
    assert "verdict none, expected unique" in out


def test_the_sample_is_spread_through_the_file_and_a_bad_puzzle_named_by_its_place(
    tmp_path, capsys
):
    mixed = tmp_path / "mixed.txt"
    mixed.write_text(f"{HARD}\nhello\n{HARD}\nhello\n")
    main([str(mixed), "--per-set", "2", "--adversarial", "0"])  # puzzles 1 and 3
    capsys.readouterr()
    with pytest.raises(SystemExit) as exit_:
        main([str(mixed), "--per-set", "3"])
    assert exit_.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert "mixed.txt, puzzle 2: Unexpected character “h”" in err


@pytest.mark.parametrize(
    "arguments",
    [["--per-set", "0"], ["--orientations", "0"], ["--adversarial", "-1"], ["--seed", "x"]],
)
def test_a_bad_count_is_refused(tmp_path, arguments):
    one = tmp_path / "one.txt"
    one.write_text(f"{HARD}\n")
    with pytest.raises(SystemExit) as exit_:
        main([str(one), *arguments])
    assert exit_.value.code == 2


def test_a_missing_or_empty_file_is_refused(tmp_path):
    empty = tmp_path / "empty.txt"
    empty.write_text("# nothing but a comment\n")
    for path in (empty, tmp_path / "missing.txt"):
        with pytest.raises(SystemExit) as exit_:
            main([str(path)])
        assert exit_.value.code == 2
