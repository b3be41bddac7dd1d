"""The steps page (/steps) and the level on the answer page: every step at
its own address, reachable without JavaScript, bad input kept and named."""

import re
from html import unescape
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils.http import urlencode

from solver.addresses import level_url
from solver.choices import level_name
from solver.engine.techniques import TABLE, rank
from solver.teaching import lessons, sentences
from tests.support.pages import text_of
from tests.support.puzzles import HARD, HARD1, NO_SOLUTION, NO_SOLUTION_AFTER_SEARCH, load

STEPS = reverse("solver:steps")
ANSWER = reverse("solver:answer")
INDEX = reverse("solver:index")
# HARD's solution with 35 cells blanked: singles alone solve it, in a few steps.
EASY = ".68.31..7.51.2..39.92.78.61..4.56.9..89.13.75.75..9.14.4..92.53.13.67..2.27.4..86"
CONFLICTING = "55" + "." * 79


def steps_url(puzzle: str, step=None) -> str:
    query = {"puzzle": puzzle} | ({"step": step} if step is not None else {})
    return STEPS + "?" + urlencode(query)


def link(response, rel: str) -> str | None:
    """The href of the page's link with ``rel`` (prev, next), or None."""
    match = re.search(rf'<a [^>]*rel="{rel}" href="([^"]+)"', response.content.decode())
    return unescape(match.group(1)) if match else None


def heading(response) -> tuple[int, int]:
    """(N, M) from the step's heading "Step N of M: ..."."""
    match = re.search(r"Step (\d+) of (\d+):", text_of(response))
    assert match, text_of(response)[:500]
    return int(match.group(1)), int(match.group(2))


def board_cells(response) -> list[tuple[str, str]]:
    """(classes, inner HTML) of each of the steps board's 81 cells, row by row."""
    html = response.content.decode()
    table = re.search(r'<table class="grid steps-grid">(.*?)</table>', html, re.S).group(1)
    return re.findall(r'<td class="([^"]*)">(.*?)</td>', table, re.S)


def test_the_first_step_is_the_plain_address(client):
    response = client.get(steps_url(EASY))
    assert response.status_code == 200
    assert heading(response)[0] == 1
    assert link(response, "prev") is None
    assert link(response, "next") == steps_url(EASY, 2)


def test_every_step_has_its_own_address_and_next_walks_them_all_without_javascript(client):
    """Following Next from step 1 visits steps 1..M in order, each a plain GET."""
    url, seen = steps_url(EASY), []
    while url:
        response = client.get(url)
        assert response.status_code == 200
        number, count = heading(response)
        seen.append(number)
        url = link(response, "next")
    assert seen == list(range(1, count + 1))
    assert count > 1


def test_previous_leads_back_one_step(client):
    response = client.get(steps_url(EASY, 3))
    assert heading(response)[0] == 3
    assert link(response, "prev") == steps_url(EASY, 2)
    assert heading(client.get(link(response, "prev")))[0] == 2


def test_the_last_step_has_no_next(client):
    count = heading(client.get(steps_url(EASY)))[1]
    response = client.get(steps_url(EASY, count))
    assert link(response, "next") is None
    assert link(response, "prev") == steps_url(EASY, count - 1)


def test_the_list_of_steps_links_every_step_and_marks_the_current_one(client):
    response = client.get(steps_url(EASY, 2))
    html = response.content.decode()
    count = heading(response)[1]
    listed = re.search(r'<nav class="all-steps".*?</nav>', html, re.S).group(0)
    hrefs = [unescape(h) for h in re.findall(r'href="([^"]+)"', listed)]
    assert hrefs == [steps_url(EASY, n) if n > 1 else steps_url(EASY) for n in range(1, count + 1)]
    assert re.search(r'href="[^"]*step=2"[^>]*aria-current="step"', listed)
    assert listed.count("aria-current") == 1


@pytest.mark.parametrize(("asked", "shown"), [("0", 1), ("-4", 1), ("abc", 1), ("", 1)])
def test_a_step_below_one_or_not_a_number_goes_to_the_first(client, asked, shown):
    response = client.get(steps_url(EASY, asked))
    assert response.status_code == 302
    assert response["Location"] == steps_url(EASY)


def test_a_step_past_the_last_goes_to_the_last(client):
    count = heading(client.get(steps_url(EASY)))[1]
    response = client.get(steps_url(EASY, count + 50))
    assert response.status_code == 302
    assert response["Location"] == steps_url(EASY, count)


