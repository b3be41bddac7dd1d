"""The pages: each verdict, each kind of bad input, and never a server error."""

import re
from dataclasses import replace

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from tests.support.pages import answer_cells, input_value, text_of
from tests.support.photo_fakes import READING, fake_reader
from tests.support.puzzles import (
    FAMOUS_UNIQUE,
    HARD,
    HARD1,
    HARD_SOLUTION,
    IMPOSSIBLE,
    NO_SOLUTION,
    load,
    sample,
)

INDEX = reverse("solver:index")
ANSWER = reverse("solver:answer")


def test_the_root_leads_to_the_entry_page(client):
    response = client.get("/")
    assert response.status_code == 302
    assert response["Location"] == INDEX


def test_the_entry_page_has_81_labelled_cells_and_the_show_answer_button(client):
    response = client.get(INDEX)
    html = response.content.decode()
    assert response.status_code == 200
    assert len(re.findall(r'<input type="text" name="r\dc\d"', html)) == 81
    assert 'aria-label="Row 3, column 7, box 3"' in html
    assert 'inputmode="numeric"' in html
    assert f'action="{ANSWER}"' in html
    assert "csrfmiddlewaretoken" in html
    assert "Show Answer" in html


def test_a_unique_puzzle_is_solved_with_its_givens_marked(client, cells):
    response = client.post(ANSWER, cells(HARD), follow=True)
    assert response.status_code == 200
    assert "Solved." in text_of(response)
    marked = answer_cells(response)
    assert "".join(digit for _, digit in marked) == HARD_SOLUTION
    assert [kind for kind, _ in marked] == ["given" if s != "." else "solved" for s in HARD]
    assert f'value="{HARD_SOLUTION}"' in response.content.decode()
    assert "Time taken:" in text_of(response)


def test_a_pasted_puzzle_is_solved_too(client):
    response = client.post(ANSWER, {"puzzle": HARD}, follow=True)
    assert "Solved." in text_of(response)


@pytest.mark.slow  # each page rates its puzzle: seconds of the teacher's chains
def test_the_hardest_puzzles_are_solved_through_the_page(client):
    for puzzle in sample("forum_hardest_1106.txt", 4):
        assert "Solved." in text_of(client.post(ANSWER, {"puzzle": puzzle}, follow=True))


@pytest.mark.slow  # each page rates its puzzle: seconds of the teacher's chains
@pytest.mark.parametrize("name", list(FAMOUS_UNIQUE))
def test_famous_hard_puzzles_are_solved_through_the_page(client, name):
    assert "Solved." in text_of(client.post(ANSWER, {"puzzle": FAMOUS_UNIQUE[name]}, follow=True))


def test_norvigs_hard1_has_several_solutions_within_the_guess_budget(client):
    """As written, it led the search without restarts into 76,249 guesses: "Gave up"."""
    response = client.post(ANSWER, {"puzzle": HARD1}, follow=True)
    assert "More than one solution." in text_of(response)


def test_norvigs_impossible_puzzle_is_proved_to_have_none_within_the_guess_budget(client):
    assert "No solution." in text_of(client.post(ANSWER, {"puzzle": IMPOSSIBLE}, follow=True))


def test_a_puzzle_with_several_solutions_says_so_and_shows_two(client):
    """tests/entry/test_answer_verdicts.py checks the two and their differences."""
    response = client.post(ANSWER, {"puzzle": load("serg_multi.txt")[0]}, follow=True)
    assert "More than one solution." in text_of(response)
    assert "Two of them are shown, the cells where they differ" in text_of(response)


def test_a_puzzle_without_solution_says_it_was_proved(client):
    response = client.post(ANSWER, {"puzzle": NO_SOLUTION}, follow=True)
    page = text_of(response)
    assert "No solution." in page
    assert "proved" in page
    assert 'id="solution-line"' not in response.content.decode()


def test_a_search_out_of_time_says_it_gave_up(client, settings):
    settings.SUDOKU_SOLVE_SECONDS = 0
    response = client.post(ANSWER, {"puzzle": load("forum_hardest_1106.txt")[0]}, follow=True)
    assert "Gave up." in text_of(response)


