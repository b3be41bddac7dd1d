"""Variants at the site's edge: the API and the pages read a puzzle's rules
from its link (or from the ``rules`` field, the site's short text), solve
under every rule, say the rules read, offer the puzzle elsewhere, and refuse
by name what they cannot take."""

from __future__ import annotations

import json
import re
from html import unescape
from urllib.parse import parse_qs, urlsplit

import pytest

from solver.engine import format_grid
from solver.engine.links import read_link
from tests.support.play_served import play_data
from tests.support.puzzles import HARD
from tests.support.variants import SUPPORTED, board, first_of_each_kind, pack

SOLVE, VALIDATE = "/api/solve", "/api/validate"
FPUZZLES = "https://f-puzzles.com/?load="


EACH_KIND = first_of_each_kind()
JIGSAW_PAYLOAD, JIGSAW_SOLUTION = EACH_KIND["jigsaw"]


def post(client, path: str, puzzle: str, rules: str | None = None):
    body = {"puzzle": puzzle} | ({"rules": rules} if rules is not None else {})
    return client.post(path, body, content_type="application/json")


def codes(response) -> list[str]:
    return [error["code"] for error in response.json()["errors"]]


def test_the_shared_puzzles_hold_a_puzzle_of_every_kind_but_extra_regions_alone():
    assert set(EACH_KIND) == SUPPORTED - {"extraregion"}


@pytest.mark.parametrize("kind", sorted(EACH_KIND))
def test_the_api_solves_a_variant_from_its_link_under_its_rules(client, kind):
    payload, solution = EACH_KIND[kind]
    for puzzle in ("fpuzzles" + payload, FPUZZLES + payload):
        body = post(client, SOLVE, puzzle).json()
        assert body["status"] == "unique"
        assert body["solution"] == format_grid(solution)
        assert body["rules"] == [kind]
        assert body["difficulty"] is None  # levels are calibrated on classic Sudoku


def test_the_link_can_come_in_the_query_and_validate_states_the_rules_too(client):
    body = client.get(VALIDATE, {"puzzle": FPUZZLES + JIGSAW_PAYLOAD}).json()
    assert body["status"] == "unique"
    assert body["rules"] == ["jigsaw"]
    assert "solution" not in body


def test_the_rules_field_carries_the_rules_of_givens_that_bring_none(client):
    linked = post(client, SOLVE, "fpuzzles" + JIGSAW_PAYLOAD).json()
    assert linked["rules_text"].startswith("jigsaw:")
    given = post(client, SOLVE, linked["givens"], rules=linked["rules_text"]).json()
    assert (given["status"], given["solution"], given["rules"]) == (
        "unique",
        linked["solution"],
        ["jigsaw"],
    )
    queried = client.get(SOLVE, {"puzzle": linked["givens"], "rules": linked["rules_text"]})
    assert queried.json()["solution"] == linked["solution"]


def test_the_same_givens_without_their_rules_get_another_verdict(client):
    linked = post(client, SOLVE, "fpuzzles" + JIGSAW_PAYLOAD).json()
    plain = post(client, SOLVE, linked["givens"])
    verdict = plain.json().get("status"), plain.json().get("solution")
    assert verdict != ("unique", linked["solution"])


def test_the_reply_offers_an_fpuzzles_link_holding_the_whole_puzzle(client):
    body = post(client, SOLVE, "fpuzzles" + JIGSAW_PAYLOAD).json()
    again = read_link(body["fpuzzles"])
    assert format_grid(again.grid) == body["givens"]
    assert again.rules.key == body["rules_text"]


def test_a_classic_puzzle_states_classic_rules(client):
    body = post(client, SOLVE, HARD).json()
    assert (body["rules"], body["rules_text"]) == (["classic"], "")


# Refused by name

# r1c3 and r2c5: a knight's move apart, in no row, column or box together.
ANTI_KNIGHT_PAIR = "..5" + "." * 10 + "5" + "." * 67


def test_givens_that_break_a_pair_rule_are_refused_with_both_cells(client):
    response = post(client, VALIDATE, ANTI_KNIGHT_PAIR, rules="antiknight")
    assert response.status_code == 400
    [error] = response.json()["errors"]
    assert error["code"] == "conflict"
    assert sorted(error["cells"]) == [[1, 3], [2, 5]]
    assert "knight" in error["message"]
    assert post(client, VALIDATE, ANTI_KNIGHT_PAIR).status_code == 200  # no rule broken in classic


def test_a_link_with_a_rule_the_site_does_not_solve_is_refused_naming_it(client):
    thermo = {"lines": [["R1C1", "R1C2", "R1C3"]]}
    response = post(client, SOLVE, "fpuzzles" + pack(board(thermometer=[thermo])))
    assert response.status_code == 400
    assert codes(response) == ["unsupported_rule"]
    assert "thermometer" in response.json()["errors"][0]["message"]


