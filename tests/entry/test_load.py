"""Filling the grid from a paste or a file: the page without scripts, the JSON for scripts."""

import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from solver.core.uploads import FILE_MAX_BYTES
from tests.support.pages import input_value, text_of
from tests.support.puzzles import HARD

LOAD = reverse("solver:load")
JSON = {"HTTP_ACCEPT": "application/json"}
CONFLICTING = "55" + "." * 79

SDK = (
    "#AA setter\n#DA hard one\n#CFrom a newspaper\n#B03-08-2026\n#LHard\n"
    + "\n".join(HARD[row * 9 : row * 9 + 9] for row in range(9))
    + "\n"
)


def upload(text: str | bytes, name: str = "puzzle.sdk") -> SimpleUploadedFile:
    data = text.encode() if isinstance(text, str) else text
    return SimpleUploadedFile(name, data, content_type="text/plain")


def grid_of(response) -> str:
    """The entry grid's cells as one line, "." for empty."""
    return "".join(
        input_value(response, f"r{r}c{c}") or "." for r in range(1, 10) for c in range(1, 10)
    )


def test_a_pasted_puzzle_fills_the_grid_without_solving_it(client):
    response = client.post(LOAD, {"puzzle": HARD})
    assert response.status_code == 200
    assert grid_of(response) == HARD
    assert "<h1>Enter a puzzle</h1>" in response.content.decode()
    assert re.search(r"<textarea [^>]*></textarea>", response.content.decode())


def test_an_uploaded_sdk_file_fills_the_grid(client):
    response = client.post(LOAD, {"file": upload(SDK)})
    assert grid_of(response) == HARD


def test_a_file_is_read_beside_images_chosen_in_the_photo_inputs(client):
    """Without script, "Fill the grid" posts the whole entry form: its image
    and camera inputs may hold files too, which this button ignores."""
    photo = SimpleUploadedFile("grid.jpg", b"\xff\xd8" + b"x" * 100_000, "image/jpeg")
    camera = SimpleUploadedFile("camera.jpg", b"\xff\xd8 taken", "image/jpeg")
    response = client.post(LOAD, {"file": upload(SDK), "image": photo, "camera": camera})
    assert response.status_code == 200
    assert grid_of(response) == HARD


def test_a_file_saved_as_utf16_by_a_windows_editor_is_read(client):
    response = client.post(LOAD, {"file": upload(SDK.encode("utf-16"), "puzzle.txt")})
    assert grid_of(response) == HARD


def test_a_file_takes_precedence_over_the_paste_box_and_the_cells(client):
    response = client.post(LOAD, {"file": upload(SDK), "puzzle": "1" * 81})
    assert grid_of(response) == HARD


def test_a_file_of_many_puzzles_loads_the_first_and_says_so(client):
    text = "# three puzzles\n" + "\n".join([HARD, "1" + "." * 80, "." * 81]) + "\n"
    response = client.post(LOAD, {"file": upload(text, "many.txt")})
    assert grid_of(response) == HARD
    assert "The file holds 3 puzzles; the first one is loaded." in text_of(response)


def test_loading_nothing_says_what_to_do(client, cells):
    response = client.post(LOAD, cells(HARD))
    assert "There is nothing to load: paste a puzzle into the box or choose a file." in text_of(
        response
    )
    assert grid_of(response) == HARD


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"\x89PNG\r\n\x1a\n\x00\x00", "is not a text file"),
        (b"", "The file is empty."),
        (b"1" * (FILE_MAX_BYTES + 10), "is too large (64.0 KB; at most 64.0 KB)"),
        (b"hello", "Unexpected character"),
    ],
    ids=["binary", "empty", "too-large", "unreadable"],
)
def test_a_bad_file_is_named_and_the_typed_grid_is_kept(client, cells, data, message):
    response = client.post(LOAD, cells(HARD) | {"file": upload(data, "bad.sdk")})
    assert response.status_code == 200
    assert message in text_of(response)
    assert grid_of(response) == HARD
    assert re.search(r'<input type="file" [^>]*aria-invalid="true"', response.content.decode())


