"""Batches in a real browser: a file of a few hundred puzzles, good and bad,
is uploaded, solved over several requests while a progress bar moves, and
shown as a table whose bad rows say what is wrong; the CSV downloads whole.
Without JavaScript the Continue button does the same. Under the celery
runner the page asks for no slice: it follows the workers' progress. Every
batch page passes axe's WCAG 2.2 A/AA rules and never scrolls sideways at
320 px."""

from __future__ import annotations

import csv
import re
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, Route, expect

from solver.batches.models import PASTED, Batch
from solver.batches.store import create_batch, run_slice
from solver.engine import is_valid_solution, parse_puzzle
from tests.support.axe import AXE_OPTIONS, VIEWS
from tests.support.puzzles import HARD, sample
from tests.support.queue import deliver

pytestmark = pytest.mark.browser

JOB_PAGE = re.compile(r"/batch/[0-9a-f-]{36}$")
# Bad lines, at these line numbers of the file, and what each row must say.
BAD = {
    4: ("not a puzzle", "Unexpected character “n” at position 1"),
    120: (HARD[:80], "The puzzle has 80 cells"),
    250: ("44" + HARD[2:], "Two 4s in row 1 (columns 1 and 2)."),
}
GOOD_COUNT = 300
WIDTHS = {name: VIEWS[name] for name in ("320-light", "320-dark", "1280-light", "1280-dark")}


@pytest.fixture
def mixed_file(tmp_path: Path) -> Path:
    """300 of the hardest puzzles (about 10 ms each) with the BAD lines among them."""
    lines = list(sample("forum_hardest_1106.txt", GOOD_COUNT))
    for number, (text, _) in sorted(BAD.items()):
        lines.insert(number - 1, text)
    path = tmp_path / "mixed.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.fixture
def short_slices(settings):
    """Slices of a fifth of a second, so that a batch takes many requests."""
    settings.SUDOKU_BATCH_SLICE_SECONDS = 0.2


def upload(page: Page, base_url: str, path: Path) -> None:
    """Send ``path`` from the batch form and wait for the batch's page."""
    page.goto(base_url + "/batch")
    page.get_by_label("A file of puzzles").set_input_files(path)
    page.get_by_role("button", name="Solve all").click()
    page.wait_for_url(JOB_PAGE)


def row_cells(page: Page, line: int) -> list[str]:
    """The texts of the results row for input line ``line``, its line number first."""
    row = page.locator("table.results tbody tr").filter(
        has=page.locator(f'th[scope="row"]:text-is("{line}")')
    )
    return [text.strip() for text in row.locator("th, td").all_inner_texts()]


def hold_steps(page: Page) -> list[Route]:
    """Keep every step request waiting (unanswered), so the page stays as it is
    while running; return the requests held."""
    held: list[Route] = []

    def hold(route: Route) -> None:
        held.append(route)

    page.route("**/step", hold)
    return held


def test_a_mixed_file_is_solved_over_several_steps_with_a_progress_bar(
    page, live_server, console_errors, mixed_file, short_slices
):
    steps = []
    page.on("request", lambda request: "/step" in request.url and steps.append(request.url))
    upload(page, live_server.url, mixed_file)

    bar = page.get_by_role("progressbar", name="Progress")
    expect(bar).to_be_visible()
    value, maximum = bar.evaluate("bar => [bar.value, bar.max]")
    assert 0 < value < maximum == GOOD_COUNT + len(BAD)
    expect(page.get_by_role("status")).to_have_text(re.compile(r"Solved \d+ of 303 puzzles\."))
    expect(page.get_by_role("button", name="Continue")).to_be_hidden()

    expect(page.locator("table.results")).to_be_visible(timeout=60_000)
    assert len(steps) >= 3
    expect(page.get_by_role("heading", level=1)).to_have_text("Results")
    expect(page.locator("caption")).to_have_text("Rows 1 to 303 of 303")
    expect(page.locator("progress")).to_have_count(0)
    for line, (text, message) in BAD.items():
        cells = row_cells(page, line)
        assert cells[:3] == [str(line), text, "Invalid"]
        assert message in cells[-2]  # the last column opens the row's answer
        assert cells[-1] == "Answer"
    assert row_cells(page, 5)[2] == "Unique"
    assert row_cells(page, 5)[-1] == "Answer Steps"
    # A status breaks between words only ("No solutio/n" was broken mid-word).
    status_wrap = page.locator("td.status").first.evaluate(
        "td => getComputedStyle(td).overflowWrap"
    )
    assert status_wrap == "normal"
    assert console_errors == []


