"""The batch pages: the form, a batch's progress and results, its steps and its CSV.

Bad input never gives a server error: it comes back on the form with a
message naming the problem (and the file), the pasted text kept, nothing
stored. A batch is reached only by its id; each request does a bounded share.
"""

import csv
import io
import re
import uuid

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import InterfaceError, OperationalError
from django.test import RequestFactory
from django.urls import reverse

from solver.addresses import answer_url, steps_url
from solver.batches.forms import BATCH_PASTE_MAX_LENGTH
from solver.batches.models import PASTED, PENDING, Batch, BatchRow
from solver.batches.store import batch_progress, create_batch, run_slice
from solver.batches.tasks import SLICE_TASK
from solver.core.database import Lock
from solver.core.logs import client_hash
from solver.engine import is_valid_solution, parse_puzzle
from tests.support.database import held, locked, postgres_only, taken, waits_briefly
from tests.support.pages import text_of
from tests.support.puzzles import HARD, HARD_SOLUTION, NO_SOLUTION, sample
from tests.support.stored import finished_batch

pytestmark = pytest.mark.django_db

BATCH = reverse("solver:batch")
JSON = {"HTTP_ACCEPT": "application/json"}
TWO_FOURS_IN_ROW_1 = "44" + HARD[2:]
SENDER, FLOODER = "203.0.113.7", "198.51.100.23"  # two clients' addresses


def upload(data: str | bytes, name: str = "puzzles.txt") -> SimpleUploadedFile:
    data = data.encode() if isinstance(data, str) else data
    return SimpleUploadedFile(name, data, content_type="text/plain")


def batch_url(batch: Batch, name: str = "solver:batch_detail") -> str:
    return reverse(name, args=[batch.pk])


def errors_of(response) -> list[str]:
    """The messages listed at the top of the form page."""
    match = re.search(r'<div class="errors"[^>]*>(.*?)</div>', response.content.decode(), re.S)
    return re.findall(r"<li[^>]*>(.*?)</li>", match.group(1)) if match else []


def csv_of(response) -> list[list[str]]:
    return list(csv.reader(io.StringIO(b"".join(response.streaming_content).decode())))


# The form


def test_the_form_offers_a_file_and_a_paste_box_with_the_limits(client):
    response = client.get(BATCH)
    html = response.content.decode()
    assert response.status_code == 200
    assert 'type="file"' in html
    assert 'accept=".txt,.sdk,.csv,text/plain"' in html
    assert 'name="puzzles"' in html
    assert f'maxlength="{BATCH_PASTE_MAX_LENGTH}"' in html
    assert "Solve all" in html
    # Numbers in the locale's format: grouped in English.
    assert "At most 10,000 puzzles, in a file of at most 2.0 MB." in text_of(response)
    assert 'aria-current="page">Solve many</a>' in html


def test_every_page_links_to_the_batch_form(client):
    assert f'href="{BATCH}"' in client.get(reverse("solver:index")).content.decode()


def test_a_small_file_is_solved_in_the_request_that_sends_it(client):
    response = client.post(BATCH, {"file": upload(f"{HARD}\n{NO_SOLUTION}\n")})
    assert response.status_code == 303
    batch = Batch.objects.get()
    assert response["Location"] == batch_url(batch)
    assert batch.name == "puzzles.txt"
    assert list(batch.rows.values_list("status", flat=True)) == ["unique", "none"]


def test_pasted_puzzles_are_a_batch_named_pasted(client):
    response = client.post(BATCH, {"puzzles": f"{HARD}\r\n{HARD}\r\n"})
    assert response.status_code == 303
    batch = Batch.objects.get()
    assert (batch.name, batch.total) == (PASTED, 2)


def test_a_file_wins_over_the_paste_box(client):
    client.post(BATCH, {"file": upload(HARD), "puzzles": f"{NO_SOLUTION}\n{NO_SOLUTION}"})
    assert list(Batch.objects.get().rows.values_list("puzzle", flat=True)) == [HARD]


