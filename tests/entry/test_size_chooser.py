"""The entry grid at every size: Size picks the board (in the address,
remembered in a cookie), the grid and the pad follow it, and the cells of
any board are posted, read (a symbol, a letter in either case, or a number
of two digits above 9x9) and answered, or sent back with their problems."""

from __future__ import annotations

from urllib.parse import quote

import pytest
from django.urls import reverse

from solver.core.boards import board_of_size
from solver.core.cells import cell_names
from solver.engine import STANDARD, SYMBOLS, parse_puzzle, shape_of_grid
from solver.engine.board import shape
from solver.entry.forms import cell_value
from solver.entry.views import SIZE_COOKIE
from tests.support.pages import text_of
from tests.support.puzzles import SIZED

INDEX = reverse("solver:index")
ANSWER = reverse("solver:answer")
LOAD = reverse("solver:load")
SIDES = [4, 6, 8, 9, 10, 12, 14, 15, 16, 18, 20, 21, 22, 24, 25]
SIXTEEN = shape(4, 4)


def sized_cells(puzzle: str) -> dict[str, str]:
    """The posted cells of a puzzle line of any size, with its ``size`` field."""
    line = "".join(puzzle.split())
    board = shape_of_grid(parse_puzzle(line))
    pairs = zip(cell_names(board), line, strict=True)
    return {"size": str(board.size)} | {name: "" if s == "." else s for name, s in pairs}


def test_size_offers_every_board_the_engine_reads_with_its_boxes(client):
    page = client.get(INDEX)
    assert [side for side, _ in page.context["sizes"]] == SIDES
    assert "6×6 (boxes 2×3)" in dict(page.context["sizes"]).values()
    assert '<label for="board-size">Size</label>' in page.content.decode()
    assert '<option value="9" selected>9×9 (boxes 3×3)</option>' in page.content.decode()


@pytest.mark.parametrize("side", [4, 6, 16, 25])
def test_each_size_draws_its_grid_its_pad_and_says_its_values(client, side):
    page = client.get(f"{INDEX}?size={side}")
    html = page.content.decode()
    assert html.count('<input type="text" name="r') == side * side
    assert f'name="r{side}c{side}"' in html
    assert f'aria-label="Row {side}, column {side}, box {side}"' in html
    assert f'<input type="hidden" name="size" value="{side}">' in html
    assert html.count('class="pad-key" data-digit=') == side
    assert f'data-symbols="{SYMBOLS[:side]}"' in html
    assert f'<option value="{side}" selected>' in html
    assert f"Puzzle grid, {side}×{side}: type one value" in html
    assert ("Values above 9 are written as letters" in html) == (side > 9)


def test_the_nine_by_nine_grid_posts_no_size(client):
    html = client.get(INDEX).content.decode()
    assert 'name="size" value=' not in html
    assert html.count('<input type="text" name="r') == 81


def test_a_size_chosen_is_remembered_for_the_next_visit(client):
    chosen = client.get(f"{INDEX}?size=16")
    assert chosen.cookies[SIZE_COOKIE].value == "16"
    assert chosen.cookies[SIZE_COOKIE]["samesite"] == "Lax"
    later = client.get(INDEX)
    assert (later.status_code, later["Location"]) == (302, f"{INDEX}?size=16")
    client.get(f"{INDEX}?size=9")
    assert client.get(INDEX).status_code == 200


@pytest.mark.parametrize("asked", ["7", "abc", "100", "-4", "9" * 50])
def test_a_size_no_board_has_shows_the_nine_by_nine_grid_and_says_so(client, asked):
    page = client.get(INDEX, {"size": asked})
    assert page.status_code == 200
    assert page.context["form"].board is STANDARD
    assert f"There is no board of size “{asked[:10]}” here" in text_of(page)
    assert SIZE_COOKIE not in page.cookies


def test_a_remembered_size_that_names_no_board_is_ignored(client):
    client.cookies[SIZE_COOKIE] = "13"
    assert client.get(INDEX).status_code == 200


