"""Reading puzzles: what is accepted, and how each error names its position."""

import pytest

from solver.engine import (
    STANDARD,
    InvalidPuzzle,
    count_cells,
    format_grid,
    parse_puzzle,
    read_symbol,
    shape,
)
from tests.support.puzzles import HARD


def problems_of(text, board=STANDARD):
    with pytest.raises(InvalidPuzzle) as caught:
        parse_puzzle(text, board)
    return caught.value.problems


def test_a_line_of_81_symbols_reads_row_by_row():
    grid = parse_puzzle(HARD)
    assert len(grid) == 81
    assert grid[0] == 4
    assert grid[1] == 0
    assert format_grid(grid) == HARD


def test_dots_zeros_dashes_and_underscores_all_mean_empty():
    for blank in "0-_":
        assert parse_puzzle(HARD.replace(".", blank)) == parse_puzzle(HARD)
    assert HARD.replace(".", "-").startswith("4---3----")


def test_whitespace_and_grid_art_are_ignored():
    rows = [HARD[r * 9 : r * 9 + 9] for r in range(9)]
    drawn = []
    for r, row in enumerate(rows):
        if r and r % 3 == 0:
            drawn.append("------+-------+------")
        drawn.append(" | ".join(" ".join(row[c : c + 3]) for c in (0, 3, 6)))
    assert parse_puzzle("\n".join(drawn)) == parse_puzzle(HARD)
    assert parse_puzzle("\n".join(rows) + "\n") == parse_puzzle(HARD)


def test_full_width_digits_from_input_methods_are_read_as_digits():
    assert parse_puzzle(HARD.replace("4", "４")) == parse_puzzle(HARD)


def test_an_unexpected_character_is_named_with_its_position():
    (problem,) = problems_of(HARD[:11] + "x" + HARD[12:])
    assert problem.code == "bad_character"
    assert "“x”" in problem.message
    assert "position 12" in problem.message


def test_on_several_lines_the_position_names_the_line_too():
    text = HARD[:9] + "\n" + HARD[9:13] + "?" + HARD[14:]
    (problem,) = problems_of(text)
    assert "line 2, position 5" in problem.message


def test_many_unexpected_characters_are_summarised_after_the_first_few():
    problems = problems_of("x" * 81)
    assert len(problems) == 6
    assert "76 more" in problems[-1].message


def test_too_few_or_too_many_cells_say_how_many_were_found():
    (short,) = problems_of(HARD[:80])
    (long,) = problems_of(HARD + "1")
    assert short.code == "too_few_cells"
    assert "80 cells" in short.message
    assert long.code == "too_many_cells"
    assert "82 cells" in long.message


def test_an_empty_text_is_too_few_cells():
    assert problems_of("")[0].code == "too_few_cells"


def test_digits_above_the_board_size_are_rejected():
    small = shape(2, 2)
    assert parse_puzzle("1234" + "." * 12, small)[:4] == (1, 2, 3, 4)
    (problem,) = problems_of("5" + "." * 15, small)
    assert problem.code == "bad_character"
    assert "1-4" in problem.message


def test_boards_above_nine_write_digits_as_letters_in_either_case():
    big = shape(4, 4)
    grid = parse_puzzle("9AbG" + "." * 252, big)
    assert grid[:4] == (9, 10, 11, 16)


def test_a_single_symbol_reads_as_its_digit_or_none():
    assert read_symbol("7") == 7
    assert read_symbol(".") == 0
    assert read_symbol("0") == 0
    assert read_symbol("-") == 0
    assert read_symbol("_") == 0
    assert read_symbol("８") == 8
    assert read_symbol("x") is None
    assert read_symbol("A") is None


def test_without_a_shape_the_size_follows_from_the_number_of_cells():
    assert len(parse_puzzle("1" + "." * 15)) == 16
    assert len(parse_puzzle("G" + "." * 255)) == 256
    assert parse_puzzle("p" + "." * 624)[0] == 25
    assert parse_puzzle(HARD) == parse_puzzle(HARD, STANDARD)


def test_a_count_of_cells_that_fits_no_board_is_measured_against_9x9():
    (problem,) = problems_of("1" * 50, None)
    assert problem.code == "too_few_cells"
    assert "a 9x9 puzzle needs 81" in problem.message


def test_letters_beyond_the_inferred_size_are_named():
    (problem,) = problems_of("A" + "." * 80, None)
    assert problem.code == "bad_character"
    assert "“A”" in problem.message


def test_numbers_separated_by_commas_or_spaces_are_read_as_cells():
    numbers = [(i * 5) % 17 for i in range(256)]
    grid = parse_puzzle(", ".join(map(str, numbers)))
    assert grid == tuple(numbers)
    rows = "\n".join(" ".join(str(n) for n in numbers[r : r + 16]) for r in range(0, 256, 16))
    assert parse_puzzle(rows) == tuple(numbers)
    assert parse_puzzle(",".join(HARD.replace(".", "0"))) == parse_puzzle(HARD)


def test_rows_of_numbers_separated_by_commas_or_spaces_are_read_row_by_row():
    rows = [HARD[top : top + 9].replace(".", "0") for top in range(0, 81, 9)]
    assert rows[0] == "400030000"
    assert parse_puzzle("\n".join(",".join(row) for row in rows)) == parse_puzzle(HARD)
    assert parse_puzzle("\n".join(" ".join(row) for row in rows)) == parse_puzzle(HARD)


def test_in_a_list_of_numbers_dashes_and_underscores_are_empty_cells():
    numbers = ["12", "-", "_", "."] + ["0"] * 252
    assert parse_puzzle(", ".join(numbers))[:4] == (12, 0, 0, 0)


def test_spaced_out_single_symbols_are_still_symbols():
    assert parse_puzzle(" ".join(HARD)) == parse_puzzle(HARD)
    # "12 34" has no digit 34: two pairs of symbols on a 4x4 board.
    assert parse_puzzle("12 34\n34 12\n21 43\n43 21")[:4] == (1, 2, 3, 4)


def test_a_number_above_the_board_size_is_named_with_its_place():
    text = ", ".join(["0"] * 80 + ["10"])
    (problem,) = problems_of(text, None)
    assert problem.code == "bad_character"
    assert "Number 10 (number 81 in the list)" in problem.message
    assert "9x9" in problem.message


def test_numbers_in_a_count_that_fits_no_board_are_too_few_or_too_many():
    (problem,) = problems_of(", ".join(["1"] * 82), None)
    assert problem.code == "too_many_cells"


def test_a_typo_does_not_change_the_size_read_from_the_text():
    text = "x" + "." * 255
    assert count_cells(text) == 256
    (problem,) = problems_of(text, None)
    assert "“x”" in problem.message
    assert "A-G" in problem.message  # read as a 16x16 board


def test_cells_are_counted_as_the_parser_reads_them():
    assert count_cells(HARD) == 81
    assert count_cells("1 2 | 3 4\n-----+----") == 4
    assert count_cells("12, 0, 7") == 3
    assert count_cells("4-_.0|+") == 5
    assert count_cells("\t".join("4........")) == 9