def test_a_utf16_file_from_a_windows_editor_is_read(client):
    client.post(BATCH, {"file": upload(f"{HARD}\r\n{HARD}\r\n".encode("utf-16"))})
    assert Batch.objects.get().total == 2


@pytest.mark.parametrize(
    ("data", "code_message"),
    [
        (b"\x89PNG\r\n\x1a\n\x00\x00", "The file “puzzles.txt” is not a text file"),
        (b"", "The file “puzzles.txt” is empty."),
        (b"# only comments\n\n", "The file “puzzles.txt” holds no puzzles"),
    ],
    ids=["not-text", "empty", "no-puzzles"],
)
def test_a_bad_file_is_named_and_nothing_is_stored(client, data, code_message):
    response = client.post(BATCH, {"file": upload(data), "puzzles": "kept text"})
    assert response.status_code == 200
    [message] = errors_of(response)
    assert message.startswith(code_message)
    assert not Batch.objects.exists()
    assert ">kept text</textarea>" in response.content.decode()
    assert re.search(r'<input type="file" [^>]*aria-invalid="true"', response.content.decode())


def test_a_file_too_large_is_refused_by_its_full_size(client, settings):
    settings.SUDOKU_BATCH_MAX_BYTES = 1000
    response = client.post(BATCH, {"file": upload(HARD + "\n" + "#" * 5000)})
    assert errors_of(response) == [
        "The file “puzzles.txt” is too large (5.0\xa0KB; at most 1000\xa0bytes)."
    ]
    assert not Batch.objects.exists()


def test_too_many_puzzles_are_refused_naming_the_count_and_the_limit(client, settings):
    settings.SUDOKU_BATCH_MAX_PUZZLES = 3
    response = client.post(BATCH, {"file": upload("\n".join([HARD] * 5), "many.sdk")})
    [message] = errors_of(response)
    assert message.startswith("The file “many.sdk” holds 5 puzzles; at most 3 are solved together.")
    assert not Batch.objects.exists()


def test_too_many_pasted_puzzles_are_refused_and_the_text_kept(client, settings):
    settings.SUDOKU_BATCH_MAX_PUZZLES = 3
    pasted = "\n".join([HARD] * 4)
    response = client.post(BATCH, {"puzzles": pasted})
    [message] = errors_of(response)
    assert message == "The pasted text holds 4 puzzles; at most 3 are solved together."
    assert f">{pasted}</textarea>" in response.content.decode()
    assert re.search(r'<textarea [^>]*aria-invalid="true"', response.content.decode())


def test_a_paste_too_long_is_refused_naming_its_length(client):
    response = client.post(BATCH, {"puzzles": (HARD + "\n") * 200})
    [message] = errors_of(response)
    assert message == (
        "The pasted text is too long (16399 characters; at most 16000). "
        "Save the puzzles in a file and choose it instead."
    )


def test_windows_line_breaks_count_as_one_character_as_the_page_counts_them(client):
    """A paste the browser let through (its maxlength counts a line break once) is accepted."""
    lines = BATCH_PASTE_MAX_LENGTH // 82
    response = client.post(BATCH, {"puzzles": "\r\n".join([HARD] * lines)})
    assert response.status_code == 303
    assert Batch.objects.get().total == lines


def test_nothing_sent_is_an_error_on_the_paste_box(client):
    response = client.post(BATCH, {"puzzles": "   "})
    assert errors_of(response) == [
        "There are no puzzles to solve: paste them, one a line, or choose a file."
    ]
    assert 'aria-describedby="batch-paste-help puzzles-error-1"' in response.content.decode()


def test_a_header_line_is_reported_on_its_row_and_the_rest_solved(client):
    client.post(BATCH, {"file": upload(f"puzzle\n{HARD}\n{HARD}\n", "with-header.csv")})
    rows = Batch.objects.get().rows.all()
    statuses = [(row.line, row.status) for row in rows]
    assert statuses == [(1, "invalid"), (2, "unique"), (3, "unique")]


