"""The teacher at every size from 4x4 to 25x25: the steps page walks a board
of any size to its solution, its candidates drawn at the board's size
(letters above 9) in a region that scrolls, never the page; bad input goes
where the answer sends it; the answer page links the steps; the level says
there is none off 9x9; /api/steps and /api/hint take every size and state it."""

from __future__ import annotations

import re
from html import unescape
from itertools import count
from types import SimpleNamespace
from urllib.parse import quote

import pytest
from django.test import Client
from django.urls import reverse

from solver.addresses import answer_url, edit_url, level_url, steps_url
from solver.engine import SYMBOLS, format_grid, parse_puzzle, shape_of_grid, solve
from solver.engine.marks import Marks
from solver.engine.techniques import TECHNIQUES
from solver.teaching import lessons
from tests.support.budgets import OUT_OF_REACH
from tests.support.openapi import OPENAPI, reply_schema
from tests.support.pages import text_of
from tests.support.puzzles import HARD, SIZED

STEPS = reverse("solver:steps")
LEVEL = reverse("solver:level")
BOARDS = ["4x4", "6x6", "16x16"]
# A cell of the steps board: its classes, its spoken place, and what it shows.
STEP_CELL = re.compile(
    r'<td class="([^"]*)"><span class="visually-hidden">([^<]*)</span>(.*?)</td>', re.S
)
SCROLLER = r'<div class="grid-scroll" role="region" tabindex="0" aria-label="([^"]+)"'
MARK = re.compile(r"<(span|ins|del)[^>]*>(\w?)</\1>")
# Two 1s in row 1 of a 16x16 board.
CLASH_16 = "11" + "." * 254


def grid_of(name: str):
    return parse_puzzle(SIZED[name])


def page(client, name: str, step: int = 1):
    """The steps page of board ``name`` at step ``step``, as its address writes it."""
    response = client.get(steps_url(grid_of(name), step))
    assert response.status_code == 200
    return response


def heading(response) -> tuple[int, int]:
    """(N, M) from the step's heading "Step N of M: ..."."""
    match = re.search(r"Step (\d+) of (\d+):", text_of(response))
    assert match, text_of(response)[:500]
    return int(match.group(1)), int(match.group(2))


def board_cells(response) -> list[tuple[str, str, str]]:
    """(classes, spoken place, inner HTML) of each cell of the steps board, row by row."""
    html = response.content.decode()
    table = re.search(r'<table class="grid steps-grid[^"]*">(.*?)</table>', html, re.S).group(1)
    return STEP_CELL.findall(table)


def marks_in(content: str) -> list[tuple[str, str]]:
    """(tag, symbol) of each candidate slot of a cell's content, in order."""
    block = re.search(r'<span class="candidates">(.*)</span>', content, re.S)
    return MARK.findall(block.group(1)) if block else []


def digit(symbol: str) -> int:
    return SYMBOLS.index(symbol) + 1


def link(response, rel: str) -> str | None:
    match = re.search(rf'<a [^>]*rel="{rel}" href="([^"]+)"', response.content.decode())
    return unescape(match.group(1)) if match else None


@pytest.mark.parametrize("name", BOARDS)
def test_the_last_steps_board_with_its_placement_is_the_solvers_solution(client, name):
    """The walk reaches the end: the board before the last step, with the
    digit it places, is the solution the solver finds."""
    count = heading(page(client, name))[1]
    cells = board_cells(page(client, name, count))
    board = shape_of_grid(grid_of(name))
    assert len(cells) == board.cells
    finished = []
    for _classes, _place, content in cells:
        placed = [symbol for tag, symbol in marks_in(content) if tag == "ins"]
        finished.append(digit(placed[0] if placed else content.rsplit(">", 1)[-1].strip()))
    assert tuple(finished) == solve(grid_of(name), board).solution


@pytest.mark.parametrize("name", BOARDS)
def test_every_open_cell_has_one_slot_a_digit_of_the_board(client, name):
    size = shape_of_grid(grid_of(name)).size
    for _classes, _place, content in board_cells(page(client, name)):
        slots = marks_in(content)
        assert slots == [] or len(slots) == size


