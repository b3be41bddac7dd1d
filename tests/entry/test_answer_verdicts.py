"""The answer page's verdicts explain themselves: where a puzzle with no
solution breaks, drawn on the grid; an empty or almost empty grid said so;
two of several solutions side by side, where they differ marked; and the
primary button is the next step a person takes."""

from __future__ import annotations

import re
from html import unescape
from urllib.parse import urlencode

import pytest
from django.urls import reverse

from solver.core import slots
from solver.engine import format_grid, is_valid_solution, parse_puzzle, shape_of_grid
from solver.engine.contradiction import find_contradiction
from tests.support.broken import first_broken
from tests.support.pages import text_of
from tests.support.puzzles import (
    HARD,
    HARD1,
    NO_SOLUTION,
    NO_SOLUTION_AFTER_SEARCH,
    SIZED,
    load,
    sample,
)
from tests.support.sized import CLASH_16

ANSWER = reverse("solver:answer")
CELL = re.compile(
    r'<td class="cell ?([a-z -]*)" aria-label="([^"]*)">'
    r'(?:<span class="order" aria-hidden="true">(\d+)</span>)?([0-9A-P]?)</td>'
)


def answer_of(client, puzzle, **headers):
    text = puzzle if isinstance(puzzle, str) else format_grid(puzzle)
    return client.get(ANSWER + "?" + urlencode({"puzzle": text}), headers=headers)


def marked_cells(response, caption: str) -> list[tuple[set[str], str, str, str]]:
    """(classes, spoken label, order number, symbol) of each cell of the
    grid captioned ``caption``."""
    html = response.content.decode()
    start = html.index(f'<caption class="visually-hidden">{caption}</caption>')
    table = html[start : html.index("</table>", start)]
    return [
        (set(classes.split()), unescape(label), order, symbol)
        for classes, label, order, symbol in CELL.findall(table)
    ]


def actions(response) -> list[tuple[str, str]]:
    """(classes, words) of each link of the page's Next steps, in order."""
    html = response.content.decode()
    nav = html[html.index('<nav class="actions"') :]
    nav = nav[: nav.index("</nav>")]
    return re.findall(r'<a class="([^"]+)" href="[^"]*">([^<]+)</a>', nav)


def test_a_cell_with_no_candidate_from_the_givens_is_named_and_drawn(client):
    response = answer_of(client, NO_SOLUTION)
    assert "From the givens alone, row 1, column 9 has no candidate left." in text_of(response)
    cells = marked_cells(response, "Where the puzzle breaks")
    assert len(cells) == 81
    classes, label, _, symbol = cells[8]
    assert "broken" in classes
    assert symbol == ""
    assert label == "Row 1, column 9, box 3 (no candidate left)"
    assert [c for c, *_ in cells if "broken" in c] == [classes]


def test_a_puzzle_broken_by_one_given_shows_the_singles_that_lead_there(client):
    puzzle, found = first_broken(sample("seventeen_clue.txt", 5), lambda f: len(f.singles) >= 3)
    response = answer_of(client, puzzle)
    text = text_of(response)
    count = len(found.singles)
    assert f"No solution. After {count} singles, " in text
    cells = marked_cells(response, "Where the puzzle breaks")
    numbered = {
        order: (index, symbol) for index, (_, _, order, symbol) in enumerate(cells) if order
    }
    assert sorted(int(order) for order in numbered) == list(range(1, count + 1))
    for number, step in enumerate(found.singles, 1):
        ((cell, digit),) = step.placements
        assert numbered[str(number)] == (cell, str(digit))
        assert "single" in cells[cell][0]
        assert f"single {number}" in cells[cell][1]
    said = re.findall(r"<li>([^<]+)</li>", response.content.decode().split('class="singles"')[1])
    assert len(said) == count
    assert said[0].split(":")[0] in {"Naked single", "Hidden single"}


def test_a_unit_with_no_place_for_a_digit_is_named_and_each_of_its_cells_marked(client):
    puzzle, found = first_broken(sample("seventeen_clue.txt", 5), lambda f: f.unit is not None)
    response = answer_of(client, puzzle)
    unit = f"{found.unit.kind} {found.unit.number}"
    assert f"no place is left for {found.digit} in {unit}." in text_of(response)
    cells = marked_cells(response, "Where the puzzle breaks")
    marked = {index for index, (classes, *_) in enumerate(cells) if "broken-unit" in classes}
    assert marked == set(found.unit.cells)
    assert f"{unit} has no place left for {found.digit}" in cells[found.unit.cells[0]][1]


def test_a_puzzle_that_breaks_deeper_says_no_short_reason_was_found(client):
    text = text_of(answer_of(client, NO_SOLUTION_AFTER_SEARCH))
    assert "No solution. No short reason was found" in text
    assert "proved that no grid fits these givens" in text
    assert "Where the puzzle breaks" not in text