def test_a_puzzle_linked_at_another_size_says_the_grid_changed_and_is_remembered(client):
    page = client.get(f"{INDEX}?puzzle={quote(SIZED['6x6'])}")
    assert "A 6×6 puzzle: the grid is now 6×6." in text_of(page)
    assert page.cookies[SIZE_COOKIE].value == "6"
    again = client.get(f"{INDEX}?puzzle={quote(SIZED['6x6'])}")
    assert "the grid is now" not in text_of(again)


@pytest.mark.parametrize(
    ("text", "side", "value"),
    [
        ("", 16, 0),
        (".", 16, 0),
        ("0", 16, 0),
        ("7", 16, 7),
        ("c", 16, 12),
        ("G", 16, 16),
        ("12", 16, 12),
        ("16", 16, 16),
        ("17", 16, None),
        ("H", 16, None),
        ("09", 16, None),
        ("10", 9, None),
        ("5", 4, None),
        ("E", 25, 14),
        ("25", 25, 25),
        ("１", 16, 1),
        ("1 2", 16, None),
    ],
)
def test_a_cell_holds_a_symbol_or_a_two_digit_number_of_its_board(text, side, value):
    assert cell_value(text, board_of_size(side)) == value


@pytest.mark.parametrize("size", ["4", "25", " 16 "])
def test_the_board_of_a_size_is_the_engines(size):
    assert board_of_size(size).size == int(size)


@pytest.mark.parametrize("size", ["", "3", "7", "26", "1e1", "16.0", None])
def test_no_board_has_some_sizes(size):
    assert board_of_size(size) is None


@pytest.mark.parametrize("name", ["4x4", "6x6", "16x16", "25x25"])
def test_cells_typed_at_each_size_go_to_their_answer(client, name):
    line = "".join(SIZED[name].split())
    response = client.post(ANSWER, sized_cells(line))
    assert (response.status_code, response["Location"]) == (303, f"{ANSWER}?puzzle={line}")


def test_values_above_nine_may_be_typed_as_numbers_or_letters_in_either_case(client):
    posted = sized_cells("." * 256) | {"r1c1": "12", "r1c2": "g", "r1c3": "A", "r2c5": "10"}
    response = client.post(ANSWER, posted)
    assert response["Location"] == f"{ANSWER}?puzzle=CGA{'.' * 17}A{'.' * 235}"


def test_a_cell_holding_no_value_of_its_board_is_named_with_the_values(client):
    posted = sized_cells("." * 256) | {"r3c5": "17", "r1c1": "x"}
    page = client.post(ANSWER, posted)
    assert page.status_code == 200
    text = text_of(page)
    assert "Row 1, column 1: “x” is not a value of this board (1–9, A–G or 10–16)." in text
    assert "Row 3, column 5: “17” is not a value of this board" in text
    assert page.context["form"].board is SIXTEEN
    assert page.context["form"].cell_values()[2 * 16 + 4] == "17"  # kept as typed


def test_a_clash_typed_on_a_sixteen_by_sixteen_names_its_cells(client):
    posted = sized_cells("." * 256) | {"r1c1": "5", "r1c16": "5"}
    page = client.post(ANSWER, posted)
    assert "Two 5s in row 1 (columns 1 and 16)." in text_of(page)
    html = page.content.decode()
    assert 'name="r1c16" id="cell-r1c16" value="5"' in html
    assert html.count('aria-invalid="true"') == 2


def test_a_post_whose_cells_do_not_match_its_size_is_named_not_failed(client, cells):
    page = client.post(ANSWER, cells("." * 81) | {"size": "16"})
    assert page.status_code == 200
    assert "The form was missing 175 cells" in text_of(page)


def test_a_paste_of_another_size_than_the_grid_goes_to_its_answer(client):
    posted = sized_cells("." * 256) | {"puzzle": SIZED["6x6"]}
    response = client.post(ANSWER, posted)
    line = "".join(SIZED["6x6"].split())
    assert (response.status_code, response["Location"]) == (303, f"{ANSWER}?puzzle={line}")