def test_candidates_above_nine_are_letters_in_a_block_of_four_by_four(client):
    response = page(client, "16x16")
    html = response.content.decode()
    assert '<table class="grid steps-grid sized-steps size-16 marks-4">' in html
    symbols = {s for _, _, content in board_cells(response) for _, s in marks_in(content) if s}
    assert symbols <= set(SYMBOLS[:16])
    assert symbols & set("ABCDEFG")
    assert not symbols & {"10", "11"}
    assert html.count('<colgroup span="4">') == 4


def test_the_board_scrolls_inside_its_own_region(client):
    html = page(client, "16x16").content.decode()
    region = re.search(SCROLLER, html)
    assert region
    assert region.group(1) == "The board before step 1, with its candidates"


def test_each_cell_is_named_by_its_row_and_column(client):
    places = [place for _, place, _ in board_cells(page(client, "16x16"))]
    assert len(places) == 256
    assert places[0] == "Row 1, column 1:"
    assert places[4].startswith("Row 1, column 5")
    assert places[-1].startswith("Row 16, column 16")


def test_the_step_is_marked_and_worded_with_the_boards_symbols(client):
    """Each step's placement is drawn <ins> in its cell, and its sentence names
    the digit as the board writes it (a letter above 9)."""
    count = heading(page(client, "16x16"))[1]
    lettered = 0
    for number in range(1, count + 1, 7):
        response = page(client, "16x16", number)
        placed = [
            (index, symbol)
            for index, (classes, _, content) in enumerate(board_cells(response))
            for tag, symbol in marks_in(content)
            if tag == "ins"
        ]
        assert len(placed) == 1
        index, symbol = placed[0]
        text = text_of(response)
        assert f"r{index // 16 + 1}c{index % 16 + 1}" in text
        if symbol.isalpha():
            lettered += 1
            assert re.search(rf"\b{symbol}\b", text)
    assert lettered


def test_the_size_is_stated_and_no_level_is_given(client):
    text = text_of(page(client, "6x6"))
    assert "6×6, boxes 2×3" in text
    assert "Level: none for a 6×6 board" in text
    assert "Solved in" in text


def test_the_page_links_the_answer_and_the_entry_grid_at_its_size(client):
    html = page(client, "16x16").content.decode()
    assert f'href="{answer_url(grid_of("16x16"))}"' in html
    edit = edit_url(grid_of("16x16"))
    assert f'<a class="button" href="{edit}">Edit in the entry grid</a>' in html


def test_next_walks_every_step_of_a_four_by_four_board(client):
    url, seen = steps_url(grid_of("4x4")), []
    while url:
        response = client.get(url)
        seen.append(heading(response)[0])
        url = link(response, "next")
    assert seen == list(range(1, len(seen) + 1))
    assert len(seen) == 4 * 4 - sum(1 for d in grid_of("4x4") if d)


@pytest.mark.parametrize(("asked", "shown"), [("0", 1), ("abc", 1), ("9999", None)])
def test_a_step_out_of_range_goes_to_the_nearest(client, asked, shown):
    grid = grid_of("6x6")
    count = heading(page(client, "6x6"))[1]
    response = client.get(f"{STEPS}?puzzle={format_grid(grid)}&step={asked}")
    assert response.status_code == 302
    assert response["Location"] == steps_url(grid, shown or count)


def test_a_board_written_on_lines_is_read_and_sent_to_its_one_line_address(client):
    response = client.get(f"{STEPS}?puzzle={quote(SIZED['6x6'])}&step=0")
    assert response["Location"] == steps_url(grid_of("6x6"))


def test_a_typo_of_another_size_goes_to_its_answer_which_names_it(client):
    text = SIZED["16x16"].replace("C", "Z", 1)
    response = client.get(f"{STEPS}?puzzle={quote(text)}")
    assert response.status_code == 302
    assert response["Location"] == answer_url(text.strip())
    shown = text_of(client.get(response["Location"]))
    assert "16×16, boxes 4×4" in shown
    assert "Unexpected character “Z”" in shown