def test_a_killer_link_with_a_sum_no_digits_make_is_refused_naming_it(client):
    cages = [{"cells": ["R1C1", "R1C2"], "value": "20"}]
    response = post(client, SOLVE, "fpuzzles" + pack(board(killercage=cages)))
    assert response.status_code == 400
    [error] = response.json()["errors"]
    assert error["code"] == "bad_cage"
    assert "20 cannot be made" in error["message"]


def test_a_short_link_says_it_needs_the_network(client):
    response = post(client, SOLVE, "https://f-puzzles.com/?id=abcdef")
    assert response.status_code == 400
    assert codes(response) == ["needs_network"]


def test_rules_that_do_not_read_or_contradict_the_link_are_refused(client):
    assert codes(post(client, SOLVE, "." * 81, rules="antibishop")) == ["unknown_rule"]
    twice = post(client, SOLVE, "fpuzzles" + JIGSAW_PAYLOAD, rules="antiknight")
    assert codes(twice) == ["rules_twice"]


def test_the_teacher_takes_the_links_rules_and_states_them(client):
    for path in ("/api/steps", "/api/hint"):
        response = post(client, path, "fpuzzles" + JIGSAW_PAYLOAD)
        assert response.status_code == 200, path
        assert response.json()["rules"] == ["jigsaw"], path


# Pages


def jigsaw_answer(client):
    linked = post(client, SOLVE, "fpuzzles" + JIGSAW_PAYLOAD).json()
    query = {"puzzle": linked["givens"], "rules": linked["rules_text"]}
    return linked, client.get("/answer", query).content.decode()


def test_the_answer_page_solves_under_the_rules_and_says_them(client):
    linked, html = jigsaw_answer(client)
    assert "exactly one solution" in html
    assert linked["solution"] in html
    assert "jigsaw region holds every digit once" in html
    assert "jigsaw regions" in html
    assert "boxes 3×3" not in html


def test_the_answer_page_draws_the_regions_and_names_them_for_each_cell(client):
    _, html = jigsaw_answer(client)
    assert "edge-top" in html
    assert "edge-left" in html
    assert re.search(r'aria-label="Row 1, column 1, jigsaw region \d+"', html)


def test_the_answer_page_opens_the_puzzle_in_fpuzzles_and_sudokupad(client):
    linked, html = jigsaw_answer(client)
    links = dict(
        (text, unescape(href))
        for href, text in re.findall(r'<a href="([^"]+)"[^>]*>(Open in [^<]+)</a>', html)
    )
    assert set(links) == {"Open in f-puzzles", "Open in SudokuPad"}
    for link in links.values():
        again = read_link(link)
        assert (format_grid(again.grid), again.rules.key) == (
            linked["givens"],
            linked["rules_text"],
        )


def test_a_link_pasted_on_the_entry_page_answers_with_its_rules_in_the_address(client):
    response = client.post("/answer", {"puzzle": FPUZZLES + JIGSAW_PAYLOAD})
    assert response.status_code == 303
    query = parse_qs(urlsplit(response["Location"]).query)
    assert query["rules"][0].startswith("jigsaw:")
    html = client.get(response["Location"]).content.decode()
    assert format_grid(JIGSAW_SOLUTION) in html


def test_givens_breaking_a_rule_show_the_problem_with_the_rules_and_the_grid(client):
    html = client.get("/answer", {"puzzle": ANTI_KNIGHT_PAIR, "rules": "antiknight"}).content
    html = html.decode()
    assert "Anti-knight: equal digits never stand" in html  # the rules said
    assert "cannot be solved as it stands" in html
    marked = re.findall(r'class="cell given invalid" aria-label="([^"]+)"', html)
    assert marked == ["Row 1, column 3, box 1: 5", "Row 2, column 5, box 2: 5"]


def jigsaw_steps(client, **more):
    """The shared jigsaw's reply from the API, and its steps page's HTML."""
    linked = post(client, SOLVE, "fpuzzles" + JIGSAW_PAYLOAD).json()
    query = {"puzzle": linked["givens"], "rules": linked["rules_text"], **more}
    return linked, client.get("/steps", query).content.decode()


def test_the_steps_page_explains_under_the_rules_and_draws_them(client):
    linked, html = jigsaw_steps(client)
    assert "jigsaw region holds every digit once" in html  # the rules said
    assert "Level: none under variant rules" in html
    grid = html[html.index('class="grid steps-grid') : html.index("</table>")]
    assert "jigsaw" in grid.split('"')[1]
    assert "edge-top" in grid
    # Every step's address keeps the rules.
    for href in re.findall(r'href="(/steps\?[^"]+)"', html):
        assert parse_qs(urlsplit(unescape(href)).query)["rules"] == [linked["rules_text"]]