def test_a_huge_upload_is_cut_short_in_memory_and_refused(client):
    response = client.post(LOAD, {"file": upload(b"1" * 5_000_000, "huge.txt")})
    assert "is too large (4.8 MB; at most 64.0 KB)" in text_of(response)


def test_two_puzzle_files_are_a_form_error(client):
    response = client.post(LOAD, {"file": [upload(SDK), upload(SDK)]})
    assert "The form sent some fields twice (file)" in text_of(response)


def test_more_files_than_the_form_has_are_a_bad_request(client):
    response = client.post(LOAD, {"file": [upload(SDK)] * 4})
    assert response.status_code == 400


def test_an_unknown_file_field_is_a_form_error(client):
    response = client.post(LOAD, {"other": upload(SDK)})
    assert "fields it does not know (other)" in text_of(response)


def test_scripts_get_the_grid_as_json(client):
    response = client.post(LOAD, {"puzzle": HARD}, **JSON)
    assert response.status_code == 200
    assert response.json() == {"grid": HARD, "problems": [], "notices": []}


def test_scripts_get_conflicts_with_their_cells_and_the_grid_as_read(client):
    response = client.post(LOAD, {"puzzle": CONFLICTING}, **JSON)
    assert response.status_code == 200
    assert response.json() == {
        "grid": CONFLICTING,
        "problems": [
            {
                "code": "conflict",
                "message": "Two 5s in row 1 (columns 1 and 2).",
                "cells": [[1, 1], [1, 2]],
            }
        ],
        "notices": [],
    }


def test_scripts_get_no_grid_and_the_reasons_when_the_text_is_unreadable(client):
    response = client.post(LOAD, {"puzzle": HARD[:70]}, **JSON)
    assert response.status_code == 200
    body = response.json()
    assert body["grid"] is None
    assert [problem["code"] for problem in body["problems"]] == ["too_few_cells"]


def test_a_file_of_many_puzzles_gives_scripts_a_notice(client):
    text = "\n".join([HARD, HARD]) + "\n"
    body = client.post(LOAD, {"file": upload(text, "two.txt")}, **JSON).json()
    assert body["grid"] == HARD
    assert body["notices"] == ["The file holds 2 puzzles; the first one is loaded."]


def test_a_browser_form_post_gets_the_page_not_json(client):
    accept = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"
    response = client.post(LOAD, {"puzzle": HARD}, HTTP_ACCEPT=accept)
    assert response["Content-Type"].startswith("text/html")


def test_an_empty_file_input_as_browsers_send_it_is_no_file(client, cells):
    """Browsers send a file input left empty as a field with no value."""
    response = client.post(reverse("solver:answer"), cells(HARD) | {"file": ""})
    assert response.status_code == 303
    response = client.post(LOAD, {"puzzle": HARD, "file": ""}, **JSON)
    assert response.json()["grid"] == HARD


def test_loading_only_takes_posts(client):
    assert client.get(LOAD).status_code == 405


def test_a_file_of_exactly_the_largest_size_that_reads_as_one_long_drawing_is_an_error(client):
    """Its lines read as one drawn puzzle longer than the batch reader takes: no crash."""
    data = b"|\n" + b"x" * (FILE_MAX_BYTES - 2)
    for extra in ({}, JSON):
        response = client.post(LOAD, {"file": upload(data, "drawn.txt")}, **extra)
        assert response.status_code == 200


def test_a_file_in_utf16_without_its_byte_order_mark_is_not_read_as_text(client):
    response = client.post(LOAD, {"file": upload(SDK.encode("utf-16-le"), "puzzle.sdk")})
    assert "is not a text file" in text_of(response)


def test_a_paste_is_used_even_when_a_cell_holds_something_unreadable(client, cells):
    """The paste replaces the cells, so what the cells hold cannot block it."""
    data = cells("." * 81) | {"r1c1": "x", "puzzle": HARD}
    response = client.post(reverse("solver:answer"), data)
    assert response.status_code == 303
    response = client.post(LOAD, data, **JSON)
    assert response.json() == {"grid": HARD, "problems": [], "notices": []}