def test_the_csv_downloads_with_every_puzzle_in_order(
    page, live_server, console_errors, mixed_file, tmp_path
):
    upload(page, live_server.url, mixed_file)
    expect(page.locator("table.results")).to_be_visible(timeout=60_000)
    with page.expect_download() as download:
        page.get_by_role("link", name="Download CSV").click()
    assert download.value.suggested_filename == "mixed-results.csv"
    saved = tmp_path / "results.csv"
    download.value.save_as(saved)
    header, *rows = list(csv.reader(saved.open(encoding="utf-8")))
    assert header == ["puzzle", "status", "solutions", "solution", "guesses", "ms"]
    puzzles = [line.strip() for line in mixed_file.read_text().splitlines()]
    assert [row[0] for row in rows] == puzzles
    for number, row in enumerate(rows, 1):
        if number in BAD:
            assert row[1:] == ["invalid", "", "", "", ""]
        else:
            assert row[1:3] == ["unique", "1"]
            assert is_valid_solution(parse_puzzle(row[0]), parse_puzzle(row[3]))
    assert console_errors == []


def test_the_rows_can_be_filtered_to_the_bad_ones(page, live_server, console_errors, mixed_file):
    upload(page, live_server.url, mixed_file)
    page.get_by_role("link", name="Invalid (3)").click()
    expect(page.locator("caption")).to_have_text("Invalid: rows 1 to 3 of 3")
    lines = page.locator('table.results th[scope="row"]').all_inner_texts()
    assert [int(line) for line in lines] == sorted(BAD)
    expect(page.get_by_role("link", name="Invalid (3)")).to_have_attribute("aria-current", "page")
    assert console_errors == []


def test_without_javascript_continue_solves_the_batch_a_slice_a_press(
    open_view, live_server, console_errors, tmp_path, short_slices
):
    page = open_view({"java_script_enabled": False})
    path = tmp_path / "hard.txt"
    path.write_text("\n".join(sample("forum_hardest_1106.txt", 60)), encoding="utf-8")
    upload(page, live_server.url, path)
    presses = 0
    while page.locator("table.results").count() == 0:
        expect(page.locator("progress")).to_be_visible()
        page.get_by_role("button", name="Continue").click()
        page.wait_for_url(JOB_PAGE)
        presses += 1
        assert presses < 60
    assert presses >= 1
    expect(page.locator("caption")).to_have_text("Rows 1 to 60 of 60")


def test_a_failed_step_says_so_and_brings_back_continue(page, live_server, console_errors):
    batch = create_batch(PASTED, "\n".join([HARD] * 5))
    page.route("**/step", lambda route: route.fulfill(status=500, body="failed"))
    page.goto(f"{live_server.url}/batch/{batch.pk}")
    expect(page.get_by_role("status")).to_have_text(
        "Solving stopped: the server did not answer. Press Continue to try again."
    )
    continue_button = page.get_by_role("button", name="Continue")
    expect(continue_button).to_be_visible()
    page.unroute("**/step")
    continue_button.click()
    expect(page.locator("table.results")).to_be_visible(timeout=30_000)
    # The browser itself logs the refused request; nothing else went wrong.
    assert [error for error in console_errors if "500" not in error] == []


def test_a_busy_server_is_asked_again_after_the_pause_it_names(page, live_server, console_errors):
    batch = create_batch(PASTED, "\n".join([HARD] * 5))
    answered = []

    def busy_once(route: Route) -> None:
        if answered:
            route.continue_()
        else:
            answered.append(route.request.url)
            route.fulfill(status=503, headers={"Retry-After": "1"}, json={"message": "busy"})

    page.route("**/step", busy_once)
    page.goto(f"{live_server.url}/batch/{batch.pk}")
    expect(page.locator("table.results")).to_be_visible(timeout=30_000)
    assert len(answered) == 1
    assert [error for error in console_errors if "503" not in error] == []