def test_a_clash_of_another_size_goes_to_its_answer_which_names_it(client):
    response = client.get(f"{STEPS}?puzzle={CLASH_16}", follow=True)
    assert "Two 1s in row 1 (columns 1 and 2)." in text_of(response)


def test_a_bad_nine_by_nine_still_goes_back_to_the_entry_page(client):
    response = client.get(f"{STEPS}?puzzle={'55' + '.' * 79}")
    assert response.status_code == 200
    assert 'name="r1c1"' in response.content.decode()


def test_a_board_of_another_size_with_two_solutions_has_no_steps(client, monkeypatch):
    """The page shows the verdict alone, so the teacher never walks it."""
    monkeypatch.setattr(lessons, "lesson", lambda *a, **k: pytest.fail("walked"))
    response = client.get(f"{STEPS}?puzzle={'.' * 16}")
    assert response.status_code == 200
    assert "More than one solution." in text_of(response)


def test_a_walk_cut_short_by_the_time_says_so(client, settings):
    """With no time for logic, every step is a trial that says so; a board
    larger than 9x9 stops its walk too, after one slice of trials, short of
    the end, and the page says that as well."""
    settings.SUDOKU_EXPLAIN_SECONDS = 0.0
    response = page(client, "16x16")
    text = text_of(response)
    assert "The time for logical steps ran out at step 1" in text
    assert "the time for logical steps ran out, so" in text
    steps = heading(response)[1]
    assert steps == lessons.WALK_SLICE
    assert f"{steps} steps, which stop short of the solution" in text
    assert "Solved in" not in text
    assert link(page(client, "16x16", steps), "next") is None


def test_a_larger_boards_walk_stops_after_its_time(monkeypatch):
    """``bounded`` walks a board larger than 9x9 a slice at a time, and stops
    once its seconds are spent, logic and trials together, leaving cells
    open: one slice here, the clock past them at the first look after it."""
    ticks = count()  # each look at the clock, a second later
    monkeypatch.setattr(lessons, "time", SimpleNamespace(perf_counter=lambda: next(ticks)))
    grid = grid_of("16x16")
    marks = Marks.from_grid(grid, shape_of_grid(grid))
    steps = lessons.bounded(marks, TECHNIQUES, unique=True, max_seconds=1.0)
    assert len(steps) == lessons.WALK_SLICE
    assert not marks.solved()


def test_a_larger_boards_walk_has_its_share_of_the_seconds(monkeypatch):
    """The walk of a board larger than 9x9 stops once ``WALK_SHARE`` of the
    logic's seconds are spent, leaving the rest for drawing its steps: with
    a clock that moves a second a look, 1.5 s are spent after one slice
    at a share of a half, and only after two at the whole."""
    grid = grid_of("16x16")
    walked = {}
    for share in (0.5, 1.0):
        ticks = count()
        monkeypatch.setattr(lessons, "time", SimpleNamespace(perf_counter=lambda t=ticks: next(t)))
        monkeypatch.setattr(lessons, "WALK_SHARE", share)
        marks = Marks.from_grid(grid, shape_of_grid(grid))
        walked[share] = len(lessons.bounded(marks, TECHNIQUES, unique=True, max_seconds=3.0))
    assert walked == {0.5: lessons.WALK_SLICE, 1.0: 2 * lessons.WALK_SLICE}


def test_all_instances_on_a_larger_board_are_fewer_and_within_the_time(monkeypatch):
    """``all`` lists at most ``MAX_LISTED_LARGER`` instances on a board larger
    than 9x9 (its reply's size), and none once the time is spent before
    the first technique is asked."""
    monkeypatch.setattr(lessons, "MAX_LISTED_LARGER", 3)
    grid = grid_of("16x16")
    marks = Marks.from_grid(grid, shape_of_grid(grid))
    assert len(lessons.instances(marks, TECHNIQUES, OUT_OF_REACH)) == 3
    nine = Marks.from_grid(parse_puzzle(HARD), shape_of_grid(parse_puzzle(HARD)))
    assert len(lessons.instances(nine, TECHNIQUES, OUT_OF_REACH)) > 3
    ticks = count()
    monkeypatch.setattr(lessons, "time", SimpleNamespace(perf_counter=lambda: next(ticks)))
    assert lessons.instances(marks, TECHNIQUES, max_seconds=0.5) == []


