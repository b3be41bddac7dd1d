"""Variant rules chosen on the entry page: ticked below the grid, or a jigsaw's
regions typed there, they go with the typed givens to the answer, which
solves under them; what does not read or fit is refused by name, with the
grid, the ticks and the map kept."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

from django.http import QueryDict

from solver.core.cells import cell_names
from solver.engine import format_grid
from solver.engine.board import box_shape, shape
from solver.engine.links import read_link
from tests.support.variants import first_of_each_kind

EACH_KIND = first_of_each_kind()
JIGSAW_PAYLOAD, JIGSAW_SOLUTION = EACH_KIND["jigsaw"]

FPUZZLES = "https://f-puzzles.com/?load="


def typed(grid, **fields) -> QueryDict:
    """The entry form's post for ``grid`` typed in the cells, with ``fields``
    (a list for a field sent once per value)."""
    size = round(len(grid) ** 0.5)
    post = QueryDict(mutable=True)
    for name, digit in zip(cell_names(shape(*box_shape(size))), grid, strict=True):
        post[name] = str(digit) if digit else ""
    if size != 9:
        post["size"] = str(size)
    for name, value in fields.items():
        post.setlist(name, value if isinstance(value, list) else [value])
    return post


def answered(client, post: QueryDict) -> str:
    """The answer page a post goes on to (it must go on)."""
    response = client.post(
        "/answer", post.urlencode(), content_type="application/x-www-form-urlencoded"
    )
    assert response.status_code == 303, response.content.decode()[:2000]
    return response["Location"]


def refused(client, post: QueryDict) -> str:
    """The entry page a post comes back to, with its problems."""
    response = client.post(
        "/answer", post.urlencode(), content_type="application/x-www-form-urlencoded"
    )
    assert response.status_code == 200
    return response.content.decode()


def linked(kind: str):
    payload, solution = EACH_KIND[kind]
    return read_link(FPUZZLES + payload), solution


def jigsaw_map() -> str:
    """The shared jigsaw's regions, written as a person might: a line per row."""
    regions = read_link(FPUZZLES + JIGSAW_PAYLOAD).rules.jigsaw.regions
    size = round(len(regions) ** 0.5)
    rows = [
        "".join(str(r + 1) for r in regions[i : i + size]) for i in range(0, len(regions), size)
    ]
    return "\n".join(rows)


def test_the_entry_page_offers_the_rules_that_fit_its_board(client):
    nine = client.get("/index", {"size": 9}).content.decode()
    six = client.get("/index", {"size": 6}).content.decode()
    assert 'id="rule-windoku"' in nine  # square boxes take windows
    assert 'id="rule-windoku"' not in six
    for token in ("diagonal", "disjoint", "antiknight", "antiking", "nonconsecutive"):
        assert f'id="rule-{token}"' in six
    assert 'id="id_regions"' in six


def test_a_rule_ticked_goes_with_the_typed_givens_and_the_answer_solves_under_it(client):
    puzzle, solution = linked("antiknight")
    location = answered(client, typed(puzzle.grid, rule=["antiknight"]))
    assert parse_qs(urlsplit(location).query)["rules"] == ["antiknight"]
    html = client.get(location).content.decode()
    assert format_grid(solution) in html
    assert "Anti-knight: equal digits never stand" in html


def test_several_rules_ticked_are_all_taken(client):
    puzzle, _ = linked("antiking")
    location = answered(client, typed(puzzle.grid, rule=["antiking", "diagonal"]))
    assert parse_qs(urlsplit(location).query)["rules"] == ["diagonal,antiking"]


def test_a_typed_region_map_makes_a_jigsaw_of_the_typed_givens(client):
    puzzle = read_link(FPUZZLES + JIGSAW_PAYLOAD)
    location = answered(client, typed(puzzle.grid, regions=jigsaw_map()))
    assert parse_qs(urlsplit(location).query)["rules"] == [puzzle.rules.key]
    assert format_grid(JIGSAW_SOLUTION) in client.get(location).content.decode()


def test_a_region_map_that_does_not_add_up_is_refused_with_everything_kept(client):
    puzzle = read_link(FPUZZLES + JIGSAW_PAYLOAD)
    good = jigsaw_map()
    other = next(symbol for symbol in good if symbol not in "1\n")
    bad = good.replace(other, "1", 1)  # region 1 takes a cell of another
    html = refused(client, typed(puzzle.grid, regions=bad, rule=["antiking"]))
    assert "Region 1 has 7 cells; every region needs 6." in html
    assert re.search(
        r'<textarea id="id_regions"[^>]*aria-invalid="true"[^>]*>' + re.escape(bad), html
    )
    assert re.search(r'id="rule-antiking"[^>]*checked', html)
    assert '<details class="rules-chooser" open>' in html
    first = next(i for i, digit in enumerate(puzzle.grid) if digit)
    name = cell_names(shape(*box_shape(6)))[first]
    assert re.search(rf'name="{name}" id="cell-{name}" value="{puzzle.grid[first]}"', html)


def test_windows_cannot_go_with_jigsaw_regions(client):
    regions = "".join(str(c // 9 + 1) for c in range(81))  # rows as regions: readable
    html = refused(client, typed([0] * 81, regions=regions, rule=["windoku"]))  # windows fit 9x9
    assert "Jigsaw regions replace the boxes, so windoku cannot go with them." in html


def test_a_rule_the_board_does_not_offer_is_refused_by_name(client):
    puzzle = read_link(FPUZZLES + JIGSAW_PAYLOAD)  # 6x6: no windows
    html = refused(client, typed(puzzle.grid, rule=["windoku"]))
    assert "The rule “windoku” is not one this board offers." in html


def test_givens_that_break_a_rule_ticked_are_marked_under_it(client):
    grid = [0] * 81
    grid[2], grid[13] = 5, 5  # r1c3 and r2c5, a knight's move apart
    html = refused(client, typed(grid, rule=["antiknight"]))
    assert "anti-knight forbids it" in html
    assert html.count('aria-invalid="true"') >= 2
    assert re.search(r'id="rule-antiknight"[^>]*checked', html)


def test_a_pasted_link_with_its_own_rules_and_other_rules_ticked_is_refused(client):
    post = typed([0] * 81, rule=["antiknight"], puzzle=FPUZZLES + JIGSAW_PAYLOAD)
    response = client.post(
        "/answer", post.urlencode(), content_type="application/x-www-form-urlencoded"
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert "brings its own rules or another size" in html
    assert re.search(r'id="rule-antiknight"[^>]*checked', html)
    assert FPUZZLES + JIGSAW_PAYLOAD in html  # the paste kept


def test_rules_ticked_go_with_a_pasted_classic_puzzle_too(client):
    puzzle, solution = linked("antiknight")
    post = typed([0] * len(puzzle.grid), rule=["antiknight"], puzzle=format_grid(puzzle.grid))
    location = answered(client, post)
    assert parse_qs(urlsplit(location).query)["rules"] == ["antiknight"]
    assert format_grid(solution) in client.get(location).content.decode()
