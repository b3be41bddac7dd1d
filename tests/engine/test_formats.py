"""Formats: the puzzle is read out of whatever container it is pasted in, and
each bad character is still placed in the text as pasted."""

import pytest

from solver.engine import InvalidPuzzle, count_cells, parse_puzzle
from solver.engine.formats import Span, unwrap
from tests.support.puzzles import HARD, SIZED, load

HARDEST = load("forum_hardest_1106.txt")[0]
EMPTY = (0,) * 81


def rows(puzzle: str) -> list[str]:
    """A 9x9 puzzle line cut into its nine rows."""
    return [puzzle[top : top + 9] for top in range(0, 81, 9)]


def boxed(row: str, bar: str, spaced: bool = False) -> str:
    """One row of a 9x9 puzzle with ``bar`` between and around its boxes."""
    boxes = [row[left : left + 3] for left in (0, 3, 6)]
    if spaced:
        return f"{bar} " + f" {bar} ".join(" ".join(box) for box in boxes) + f" {bar}"
    return bar + bar.join(boxes) + bar


def sudoku_explainer(puzzle: str) -> str:
    """The puzzle as Sudoku Explainer draws it: ``*`` corners, ``|---+---+---|`` rules."""
    lines = ["*-----------*"]
    for number, row in enumerate(rows(puzzle)):
        if number in (3, 6):
            lines.append("|---+---+---|")
        lines.append(boxed(row, "|"))
    return "\n".join([*lines, "*-----------*"])


def box_drawn(puzzle: str) -> str:
    """The puzzle drawn in box-drawing characters, double lines outside."""
    lines = ["╔═══════╤═══════╤═══════╗"]
    for number, row in enumerate(rows(puzzle)):
        if number in (3, 6):
            lines.append("╟───────┼───────┼───────╢")
        boxes = [" ".join(row[left : left + 3]) for left in (0, 3, 6)]
        lines.append("║ " + " │ ".join(boxes) + " ║")
    return "\n".join([*lines, "╚═══════╧═══════╧═══════╝"])


def simple_sudoku(puzzle: str, corners: bool = False) -> str:
    """The puzzle as in a SimpleSudoku ``.ss`` file: ``..4|.2.|...`` and ``-----------``."""
    lines = [boxed(row, "|")[1:-1] for row in rows(puzzle)]
    rule = "-----------"
    lines[6:6], lines[3:3] = [rule], [rule]
    return "\n".join([f"*{rule}*", *lines, f"*{rule}*"] if corners else lines)


def spreadsheet(puzzle: str) -> str:
    """The puzzle as copied from a spreadsheet: tab-separated, empty cells empty, CRLF."""
    return "\r\n".join("\t".join(c.strip(".") for c in row) for row in rows(puzzle)) + "\r\n"


def problems_of(text: str) -> str:
    """The messages of the problems found in ``text``, in one string."""
    with pytest.raises(InvalidPuzzle) as caught:
        parse_puzzle(text)
    return " ".join(problem.message for problem in caught.value.problems)


# Drawn grids


def test_a_sudoku_explainer_grid_with_star_corners_reads_as_its_cells():
    assert sudoku_explainer(HARD).splitlines()[:2] == ["*-----------*", "|4..|.3.|...|"]
    assert parse_puzzle(sudoku_explainer(HARDEST)) == parse_puzzle(HARDEST)


def test_a_grid_drawn_in_box_drawing_characters_reads_as_its_cells():
    drawn = box_drawn(HARD)
    assert drawn.splitlines()[1] == "║ 4 . . │ . 3 . │ . . . ║"
    assert parse_puzzle(drawn) == parse_puzzle(HARD)


def test_lines_of_equals_signs_are_borders():
    lines = [boxed(row, "|", spaced=True) for row in rows(HARD)]
    lines[6:6], lines[3:3] = ["|=======+=======+=======|"], ["|=======+=======+=======|"]
    text = "\n".join(["=========================", *lines, "========================="])
    assert parse_puzzle(text) == parse_puzzle(HARD)