def test_every_instance_of_all_shares_its_boards_picture():
    grid = grid_of("16x16")
    board = lessons.read_board(format_grid(grid))
    taught = lessons.lesson(board, all=True, max_seconds=OUT_OF_REACH)
    assert len(taught.steps) > 1
    assert len({id(step.before) for step in taught.steps}) == 1


def test_a_nine_by_nine_walk_is_the_teachers_whole_one(monkeypatch):
    ticks = count()
    monkeypatch.setattr(lessons, "time", SimpleNamespace(perf_counter=lambda: next(ticks)))
    marks = Marks.from_grid(parse_puzzle(HARD), shape_of_grid(parse_puzzle(HARD)))
    lessons.bounded(marks, TECHNIQUES, unique=True, max_seconds=OUT_OF_REACH)
    assert marks.solved()


@pytest.mark.parametrize("name", ["4x4", "16x16"])
def test_the_answer_links_its_steps_and_asks_its_level(client, name):
    grid = grid_of(name)
    html = client.get(answer_url(grid)).content.decode()
    assert f'href="{steps_url(grid)}"'.replace("&", "&amp;") in html
    assert "Explain step by step" in html
    assert f'data-level-url="{level_url(grid)}"' in html


def test_an_answer_of_another_size_without_one_solution_offers_no_steps(client):
    html = client.get(answer_url("." * 16)).content.decode()
    assert "/steps?" not in html
    assert "data-level-url" not in html


@pytest.mark.parametrize("name", ["6x6", "16x16"])
def test_the_level_of_another_size_says_there_is_none(client, name):
    size = shape_of_grid(grid_of(name)).size
    response = client.get(level_url(grid_of(name)))
    assert response.status_code == 200
    html = response.content.decode()
    assert html.startswith('<p class="level" id="answer-level">')
    assert f"Level: none for a {size}×{size} board" in text_of(response)


def test_the_level_of_a_bad_board_of_another_size_goes_to_its_answer(client):
    response = client.get(f"{LEVEL}?puzzle={CLASH_16}")
    assert response.status_code == 302
    assert response["Location"] == answer_url(CLASH_16)


def test_the_nine_by_nine_level_is_given_as_before(client):
    assert "Level: <strong>" in client.get(level_url(parse_puzzle(HARD))).content.decode()


# The API.

API_STEPS, API_HINT = "/api/steps", "/api/hint"


@pytest.fixture(scope="module")
def schema() -> dict:
    return Client().get(OPENAPI).json()


def post(client, path: str, **body):
    return client.post(path, body, content_type="application/json")


@pytest.mark.parametrize(("name", "box"), [("6x6", [2, 3]), ("16x16", [4, 4])])
def test_the_steps_of_another_size_solve_it_and_state_its_size(client, schema, name, box):
    response = post(client, API_STEPS, puzzle=SIZED[name])
    assert response.status_code == 200
    reply_schema(schema, API_STEPS, "post", 200).validate(response.json())
    body = response.json()
    size = box[0] * box[1]
    assert (body["status"], body["size"], body["box"]) == ("unique", size, box)
    assert body["difficulty"] is None  # the levels are 9x9's
    grid = list(grid_of(name))
    for step in body["steps"]:
        for move in step["placements"]:
            row, column = move["cell"]
            grid[(row - 1) * size + column - 1] = move["digit"]
    assert tuple(grid) == solve(grid_of(name)).solution


@pytest.mark.parametrize(("name", "box"), [("6x6", [2, 3]), ("16x16", [4, 4])])
def test_the_hint_of_another_size_is_one_step_and_states_its_size(client, schema, name, box):
    response = post(client, API_HINT, puzzle=SIZED[name])
    assert response.status_code == 200
    reply_schema(schema, API_HINT, "post", 200).validate(response.json())
    body = response.json()
    assert (body["size"], body["box"]) == (box[0] * box[1], box)
    assert len(body["steps"]) == 1


