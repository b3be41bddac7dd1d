"""Properties of the pages and the API for any input (Hypothesis).

The rules: whatever text, grid, form post, upload, body or query string a
client sends, the answer is 200, a redirect or 4xx, never 5xx; the API always
answers JSON; every solution the site returns is valid and keeps every given;
and a verdict agrees with the reference counter.

How it runs under pytest-django: the pages and the API keep no state (no
session, no database), so their tests are plain pytest functions that take
the ``client`` fixture once for all examples. Hypothesis warns about a
function-scoped fixture shared by examples; the warning is silenced
(``SHARED_CLIENT``) because the test client carries nothing from one request to the
next that these views read (the CSRF cookie, at most, and the test client
does not enforce CSRF). The batch pages store batches, so their test is a
``hypothesis.extra.django.TestCase``: each example runs in its own
transaction, rolled back after it, where ``@pytest.mark.django_db`` would
run every example of a test in one transaction and let each see the batches of
those before it.

The strategies are in ``tests/support/strategies.py``. Each test records the status
codes it saw as Hypothesis events: ``pytest --hypothesis-show-statistics``
shows how often each path was taken. Schemathesis's pytest plugin, installed
with it, prints a failing example's arguments blank: add ``-p no:schemathesis``
to see the example Hypothesis shrank to.
"""

from __future__ import annotations

import json
import re
from urllib.parse import urlencode

import pytest
from django.conf import settings as django_settings
from django.core.files.base import ContentFile
from django.test import override_settings
from django.urls import reverse
from hypothesis import HealthCheck, event, example, given, settings
from hypothesis import strategies as st
from hypothesis.extra.django import TestCase, from_form

from solver.batches.forms import BATCH_PASTE_MAX_LENGTH
from solver.batches.models import Batch
from solver.core.cells import CELL_NAMES, cell_names
from solver.core.reading import PASTE_MAX_LENGTH, AnySizeTextForm, written_board
from solver.engine import (
    STANDARD,
    Grid,
    InvalidPuzzle,
    find_conflicts,
    format_grid,
    is_valid_solution,
    parse_puzzle,
)
from solver.engine.reference import count_solutions
from solver.entry.forms import PuzzleForm
from tests.support import strategies as some
from tests.support.pages import answer_cells, input_value

INDEX = reverse("solver:index")
ANSWER = reverse("solver:answer")
LOAD = reverse("solver:load")
BATCH = reverse("solver:batch")
API = ("/api/solve", "/api/validate")
STATUS_SOLUTIONS = {"unique": {1}, "multiple": {2}, "none": {0}, "gave_up": {0, 1}}
REFERENCE_VERDICTS = {0: "none", 1: "unique", 2: "multiple"}
REFERENCE_STEPS = 20_000  # about a quarter of a second; undecided past this
BATCH_MAX_BYTES = 4096  # the batch test's file limit, small so files near it stay cheap