def test_a_simple_sudoku_file_reads_with_or_without_corners():
    assert simple_sudoku(HARD).splitlines()[3] == "-----------"
    assert parse_puzzle(simple_sudoku(HARD)) == parse_puzzle(HARD)
    assert parse_puzzle(simple_sudoku(HARDEST, corners=True)) == parse_puzzle(HARDEST)


def test_on_a_row_dashes_and_underscores_are_empty_cells_and_bars_separate():
    text = "\n".join(boxed(row, "|") for row in rows(HARD.replace(".", "-")))
    assert parse_puzzle(text) == parse_puzzle(HARD)
    assert parse_puzzle(text.replace("-", "_")) == parse_puzzle(HARD)


@pytest.mark.parametrize("name", SIZED)
def test_every_board_size_reads_from_a_drawn_grid(name):
    size = int(name.split("x")[0])
    rule = "─" * (2 * size + 1)
    lines = ["│ " + " ".join(row) + " │" for row in SIZED[name].split()]
    text = "\n".join([f"┌{rule}┐", *lines, f"└{rule}┘"])
    assert parse_puzzle(text) == parse_puzzle(SIZED[name])
    assert count_cells(text) == size * size


# A row of empty cells written as dashes


def test_a_row_of_dashes_is_a_row_of_empty_cells_when_only_that_makes_a_board():
    lines = rows(HARD.replace(".", "-"))
    assert lines[2] == "--------1"
    lines[2] = "---------"  # the 72 cells left would make no board
    grid = parse_puzzle("\n".join(lines))
    assert grid[18:27] == (0,) * 9
    assert grid[:18] + grid[27:] == parse_puzzle(HARD)[:18] + parse_puzzle(HARD)[27:]


def test_lines_of_dashes_are_borders_when_the_other_lines_make_a_board():
    lines = rows(HARD)
    lines[6:6], lines[3:3] = ["---------"], ["---------"]
    assert parse_puzzle("\n".join(lines)) == parse_puzzle(HARD)
    # Read as rows, these 19 dashes would make 100 cells, a 10x10 board.
    assert parse_puzzle("\n".join(["-" * 19, *rows(HARD)])) == parse_puzzle(HARD)


def test_a_drawn_row_of_dashes_and_bars_is_a_row_of_empty_cells():
    lines = [boxed(row, "|", spaced=True) for row in rows(HARD.replace(".", "-"))]
    lines[2] = "| - - - | - - - | - - - |"
    lines[6:6], lines[3:3] = ["+-------+-------+-------+"], ["+-------+-------+-------+"]
    grid = parse_puzzle("\n".join(lines))
    assert grid[18:27] == (0,) * 9
    assert grid[:18] == parse_puzzle(HARD)[:18]


def test_a_text_of_dashes_alone_is_all_empty_cells():
    assert parse_puzzle("-" * 81) == EMPTY
    assert parse_puzzle("\n".join(["---------"] * 9)) == EMPTY
    assert "The puzzle has 80 cells" in problems_of("-" * 80)


def test_dashes_are_counted_as_the_parser_reads_them():
    one_blank_row = "\n".join(["---------", *rows(HARD)[1:]])
    bordered = "\n".join([*rows(HARD)[:3], "---------", *rows(HARD)[3:]])
    assert count_cells(one_blank_row) == 81
    assert count_cells(bordered) == 81
    assert count_cells("-" * 80) == 80


# Files


def test_a_sadman_sdk_file_reads_its_grid_and_skips_the_metadata():
    text = "\n".join(
        [
            "#AThe Sudoku Players' Forum",
            "#DFirst of the forum's hardest list",
            "#CTry forcing chains",
            "#B14-02-2011",
            "#Sforum_hardest_1106",
            "#LDiabolical",
            "#Uhttp://forum.enjoysudoku.com/?s=1",
            *rows(HARDEST),
        ]
    )
    assert parse_puzzle(text) == parse_puzzle(HARDEST)
    assert count_cells(text) == 81