@pytest.mark.parametrize("method", ["put", "delete", "patch"])
def test_other_methods_on_the_form_are_not_allowed(client, method):
    assert getattr(client, method)(BATCH).status_code == 405


# The batch's page


def test_a_running_batch_shows_its_progress_and_a_continue_button(client):
    batch = create_batch(PASTED, "\n".join([HARD, "not a puzzle", HARD, HARD]))
    run_slice(batch, 0.0)
    run_slice(batch, 0.0)
    response = client.get(batch_url(batch))
    html = response.content.decode()
    assert response.status_code == 200
    assert '<progress id="batch-progress" max="4" value="2"></progress>' in html
    assert '<label for="batch-progress">Progress</label>' in html
    status = r'<p id="batch-status" [^>]*role="status"[^>]*>Solved 2 of 4 puzzles.</p>'
    assert re.search(status, html)
    assert '<dd data-status="unique">1</dd>' in html
    assert '<dd data-status="invalid">1</dd>' in html
    assert f'action="{batch_url(batch, "solver:batch_step")}"' in html
    assert "Continue" in html
    assert "js/batch/batch.js" in html
    assert "<table" not in html
    assert "Download CSV" not in html


def test_continue_solves_one_more_slice_and_goes_back_to_the_page(client, settings):
    settings.SUDOKU_BATCH_SLICE_SECONDS = 0.0  # one puzzle a slice
    batch = create_batch(PASTED, "\n".join([HARD] * 3))
    response = client.post(batch_url(batch, "solver:batch_step"))
    assert response.status_code == 303
    assert response["Location"] == batch_url(batch)
    assert batch.rows.filter(status="unique").count() == 1


def test_scripts_get_each_steps_progress_as_json(client, settings):
    settings.SUDOKU_BATCH_SLICE_SECONDS = 0.0
    batch = create_batch(PASTED, "\n".join([HARD, "not a puzzle"]))
    step = batch_url(batch, "solver:batch_step")
    first = client.post(step, **JSON)
    assert first.status_code == 200
    assert first.json() == {
        "done": 1,
        "total": 2,
        "finished": False,
        "counts": {"unique": 1, "multiple": 0, "none": 0, "gave_up": 0, "invalid": 0},
        "text": "Solved 1 of 2 puzzles.",
    }
    second = client.post(step, **JSON).json()
    assert (second["done"], second["finished"], second["counts"]["invalid"]) == (2, True, 1)


def test_a_step_on_a_finished_batch_does_nothing_and_says_it_is_finished(client):
    batch = finished_batch([HARD])
    solved = batch.rows.get()
    reply = client.post(batch_url(batch, "solver:batch_step"), **JSON).json()
    assert (reply["done"], reply["total"], reply["finished"]) == (1, 1, True)
    assert batch.rows.get().ms == solved.ms  # not solved again


def test_a_finished_batch_shows_its_results_table(client):
    batch = finished_batch([HARD, "not a puzzle", TWO_FOURS_IN_ROW_1, NO_SOLUTION], "set.txt")
    response = client.get(batch_url(batch))
    html = response.content.decode()
    text = text_of(response)
    assert "<progress" not in html
    assert 'role="region" aria-labelledby="results-caption" tabindex="0"' in html
    assert '<caption id="results-caption">Rows 1 to 4 of 4</caption>' in html
    assert html.count('<th scope="col">') == 8
    assert f'<span class="symbols">{HARD_SOLUTION}</span>' in html
    assert "Unexpected character “n” at position 1" in text
    assert "Two 4s in row 1 (columns 1 and 2)." in text
    assert "From the file “set.txt” · 4 puzzles" in text
    assert f'href="{batch_url(batch, "solver:batch_csv")}"' in html
    assert "js/batch/batch.js" not in html