# Every run draws the same examples (a seed from each test's name, and no
# database of past failures to replay), so its outcome never hangs on chance;
# no deadline and no health check of Hypothesis' own speed, which a loaded
# machine would fail.
DRAWN = settings(
    derandomize=True, database=None, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
SHARED_CLIENT = settings(
    DRAWN,
    max_examples=100,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


def fine(response, *redirects: int) -> bool:
    """True if ``response`` is 200, one of ``redirects``, or 4xx: anything but a server error."""
    status = response.status_code
    return status == 200 or status in redirects or 400 <= status < 500


def grid_of(line: str) -> Grid:
    """An 81-symbol line ("." or a digit per cell) as a grid."""
    return tuple(0 if symbol == "." else int(symbol) for symbol in line)


def engine_reading(text: str) -> Grid | None:
    """The grid the engine reads in ``text`` as a 9x9 puzzle, or None if it
    reads none or its givens conflict (what the site refuses with 400)."""
    if len(text) > PASTE_MAX_LENGTH or "\x00" in text:
        return None  # refused before it is read: too long, or holding NUL
    try:
        grid = parse_puzzle(text, STANDARD)
    except InvalidPuzzle:
        return None
    return None if find_conflicts(grid) else grid


def shown_answer(response) -> tuple[str, Grid] | None:
    """(status, solution or None) of an answer page; None for any other page.

    The solution is read twice, from the grid and from the one-line field,
    and the two must agree.
    """
    html = response.content.decode()
    if 'id="answer-heading"' not in html:
        return None
    status = re.search(r'class="verdict verdict-([a-z_]+)"', html).group(1)
    digits = "".join(digit for _, digit in answer_cells(response))
    line = re.search(r'id="solution-line" value="(\d{81})"', html)
    if line is None:
        assert len(digits) < 81, "a full answer grid without its solution line"
        return status, None
    assert digits == line.group(1)
    return status, grid_of(line.group(1))


def check_answer_page(response, puzzle: Grid) -> str | None:
    """The verdict an answer page shows (None for any other page), having checked
    that its solution, if any, is valid and keeps every given of ``puzzle``."""
    shown = shown_answer(response)
    if shown is None:
        return None
    status, solution = shown
    assert status != "none" or solution is None
    if status in ("unique", "multiple") or solution is not None:
        assert is_valid_solution(puzzle, solution), (status, solution)
    return status


def check_verdict(body: dict, with_solution: bool) -> Grid:
    """Check a 200 reply of the API: its fields, its counts, and its solution
    (valid, keeping every given); return its givens."""
    expected = {"status", "solutions", "givens", "guesses", "elapsed_ms", "size", "box"}
    expected |= {"rules", "rules_text", "fpuzzles"}
    assert set(body) == expected | ({"solution", "difficulty"} if with_solution else set())
    if with_solution and body["difficulty"] is not None:
        # Rated only when the puzzle has one solution and a step to take (and
        # then at once only if its rating is known or quick to find).
        assert body["status"] == "unique"
        assert "." in body["givens"]
    assert re.fullmatch(r"[1-9.]{81}", body["givens"])
    givens = grid_of(body["givens"])
    assert not find_conflicts(givens)
    assert body["solutions"] in STATUS_SOLUTIONS[body["status"]]
    if with_solution:
        solution = body["solution"]
        assert (solution is not None) == (body["solutions"] > 0)
        if solution is not None:
            assert is_valid_solution(givens, grid_of(solution)), solution
    return givens


def api_reply(response) -> dict:
    """The JSON body of an API reply; fails if it is not JSON or says nothing."""
    assert response["Content-Type"].split(";")[0] == "application/json", response.content[:300]
    body = response.json()
    if response.status_code != 200:
        assert body["status"] == ("invalid" if response.status_code == 400 else "error")
        assert body["errors"]
    return body


# The pages


@SHARED_CLIENT
@given(text=some.puzzle_texts())
@example(text="0000000000000000")  # 16 cells: a 4x4 board, opened at its size
def test_the_entry_page_opens_for_any_puzzle_in_its_link(client, text):
    """GET /index?puzzle=<anything> gives the entry page (200), its cells
    filled with the puzzle when the engine reads one without conflicts; a
    puzzle the engine reads as another board opens the grid at its size."""
    client.cookies.clear()  # a board of another size is remembered; each example starts anew
    response = client.get(INDEX, {"puzzle": text})
    event("status", str(response.status_code))
    assert response.status_code == 200
    side = drawn_side(response)
    if side != 9:
        # Read as another board: drawn at the size the text writes, filled when readable.
        form = AnySizeTextForm({"puzzle": text.strip()})
        valid = form.is_valid()
        assert written_board(text.strip(), form).size == side
        if valid and not find_conflicts(form.cleaned_data["grid"]):
            board = written_board(text.strip(), form)
            cells = [input_value(response, name) or "." for name in cell_names(board)]
            assert "".join(cells) == format_grid(form.cleaned_data["grid"])
        return
    cells = [input_value(response, name) or "." for name in CELL_NAMES]
    reading = engine_reading(text.strip())
    if reading is not None:
        assert "".join(cells) == format_grid(reading)


def drawn_side(response) -> int:
    """The side of the entry grid a page drew, from its cells' fields."""
    names = set(re.findall(r'<input [^>]*name="(r\d+c\d+)"', response.content.decode()))
    return round(len(names) ** 0.5)


@SHARED_CLIENT
@given(text=some.puzzle_texts())
def test_the_answer_link_answers_any_text(client, text):
    """GET /answer?puzzle=<anything>: an empty puzzle (or only blanks) leads
    to the entry page (302), any other text gets a page (200): the answer to
    what the engine reads, solved correctly, or the entry page with the problems."""
    response = client.get(ANSWER, {"puzzle": text})
    event("status", str(response.status_code))
    if not text.strip():
        assert response.status_code == 302
        return
    assert response.status_code == 200
    reading = engine_reading(text.strip())
    verdict = check_answer_page(response, reading) if reading is not None else None
    assert (verdict is not None) == (reading is not None)


@pytest.mark.slow  # a hundred pages and more: seconds, left to make test
@SHARED_CLIENT
@given(path=st.sampled_from([INDEX, ANSWER]), query=some.query_strings)
def test_any_query_string_gets_a_page(client, path, query):
    """Any query string, broken escapes and repeated or unknown fields included,
    gets a page or a redirect, never a server error."""
    response = client.get(path, QUERY_STRING=query)
    event("status", str(response.status_code))
    assert fine(response, 302), response.status_code


# A form drawn by Hypothesis from the form class itself; only the file name is
# kept plain, since the test client would send another name than the form saw.
drawn_forms = from_form(
    PuzzleForm,
    **dict.fromkeys(CELL_NAMES, some.cell_values),
    puzzle=st.just("") | some.puzzle_texts(),
    file=st.none()
    | st.builds(
        ContentFile, some.file_contents(), name=st.from_regex(r"[a-z]{1,8}\.txt", fullmatch=True)
    ),
)


@pytest.mark.slow  # a hundred pages and more: seconds, left to make test
@SHARED_CLIENT
@given(form=drawn_forms)
def test_a_drawn_form_is_answered_as_the_form_judges_it(client, form):
    """A post of any form the form class can be filled with: a valid one is
    redirected (303) to its answer, which opens (200); any other comes back
    on the entry page (200)."""
    files = {name: upload for name, upload in form.files.items() if upload is not None}
    valid = form.is_valid()
    for upload in files.values():
        upload.seek(0)
    response = client.post(ANSWER, {**form.data, **files})
    event("status", str(response.status_code))
    assert response.status_code == (303 if valid else 200)
    if valid:
        assert response["Location"] == ANSWER + "?" + urlencode(
            {"puzzle": format_grid(form.cleaned_data["grid"])}
        )
        answer = client.get(response["Location"])
        assert answer.status_code == 200
        assert check_answer_page(answer, form.cleaned_data["grid"]) is not None


@pytest.mark.slow  # a hundred pages and more: seconds, left to make test
@SHARED_CLIENT
@given(post=some.form_posts(), urlencoded=st.booleans())
def test_any_form_post_is_answered_without_a_server_error(client, post, urlencoded):
    """POST /answer with any fields (missing, unknown, repeated, long) and any
    file: 200, 303 or 4xx; a redirect leads to an answer page (200) whose
    solution is valid."""
    data, upload = post
    response = some.post_form(client, ANSWER, data, upload, urlencoded=urlencoded)
    event("status", str(response.status_code))
    assert fine(response, 303), response.status_code
    if response.status_code == 303:
        answer = client.get(response["Location"])
        assert answer.status_code == 200
        puzzle = grid_of(answer.wsgi_request.GET["puzzle"])
        assert check_answer_page(answer, puzzle) is not None


@pytest.mark.slow  # a hundred pages and more: seconds, left to make test
@SHARED_CLIENT
@given(post=some.form_posts(), accept=some.accept_headers)
def test_loading_any_post_gets_no_server_error(client, post, accept):
    """POST /load with any fields and file, and any Accept header: 200 or 4xx.
    Asked for JSON, a 200 is ``{"grid", "problems", "notices"}`` with the grid
    null or 81 symbols."""
    data, upload = post
    response = some.post_form(client, LOAD, data, upload, HTTP_ACCEPT=accept)
    event("status", str(response.status_code))
    assert fine(response), response.status_code
    if response.status_code == 200 and response["Content-Type"] == "application/json":
        body = response.json()
        assert set(body) == {"grid", "problems", "notices"}
        assert body["grid"] is None or re.fullmatch(r"[1-9.]{81}", body["grid"])


@pytest.mark.slow  # a hundred pages and more: seconds, left to make test
@SHARED_CLIENT
@given(
    path=st.sampled_from([ANSWER, LOAD]),
    request=st.tuples(some.raw_bodies, some.request_types) | some.multipart_bodies(),
    accept=st.sampled_from(["text/html", "application/json"]),
)
def test_any_body_posted_to_the_pages_gets_no_server_error(client, path, request, accept):
    """Any bytes, as any content type, and multipart bodies with odd parts or
    cut short, posted to /answer or /load: 200, 303 or 4xx."""
    body, kind = request
    response = client.generic("POST", path, body, content_type=kind, HTTP_ACCEPT=accept)
    event("status", str(response.status_code))
    assert fine(response, 303), response.status_code


# The API


@pytest.mark.slow  # a hundred pages and more: seconds, left to make test
@settings(SHARED_CLIENT, max_examples=150)
@given(path=st.sampled_from(API), text=some.puzzle_texts())
def test_the_api_reads_a_puzzle_in_a_link_as_the_engine_does(client, path, text):
    """GET /api/solve and /api/validate with ``?puzzle=<anything>``: 200 exactly
    when the engine reads a puzzle without conflicts, its ``givens`` being that
    puzzle and its solution valid; else 400. Always JSON."""
    response = client.get(path, {"puzzle": text})
    event("status", str(response.status_code))
    body = api_reply(response)
    reading = engine_reading(text)
    assert response.status_code == (400 if reading is None else 200), body
    if reading is not None:
        assert check_verdict(body, with_solution=path.endswith("solve")) == reading


@settings(SHARED_CLIENT, max_examples=150)
@given(path=st.sampled_from(API), value=some.api_bodies, kind=some.json_types, ascii=st.booleans())
def test_the_api_answers_any_json_value(client, path, value, kind, ascii):
    """POST any JSON value: 413 when its bytes pass the limit, else 200 exactly
    when it is ``{"puzzle": text}`` and the engine reads a puzzle without
    conflicts in the text, with that puzzle as ``givens`` and a valid solution;
    else 400. Always JSON."""
    payload = json.dumps(value, ensure_ascii=ascii)
    response = client.post(path, payload, content_type=kind)
    event("status", str(response.status_code))
    body = api_reply(response)
    if len(payload.encode()) > django_settings.DATA_UPLOAD_MAX_MEMORY_SIZE:
        assert response.status_code == 413, body  # escapes can swell a paste past the limit
        return
    text = value.get("puzzle") if isinstance(value, dict) and set(value) == {"puzzle"} else None
    reading = engine_reading(text) if isinstance(text, str) else None
    assert response.status_code == (400 if reading is None else 200), body
    if reading is not None:
        assert check_verdict(body, with_solution=path.endswith("solve")) == reading


@settings(SHARED_CLIENT, max_examples=150)
@given(path=st.sampled_from(API), body=some.raw_bodies, as_json=st.booleans(), data=st.data())
def test_the_api_answers_any_bytes(client, path, body, as_json, data):
    """POST any bytes as any content type: 200, 400, 413 or 415, always JSON;
    sent as JSON, 413 exactly when the body is over the limit (64 KB); a 200
    carries a valid solution."""
    kind = data.draw(some.json_types if as_json else some.request_types, label="kind")
    response = client.generic("POST", path, body, content_type=kind)
    event("status", str(response.status_code))
    reply = api_reply(response)
    assert response.status_code in (200, 400, 413, 415), response.status_code
    if as_json:
        too_large = len(body) > django_settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        assert (response.status_code == 413) == too_large, response.status_code
    if response.status_code == 200:
        check_verdict(reply, with_solution=path.endswith("solve"))


@settings(SHARED_CLIENT, max_examples=150)
@given(path=st.sampled_from(API), query=some.query_strings)
def test_the_api_answers_any_query_string(client, path, query):
    """GET with any query string: 200 or 400, always JSON; a 200's ``givens``
    is one of the puzzles in the query as the engine reads it."""
    response = client.get(path, QUERY_STRING=query)
    event("status", str(response.status_code))
    body = api_reply(response)
    assert response.status_code in (200, 400), response.status_code
    if response.status_code == 200:
        givens = check_verdict(body, with_solution=path.endswith("solve"))
        readings = {engine_reading(text) for text in response.wsgi_request.GET.getlist("puzzle")}
        assert givens in readings


# Solutions


@settings(SHARED_CLIENT, max_examples=150)
@given(puzzle=some.partial_grids())
def test_every_verdict_agrees_with_the_reference_and_every_solution_is_valid(client, puzzle):
    """For a real solution with cells emptied (and maybe one digit put wrong),
    /api/solve and the answer page give the reference counter's verdict, or
    400 naming each conflicting pair, and every solution they show is valid
    and keeps every given."""
    line = format_grid(puzzle)
    response = client.post(API[0], {"puzzle": line}, content_type="application/json")
    event("status", str(response.status_code))
    body = api_reply(response)
    page = client.get(ANSWER, {"puzzle": line})
    assert page.status_code == 200
    conflicts = find_conflicts(puzzle)
    if conflicts:
        assert response.status_code == 400
        assert [error["code"] for error in body["errors"]] == ["conflict"] * len(conflicts)
        named = [[(r - 1) * 9 + c - 1 for r, c in error["cells"]] for error in body["errors"]]
        assert named == [list(problem.cells) for problem in conflicts]
        assert shown_answer(page) is None
        return
    assert response.status_code == 200
    assert check_verdict(body, with_solution=True) == puzzle
    assert check_answer_page(page, puzzle) == body["status"]
    expected = count_solutions(puzzle, limit=2, max_steps=REFERENCE_STEPS)
    event("reference", str(expected))
    if expected is not None:
        assert body["status"] == REFERENCE_VERDICTS[expected]


# The batch pages


@pytest.mark.slow  # sixty batches stored and solved: seconds
@override_settings(
    # Small limits, so texts and files near them stay cheap; a short slice, so
    # no example waits long for a batch of many puzzles.
    SUDOKU_BATCH_MAX_BYTES=BATCH_MAX_BYTES,
    SUDOKU_BATCH_MAX_PUZZLES=40,
    SUDOKU_BATCH_SLICE_SECONDS=0.2,
)
class TestBatchPages(TestCase):
    """The batch form, each example in its own rolled-back transaction."""

    @settings(DRAWN, max_examples=60)
    @given(
        pasted=st.none()
        | st.lists(some.puzzle_texts() | some.texts(20), max_size=8).map("\n".join)
        | some.near(BATCH_PASTE_MAX_LENGTH, some.texts(6)),
        upload=st.none() | some.uploads(BATCH_MAX_BYTES),
    )
    def test_any_batch_post_gets_no_server_error(self, pasted, upload):
        """POST /batch/ with any pasted text and any file: the form again (200)
        or 4xx, or a redirect (303) to the batch's page (200); every solution
        stored is valid and keeps every given."""
        data = {} if pasted is None else {"puzzles": pasted}
        if upload is not None:
            data["file"] = upload
        response = self.client.post(BATCH, data)
        event("status", str(response.status_code))
        assert fine(response, 303), response.status_code
        if response.status_code != 303:
            return
        page = self.client.get(response["Location"])
        assert page.status_code == 200
        batch = Batch.objects.get(pk=page.resolver_match.kwargs["batch_id"])
        for row in batch.rows.exclude(solution=""):
            assert is_valid_solution(parse_puzzle(row.puzzle), parse_puzzle(row.solution)), row