def test_conflicting_givens_keep_the_grid_and_mark_the_cells(client, cells):
    puzzle = "." * 19 + "5" + "." * 5 + "5" + "." * 55
    response = client.post(ANSWER, cells(puzzle), follow=True)
    html = response.content.decode()
    assert response.status_code == 200
    assert "Two 5s in row 3 (columns 2 and 8)." in text_of(response)
    assert input_value(response, "r3c2") == input_value(response, "r3c8") == "5"
    for name in ("r3c2", "r3c8"):
        assert re.search(rf'name="{name}"[^>]*aria-invalid="true"', html)
    assert html.count('aria-invalid="true"') == 2


def test_a_cell_that_is_not_a_digit_is_named_and_kept(client, cells):
    response = client.post(ANSWER, cells(HARD) | {"r2c4": "a"}, follow=True)
    assert "Row 2, column 4: “a” is not a digit from 1 to 9." in text_of(response)
    assert input_value(response, "r2c4") == "a"
    assert input_value(response, "r1c1") == "4"


def test_an_unreadable_paste_is_kept_in_its_box(client):
    response = client.post(ANSWER, {"puzzle": "hello"}, follow=True)
    assert response.status_code == 200
    assert "Unexpected character “h” at position 1" in text_of(response)
    assert re.search(
        r'<textarea [^>]*aria-invalid="true"[^>]*>hello</textarea>', response.content.decode()
    )


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"r1c1": "5"},
        {"unknown": "1", "puzzle": HARD},
        {"puzzle": "\x00" * 81},
        {"puzzle": "9" * 81},
        {"puzzle": "1" * 5000},
        {"puzzle": "<script>alert(1)</script>"},
    ],
    ids=["empty", "one-cell", "unknown-field", "nul", "all-nines", "huge", "markup"],
)
def test_malformed_posts_get_a_form_error_never_a_server_error(client, data):
    response = client.post(ANSWER, data, follow=True)
    assert response.status_code == 200
    assert 'id="form-errors"' in response.content.decode()
    assert "<script>alert" not in response.content.decode()


def test_bytes_that_are_not_utf8_get_a_form_error(client):
    body = b"puzzle=%FF%FE" + b"1" * 79
    response = client.generic("POST", ANSWER, body, "application/x-www-form-urlencoded")
    assert response.status_code == 200
    assert 'id="form-errors"' in response.content.decode()
    assert client.get(INDEX + "?puzzle=%FF%FE").status_code == 200


def test_too_many_fields_is_a_bad_request(client, settings):
    fields = {f"f{i}": "1" for i in range(settings.DATA_UPLOAD_MAX_NUMBER_FIELDS + 100)}
    response = client.post(ANSWER, fields, follow=True)
    assert response.status_code == 400


def test_an_oversized_body_is_a_bad_request(client):
    response = client.post(ANSWER, {"puzzle": "1" * 200_000}, follow=True)
    assert response.status_code == 400


def test_wrong_methods_are_refused(client):
    assert client.put(ANSWER).status_code == 405
    assert client.post(INDEX).status_code == 405


def test_opening_the_answer_page_directly_leads_to_the_entry_page(client):
    response = client.get(ANSWER)
    assert response.status_code == 302
    assert response["Location"] == INDEX


def test_a_post_without_the_csrf_token_is_refused():
    assert Client(enforce_csrf_checks=True).post(ANSWER, {"puzzle": HARD}).status_code == 403


def test_edit_in_the_entry_grid_returns_to_the_filled_grid(client, cells):
    answer = client.post(ANSWER, cells(HARD), follow=True)
    edit = re.search(
        r'<a class="button" href="([^"]+)">Edit in the entry grid</a>', answer.content.decode()
    )
    assert edit
    response = client.get(edit.group(1).replace("&amp;", "&"))
    assert response.status_code == 200
    assert input_value(response, "r1c1") == "4"
    assert input_value(response, "r1c2") == ""
    assert input_value(response, "r1c5") == "3"
    assert re.search(r"<textarea [^>]*></textarea>", response.content.decode())


def test_return_leads_to_an_empty_grid(client, cells):
    answer = client.post(ANSWER, cells(HARD), follow=True)
    assert f'<a class="button" href="{INDEX}">Return</a>' in answer.content.decode()


def test_an_unreadable_prefill_link_explains_itself(client):
    response = client.get(INDEX, {"puzzle": "not a puzzle"})
    assert response.status_code == 200
    assert "Unexpected character" in text_of(response)