def test_each_row_links_to_its_answer_and_a_solved_one_to_its_steps(client):
    """Every row opens its puzzle's answer page (which names what is wrong with
    a refused one); a row of one solution opens its steps too."""
    batch = finished_batch([HARD, "not a puzzle", NO_SOLUTION], "set.txt")
    html = client.get(batch_url(batch)).content.decode()
    answers = re.findall(r'<a href="(/answer\?puzzle=[^"]*)">Answer</a>', html)
    steps = re.findall(r'<a href="(/steps\?puzzle=[^"]*)">Steps</a>', html)
    assert answers == [answer_url(HARD), answer_url("not a puzzle"), answer_url(NO_SOLUTION)]
    assert steps == [steps_url(HARD)]
    assert client.get(answers[0]).status_code == 200
    assert client.get(steps[0]).status_code == 200


def test_the_status_column_never_breaks_inside_a_word(client):
    """The status cell is marked for the style sheet, which keeps its words whole."""
    batch = finished_batch([NO_SOLUTION], "set.txt")
    html = client.get(batch_url(batch)).content.decode()
    assert '<td class="status">No solution</td>' in html


def test_the_rows_can_be_filtered_by_status(client):
    batch = finished_batch([HARD, "not a puzzle", HARD, "nor this"])
    response = client.get(batch_url(batch) + "?status=invalid")
    html = response.content.decode()
    assert "Invalid: rows 1 to 2 of 2" in html
    assert html.count('<tr class="row-invalid">') == 2
    assert "row-unique" not in html
    assert f'href="{batch_url(batch)}?status=invalid" aria-current="page">Invalid (2)</a>' in html
    assert "Several solutions (" not in html  # only statuses seen get a link


@pytest.mark.parametrize("query", ["?status=bogus", "?status=", "?status=%00"])
def test_an_unknown_status_shows_every_row(client, query):
    batch = finished_batch([HARD, "not a puzzle"])
    response = client.get(batch_url(batch) + query)
    assert response.status_code == 200
    assert "Rows 1 to 2 of 2" in response.content.decode()


@pytest.mark.parametrize(
    ("page", "first_line"),
    [("2", 4), ("1", 1), ("9999", 7), ("0", 7), ("-1", 7), ("abc", 1), ("", 1), ("2.5", 1)],
)
def test_results_come_a_page_at_a_time_and_bad_page_numbers_fall_back(
    client, monkeypatch, page, first_line
):
    monkeypatch.setattr("solver.batches.views.PAGE_ROWS", 3)
    batch = finished_batch([HARD] * 7)
    response = client.get(batch_url(batch) + "?page=" + page)
    assert response.status_code == 200
    lines = re.findall(r'<th scope="row">(\d+)</th>', response.content.decode())
    assert int(lines[0]) == first_line


def test_the_page_links_keep_the_status_filter(client, monkeypatch):
    monkeypatch.setattr("solver.batches.views.PAGE_ROWS", 2)
    batch = finished_batch([HARD, "bad 1", HARD, "bad 2", "bad 3"])
    html = client.get(batch_url(batch) + "?status=invalid").content.decode()
    assert f'href="{batch_url(batch)}?status=invalid&amp;page=2">2</a>' in html
    assert f'href="{batch_url(batch)}?status=invalid&amp;page=2" rel="next">Next</a>' in html


def test_an_unknown_batch_is_not_found(client):
    response = client.get(reverse("solver:batch_detail", args=[uuid.uuid4()]))
    assert response.status_code == 404
    assert "no longer kept" in text_of(response)


@pytest.mark.parametrize("name", ["solver:batch_detail", "solver:batch_csv"])
def test_an_unknown_batch_id_is_not_found_for_each_address(client, name):
    assert client.get(reverse(name, args=[uuid.uuid4()])).status_code == 404


def test_a_step_on_an_unknown_batch_is_not_found(client):
    response = client.post(reverse("solver:batch_step", args=[uuid.uuid4()]), **JSON)
    assert response.status_code == 404


def test_an_id_that_is_no_uuid_is_not_found(client):
    assert client.get("/batch/12345/").status_code == 404