def test_the_board_shows_candidates_and_marks_the_step(client):
    """Each open cell lists its candidates; a placed digit is <ins>, a removed
    candidate <del> (struck through: colour is not the only sign), exactly as
    the teacher's step says, and the pattern's cells carry the class "pattern"."""
    taught = lessons.lesson(lessons.read_board(HARD))
    for step in taught.steps[:20]:
        cells = board_cells(client.get(steps_url(HARD, step.number)))
        assert len(cells) == 81
        removed = {
            (i // 9 + 1, i % 9 + 1, d)
            for i, (_, html) in enumerate(cells)
            for d in _marked(html, "del")
        }
        placed = {
            (i // 9 + 1, i % 9 + 1, d)
            for i, (_, html) in enumerate(cells)
            for d in _marked(html, "ins")
        }
        assert removed == {tuple(e) for e in step.eliminations}
        assert placed == {tuple(p) for p in step.placements}
        patterned = {
            (i // 9 + 1, i % 9 + 1)
            for i, (classes, _) in enumerate(cells)
            if "pattern" in classes.split()
        }
        assert patterned == {tuple(c) for c in step.pattern["cells"]}
        for row, column, _ in step.placements:
            assert "placing" in cells[(row - 1) * 9 + column - 1][0].split()


def _marked(inner: str, tag: str) -> list[int]:
    return [int(d) for d in re.findall(rf'<{tag} class="[a-z]+">(\d)</{tag}>', inner)]


def test_the_board_is_the_one_before_the_step(client):
    """Step 2's board holds step 1's placed digit; step 1's does not."""
    first = client.get(steps_url(EASY, 1))
    (cell, digit), *_ = [
        (i, d) for i, (_, inner) in enumerate(board_cells(first)) for d in _marked(inner, "ins")
    ]
    second = board_cells(client.get(steps_url(EASY, 2)))
    assert "solved" in second[cell][0].split()
    assert re.sub(r"<[^>]+>[^<]*</span>", "", second[cell][1]).strip() == str(digit)


def test_each_cell_is_named_for_screen_readers(client):
    cells = board_cells(client.get(steps_url(EASY)))
    assert "Row 1, column 1, candidates:" in cells[0][1]
    assert "Row 1, column 2:" in cells[1][1]
    assert any("place " in inner for _, inner in cells)


def test_the_level_and_the_techniques_used_are_shown(client):
    response = client.get(steps_url(HARD))
    assert re.search(
        r"Level: (Easy|Medium|Hard|Expert|Extreme) · hardest technique: \S", text_of(response)
    )
    rows = technique_rows(response)
    taught = lessons.lesson(lessons.read_board(HARD))
    names = {step.name for step in taught.steps}
    assert {name for name, _, _ in rows} == names
    assert sum(int(count) for _, _, count in rows) == heading(response)[1] == len(taught.steps)


def technique_rows(response) -> list[tuple[str, str, str]]:
    """The "Techniques used" table's rows: (technique, level, steps)."""
    rows = re.findall(
        r'<tr><th scope="row">([^<]+)</th><td>([^<]*)</td><td class="number">(\d+)</td></tr>',
        response.content.decode(),
    )
    return [(unescape(name), unescape(level), count) for name, level, count in rows]


def test_the_techniques_used_are_simplest_first_each_with_its_level(client):
    """In the difficulty model's order (``techniques.rank``), not in order of
    first use, each named with its level as the rating's levels say it."""
    taught = lessons.lesson(lessons.read_board(HARD))
    ids = list(dict.fromkeys(step.technique for step in taught.steps))
    by_name = {sentences.name(technique): TABLE[technique] for technique in ids}
    rows = technique_rows(client.get(steps_url(HARD)))
    ranks = [rank(by_name[name]) for name, _, _ in rows]
    assert ranks == sorted(ranks)
    assert ids != sorted(ids, key=lambda t: rank(TABLE[t]))  # first use is another order here
    assert [level for _, level, _ in rows] == [level_name(by_name[n].level) for n, _, _ in rows]


def test_the_page_links_its_print_styles(client):
    html = client.get(steps_url(EASY)).content.decode()
    assert re.search(r'<link rel="stylesheet" href="/static/css/steps.css">', html)
    sheet = (Path(settings.BASE_DIR) / "static/css/steps.css").read_text()
    printed = sheet[sheet.index("@media print") :]
    assert ".step-nav" in printed
    assert ".all-steps" in printed
    assert "display: none" in printed


def test_the_arrow_keys_script_is_a_module_and_the_page_has_no_inline_code(client):
    html = client.get(steps_url(EASY)).content.decode()
    assert '<script type="module" src="/static/js/steps/steps.js">' in html
    assert not re.search(r"<script(?![^>]*\bsrc=)", html)
    assert "<style" not in html
    assert " style=" not in html


@pytest.mark.parametrize(
    ("puzzle", "said"),
    [
        (HARD1, "More than one solution."),
        (NO_SOLUTION, "No solution."),
        (NO_SOLUTION_AFTER_SEARCH, "No solution."),
    ],
)
def test_a_puzzle_without_exactly_one_solution_says_so(client, puzzle, said):
    response = client.get(steps_url(puzzle))
    assert response.status_code == 200
    assert said in text_of(response)
    assert "steps-grid" not in response.content.decode()


def test_conflicting_givens_go_back_to_the_entry_page_kept_and_named(client):
    response = client.get(steps_url(CONFLICTING))
    assert response.status_code == 200
    text = text_of(response)
    assert "This puzzle cannot be solved as it stands" in text
    assert "Two 5s in row 1" in text
    assert re.search(r'name="r1c1" [^>]*value="5"', response.content.decode())


def test_an_unreadable_puzzle_is_kept_in_the_paste_box(client):
    response = client.get(steps_url("not a puzzle"))
    assert response.status_code == 200
    assert "This puzzle cannot be solved as it stands" in text_of(response)
    assert re.search(r"<textarea [^>]*>not a puzzle</textarea>", response.content.decode())


@pytest.mark.parametrize(
    "text",
    [
        "1" * 81,
        # The empty grid's lesson is 81 trial steps (no technique applies): seconds.
        pytest.param("." * 81, marks=pytest.mark.slow),
        "x" * 5000,
        "\x00" * 81,
        "0" * 80,
        "%",
        "9" * 82 + "1",
    ],
)
def test_odd_links_never_cause_a_server_error(client, text):
    assert client.get(steps_url(text)).status_code in (200, 302)
    assert client.get(steps_url(EASY, text)).status_code in (200, 302)


def test_no_puzzle_leads_to_the_entry_page(client):
    response = client.get(STEPS)
    assert response.status_code == 302
    assert response["Location"] == INDEX


def test_the_steps_page_only_reads(client):
    assert client.post(steps_url(EASY)).status_code == 405


def test_the_answer_page_shows_the_level_and_links_the_steps(client):
    client.get(level_url(HARD))  # rated once (an answer would ask for it through its script)
    response = client.get(ANSWER + "?" + urlencode({"puzzle": HARD}))
    text = text_of(response)
    assert re.search(r"Level: (Easy|Medium|Hard|Expert|Extreme) · hardest technique: \S", text)
    assert "Explain step by step" in text
    assert f'href="{steps_url(HARD)}"'.replace("&", "&amp;") in response.content.decode()


def test_a_puzzle_with_several_solutions_has_no_level_or_explanation(client):
    text = text_of(client.get(ANSWER + "?" + urlencode({"puzzle": HARD1})))
    assert "Level:" not in text
    assert "Explain step by step" not in text


def test_the_entry_pages_hint_button_waits_for_its_script(client):
    """Without JavaScript there is no hint: the button is hidden until hint.js shows it."""
    html = client.get(INDEX).content.decode()
    button = re.search(r"<button [^>]*data-hint-url=\"([^\"]+)\"[^>]*>", html)
    assert button
    assert " hidden" in button.group(0)
    assert button.group(1) == "/api/hint"
    assert 'id="hint-status" role="status"' in html


# top1465's first puzzle: its walk holds an aic at step 30 and an als-xz at 29.
CHAIN = load("top1465.txt")[0]


def test_a_chain_step_draws_its_links_over_the_board(client):
    """The SVG, laid over the board beside the table, holds one line per link,
    strong and weak by class, and the legend says what each line means."""
    html = client.get(steps_url(CHAIN, 30)).content.decode()
    assert "Alternating inference chain" in html
    board = re.search(
        r'<div class="drawn-board"><table .*?</table>(<svg .*?</svg>)</div>', html, re.S
    )
    assert board, "no drawing over the board"
    svg = board.group(1)
    assert 'aria-hidden="true"' in svg
    kinds = re.findall(r'<line class="link (strong|weak)"', svg)
    assert "strong" in kinds
    assert "weak" in kinds
    legend = re.search(r'<ul class="legend drawing-legend".*?</ul>', html, re.S).group(0)
    assert "strong link (solid)" in legend
    assert "weak link (dashed)" in legend
    assert "fin" not in legend


def test_an_als_step_outlines_its_sets_and_says_so(client):
    html = client.get(steps_url(CHAIN, 29)).content.decode()
    svg = re.search(r'<svg class="step-drawing".*?</svg>', html, re.S).group(0)
    assert re.findall(r'<path class="outline (als-\d)"', svg) == ["als-1", "als-2"]
    assert 'class="ring rcc"' in svg
    assert "almost locked sets: each outlined in its own line" in html


def test_a_single_draws_nothing_and_has_no_drawings_legend(client):
    html = client.get(steps_url(EASY, 1)).content.decode()
    assert "step-drawing" not in html
    assert "drawing-legend" not in html
