"""manage.py import_puzzles: each line rated and stored once, duplicates (of
the library, and within the file, however written) and bad lines skipped and
counted in the summary, processes changing nothing but speed."""

import io
from pathlib import Path
from random import Random

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from solver import cli
from solver.engine import STANDARD, format_grid, parse_puzzle
from solver.engine.symmetry import random_transform
from solver.library.models import Puzzle
from tests.support.puzzles import HARD, HARD1, SIZED, sample

pytestmark = pytest.mark.django_db


class Terminal(io.StringIO):
    """An output stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def import_file(path: Path, *args: str, stderr=None) -> str:
    """The command's standard output, run on ``path`` (with time to rate each
    puzzle however loaded the machine, unless ``args`` say otherwise)."""
    if "--max-seconds" not in args:
        args = (*args, "--max-seconds", "30")
    out = io.StringIO()
    call_command("import_puzzles", str(path), *args, stdout=out, stderr=stderr or io.StringIO())
    return out.getvalue()


def write_lines(path: Path, lines) -> Path:
    path.write_text("".join(f"{line}\n" for line in lines))
    return path


def another_way(text: str, seed: int) -> str:
    """The puzzle ``text`` written another way (a random transform)."""
    return format_grid(random_transform(STANDARD, Random(seed)).apply(parse_puzzle(text)))


@pytest.fixture
def puzzles() -> tuple[str, ...]:
    return sample("seventeen_clue.txt", 6)


def test_a_file_is_stored_and_its_skips_counted(tmp_path, puzzles):
    lines = [
        "# seventeen clues, and trouble",
        *puzzles,
        "",
        another_way(puzzles[0], 1),  # a duplicate within the file
        "not a puzzle",
        HARD1,  # many solutions
        "44" + HARD[2:],  # two 4s in row 1
        " ".join(SIZED["4x4"].split()),  # a 4x4 puzzle, on one line
    ]
    out = import_file(write_lines(tmp_path / "set.txt", lines), "--source", "seventeen")
    assert out == (
        "6 stored, 1 skipped (duplicates), 1 skipped (not a puzzle), "
        "1 skipped (not unique), 1 skipped (no solution), 1 skipped (not 9x9)\n"
    )
    stored = Puzzle.objects.order_by("givens")
    assert sorted(p.givens for p in stored) == sorted(puzzles)
    assert {p.source for p in stored} == {"seventeen"}


def test_puzzles_in_the_library_already_are_duplicates(tmp_path, puzzles):
    import_file(write_lines(tmp_path / "first.txt", puzzles[:3]), "--source", "first")
    copies = [another_way(text, seed) for seed, text in enumerate(puzzles)]
    out = import_file(write_lines(tmp_path / "second.txt", copies), "--source", "second")
    assert out == "3 stored, 3 skipped (duplicates)\n"
    assert Puzzle.objects.filter(source="first").count() == 3


def test_processes_change_nothing_but_speed(tmp_path):
    lines = sample("seventeen_clue.txt", 3 * cli.CHUNK)
    path = write_lines(tmp_path / "many.txt", [*lines, *lines[:5]])
    assert import_file(path, "--source", "set", "--jobs", "2") == (
        f"{3 * cli.CHUNK} stored, 5 skipped (duplicates)\n"
    )
    assert set(Puzzle.objects.values_list("givens", flat=True)) == set(lines)


def test_a_rating_past_its_time_is_skipped(tmp_path):
    path = write_lines(tmp_path / "hard.txt", [HARD])
    out = import_file(path, "--source", "s", "--max-seconds", "1e-6")
    assert out == "0 stored, 0 skipped (duplicates), 1 skipped (out of time)\n"
    assert not Puzzle.objects.exists()


def test_progress_is_drawn_on_standard_error_when_it_is_a_terminal(tmp_path, monkeypatch):
    monkeypatch.setattr(cli.Progress, "INTERVAL", 0)  # draw at every chunk
    path = write_lines(tmp_path / "many.txt", sample("seventeen_clue.txt", 2 * cli.CHUNK))
    terminal, file = Terminal(), io.StringIO()
    import_file(path, "--source", "a", stderr=terminal)
    import_file(path, "--source", "b", stderr=file)
    assert terminal.getvalue().startswith(f"\r{cli.CHUNK} puzzles, ")
    assert terminal.getvalue().endswith("100.0% read\n")
    assert file.getvalue() == ""


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--source", ""], "--source must be a name"),
        (["--source", "generated"], "--source must be a name"),
        (["--source", "s", "--jobs", "-1"], "--jobs must be"),
        (["--source", "s", "--max-seconds", "0"], "--max-seconds must be"),
    ],
)
def test_options_out_of_range_are_refused(tmp_path, args, message):
    path = write_lines(tmp_path / "one.txt", [HARD])
    with pytest.raises(CommandError, match=message):
        import_file(path, *args)


def test_a_missing_file_is_refused(tmp_path):
    with pytest.raises(CommandError, match="Cannot read"):
        import_file(tmp_path / "missing.txt", "--source", "s")