def test_a_step_in_a_jigsaw_region_is_worded_with_it(client):
    _linked, html = jigsaw_steps(client)
    assert re.search(r"in jigsaw region \d+", html)


def test_the_answer_offers_the_steps_and_the_game_under_the_rules(client):
    linked, html = jigsaw_answer(client)
    actions = html[html.index('class="actions"') :]
    for page in ("/steps", "/play"):
        href = unescape(re.search(rf'href="({page}\?[^"]+)"', actions)[1])
        query = parse_qs(urlsplit(href).query)
        assert query["rules"] == [linked["rules_text"]], page
        assert query["puzzle"] == [linked["givens"]], page


def jigsaw_game(client):
    """The shared jigsaw's reply from the API, and its game's response."""
    linked = post(client, SOLVE, "fpuzzles" + JIGSAW_PAYLOAD).json()
    query = {"puzzle": linked["givens"], "rules": linked["rules_text"]}
    return linked, client.get("/play", query)


def test_the_game_is_played_under_the_rules_it_was_linked_with(client):
    linked, response = jigsaw_game(client)
    assert response.status_code == 200
    data = play_data(response)
    assert (data["puzzle"], data["rules"], data["solution"]) == (
        linked["givens"],
        linked["rules_text"],
        linked["solution"],
    )
    # Progress is kept per rule set: the same givens without them are another game.
    assert data["key"].endswith(linked["givens"] + "|" + linked["rules_text"])
    html = response.content.decode()
    assert "jigsaw region holds every digit once" in html
    assert set(units_listed(html)) == {"row", "column", "jigsaw"}


def test_the_game_draws_the_regions_and_offers_the_teachers_help_under_them(client):
    linked, response = jigsaw_game(client)
    html = response.content.decode()
    grid = html[html.index('class="grid play-grid') : html.index("</table>")]
    assert "jigsaw" in grid.split('"')[1]
    assert "edge-top" in grid
    assert re.search(r'data-play="hint">', html)
    assert re.search(r'data-play="wrong">', html)
    steps = unescape(re.search(r'href="(/steps\?[^"]+)"', html)[1])
    assert parse_qs(urlsplit(steps).query)["rules"] == [linked["rules_text"]]
    links = re.findall(r'<a href="([^"]+)"[^>]*>Open in f-puzzles</a>', html)
    assert read_link(unescape(links[0])).rules.key == linked["rules_text"]


def test_a_game_whose_givens_break_its_rules_shows_them_on_the_entry_page(client):
    html = client.get("/play", {"puzzle": ANTI_KNIGHT_PAIR, "rules": "antiknight"}).content
    html = html.decode()
    assert "anti-knight forbids it" in html
    assert "cannot be solved as it stands" in html


def jigsaw_entry(client) -> str:
    """The entry page opened on the shared jigsaw's link, filled with it."""
    linked = post(client, SOLVE, "fpuzzles" + JIGSAW_PAYLOAD).json()
    query = {"puzzle": linked["givens"], "rules": linked["rules_text"]}
    return client.get("/index", query).content.decode()


def units_listed(html: str) -> dict:
    found = re.search(r'<script id="grid-units" type="application/json">(.*?)</script>', html)
    return json.loads(found.group(1))


def test_the_entry_grid_draws_a_variants_regions_and_names_them_for_each_cell(client):
    html = jigsaw_entry(client)
    grid = html[html.index('class="grid entry-grid') : html.index("</table>")]
    assert "jigsaw" in grid.split('"')[1]  # the table's classes
    assert "edge-top" in grid
    assert "edge-left" in grid
    assert re.search(r'aria-label="Row 1, column 1, jigsaw region \d+"', grid)
    assert ", box " not in grid


def test_the_entry_pages_scripts_get_the_rules_regions_as_the_units(client):
    units = units_listed(jigsaw_entry(client))
    size = round(len(JIGSAW_SOLUTION) ** 0.5)
    assert set(units) == {"row", "column", "jigsaw"}
    regions = units["jigsaw"]
    assert sorted(cell for region in regions for cell in region) == list(range(size * size))
    assert all(len(region) == size for region in regions)
    classic = client.get("/index", {"size": 9}).content.decode()
    assert set(units_listed(classic)) == {"row", "column", "box"}


def test_conflicts_as_one_types_are_offered_under_a_variants_rules_too(client):
    # The candidates endpoint checks them under the rules the form carries.
    assert 'id="live-conflicts"' in client.get("/index").content.decode()
    assert 'id="live-conflicts"' in jigsaw_entry(client)
