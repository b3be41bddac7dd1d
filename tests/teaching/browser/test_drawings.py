"""The steps page's drawings in Chromium: a chain's links laid over the
board's candidates, strong and weak drawn differently, with and without
script, and axe's checks of a page that draws, at a phone's width and a
desktop's, light and dark."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from tests.support.axe import AXE_OPTIONS
from tests.support.entry_page import press_hint
from tests.support.play_page import open_play
from tests.support.puzzles import load

pytestmark = pytest.mark.browser

# top1465's first puzzle: step 30 is an aic, step 29 an als-xz (the walk is
# the teacher's, the same every run).
CHAIN = load("top1465.txt")[0]
AIC_STEP, ALS_STEP = 30, 29


def open_step(page: Page, base_url: str, number: int) -> None:
    page.goto(f"{base_url}/steps?puzzle={CHAIN}&step={number}")
    expect(page.locator("svg.step-drawing")).to_have_count(1)


def centre(locator) -> tuple[float, float]:
    box = locator.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_a_chains_links_start_and_end_on_its_candidates(live_server, page, console_errors):
    """Each link's arrow starts and ends inside a ringed candidate's cell, and
    a strong link is solid where a weak one is dashed."""
    open_step(page, live_server.url, AIC_STEP)
    strong = page.locator("svg.step-drawing line.link.strong").first
    weak = page.locator("svg.step-drawing line.link.weak").first
    assert strong.evaluate("n => getComputedStyle(n).strokeDasharray") == "none"
    assert weak.evaluate("n => getComputedStyle(n).strokeDasharray") != "none"
    cells = page.locator("table.steps-grid td")
    boxes = [cells.nth(i).bounding_box() for i in range(81)]
    for line in page.locator("svg.step-drawing line.link").all():
        for end in ("1", "2"):
            x, y = line.evaluate(
                f"""n => {{ const p = n.ownerSVGElement.createSVGPoint();
                p.x = n.x{end}.baseVal.value; p.y = n.y{end}.baseVal.value;
                const q = p.matrixTransform(n.getScreenCTM()); return [q.x, q.y]; }}"""
            )
            assert any(
                b["x"] <= x <= b["x"] + b["width"] and b["y"] <= y <= b["y"] + b["height"]
                for b in boxes
            )
    expect(page.locator(".drawing-legend")).to_contain_text("strong link (solid)")
    expect(page.locator(".drawing-legend")).to_contain_text("weak link (dashed)")
    assert console_errors == []


def test_the_drawing_is_there_without_script(live_server, browser):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    open_step(page, live_server.url, AIC_STEP)
    expect(page.locator("svg.step-drawing line.link")).not_to_have_count(0)
    assert page.locator("svg.step-drawing").get_attribute("aria-hidden") == "true"
    context.close()


VIEWS = {
    f"{width}-{scheme}": {"viewport": {"width": width, "height": 900}, "color_scheme": scheme}
    for width in (375, 1280)
    for scheme in ("light", "dark")
}


@pytest.mark.parametrize("view", sorted(VIEWS))
@pytest.mark.parametrize("number", [AIC_STEP, ALS_STEP], ids=["aic", "als"])
def test_axe_finds_nothing_on_a_step_that_draws(open_view, live_server, view, number):
    page = open_view(VIEWS[view])
    open_step(page, live_server.url, number)
    results = Axe().run(page, options=AXE_OPTIONS)
    assert results.violations_count == 0, results.generate_report()


# forum_hardest_1106's 96th puzzle: from its givens the first step is a
# turbot fish, a chain of one digit's strong and weak links.
TURBOT = load("forum_hardest_1106.txt")[95]


def expect_links_over(page: Page, table: str) -> None:
    """The hint's drawing lies over the grid ``table``, with its strong and weak links."""
    drawing = page.locator(".hint-drawing svg.step-drawing")
    expect(drawing.locator("line.link.strong").first).to_be_attached()
    expect(drawing.locator("line.link.weak").first).to_be_attached()
    grid, over = page.locator(table).bounding_box(), page.locator(".hint-drawing").bounding_box()
    assert grid["x"] <= over["x"] < over["x"] + over["width"] <= grid["x"] + grid["width"] + 1
    assert grid["y"] <= over["y"] < over["y"] + over["height"] <= grid["y"] + grid["height"] + 1
    assert over["width"] > grid["width"] * 0.9


def test_the_entry_pages_hint_draws_its_step_over_the_grid(live_server, page, console_errors):
    """The second press shows the step with its drawing; the third, which
    applies it, takes the drawing away."""
    page.goto(f"{live_server.url}/index?puzzle={TURBOT}")
    press_hint(page)
    expect(page.locator(".hint-drawing")).to_have_count(0)
    press_hint(page)
    expect_links_over(page, "table.entry-grid")
    press_hint(page)
    expect(page.locator(".hint-drawing")).to_have_count(0)
    assert console_errors == []


def test_the_play_pages_hint_draws_its_step_over_the_grid(live_server, page, console_errors):
    open_play(page, live_server.url, TURBOT)
    hint, status = page.get_by_role("button", name="Hint", exact=True), page.locator("#play-status")
    hint.click()
    expect(status).to_contain_text("Press Hint again to see it on the grid.")
    hint.click()
    expect(status).to_contain_text("Press Hint again to")
    expect_links_over(page, "table.play-grid")
    hint.click()
    expect(page.locator(".hint-drawing")).to_have_count(0)
    assert console_errors == []


@pytest.mark.parametrize("view", sorted(VIEWS))
def test_axe_finds_nothing_on_the_entry_page_with_a_hints_drawing(open_view, live_server, view):
    page = open_view(VIEWS[view])
    page.goto(f"{live_server.url}/index?puzzle={TURBOT}")
    press_hint(page)
    press_hint(page)
    expect(page.locator(".hint-drawing line.link").first).to_be_attached()
    results = Axe().run(page, options=AXE_OPTIONS)
    assert results.violations_count == 0, results.generate_report()