@pytest.mark.parametrize(
    ("name", "method"),
    [
        ("solver:batch_detail", "post"),
        ("solver:batch_step", "get"),
        ("solver:batch_progress", "post"),
        ("solver:batch_csv", "post"),
    ],
)
def test_wrong_methods_are_not_allowed(client, name, method):
    batch = finished_batch([HARD])
    assert getattr(client, method)(batch_url(batch, name)).status_code == 405


# Under the celery runner: the queue's workers solve, the pages only show how far


def test_under_workers_a_batch_sent_is_queued_and_nothing_solved_in_the_request(client, sent):
    response = client.post(BATCH, {"puzzles": "\n".join([HARD] * 3)})
    batch = Batch.objects.get()
    assert response.status_code == 303
    assert response["Location"] == batch_url(batch)
    assert [(task, args) for task, args, _ in sent] == [(SLICE_TASK, (str(batch.pk),))]
    assert batch.rows.filter(status="").count() == 3


def test_under_workers_the_running_page_reads_their_progress_and_offers_refresh(client, sent):
    batch = create_batch(PASTED, "\n".join([HARD] * 2))
    html = client.get(batch_url(batch)).content.decode()
    progress = batch_url(batch, "solver:batch_progress")
    form = re.search(r'<form method="get" action="([^"]+)"[^>]* data-progress-url="([^"]+)"', html)
    assert form.groups() == (batch_url(batch), progress)
    assert "Refresh" in html
    assert "Continue" not in html
    assert batch_url(batch, "solver:batch_step") not in html  # no slice is asked for
    assert "js/batch/batch.js" in html


def test_the_inline_page_names_no_progress_address(client):
    batch = create_batch(PASTED, HARD)
    assert "data-progress-url" not in client.get(batch_url(batch)).content.decode()


def test_the_progress_is_read_as_json_and_solves_nothing(client, sent):
    batch = create_batch(PASTED, "\n".join([HARD, "not a puzzle"]))
    run_slice(batch, 0.0)
    response = client.get(batch_url(batch, "solver:batch_progress"))
    assert response.status_code == 200
    assert response.json() == {
        "done": 1,
        "total": 2,
        "finished": False,
        "counts": {"unique": 1, "multiple": 0, "none": 0, "gave_up": 0, "invalid": 0},
        "text": "Solved 1 of 2 puzzles.",
    }
    assert batch_progress(batch).done == 1


def test_the_progress_of_a_batch_gone_says_so_as_json(client):
    response = client.get(reverse("solver:batch_progress", args=[uuid.uuid4()]))
    assert response.status_code == 404
    assert response.json()["message"].startswith("This batch is gone")


def test_under_workers_a_step_solves_nothing_and_tells_the_progress(client, sent):
    """A page drawn under the inline runner, posted after the switch."""
    batch = create_batch(PASTED, "\n".join([HARD] * 2))
    reply = client.post(batch_url(batch, "solver:batch_step"), **JSON).json()
    assert (reply["done"], reply["total"]) == (0, 2)
    assert batch_progress(batch).done == 0


# The CSV


def test_the_csv_has_the_exact_header_and_a_row_per_puzzle_in_order(client):
    [multiple] = sample("serg_multi.txt", 1)
    batch = finished_batch([HARD, "not a puzzle", multiple, NO_SOLUTION], "my puzzles (2).txt")
    response = client.get(batch_url(batch, "solver:batch_csv"))
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == 'attachment; filename="my-puzzles-2-results.csv"'
    rows = csv_of(response)
    assert rows[0] == ["puzzle", "status", "solutions", "solution", "guesses", "ms"]
    assert [row[:3] for row in rows[1:]] == [
        [HARD, "unique", "1"],
        ["not a puzzle", "invalid", ""],
        [multiple, "multiple", "2"],
        [NO_SOLUTION, "none", "0"],
    ]
    assert rows[1][3] == HARD_SOLUTION
    assert rows[2][3:] == ["", "", ""]
    assert is_valid_solution(parse_puzzle(multiple), parse_puzzle(rows[3][3]))
    assert re.fullmatch(r"\d+\.\d{3}", rows[1][5])


