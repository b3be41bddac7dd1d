"""Variant rules chosen on the entry page, in a real browser: opened from
the closed "Variant rules" section, ticked, and the typed puzzle answered
under them; the section open passes axe's checks."""

from __future__ import annotations

import re
from urllib.parse import urlencode

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from solver.engine import format_grid
from solver.engine.links import read_link
from tests.support.axe import AXE_OPTIONS
from tests.support.entry_page import cell_input, cells_with_class, press_hint, type_cells
from tests.support.variants import first_of_each_kind

pytestmark = pytest.mark.browser


def test_a_rule_ticked_answers_the_typed_puzzle_under_it(live_server, page, console_errors):
    payload, solution = first_of_each_kind()["antiknight"]
    puzzle = read_link("fpuzzles" + payload)
    size = round(len(puzzle.grid) ** 0.5)
    page.goto(f"{live_server.url}/index?size={size}")
    rule = page.get_by_role("checkbox", name="Anti-knight")
    expect(rule).to_be_hidden()  # the section starts closed
    page.get_by_text("Variant rules (optional)").click()
    rule.check()
    for cell, digit in enumerate(puzzle.grid):
        if digit:
            cell_input(page, cell // size + 1, cell % size + 1).press_sequentially(str(digit))
    cell_input(page, 1, 1).press("Enter")
    page.wait_for_url(re.compile(r"/answer\?puzzle=.*&rules=antiknight"))
    expect(page.get_by_text("Anti-knight: equal digits never stand")).to_be_visible()
    cells = page.get_by_role("table", name="Answer grid").locator("td")
    assert "".join(text.strip() for text in cells.all_inner_texts()) == format_grid(solution)
    assert console_errors == []


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_with_the_rules_open(open_view, live_server, scheme):
    page = open_view({"viewport": {"width": 375, "height": 812}, "color_scheme": scheme})
    page.goto(live_server.url + "/index")
    page.get_by_text("Variant rules (optional)").click()
    expect(page.get_by_label("Jigsaw regions")).to_be_visible()
    results = Axe().run(page, options=AXE_OPTIONS)
    assert results.violations_count == 0, results.generate_report()


def test_conflicts_as_one_types_follow_the_rules_ticked(live_server, page, console_errors):
    """Two 5s a knight's move apart are no conflict in classic Sudoku; with
    anti-knight ticked, both are marked, with the rule's sentence; unticked,
    the marks go."""
    page.goto(live_server.url + "/index")
    page.get_by_label("Show conflicts as I type").check()
    type_cells(page, {(1, 3): "5", (2, 5): "5"})
    page.wait_for_timeout(500)  # time for the classic check, which finds nothing
    assert cells_with_class(page, "conflict") == set()
    page.get_by_text("Variant rules (optional)").click()
    rule = page.get_by_role("checkbox", name="Anti-knight")
    rule.check()
    expect(page.locator("td.conflict")).to_have_count(2)
    assert cells_with_class(page, "conflict") == {(1, 3), (2, 5)}
    expect(cell_input(page, 1, 3)).to_have_accessible_description(re.compile("anti-knight"))
    rule.uncheck()
    expect(page.locator("td.conflict")).to_have_count(0)
    assert console_errors == []


def test_play_opens_the_typed_puzzle_under_the_rule_ticked(live_server, page, console_errors):
    payload, _solution = first_of_each_kind()["antiknight"]
    puzzle = read_link("fpuzzles" + payload)
    size = round(len(puzzle.grid) ** 0.5)
    page.goto(f"{live_server.url}/index?size={size}")
    page.get_by_text("Variant rules (optional)").click()
    page.get_by_role("checkbox", name="Anti-knight").check()
    for cell, digit in enumerate(puzzle.grid):
        if digit:
            cell_input(page, cell // size + 1, cell % size + 1).press_sequentially(str(digit))
    page.get_by_role("button", name="Play", exact=True).click()
    page.wait_for_url(re.compile(r"/play\?puzzle=.*&rules=antiknight"))
    expect(page.get_by_text("Anti-knight: equal digits never stand")).to_be_visible()
    assert console_errors == []


def test_a_hint_under_a_links_jigsaw_regions_names_the_region(live_server, page, console_errors):
    """The shared jigsaw's first step is a single in one of its regions
    (the teacher scans regions first, as it does boxes)."""
    payload, _solution = first_of_each_kind()["jigsaw"]
    puzzle = read_link("fpuzzles" + payload)
    query = urlencode({"puzzle": format_grid(puzzle.grid), "rules": puzzle.rules.key})
    page.goto(f"{live_server.url}/index?{query}")
    said = press_hint(page)
    assert "jigsaw region" in said, said
    assert console_errors == []
