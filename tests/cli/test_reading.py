"""Reading: each line is a puzzle unless the first draws a grid or holds one
row; the source reads UTF-8 line by line, within limits, and says where it
stopped and why."""

import io

import pytest

from solver.cli import MAX_LINE, InputError, Source, draw_grid, open_input, read_entries
from solver.engine import parse_puzzle
from tests.support.puzzles import HARD, NO_SOLUTION
from tests.support.rows import rows_of


def entries(lines: list[str]) -> list[tuple[int, str]]:
    return [(entry.line, entry.text) for entry in read_entries(lines)]


def source(data: bytes, name: str = "puzzles.txt") -> Source:
    return Source(io.BytesIO(data), name)


# One puzzle or many


def test_each_line_is_a_puzzle_and_blank_and_comment_lines_are_skipped():
    lines = ["# two puzzles\n", "\n", f"  {HARD}  \n", "   \n", f"{NO_SOLUTION}\n"]
    assert entries(lines) == [(3, HARD), (5, NO_SOLUTION)]


def test_nine_lines_of_nine_are_one_puzzle_starting_at_its_first_line():
    lines = ["# one puzzle, a row a line", *rows_of(HARD)]
    [(line, text)] = entries(lines)
    assert line == 2
    assert parse_puzzle(text) == parse_puzzle(HARD)


def test_a_drawn_grid_is_one_puzzle():
    drawn = draw_grid(HARD).splitlines()
    [(line, text)] = entries(drawn)
    assert line == 1
    assert parse_puzzle(text) == parse_puzzle(HARD)


def test_sixteen_lines_of_sixteen_cells_are_one_16x16_puzzle_but_seventeen_are_4x4_puzzles():
    line = "1.3.....2......4"
    [(_, text)] = entries([line] * 16)
    assert len(parse_puzzle(text)) == 256
    assert len(entries([line] * 17)) == 17


@pytest.mark.parametrize(
    ("first", "one"),
    [
        ("4..3.....", True),  # a row of a 9x9 board
        ("4 . . 3 . . . . .", True),  # the same, spaced out
        ("x..3.....", True),  # a typo is still a cell: still a row
        ("4, 0, 0, 3, 0, 0, 0, 0, 0", True),  # a row written as numbers
        (" ".join(["12", "0", "7", "25", "0"] * 5), True),  # a row of a 25x25 board
        ("| 4 . . | 3 . . | . . . |", True),  # drawn
        ("------+-------+------", True),  # a drawn border
        (HARD, False),  # a whole board
        (", ".join(["0"] * 15 + ["7"]), False),  # a whole 4x4 board, as numbers
        ("garbage", False),  # no board has rows of 7 cells
    ],
)
def test_the_first_puzzle_line_decides_one_puzzle_or_many_counting_cells_as_the_parser(first, one):
    assert len(entries([first, first])) == (1 if one else 2)


def test_a_bad_first_line_does_not_make_the_whole_input_one_puzzle():
    assert entries([HARD[:80], HARD]) == [(1, HARD[:80]), (2, HARD)]


def test_one_puzzle_over_several_lines_is_read_up_to_a_limit():
    lines = ["4..3.....", *(["........."] * 10_000)]
    with pytest.raises(InputError, match="longer than 65,536 characters"):
        entries(lines)


def test_the_reader_yields_each_puzzle_before_reading_the_next_line():
    def lines():
        yield HARD
        yield NO_SOLUTION
        raise AssertionError("read past the puzzle asked for")

    reader = read_entries(lines())
    assert next(reader).text == HARD
    assert next(reader).text == NO_SOLUTION


# The source


def test_a_line_that_is_not_utf8_ends_the_lines_and_is_named():
    text = source(f"{HARD}\nabc\xff\n{HARD}\n".encode("latin-1"))
    assert list(text.lines()) == [f"{HARD}\n"]
    assert "puzzles.txt, line 2: not UTF-8 text (byte 0xff at position 4)" in str(text.error)


def test_a_line_longer_than_the_limit_ends_the_lines():
    text = source(b"x" * (MAX_LINE + 1))
    assert list(text.lines()) == []
    assert "line 1: longer than 65,536 bytes" in str(text.error)


def test_a_byte_order_mark_is_dropped_and_bytes_are_counted():
    data = f"\ufeff{HARD}\n{HARD}\n".encode()
    text = source(data)
    assert list(text.lines()) == [f"{HARD}\n"] * 2
    assert text.bytes_read == len(data)
    assert text.error is None


def test_the_size_is_known_for_a_regular_file_only(tmp_path):
    path = tmp_path / "puzzles.txt"
    path.write_text(f"{HARD}\n")
    with open_input(str(path)) as opened:
        assert opened.size == 82
    assert source(b"").size is None


def test_a_file_that_cannot_be_opened_says_why(tmp_path):
    with pytest.raises(InputError, match=r"Cannot read .*missing\.txt: No such file"):
        open_input(str(tmp_path / "missing.txt"))


def test_links_and_payloads_are_a_puzzle_a_line_though_base64_holds_plus_signs():
    payloads = ["N4Ig+zglgXgpi/BOA", "N4IgzglgXgpiBcB+OANCA"]
    lines = ["fpuzzles" + payloads[0], "https://f-puzzles.com/?load=" + payloads[1]]
    assert entries(lines) == [(1, lines[0]), (2, lines[1])]
