"""The answer page at every size the engine reads: the verdict, the grid drawn
at the board's size with its givens marked and each cell named, the size
stated, and givens that break the rules named with their cells."""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from solver.engine import SYMBOLS, is_valid_solution, parse_puzzle, shape_of_grid
from tests.support.pages import text_of
from tests.support.puzzles import HARD, SIZED
from tests.support.sized import BOARDS, CLASH_16, FOUR

ANSWER = reverse("solver:answer")
INDEX = reverse("solver:index")
SIZED_CELL = re.compile(r'<td class="cell ?([a-z ]*)" aria-label="([^"]*)">(\w?)</td>')


def answer_of(client, text: str):
    return client.get(f"{ANSWER}?puzzle={quote(text)}")


def sized_cells(response, grid: str = "answer") -> list[tuple[str, str, str]]:
    """(classes, accessible name, symbol) of each cell of the answer (or printed puzzle) grid."""
    puzzle, answer = response.content.decode().split('id="answer-heading"')
    return SIZED_CELL.findall(answer if grid == "answer" else puzzle)


@pytest.mark.parametrize("name", BOARDS)
def test_a_board_of_each_size_is_solved_keeping_its_givens(client, name):
    puzzle = parse_puzzle(BOARDS[name])
    response = answer_of(client, BOARDS[name])
    assert response.status_code == 200
    assert "Solved." in text_of(response)
    cells = sized_cells(response)
    solution = tuple(SYMBOLS.index(symbol) + 1 for _, _, symbol in cells)
    assert is_valid_solution(puzzle, solution)
    assert [kind for kind, _, _ in cells] == ["given" if d else "solved" for d in puzzle]


@pytest.mark.parametrize("name", BOARDS)
def test_the_page_states_the_size_and_its_boxes(client, name):
    board = shape_of_grid(parse_puzzle(BOARDS[name]))
    size, rows, columns = board.size, board.box_rows, board.box_cols
    response = answer_of(client, BOARDS[name])
    assert f"{size}×{size}, boxes {rows}×{columns}" in text_of(response)
    html = response.content.decode()
    assert f'class="grid answer-grid sized size-{size}"' in html
    assert html.count(f'<colgroup span="{columns}">') == 2 * size // columns
    assert html.count("<tbody>") == 2 * size // rows


def test_each_cell_is_named_by_its_row_column_box_and_symbol(client):
    response = answer_of(client, SIZED["16x16"])
    names = [name for _, name, _ in sized_cells(response)]
    assert len(names) == 256
    assert names[0] == "Row 1, column 1, box 1: C"
    assert names[-1].startswith("Row 16, column 16, box 16: ")
    assert names[4 * 16 + 4].startswith("Row 5, column 5, box 6: ")


def test_the_grid_scrolls_inside_its_own_region(client):
    html = answer_of(client, SIZED["16x16"]).content.decode()
    assert '<div class="grid-scroll" role="region" tabindex="0" aria-label="Answer grid">' in html


def test_the_solution_line_and_the_link_keep_the_board(client):
    response = answer_of(client, FOUR)
    html = response.content.decode()
    solution = "".join(symbol for _, _, symbol in sized_cells(response))
    assert f'value="{solution}"' in html
    assert "/answer?puzzle=1.....3..4.....2" in html


def test_an_answer_of_another_size_is_edited_at_its_size(client):
    html = answer_of(client, FOUR).content.decode()
    assert (
        '<a class="button" href="/index?puzzle=1.....3..4.....2">Edit in the entry grid</a>' in html
    )


def test_a_sixteen_by_sixteen_clash_names_its_cells(client):
    response = answer_of(client, CLASH_16)
    assert response.status_code == 200
    text = text_of(response)
    assert "16×16, boxes 4×4" in text
    assert "row 1" in text.lower()
    assert "columns 1 and 2" in text
    html = response.content.decode()
    marked = re.findall(r'<td class="cell given invalid" aria-label="([^"]*)"', html)
    assert marked == ["Row 1, column 1, box 1: 1", "Row 1, column 2, box 1: 1"]