def test_a_paste_of_the_grids_size_is_read_for_it(client):
    line = "".join(SIZED["16x16"].split())
    response = client.post(ANSWER, sized_cells("." * 256) | {"puzzle": SIZED["16x16"]})
    assert response["Location"] == f"{ANSWER}?puzzle={line}"


def test_loading_a_puzzle_of_the_grids_size_fills_it(client):
    reply = client.post(
        LOAD, {"puzzle": SIZED["16x16"], "size": "16"}, HTTP_ACCEPT="application/json"
    )
    assert reply.json()["grid"] == "".join(SIZED["16x16"].split())


def test_the_reset_form_keeps_the_size(client):
    html = client.get(f"{INDEX}?size=6").content.decode()
    reset = html[html.index('<form id="reset-form"') :].split("</form>")[0]
    assert '<input type="hidden" name="size" value="6">' in reset


HEX_16 = f"{INDEX}?size=16&writing=hex"


def test_a_sixteen_by_sixteen_may_be_written_zero_to_f_and_the_page_says_so(client):
    page = client.get(HEX_16)
    html = page.content.decode()
    assert 'data-symbols="0123456789ABCDEF"' in html
    assert 'data-blanks=".-_"' in html  # 0 is a value
    assert '<input type="hidden" name="writing" value="hex">' in html
    assert "Values are written 0 to F, as in hexadoku" in text_of(page)
    assert "type one value (0–F) per cell" in html
    assert '<option value="hex" selected>' in html


@pytest.mark.parametrize("size", ["9", "4", "25"])
def test_only_a_sixteen_by_sixteen_is_written_zero_to_f(client, size):
    html = client.get(INDEX, {"size": size, "writing": "hex"}).content.decode()
    assert 'name="writing"' not in html.split('class="entry"')[1]
    assert "Values are written 0 to F" not in html


def test_cells_written_zero_to_f_go_to_an_answer_written_so(client):
    posted = sized_cells("." * 256) | {"writing": "hex", "r1c1": "0", "r1c2": "f", "r1c3": "a"}
    response = client.post(ANSWER, posted)
    line = "1GB" + "." * 253  # 0 is the first value, F the sixteenth, A the eleventh
    assert response["Location"] == f"{ANSWER}?puzzle={line}&writing=hex"
    answer = client.get(response["Location"])
    assert "values written 0–F, as in hexadoku" in text_of(answer)
    shown = answer.context["solution_line"]
    assert shown[:3] == "0FA"
    assert set(shown) == set("0123456789ABCDEF")
    assert "Row 1, column 2, box 1: F" in answer.content.decode()
    assert f"/index?puzzle={line}&amp;writing=hex" in answer.content.decode()


def test_a_cell_written_zero_to_f_holding_no_such_symbol_is_named(client):
    posted = sized_cells("." * 256) | {"writing": "hex", "r1c1": "G", "r1c2": "10"}
    text = text_of(client.post(ANSWER, posted))
    assert "Row 1, column 1: “G” is not a value of this board (0–F)." in text
    assert "Row 1, column 2: “10” is not a value of this board (0–F)." in text


def test_a_paste_written_zero_to_f_is_read_so(client):
    line = "".join(SIZED["16x16"].split())
    hexadoku = line.translate(str.maketrans(SYMBOLS[:16], "0123456789ABCDEF"))
    posted = sized_cells("." * 256) | {"writing": "hex", "puzzle": hexadoku.lower()}
    assert client.post(ANSWER, posted)["Location"] == f"{ANSWER}?puzzle={line}&writing=hex"


def test_a_link_opens_its_grid_in_the_writing_asked_for(client):
    line = "".join(SIZED["16x16"].split())
    page = client.get(f"{INDEX}?puzzle={line}&writing=hex")
    assert page.context["form"].cell_values()[0] == "B"  # C, twelve, is hexadoku's B
