"""The shared sets are read one way: puzzle lines only, from the shared directory."""

import argparse
import ast
import re
from pathlib import Path

import pytest

from bench import sets
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


SELECTIONS = (sets.SOLVING_SETS, sets.TEACHING_SETS, sets.RATING_SETS, sets.REQUEST_SETS)


def test_each_default_selection_names_shared_sets():
    for selection in SELECTIONS:
        assert selection
        assert all((PUZZLES_DIR / name).is_file() for name in selection)


def _is_selection(node: ast.AST) -> bool:
    """A tuple or list of two or more set names, or a text like "a.txt,b.txt"."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return re.fullmatch(r"[\w.-]+\.txt(,[\w.-]+\.txt)+", node.value) is not None
    names = [item for item in getattr(node, "elts", ()) if isinstance(item, ast.Constant)]
    return (
        isinstance(node, (ast.Tuple, ast.List))
        and sum(str(item.value).endswith(".txt") for item in names) >= 2
    )


def _lists_of_sets(path: Path) -> list[int]:
    """The lines of ``path`` where a selection of sets is written."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [node.lineno for node in ast.walk(tree) if _is_selection(node)]


def test_a_selection_of_sets_is_written_only_in_bench_sets():
    """A benchmark's default sets come from ``bench.sets``, never a list of its own."""
    found = {
        path.name: lines
        for path in Path(sets.__file__).parent.glob("*.py")
        if path.name != "sets.py" and (lines := _lists_of_sets(path))
    }
    assert found == {}