def test_a_nine_by_nine_clash_still_goes_back_to_the_entry_page(client):
    response = answer_of(client, "55" + "." * 79)
    assert response.status_code == 200
    assert 'name="r1c1"' in response.content.decode()
    assert "sized" not in response.content.decode()


def test_a_text_too_long_or_unreadable_gets_the_entry_page_with_its_problem(client):
    for text in ("1" * 3000, "1.x." * 3):
        response = answer_of(client, text)
        assert response.status_code == 200
        assert 'id="form-errors"' in response.content.decode()


def test_the_nine_by_nine_answer_is_drawn_as_before(client):
    html = answer_of(client, HARD).content.decode()
    assert "sized" not in html
    assert "board-size" not in html
    assert 'aria-label="Row' not in html
    givens = 81 - HARD.count(".")
    assert len(re.findall(r'<td class="cell (?:given|solved)">\d</td>', html)) == 81 + givens


@pytest.mark.parametrize("name", BOARDS)
def test_a_board_of_another_size_pasted_goes_to_its_answer(client, cells, name):
    post = cells("." * 81) | {"puzzle": BOARDS[name]}
    response = client.post(ANSWER, post)
    assert response.status_code == 303
    line = "".join(BOARDS[name].split())
    assert response["Location"] == f"{ANSWER}?puzzle={line}"


def test_a_pasted_clash_of_another_size_goes_to_the_page_naming_it(client, cells):
    response = client.post(ANSWER, cells("." * 81) | {"puzzle": CLASH_16}, follow=True)
    assert "Two 1s in row 1 (columns 1 and 2)." in text_of(response)


def test_a_pasted_nine_by_nine_is_read_by_the_entry_form_as_before(client, cells):
    response = client.post(ANSWER, cells("." * 81) | {"puzzle": "55" + "." * 79})
    assert response.status_code == 200
    assert 'name="r1c1"' in response.content.decode()


def test_a_typo_in_a_sixteen_by_sixteen_board_is_named_with_its_symbols(client):
    response = answer_of(client, SIZED["16x16"].replace("C", "Z", 1))
    text = text_of(response)
    assert "16×16, boxes 4×4" in text
    assert "Unexpected character “Z” at line 1, position 1: use 1-9, A-G" in text
    assert "“D”" not in text
    assert "Puzzle grid" not in text


def test_a_pasted_typo_of_another_size_goes_to_the_page_naming_it(client, cells):
    post = cells("." * 81) | {"puzzle": FOUR.replace("3", "x")}
    response = client.post(ANSWER, post, follow=True)
    assert "4×4, boxes 2×2" in text_of(response)
    assert "Unexpected character “x”" in text_of(response)


LOAD = reverse("solver:load")
JSON = {"HTTP_ACCEPT": "application/json"}


@pytest.mark.parametrize("name", ["4x4", "16x16"])
def test_loading_a_board_of_another_size_sends_the_grid_to_its_size(client, name):
    """The script is given the entry grid at the puzzle's size, filled, to go to."""
    size = shape_of_grid(parse_puzzle(BOARDS[name])).size
    reply = client.post(LOAD, {"puzzle": BOARDS[name]}, **JSON)
    assert reply.status_code == 200
    body = reply.json()
    assert (body["grid"], body["problems"], body["size"]) == (None, [], size)
    assert body["notices"] == [f"A {size}×{size} puzzle: the grid is now {size}×{size}."]
    follow = client.get(body["entry_url"])
    assert follow.context["form"].board.size == size
    assert follow.context["form"].cell_values() == [
        symbol if symbol != "." else "" for symbol in "".join(BOARDS[name].split())
    ]


def test_a_loaded_file_of_another_size_sends_the_grid_to_its_size(client):
    upload = SimpleUploadedFile("big.txt", SIZED["16x16"].encode(), content_type="text/plain")
    body = client.post(LOAD, {"file": upload}, **JSON).json()
    assert body["grid"] is None
    assert body["entry_url"].startswith(INDEX + "?puzzle=")