def test_comment_lines_are_skipped_anywhere_but_keep_the_line_count():
    lines = rows(HARD)
    lines[4:4] = ["  # the middle band"]
    lines[7] = "x" + lines[7][1:]
    assert "line 8, position 1" in problems_of("\n".join(lines))


def test_with_a_puzzle_section_only_that_section_is_read():
    text = "\n".join(
        [
            "[Puzzle]",
            *rows(HARD),
            "[State]",
            *rows(HARD.replace(".", "1")),
            "[PencilMarks]",
            "123456789,1,2,3",
        ]
    )
    assert parse_puzzle(text) == parse_puzzle(HARD)
    assert count_cells(text) == 81


def test_without_a_puzzle_section_the_lines_before_the_first_section_are_read():
    text = "\n".join([*rows(HARD), "[State]", *rows(HARD.replace(".", "1"))])
    assert parse_puzzle(text) == parse_puzzle(HARD)


def test_a_byte_order_mark_is_dropped_and_not_counted_in_positions():
    assert parse_puzzle("\ufeff" + HARD) == parse_puzzle(HARD)
    assert count_cells("\ufeff" + "\n".join(rows(HARD))) == 81
    assert "at position 2:" in problems_of("\ufeff4x" + HARD[2:])


# Links


def test_a_sudokuwiki_link_reads_its_bd_parameter():
    link = f"https://www.sudokuwiki.org/sudoku.htm?bd={HARD.replace('.', '0')}"
    assert parse_puzzle(link) == parse_puzzle(HARD)
    assert count_cells(link) == 81


def test_a_sudoku_exchange_link_reads_its_s_parameter():
    link = f"https://sudokuexchange.com/play/?s={HARDEST}"
    assert parse_puzzle(f"Try this one: {link} (took me an hour)") == parse_puzzle(HARDEST)


def test_this_sites_link_reads_its_puzzle_parameter_up_to_the_next_parameter():
    link = f"http://localhost:8000/index?lang=en&puzzle={HARD}&page=2#grid"
    assert parse_puzzle(link) == parse_puzzle(HARD)
    assert parse_puzzle(f"?puzzle={HARD}") == parse_puzzle(HARD)


def test_of_several_puzzle_parameters_the_longest_value_is_the_puzzle():
    link = f"https://example.org/play?s=2&bd={HARD}&puzzle=1"
    assert parse_puzzle(link) == parse_puzzle(HARD)


def test_a_link_value_is_percent_decoded():
    encoded = "%2C".join(HARD.replace(".", "0"))
    assert parse_puzzle(f"http://localhost:8000/index?puzzle={encoded}") == parse_puzzle(HARD)


def test_a_bad_character_in_a_link_is_placed_in_the_line_as_pasted():
    link = "https://www.sudokuwiki.org/sudoku.htm?bd=" + HARD[:11] + "x" + HARD[12:]
    assert f"position {link.index('x') + 1}:" in problems_of(link)


def test_text_that_is_no_link_is_not_read_as_one():
    assert "Unexpected character “b”" in problems_of("bd=" + HARD)
    assert unwrap("s=1") == [Span(None, 0, "s=1")]


# Tables copied from a spreadsheet


def test_tab_separated_rows_read_one_cell_per_field_and_empty_fields_as_empty():
    table = spreadsheet(HARD)
    assert table.startswith("4\t\t\t\t3\t\t\t\t\r\n")
    assert parse_puzzle(table) == parse_puzzle(HARD)
    assert count_cells(table) == 81


def test_a_table_of_a_large_board_may_hold_numbers_above_nine():
    grid = parse_puzzle(SIZED["16x16"])
    table = "\n".join("\t".join(str(d or "") for d in grid[r : r + 16]) for r in range(0, 256, 16))
    assert "\t12\t" in table
    assert parse_puzzle(table) == grid