def test_the_csv_guards_against_formulas(client):
    batch = finished_batch([HARD, "=HYPERLINK(1)", "-" + HARD[1:], "-cmd|x"])
    rows = csv_of(client.get(batch_url(batch, "solver:batch_csv")))
    assert [row[0] for row in rows[1:]] == [HARD, "'=HYPERLINK(1)", "-" + HARD[1:], "'-cmd|x"]


@pytest.mark.parametrize(
    ("name", "filename"),
    [
        (PASTED, "pasted-results.csv"),
        ("top1465.txt", "top1465-results.csv"),
        ('evil"; name=x.txt', "evil-name-x-results.csv"),
        ("ünïcode.sdk", "n-code-results.csv"),
        ("...", "puzzles-results.csv"),
        ("no-extension", "no-extension-results.csv"),
    ],
)
def test_the_csv_file_name_comes_from_the_source_in_safe_characters(client, name, filename):
    batch = finished_batch([HARD], name)
    response = client.get(batch_url(batch, "solver:batch_csv"))
    assert response["Content-Disposition"] == f'attachment; filename="{filename}"'


def test_the_csv_of_a_batch_still_running_leads_to_its_page(client):
    batch = create_batch(PASTED, "\n".join([HARD] * 3))
    run_slice(batch, 0.0)
    response = client.get(batch_url(batch, "solver:batch_csv"))
    assert response.status_code == 303
    assert response["Location"] == batch_url(batch)


def test_the_csv_is_streamed(client):
    batch = finished_batch([HARD] * 3)
    response = client.get(batch_url(batch, "solver:batch_csv"))
    assert response.streaming


def busy(*args, **kwargs):
    raise OperationalError("database is locked")


def lost(*args, **kwargs):
    raise InterfaceError("connection already closed")


@pytest.mark.parametrize("failure", [busy, lost])
def test_a_busy_database_on_sending_keeps_the_text_and_says_so(client, monkeypatch, failure):
    monkeypatch.setattr("solver.batches.views.create_batch", failure)
    response = client.post(BATCH, {"puzzles": HARD})
    assert response.status_code == 503
    assert response["Retry-After"] == "2"
    assert errors_of(response) == ["The server is busy: send the puzzles again in a moment."]
    assert f">{HARD}</textarea>" in response.content.decode()


@postgres_only
@pytest.mark.django_db(transaction=True)
def test_a_batch_kept_waiting_for_the_batches_lock_comes_back_with_its_text(client):
    """On PostgreSQL, another worker storing a batch holds the lock past the
    wait: the form comes back busy, the text kept, nothing stored."""
    with held(taken(Lock.BATCHES)), waits_briefly():
        response = client.post(BATCH, {"puzzles": HARD})
    assert response.status_code == 503
    assert errors_of(response) == ["The server is busy: send the puzzles again in a moment."]
    assert f">{HARD}</textarea>" in response.content.decode()
    assert not Batch.objects.exists()


@postgres_only
@pytest.mark.django_db(transaction=True)
def test_a_slice_kept_waiting_to_write_its_rows_asks_the_script_to_wait(client):
    batch = create_batch(PASTED, HARD)
    with held(locked(BatchRow)), waits_briefly():
        response = client.post(batch_url(batch, "solver:batch_step"), **JSON)
    assert response.status_code == 503
    assert response["Retry-After"] == "2"
    assert "busy" in response.json()["message"]
    assert batch.rows.get().status == PENDING


def test_a_busy_database_after_storing_still_leads_to_the_batch(client, monkeypatch):
    monkeypatch.setattr("solver.batches.views.run_slice", busy)
    response = client.post(BATCH, {"puzzles": HARD})
    assert response.status_code == 303
    assert response["Location"] == batch_url(Batch.objects.get())