def test_a_loaded_clash_of_another_size_opens_its_grid_with_the_clash_named(client):
    body = client.post(LOAD, {"puzzle": CLASH_16}, **JSON).json()
    assert body["entry_url"] == f"{INDEX}?puzzle={CLASH_16}"
    page = client.get(body["entry_url"])
    assert "Two 1s in row 1 (columns 1 and 2)." in text_of(page)
    assert page.context["form"].board.size == 16


def test_text_that_cannot_be_read_at_any_size_is_a_problem_when_loaded(client):
    body = client.post(LOAD, {"puzzle": "Z" + "." * 255}, **JSON).json()
    assert "entry_url" not in body
    assert body["problems"]


def test_a_board_of_another_size_loaded_without_script_fills_its_grid(client):
    page = client.post(LOAD, {"puzzle": FOUR})
    assert page.context["form"].board.size == 4
    assert "A 4×4 puzzle: the grid is now 4×4." in text_of(page)
    assert 'name="r4c4"' in page.content.decode()
    assert 'name="r5c5"' not in page.content.decode()


@pytest.mark.parametrize("name", ["4x4", "16x16"])
def test_a_link_to_the_entry_page_with_another_size_opens_the_grid_at_its_size(client, name):
    response = client.get(f"{INDEX}?puzzle={quote(BOARDS[name])}")
    assert response.status_code == 200
    line = "".join(BOARDS[name].split())
    assert response.context["form"].board is shape_of_grid(parse_puzzle(line))
    assert response.context["form"].cell_values() == [s if s != "." else "" for s in line]


def test_a_linked_clash_of_another_size_opens_its_grid_naming_it(client):
    response = client.get(f"{INDEX}?puzzle={CLASH_16}")
    assert "Two 1s in row 1 (columns 1 and 2)." in text_of(response)
    assert response.context["form"].board.size == 16


def test_a_linked_nine_by_nine_with_problems_stays_on_the_entry_page(client):
    response = client.get(f"{INDEX}?puzzle={'55' + '.' * 79}")
    assert response.status_code == 200
    assert 'name="r1c1"' in response.content.decode()


def sized_upload(text: str) -> SimpleUploadedFile:
    return SimpleUploadedFile("big.txt", text.encode(), content_type="text/plain")


def test_a_file_of_another_size_sent_with_show_answer_goes_to_its_answer(client, cells):
    post = cells("." * 81) | {"file": sized_upload(SIZED["16x16"])}
    response = client.post(ANSWER, post)
    assert response.status_code == 303
    line = "".join(SIZED["16x16"].split())
    assert response["Location"] == f"{ANSWER}?puzzle={line}"


def test_a_file_of_another_size_wins_over_the_paste_box(client, cells):
    post = cells("." * 81) | {"file": sized_upload(FOUR), "puzzle": HARD}
    response = client.post(ANSWER, post)
    assert response["Location"] == f"{ANSWER}?puzzle=1.....3..4.....2"


def test_a_nine_by_nine_file_is_read_by_the_entry_form_as_before(client, cells):
    post = cells("." * 81) | {"file": sized_upload(HARD)}
    response = client.post(ANSWER, post)
    assert response.status_code == 303
    assert response["Location"] == f"{ANSWER}?puzzle={HARD}"


@pytest.mark.parametrize(("side", "cells"), [(9, 81), (16, 256), (25, 625), (4, 16)])
def test_the_paste_help_says_the_boards_own_numbers(client, side, cells):
    """The paste box's help counts the board in view, not 9x9's 81 and nine."""
    help_text = re.search(
        r'<p class="help" id="paste-help">(.*?)</p>',
        client.get(f"/index?size={side}").content.decode(),
        re.S,
    )[1]
    assert f"{cells} symbols in a line" in help_text
    assert f"{side} lines of {side}," in help_text
    assert "nine lines" not in help_text