def test_a_row_of_empty_fields_is_a_row_of_empty_cells():
    lines = spreadsheet(HARD).splitlines()
    lines[2] = "\t" * 8
    assert parse_puzzle("\n".join(lines))[18:27] == (0,) * 9


def test_a_bad_field_is_placed_at_its_line_and_position():
    lines = spreadsheet(HARD).splitlines()
    lines[1] = "\t\t\t6\t\t x?\t8\t\t"
    message = problems_of("\n".join(lines))
    assert "“x?” at line 2, position 8" in message


def test_tabs_that_do_not_split_rows_into_cells_are_whitespace():
    text = "\n".join("\t".join(row[left : left + 3] for left in (0, 3, 6)) for row in rows(HARD))
    assert parse_puzzle(text) == parse_puzzle(HARD)


# Arrays, as programs print them


def test_an_array_of_rows_as_a_program_prints_it_is_read():
    text = (
        "[" + ",\n ".join("[" + ", ".join(row.replace(".", "0")) + "]" for row in rows(HARD)) + "]"
    )
    assert parse_puzzle(text) == parse_puzzle(HARD)


def test_leetcodes_array_of_quoted_symbols_is_read():
    quoted = ("[" + ",".join(f'"{symbol}"' for symbol in row) + "]" for row in rows(HARD))
    assert parse_puzzle("[" + ",".join(quoted) + "]") == parse_puzzle(HARD)


def test_a_bad_character_in_an_array_is_named_where_it_stands():
    text = "[[" + ",".join("x" + HARD[1:]) + "]]"
    assert "“x” at position 3" in problems_of(text)


def test_a_section_header_is_not_an_array():
    assert parse_puzzle("[Puzzle]\n" + "\n".join(rows(HARD))) == parse_puzzle(HARD)


# Every format is counted as it is read


SAMPLES = {
    "one line with dashes": HARD.replace(".", "-"),
    "nine lines": "\n".join(rows(HARD)),
    "sudoku explainer": sudoku_explainer(HARD),
    "box drawing": box_drawn(HARD),
    "simple sudoku": simple_sudoku(HARD, corners=True),
    "sdk": "#AMe\n" + "\n".join(rows(HARD)),
    "sdk sections": "[Puzzle]\n" + "\n".join(rows(HARD)) + "\n[State]\n" + HARD,
    "link": f"https://sudokuexchange.com/play/?s={HARD}",
    "table": spreadsheet(HARD),
    "comma rows": "\n".join(",".join(row.replace(".", "0")) for row in rows(HARD)),
    "spaced rows": "\n".join(" ".join(row.replace(".", "0")) for row in rows(HARD)),
    "array": "["
    + ",".join("[" + ",".join(row.replace(".", "0")) + "]" for row in rows(HARD))
    + "]",
}


@pytest.mark.parametrize("name", SAMPLES)
def test_each_format_counts_the_cells_it_reads(name):
    text = SAMPLES[name]
    assert parse_puzzle(text) == parse_puzzle(HARD)
    assert count_cells(text) == 81


@pytest.mark.parametrize("name", [name for name in SAMPLES if name not in ("comma rows", "array")])
def test_in_each_format_of_symbols_a_typo_keeps_the_count(name):
    typo = SAMPLES[name].replace("4", "x", 1)  # the first given, 4, made a bad character
    assert count_cells(typo) == 81
    assert "Unexpected character “x”" in problems_of(typo)


def test_a_spreadsheet_saved_as_csv_reads_each_empty_field_as_an_empty_cell():
    text = "\n".join(
        ",".join("" if symbol == "." else symbol for symbol in row) for row in rows(HARD)
    )
    assert parse_puzzle(text) == parse_puzzle(HARD)
    assert count_cells(text) == 81