def test_pages_have_no_inline_scripts_or_styles(client, cells):
    for response in (
        client.get(INDEX),
        client.post(ANSWER, cells(HARD), follow=True),
        client.post(ANSWER, {}),
    ):
        html = response.content.decode()
        # Data for the scripts (the grid's units) is JSON, which no browser runs.
        assert not re.search(r'<script(?![^>]*\b(?:src=|type="application/json"))', html)
        assert "<style" not in html
        assert " style=" not in html


def test_a_posted_entry_is_redirected_to_the_answers_permanent_address(client, cells):
    response = client.post(ANSWER, cells(HARD))
    assert response.status_code == 303
    assert response["Location"] == ANSWER + "?puzzle=" + HARD


def test_the_permanent_address_shows_the_same_answer_again(client):
    first = client.get(ANSWER, {"puzzle": HARD})
    again = client.get(ANSWER, {"puzzle": HARD})
    assert first.status_code == again.status_code == 200
    assert answer_cells(first) == answer_cells(again)
    assert "".join(digit for _, digit in answer_cells(first)) == HARD_SOLUTION
    assert f'value="http://testserver{ANSWER}?puzzle={HARD}"' in first.content.decode()


def test_the_answer_page_prints_the_puzzle_beside_its_answer(client):
    response = client.get(ANSWER, {"puzzle": HARD})
    puzzle = answer_cells(response, grid="puzzle")
    assert "".join(digit or "." for _, digit in puzzle) == HARD
    assert 'class="print-only"' in response.content.decode()


@pytest.mark.parametrize(
    ("puzzle", "title"),
    [
        (HARD, "Solved · Answer"),
        (NO_SOLUTION, "No solution · Answer"),
    ],
)
def test_the_verdict_is_in_the_page_title(client, puzzle, title):
    response = client.get(ANSWER, {"puzzle": puzzle})
    assert f"<title>{title} · Sudoku solver</title>" in response.content.decode()


def test_a_bad_permanent_address_explains_itself_on_the_entry_page(client):
    response = client.get(ANSWER, {"puzzle": "55" + "." * 79})
    assert response.status_code == 200
    assert "Two 5s in row 1 (columns 1 and 2)." in text_of(response)
    assert input_value(response, "r1c2") == "5"


def test_each_marked_cell_is_described_by_the_messages_about_it(client, cells):
    puzzle = "." * 19 + "5" + "." * 5 + "5" + "." * 55
    response = client.post(ANSWER, cells(puzzle) | {"r1c1": "x"})
    html = response.content.decode()
    assert '<li id="problem-1">Row 1, column 1: “x” is not a digit from 1 to 9.</li>' in html
    assert '<li id="problem-2">Two 5s in row 3 (columns 2 and 8).</li>' in html
    assert re.search(r'name="r1c1"[^>]*aria-describedby="problem-1"', html)
    assert re.search(r'name="r3c2"[^>]*aria-describedby="problem-2"', html)
    assert re.search(r'name="r3c8"[^>]*aria-describedby="problem-2"', html)


def test_a_paste_error_is_tied_to_the_paste_box(client):
    response = client.post(ANSWER, {"puzzle": "z" + HARD[1:]})
    html = response.content.decode()
    assert re.search(r'<textarea [^>]*aria-describedby="paste-help problem-1"', html)


def test_a_slash_after_index_still_finds_the_page(client):
    response = client.get("/index/", {"puzzle": HARD})
    assert response.status_code == 301
    assert response["Location"] == f"{INDEX}?puzzle={HARD}"


def test_a_link_with_only_blanks_for_a_puzzle_opens_the_empty_grid(client):
    response = client.get("/index", {"puzzle": "   "})
    assert response.status_code == 200
    assert "missing" not in text_of(response)
    assert client.get("/answer", {"puzzle": " \n "})["Location"] == "/index"


def test_a_photo_read_with_no_cell_to_check_asks_only_for_show_answer(client, monkeypatch):
    """A perfect read says there is nothing to check: no request to check marked
    cells when none is marked."""
    sure = replace(READING, confidence=(0.99,) * 81, changed=())
    fake_reader(monkeypatch, sure)
    image = SimpleUploadedFile("grid.jpg", b"fake image", content_type="image/jpeg")
    page = client.post("/photo", {"image": image}).content.decode()
    assert "Read from the photo: no cell to check." in page
    assert "Nothing is solved yet: press Show Answer." in page
    assert "check the marked cells" not in page