def test_a_hint_on_a_sixteen_by_sixteen_board_reads_progress_and_candidates_as_letters(client):
    grid = grid_of("16x16")
    solution = solve(grid).solution
    progress = list(format_grid(grid))
    progress[4] = SYMBOLS[solution[4] - 1]  # r1c5 placed by the person
    candidates = [None] * 256
    candidates[5] = "".join(SYMBOLS[d - 1] for d in (solution[5], 16)).lower()
    body = post(
        client, API_HINT, puzzle=SIZED["16x16"], progress="".join(progress), candidates=candidates
    ).json()
    assert body["status"] == "unique"
    assert body["wrong"] == []
    assert body["steps"]


def test_progress_with_a_symbol_the_board_lacks_is_named(client):
    response = post(client, API_STEPS, puzzle=SIZED["6x6"], progress="7" + "." * 35)
    assert response.status_code == 400
    error = response.json()["errors"][0]
    assert error["code"] == "progress_not_a_digit"
    assert (
        error["message"] == "“progress” holds symbols that are not this board's (1 to 6), or “.”."
    )
    assert error["cells"] == [[1, 1]]


def test_candidates_with_a_symbol_the_board_lacks_are_named(client):
    candidates = [None] * 256
    candidates[255] = "H"
    response = post(client, API_HINT, puzzle=SIZED["16x16"], candidates=candidates)
    assert response.status_code == 400
    error = response.json()["errors"][0]
    assert error["code"] == "candidates_not_digits"
    assert "(1 to G)" in error["message"]
    assert error["cells"] == [[16, 16]]


def test_progress_of_the_wrong_length_names_the_boards_cells(client):
    response = post(client, API_STEPS, puzzle=SIZED["4x4"], progress="." * 81)
    assert response.json()["errors"][0]["message"] == (
        "“progress” has 81 symbols, not 16: one per cell."
    )


def test_the_nine_by_nine_steps_still_state_their_size(client):
    body = post(client, API_HINT, puzzle=HARD).json()
    assert (body["size"], body["box"]) == (9, [3, 3])


def test_the_steps_of_a_twenty_five_by_twenty_five_board_are_drawn(client):
    """The largest board: its steps page draws 625 cells, each open one with
    a 5x5 block of 25 slots."""
    grid = parse_puzzle(SIZED["25x25"])
    response = client.get(steps_url(grid))
    assert response.status_code == 200
    cells = board_cells(response)
    assert len(cells) == 625
    assert {len(marks_in(content)) for _, _, content in cells} == {0, 25}
    assert "marks-5" in response.content.decode()


API_CANDIDATES = "/api/candidates"


@pytest.mark.parametrize(("name", "box"), [("6x6", [2, 3]), ("16x16", [4, 4])])
def test_the_candidates_of_another_size_are_its_symbols_and_state_its_size(
    client, schema, name, box
):
    response = post(client, API_CANDIDATES, puzzle=SIZED[name])
    assert response.status_code == 200
    reply_schema(schema, API_CANDIDATES, "post", 200).validate(response.json())
    body = response.json()
    grid = grid_of(name)
    board = shape_of_grid(grid)
    marks = Marks.from_grid(grid, board)
    assert (body["size"], body["box"], body["conflicts"]) == (board.size, box, [])
    allowed = [
        "".join(SYMBOLS[d - 1] for d in range(1, board.size + 1) if mask >> (d - 1) & 1)
        for mask in marks.candidates
    ]
    assert body["candidates"] == [
        "" if digit else symbols for digit, symbols in zip(grid, allowed, strict=True)
    ]


def test_a_clash_typed_on_a_sixteen_by_sixteen_board_is_named_by_the_candidates(client, schema):
    response = post(client, API_CANDIDATES, puzzle="G" + "." * 14 + "G" + "." * 240)
    assert response.status_code == 200
    reply_schema(schema, API_CANDIDATES, "post", 200).validate(response.json())
    [clash] = response.json()["conflicts"]
    assert clash["cells"] == [[1, 1], [1, 16]]
    assert clash["message"] == "Two Gs in row 1 (columns 1 and 16)."