def test_a_sixteen_by_sixteen_puzzle_breaks_on_its_own_board(client):
    puzzle, found = first_broken([SIZED["16x16"]], lambda f: True)
    response = answer_of(client, puzzle)
    count = len(found.singles)
    opening = f"After {count} single" if count else "From the givens alone"
    assert f"No solution. {opening}" in text_of(response)
    assert "grid answer-grid marked sized size-16" in response.content.decode()
    cells = marked_cells(response, "Where the puzzle breaks")
    assert len(cells) == 256
    assert sum(bool(order) for _, _, order, _ in cells) == count


def test_the_reason_is_said_in_the_readers_language(client):
    response = answer_of(client, NO_SOLUTION, accept_language="zh-TW")
    assert "僅憑提示數，第 1 列第 9 行已沒有候選數了。" in text_of(response)


def test_an_empty_grid_says_it_was_empty_and_names_no_givens(client):
    text = text_of(answer_of(client, "." * 81))
    assert "The grid was empty: this is one of the many ways to fill it." in text
    assert "given (from the puzzle, in bold)" not in text
    assert "Solution 2" not in text


@pytest.mark.parametrize("givens", [1, 3, 8])
def test_a_nearly_empty_grid_names_its_few_givens(client, givens):
    kept, puzzle = 0, []  # a shared puzzle's first givens, in place: none conflict
    for symbol in load("seventeen_clue.txt")[0]:
        kept += symbol != "."
        puzzle.append(symbol if kept <= givens else ".")
    assert sum(symbol != "." for symbol in puzzle) == givens
    text = text_of(answer_of(client, "".join(puzzle)))
    plural = "given" if givens == 1 else "givens"
    assert f"Only {givens} {plural}: far too few for one solution" in text
    assert "Solution 2" in text


def test_several_solutions_are_shown_side_by_side_with_their_differences(client):
    response = answer_of(client, HARD1)
    puzzle = parse_puzzle(HARD1)
    grids = [marked_cells(response, f"Solution {n}") for n in (1, 2)]
    solutions = [tuple(int(symbol) for *_, symbol in cells) for cells in grids]
    assert solutions[0] != solutions[1]
    assert all(is_valid_solution(puzzle, solution) for solution in solutions)
    differing = [cell for cell in range(81) if solutions[0][cell] != solutions[1][cell]]
    for cells in grids:
        marked = [cell for cell, (classes, *_) in enumerate(cells) if "differs" in classes]
        assert marked == differing
        assert all("differs from the other solution" in cells[cell][1] for cell in marked)
    words = shape_of_grid(puzzle)
    named = [f"r{words.row_col(cell)[0]}c{words.row_col(cell)[1]}" for cell in differing]
    text = text_of(response)
    assert f"The two solutions differ in {len(differing)} cells" in text
    assert named[0] in text
    assert "Two of them are shown, the cells where they differ" in text


def test_the_two_solutions_cost_no_search_beyond_the_verdicts(client, monkeypatch):
    searches = []
    solve = slots.solve
    monkeypatch.setattr(slots, "solve", lambda *a, **k: searches.append(a) or solve(*a, **k))
    assert "Solution 2" in text_of(answer_of(client, HARD1))
    assert len(searches) == 1


def test_a_solved_puzzles_next_step_is_its_explanation(client):
    links = actions(answer_of(client, HARD))
    assert links[0] == ("button primary", "Explain step by step")
    assert [words for _, words in links[1:]] == [
        "Play this puzzle",
        "Edit in the entry grid",
        "Return",
    ]
    assert all(classes == "button" for classes, _ in links[1:])


@pytest.mark.parametrize("puzzle", [NO_SOLUTION, HARD1])
def test_a_puzzle_to_fix_has_editing_as_its_next_step(client, puzzle):
    links = actions(answer_of(client, puzzle))
    assert links == [("button primary", "Edit in the entry grid"), ("button", "Return")]


def test_an_unreadable_board_of_another_size_is_edited_in_the_entry_grid(client):
    response = answer_of(client, CLASH_16)
    links = actions(response)
    assert links == [("button primary", "Edit in the entry grid"), ("button", "Return")]
    assert f'href="/index?{urlencode({"puzzle": CLASH_16})}"' in response.content.decode()


def test_the_singles_walk_is_found_once_per_page_not_in_the_unique_case(client, monkeypatch):
    from solver.entry import verdicts

    walks = []
    monkeypatch.setattr(
        verdicts, "find_contradiction", lambda *a: walks.append(a) or find_contradiction(*a)
    )
    answer_of(client, HARD)
    assert walks == []
    answer_of(client, NO_SOLUTION)
    assert len(walks) == 1
