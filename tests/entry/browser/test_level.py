"""The answer page's level in a real browser: an answer drawn before its
puzzle was rated gets the level from the page's script, announced in the
verdict (how soon is bench/rating.py's to measure: about a second); one
already rated shows it at once; without the script, the line links to the
steps page. Under the celery runner the level comes once the workers have
rated the puzzle, the script asking again meanwhile."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from solver.engine import parse_puzzle
from solver.teaching import ratings
from solver.teaching.tasks import rate
from tests.support.puzzles import sample

pytestmark = pytest.mark.browser

# The hardest kind: the search needs guesses, so the answer is drawn unrated.
HARDEST = sample("forum_hardest_1106.txt", 4)
LEVEL = re.compile(r"Level: (Easy|Medium|Hard|Expert|Extreme) · hardest technique: .+")


def test_an_unrated_hard_puzzles_level_comes_after_the_page(live_server, page, console_errors):
    page.goto(f"{live_server.url}/answer?puzzle={HARDEST[0]}")
    level = page.locator("p.level")
    # The teacher's second of logic, and a margin for a loaded machine.
    expect(level).to_have_text(LEVEL, timeout=30_000)
    assert page.locator(".verdict[role=status] p.level").count() == 1  # read out as it comes
    assert ratings.known(parse_puzzle(HARDEST[0])) is not None  # kept for every later answer
    assert console_errors == []


def test_a_rated_puzzles_level_is_on_the_page_as_drawn(live_server, open_view, console_errors):
    ratings.rated(parse_puzzle(HARDEST[1]))
    page = open_view({"java_script_enabled": False})
    page.goto(f"{live_server.url}/answer?puzzle={HARDEST[1]}")
    expect(page.locator("p.level")).to_have_text(LEVEL)


def test_without_the_script_the_level_line_links_the_steps(live_server, open_view):
    page = open_view({"java_script_enabled": False})
    page.goto(f"{live_server.url}/answer?puzzle={HARDEST[2]}")
    link = page.locator("p.level").get_by_role("link", name="steps")
    link.click()
    expect(page).to_have_url(re.compile(r"/steps\?puzzle="))
    expect(page.locator("p.level")).to_have_text(LEVEL)


def test_under_workers_the_level_comes_once_they_have_rated_it(
    live_server, page, console_errors, sent, settings
):
    settings.SUDOKU_EXPLAIN_SECONDS = 30.0  # the whole walk, however loaded the machine
    replies = []
    page.on("response", lambda reply: "/level?" in reply.url and replies.append(reply.status))
    page.goto(f"{live_server.url}/answer?puzzle={HARDEST[3]}")
    for _ in range(600):  # up to 30 s for the page's first ask
        if replies:
            break
        page.wait_for_timeout(50)
    assert set(replies) == {202}  # being rated: asked again after a second
    ((task, args, _),) = sent
    assert task == ratings.RATE_TASK
    rate.apply(args=args).get()  # a worker rates it
    expect(page.locator("p.level")).to_have_text(LEVEL, timeout=30_000)
    assert replies[-1] == 200
    assert console_errors == []