def test_a_batch_gone_while_running_says_so_without_a_useless_continue(
    page, live_server, console_errors
):
    batch = create_batch(PASTED, "\n".join([HARD] * 5))
    held = hold_steps(page)
    page.goto(f"{live_server.url}/batch/{batch.pk}")
    for _ in range(600):  # up to 30 s for the page's first step, held unanswered
        if held:
            break
        page.wait_for_timeout(50)
    Batch.objects.filter(pk=batch.pk).delete()
    held[0].continue_()
    expect(page.get_by_role("status")).to_have_text(re.compile(r"^This batch is gone"))
    expect(page.get_by_role("button", name="Continue")).to_be_hidden()
    assert [error for error in console_errors if "404" not in error] == []


def form_page(page: Page, base_url: str) -> None:
    page.goto(base_url + "/batch")


def error_page(page: Page, base_url: str) -> None:
    """The form sent with nothing in it: the message, and the fields marked."""
    page.goto(base_url + "/batch")
    page.get_by_role("button", name="Solve all").click()
    expect(page.locator("#form-errors")).to_be_visible()


def running_page(page: Page, base_url: str) -> None:
    """A batch a third solved, its next step held back so the page stays running."""
    batch = create_batch("hard.txt", "\n".join(sample("forum_hardest_1106.txt", 30)))
    for _ in range(10):
        run_slice(batch, 0.0)
    hold_steps(page)
    page.goto(f"{base_url}/batch/{batch.pk}")
    expect(page.get_by_role("progressbar")).to_have_attribute("value", "10")


def results_page(page: Page, base_url: str) -> None:
    """A finished batch of good and bad rows (long messages among them)."""
    batch = create_batch("mixed.txt", "\n".join([HARD, "not a puzzle", "44" + HARD[2:], HARD]))
    run_slice(batch, 10.0)
    page.goto(f"{base_url}/batch/{batch.pk}")
    expect(page.locator("table.results")).to_be_visible()


def missing_page(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/batch/00000000-0000-0000-0000-000000000000/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Page not found")


PAGES = {
    "form": form_page,
    "error": error_page,
    "running": running_page,
    "results": results_page,
    "missing": missing_page,
}


@pytest.mark.parametrize("view", WIDTHS)
@pytest.mark.parametrize("name", PAGES)
def test_axe_finds_no_wcag_22_aa_violation_on_the_batch_pages(
    open_view, live_server, console_errors, name, view
):
    page = open_view(WIDTHS[view])
    PAGES[name](page, live_server.url)
    results = Axe().run(page, options=AXE_OPTIONS)
    assert results.violations_count == 0, results.generate_report()
    # Only the missing page's own 404 is logged by the browser.
    assert [error for error in console_errors if "404" not in error or name != "missing"] == []


@pytest.mark.parametrize("name", PAGES)
def test_nothing_scrolls_sideways_at_320_pixels(open_view, live_server, console_errors, name):
    """The results table scrolls inside its own region instead of the page."""
    page = open_view(WIDTHS["320-light"])
    PAGES[name](page, live_server.url)
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
    if name == "results":
        region = page.get_by_role("region", name="Rows 1 to 4 of 4")
        assert region.evaluate("region => region.scrollWidth > region.clientWidth")
        region.focus()  # a keyboard can scroll it: it is a Tab stop
        page.keyboard.press("ArrowRight")
        page.wait_for_function("region => region.scrollLeft > 0", arg=region.element_handle())


def test_under_workers_the_page_follows_their_progress_and_asks_for_no_slice(
    page, live_server, console_errors, sent, settings
):
    settings.SUDOKU_BATCH_SLICE_SECONDS = 0.0  # a slice of one puzzle
    asked = []
    page.on("request", lambda request: asked.append(request.url.rsplit("/", 1)[-1]))
    puzzles = "\n".join(sample("forum_hardest_1106.txt", 3))
    page.goto(live_server.url + "/batch")
    page.get_by_label("Or paste puzzles").fill(puzzles)
    page.get_by_role("button", name="Solve all").click()
    page.wait_for_url(JOB_PAGE)
    expect(page.get_by_role("button", name="Refresh")).to_be_hidden()
    expect(page.get_by_role("status")).to_have_text("Solved 0 of 3 puzzles.")
    deliver(sent.pop(0))  # a worker's slice: the page shows it when it next reads
    expect(page.get_by_role("status")).to_have_text("Solved 1 of 3 puzzles.", timeout=30_000)
    while sent:
        deliver(sent.pop(0))
    expect(page.locator("table.results")).to_be_visible(timeout=30_000)
    assert "progress" in asked
    assert "step" not in asked
    assert console_errors == []
