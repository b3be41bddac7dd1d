"""manage.py generate: puzzles of the level asked for stored in the library,
the same seeds making the same puzzles (skipped then as duplicates),
processes changing nothing but speed; other sizes printed, not stored."""

import io

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from solver import cli
from solver.engine import count_cells, is_valid_solution, parse_puzzle, solve
from solver.engine.board import STANDARD, shape_for_cells
from solver.engine.generate import symmetry_of
from solver.engine.levels import LEVELS
from solver.library.models import Puzzle
from tests.support.budgets import BY_GUESSES
from tests.support.stored import store_puzzles

pytestmark = pytest.mark.django_db


class Terminal(io.StringIO):
    """An output stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def generate(*args: str, stderr=None) -> str:
    """The command's standard output."""
    out = io.StringIO()
    call_command("generate", *args, stdout=out, stderr=stderr or io.StringIO())
    return out.getvalue()


def test_puzzles_of_the_level_are_stored():
    out = generate("--level", "easy", "--count", "3", "--seed", "1")
    assert out == "3 stored, 0 skipped (duplicates); seeds 1 to 3\n"
    puzzles = Puzzle.objects.all()
    assert len(puzzles) == 3
    for puzzle in puzzles:
        assert (puzzle.level, puzzle.source, puzzle.symmetry) == ("easy", "generated", "rotational")
        givens = parse_puzzle(puzzle.givens)
        assert is_valid_solution(givens, parse_puzzle(puzzle.solution))
        assert symmetry_of(givens, STANDARD) == "rotational"


def test_the_same_seeds_make_duplicates_and_the_run_goes_on_to_new_ones():
    generate("--level", "easy", "--count", "2", "--seed", "10")
    out = generate("--level", "easy", "--count", "2", "--seed", "10")
    assert out == "2 stored, 2 skipped (duplicates); seeds 10 to 13\n"
    assert Puzzle.objects.count() == 4


def test_until_tops_the_level_up_and_then_makes_nothing():
    generate("--level", "easy", "--count", "1", "--seed", "30")
    out = generate("--level", "easy", "--until", "3", "--seed", "40")
    assert out == "2 stored, 0 skipped (duplicates); seeds 40 to 41\n"
    assert generate("--level", "easy", "--until", "3") == (
        "0 stored: the library holds 3 easy already.\n"
    )
    assert Puzzle.objects.filter(level="easy").count() == 3


def test_until_without_a_level_tops_every_level_up_each_line_naming_its_level():
    """As make library runs it: expert and extreme held already make nothing."""
    for level in ("expert", "extreme"):
        store_puzzles(level)
    lines = generate("--until", "1", "--seed", "50").splitlines()
    assert [line.split(": ")[0] for line in lines] == list(LEVELS)
    assert lines[0] == "easy: 1 stored, 0 skipped (duplicates); seeds 50 to 50"
    assert lines[3] == "expert: 0 stored: the library holds 1 expert already."
    assert all(Puzzle.objects.filter(level=level).count() == 1 for level in LEVELS)


def test_processes_change_nothing_but_speed():
    run = ("--level", "easy", "--count", "4", "--seed", "20", "--symmetry", "mirror")
    generate(*run)
    alone = set(Puzzle.objects.values_list("givens", flat=True))
    Puzzle.objects.all().delete()
    generate(*run, "--jobs", "2")
    assert set(Puzzle.objects.values_list("givens", flat=True)) == alone


def test_minimal_puzzles_lose_their_uniqueness_without_any_given():
    generate("--level", "easy", "--count", "1", "--seed", "3", "--minimal", "--symmetry", "none")
    givens = list(parse_puzzle(Puzzle.objects.get().givens))
    for cell in (cell for cell, digit in enumerate(givens) if digit):
        fewer = givens.copy()
        fewer[cell] = 0
        assert solve(tuple(fewer), budget=BY_GUESSES).solutions == 2


def test_a_puzzle_not_made_in_time_is_retried_and_counted():
    made_none = r"Too few puzzles made: 0 stored, .* skipped \(out of time\)"
    with pytest.raises(CommandError, match=made_none):
        generate("--level", "extreme", "--count", "1", "--seed", "1", "--max-seconds", "1e-6")
    assert not Puzzle.objects.exists()


def test_other_sizes_are_printed_not_stored():
    err = io.StringIO()
    out = generate("--size", "4", "--count", "3", "--seed", "5", stderr=err)
    lines = out.splitlines()
    assert len(lines) == 3
    for line in lines:
        assert count_cells(line) == 16
        assert solve(parse_puzzle(line), shape_for_cells(16), budget=BY_GUESSES).solutions == 1
    assert err.getvalue() == "3 printed; seeds 5 to 7\n"
    assert not Puzzle.objects.exists()


def test_progress_is_drawn_on_standard_error_when_it_is_a_terminal(monkeypatch):
    monkeypatch.setattr(cli.Progress, "INTERVAL", 0)  # draw at every puzzle
    terminal = Terminal()
    generate("--level", "easy", "--count", "2", "--seed", "30", stderr=terminal)
    assert terminal.getvalue().startswith("\r1 puzzles, ")
    assert terminal.getvalue().endswith("100.0% done\n")


def test_no_progress_is_drawn_with_verbosity_0(monkeypatch):
    """make run tops the library up beside the server, whose log shares the terminal."""
    monkeypatch.setattr(cli.Progress, "INTERVAL", 0)
    terminal = Terminal()
    generate("--level", "easy", "--count", "1", "--seed", "30", "-v", "0", stderr=terminal)
    assert terminal.getvalue() == ""


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--count", "1"], "--level is required"),
        (["--level", "easy", "--count", "0"], "--count must be"),
        (["--level", "easy", "--seed", "-1"], "--seed must be"),
        (["--level", "easy", "--jobs", "65"], "--jobs must be"),
        (["--level", "easy", "--max-seconds", "nan"], "--max-seconds must be"),
        (["--level", "easy", "--until", "-1"], "--until needs"),
        (["--size", "16", "--until", "2"], "--until needs"),
    ],
)
def test_options_out_of_range_are_refused(args, message):
    with pytest.raises(CommandError, match=message):
        generate(*args)
