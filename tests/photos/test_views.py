"""/photo, the entry page's "From a photo" without JavaScript: the page comes
back filled, each doubtful cell marked, nothing solved; or with the image's
problem beside the control and the grid as typed. The reader is faked here
(``support.photo_fakes``); the browser tests use the real one."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from solver.photos import MAX_BYTES
from tests.support.photo_fakes import CHANGE, READING, fake_reader
from tests.support.puzzles import HARD, HARD_SOLUTION

PHOTO = "/photo"
DOUBTFUL = ", read with low confidence: please check"


def image(data: bytes = b"fake image") -> SimpleUploadedFile:
    return SimpleUploadedFile("grid.jpg", data, content_type="image/jpeg")


def cell_input(page: str, name: str) -> str:
    """The <td> and <input> of the cell ``name`` (``r1c2``)."""
    return re.search(rf'<td class="[^"]*"><input [^>]*name="{name}"[^>]*>', page)[0]


def test_the_page_comes_back_filled_with_the_doubtful_cells_marked(client, monkeypatch):
    fake_reader(monkeypatch)
    response = client.post(PHOTO, {"image": image()})
    assert response.status_code == 200
    page = response.content.decode()
    assert 'value="4"' in cell_input(page, "r1c1")
    low, changed, sure = (cell_input(page, name) for name in ("r1c2", "r1c5", "r1c1"))
    for marked in (low, changed):
        assert 'class="cell doubtful"' in marked
        assert f'aria-label="Row 1, column {marked.split("column ")[1][0]}, box' in marked
        assert DOUBTFUL in marked
    assert 'value="3"' in changed  # the digit chosen, not the one read
    assert "doubtful" not in sure
    assert DOUBTFUL not in sure
    assert "2 cells to check, marked in the grid" in page
    assert f"row 1, column 5 (7 → {CHANGE.chosen})" in page
    assert "Nothing is solved" in page
    assert "Compare the grid with the photo" not in page  # one solution: nothing to say
    assert HARD_SOLUTION[1:9] not in re.sub(r"<[^>]+>", "", page)  # no answer shown


@pytest.mark.parametrize(
    ("verdict", "note"),
    [
        ("multiple", "The grid as read has more than one solution: a digit was probably missed."),
        ("none", "The grid as read has no solution: a digit was probably misread."),
        ("unchecked", "The grid as read could not be checked in time"),
    ],
)
def test_a_reading_without_one_solution_says_the_grid_is_misread(
    client, monkeypatch, verdict, note
):
    fake_reader(monkeypatch, replace(READING, verdict=verdict))
    page = client.post(PHOTO, {"image": image()}).content.decode()
    status = re.search(r'<div class="photo-status" id="photo-status"[^>]*>(.*?)</div>', page, re.S)
    assert note in status[1]


def test_the_camera_input_is_read_as_well(client, monkeypatch):
    sent = fake_reader(monkeypatch)
    response = client.post(PHOTO, {"camera": image(b"from the camera")})
    assert response.status_code == 200
    assert sent == [b"from the camera"]


def test_an_image_chosen_and_a_photo_taken_are_refused_together(client, monkeypatch, cells):
    sent = fake_reader(monkeypatch)
    typed = {**cells(HARD), "image": image(b"chosen"), "camera": image(b"taken")}
    page = client.post(PHOTO, typed).content.decode()
    assert "Two images were sent: choose an image or take a photo, not both." in page
    assert 'value="4"' in cell_input(page, "r1c1")
    assert sent == []


@pytest.mark.parametrize(
    ("code", "message"),
    [
        ("not_an_image", "is not an image that can be read"),
        ("no_grid", "No 9×9 grid was found in the image"),
    ],
)
def test_a_refusal_keeps_the_grid_as_typed(client, monkeypatch, cells, code, message):
    fake_reader(monkeypatch, code)
    typed = cells(HARD)
    typed["r9c9"] = "x"  # kept as typed, not judged: only the photo was asked about
    response = client.post(PHOTO, {**typed, "image": image()})
    assert response.status_code == 200
    page = response.content.decode()
    error = re.search(
        r'<p class="photo-error" id="photo-error"[^>]* role="alert">([^<]*)</p>', page
    )
    assert message in error[1]
    assert 'value="4"' in cell_input(page, "r1c1")
    assert 'value="x"' in cell_input(page, "r9c9")
    assert 'aria-invalid="true"' in re.search(r'<input type="file" id="id_image"[^>]*>', page)[0]
    assert "doubtful" not in page.split("<table", 1)[1].split("</table>", 1)[0]


def test_no_image_says_so(client, monkeypatch, cells):
    sent = fake_reader(monkeypatch)
    response = client.post(PHOTO, cells(HARD))
    assert "Choose an image" in response.content.decode()
    assert sent == []


def test_an_image_over_the_limit_is_refused_unread(client, monkeypatch):
    sent = fake_reader(monkeypatch)
    response = client.post(PHOTO, {"image": image(b"x" * (MAX_BYTES + 1))})
    assert "The image is too large" in response.content.decode()
    assert sent == []


def test_only_a_post_reads_a_photo(client):
    assert client.get(PHOTO).status_code == 405


def test_the_entry_page_offers_a_photo_on_9x9_only(client):
    page = client.get("/index").content.decode()
    assert 'accept="image/*"' in page
    assert 'capture="environment"' in page
    assert 'formaction="/photo"' in page
    assert 'data-read-url="/api/read"' in page
    other = client.get("/index?size=16").content.decode()
    assert 'id="photo"' not in other
    assert "9×9 grid only" in other


@pytest.mark.parametrize(
    "sent",
    [{"image": "", "camera": ""}, {"image": image(b"chosen"), "camera": image(b"taken")}],
    ids=["empty", "both"],
)
def test_show_answer_ignores_the_images_sent_with_the_form(client, cells, sent):
    """The photo's inputs are the entry form's: empty ones, or an image chosen
    and a photo taken, do not make Show Answer refuse the form."""
    response = client.post("/answer", {**cells(HARD), **sent})
    assert response.status_code == 303
