"""The shared sets are read one way: puzzle lines only, from the shared directory."""

import argparse

import pytest

from bench.sets import PUZZLES_DIR, parse_sets, read_set
from tests.support.puzzles import HARD, NO_SOLUTION


def test_puzzle_files_skip_comments_and_blank_lines(tmp_path):
    path = tmp_path / "set.txt"
    path.write_text(f"# source\n\n{HARD}\n  {NO_SOLUTION}  \n  # indented comment\n{HARD}\n")
    assert read_set(path) == [HARD, NO_SOLUTION, HARD]
    assert read_set(path, limit=2) == [HARD, NO_SOLUTION]


def test_a_name_is_a_file_of_the_shared_directory():
    assert read_set("top1465.txt", 1) == [HARD]  # HARD is top1465's first puzzle
    assert read_set(PUZZLES_DIR / "top1465.txt", 1) == [HARD]


def test_a_missing_set_fails_naming_where_sets_are_read_from():
    with pytest.raises(FileNotFoundError, match="SUDOKU_PUZZLES_DIR"):
        read_set("no_such_set.txt")


def test_the_sets_option_takes_comma_separated_names():
    assert parse_sets(" a.txt, b.txt ,") == ["a.txt", "b.txt"]
    with pytest.raises(argparse.ArgumentTypeError):
        parse_sets(" , ")