def test_a_step_on_a_busy_database_asks_the_script_to_wait(client, monkeypatch):
    batch = create_batch(PASTED, HARD)
    monkeypatch.setattr("solver.batches.views.run_slice", busy)
    response = client.post(batch_url(batch, "solver:batch_step"), HTTP_ACCEPT="application/json")
    assert response.status_code == 503
    assert response["Retry-After"] == "2"
    assert "busy" in response.json()["message"]


def test_a_step_on_a_batch_that_is_gone_says_so(client):
    url = reverse("solver:batch_step", args=[uuid.uuid4()])
    response = client.post(url, HTTP_ACCEPT="application/json")
    assert response.status_code == 404
    assert response.json()["message"] == (
        "This batch is gone: batches are kept for 24 hours at most, and only each sender's "
        "newest 10, up to 30,000 puzzles. Send the puzzles again."
    )
    assert client.post(url).status_code == 404


def test_pages_and_csv_answer_head_as_get(client):
    batch = finished_batch([HARD])
    for url in (BATCH, batch_url(batch), batch_url(batch, "solver:batch_csv")):
        assert client.head(url).status_code == 200, url


def test_progress_counts_are_grouped_by_thousands(client, settings):
    settings.SUDOKU_BATCH_SLICE_SECONDS = 0.0
    client.post(BATCH, {"file": upload("\n".join([HARD] * 1200))})
    assert "Solved 1 of 1,200 puzzles." in text_of(client.get(batch_url(Batch.objects.get())))


# Whose batches make way


def test_the_form_says_how_long_and_how_many_batches_are_kept(client):
    assert (
        "for 24 hours, or until you have sent 10 newer batches or 30,000 more puzzles. "
        "Download the results you want to keep."
    ) in text_of(client.get(BATCH))


def test_a_batch_keeps_its_senders_address_only_as_a_keyed_hash(client):
    client.post(BATCH, {"puzzles": HARD}, REMOTE_ADDR=SENDER)
    batch = Batch.objects.get()
    assert batch.client == client_hash(RequestFactory().get("/", REMOTE_ADDR=SENDER))
    assert not [
        field for field in Batch._meta.fields if SENDER in str(getattr(batch, field.attname))
    ]


def test_behind_the_proxy_each_client_is_the_address_it_passes_on(client, settings):
    settings.SUDOKU_CLIENT_IP_HEADER = "HTTP_X_REAL_IP"
    for address in (SENDER, FLOODER):
        client.post(BATCH, {"puzzles": HARD}, REMOTE_ADDR="127.0.0.1", HTTP_X_REAL_IP=address)
    assert Batch.objects.values("client").distinct().count() == 2


def test_a_flood_from_one_client_leaves_anothers_running_batch(client, settings):
    """The flooder's own oldest batches make way; a batch that made way is gone."""
    settings.SUDOKU_BATCH_SLICE_SECONDS = 0.0  # one puzzle a slice: the batch keeps running
    settings.SUDOKU_BATCH_KEEP_PER_CLIENT = 10
    client.post(BATCH, {"puzzles": "\n".join([HARD] * 3)}, REMOTE_ADDR=SENDER)
    running = Batch.objects.get()
    flood = [client.post(BATCH, {"puzzles": HARD}, REMOTE_ADDR=FLOODER) for _ in range(15)]
    assert Batch.objects.count() == 1 + 10
    assert "Solved 1 of 3 puzzles." in text_of(client.get(batch_url(running)))
    assert client.post(batch_url(running, "solver:batch_step"), **JSON).json()["done"] == 2
    first = client.get(flood[0]["Location"])
    assert first.status_code == 404
    assert "no longer kept" in text_of(first)


def test_fresh_addresses_in_one_ipv6_network_are_one_client(client):
    """A /64 holds 2^64 addresses: one sender picking a new one each time
    still pushes out only its own batches."""
    client.post(BATCH, {"puzzles": HARD}, REMOTE_ADDR=SENDER)
    running = Batch.objects.get()
    for n in range(15):
        client.post(BATCH, {"puzzles": HARD}, REMOTE_ADDR=f"2001:db8:1:2:{n:x}:{n:x}::1")
    assert Batch.objects.count() == 1 + 10
    assert Batch.objects.filter(pk=running.pk).exists()


def test_a_full_server_refuses_a_batch_keeping_the_text_and_every_batch(client, settings):
    """Full of others' batches, finished or not: the new one is refused, its
    text kept, saying when the oldest batch's hours are up (Retry-After too)."""
    settings.SUDOKU_BATCH_MAX_ROWS = 4
    for address in (SENDER, FLOODER):
        client.post(BATCH, {"puzzles": "\n".join([HARD] * 2)}, REMOTE_ADDR=address)
    kept = set(Batch.objects.all())
    pasted = "\n".join([HARD, NO_SOLUTION])
    response = client.post(BATCH, {"puzzles": pasted}, REMOTE_ADDR="192.0.2.1")
    assert response.status_code == 503
    assert 23 * 3600 < int(response["Retry-After"]) <= 24 * 3600
    [error] = errors_of(response)
    assert re.fullmatch(
        "The server is holding as many puzzles as it may keep, in other senders&#x27; "
        "batches, each kept for 24 hours. Try again in 23\xa0hours, [0-9]+\xa0minutes, "
        "once the oldest has had its time.",
        error,
    ), error
    assert "The puzzles could not be stored" in text_of(response)
    assert f">{pasted}</textarea>" in response.content.decode()
    assert set(Batch.objects.all()) == kept
    assert Batch.objects.filter(rows__puzzle=NO_SOLUTION).count() == 0


@pytest.mark.parametrize("language", ["vi", "zh-hans", "zh-hant"])
def test_a_full_server_says_so_in_the_readers_language(client, settings, language):
    settings.SUDOKU_BATCH_MAX_ROWS = 1
    client.post(BATCH, {"puzzles": HARD}, REMOTE_ADDR=SENDER)
    client.cookies["django_language"] = language
    response = client.post(BATCH, {"puzzles": HARD}, REMOTE_ADDR=FLOODER)
    assert response.status_code == 503
    [error] = errors_of(response)
    assert "The server is holding" not in error
    assert "24" in error  # the hours, in the reader's words around them


def test_a_senders_own_finished_batch_makes_way_anothers_never(client, settings):
    settings.SUDOKU_BATCH_MAX_ROWS = 2
    senders, flooders = (
        client.post(BATCH, {"puzzles": HARD}, REMOTE_ADDR=address)["Location"]
        for address in (SENDER, FLOODER)
    )
    assert client.post(BATCH, {"puzzles": HARD}, REMOTE_ADDR="192.0.2.1").status_code == 503
    assert client.post(BATCH, {"puzzles": HARD}, REMOTE_ADDR=FLOODER).status_code == 303
    gone = client.get(flooders)
    assert gone.status_code == 404
    assert "no longer kept" in text_of(gone)
    assert client.get(senders).status_code == 200


def test_many_addresses_cannot_push_out_anothers_running_batch(client, settings):
    """Past the cap, new batches from other addresses are refused, finished
    or not; the first client's running batch stays and goes on."""
    settings.SUDOKU_BATCH_SLICE_SECONDS = 0.0
    settings.SUDOKU_BATCH_MAX_ROWS = 5
    client.post(BATCH, {"puzzles": "\n".join([HARD] * 3)}, REMOTE_ADDR=SENDER)
    running = Batch.objects.get()
    flood = [
        client.post(BATCH, {"puzzles": HARD}, REMOTE_ADDR=f"198.51.100.{n}").status_code
        for n in range(1, 21)
    ]
    assert flood == [303] * 2 + [503] * 18  # each finished at once, and kept its hours
    assert Batch.objects.count() == 3
    assert client.post(batch_url(running, "solver:batch_step"), **JSON).json()["done"] == 2
