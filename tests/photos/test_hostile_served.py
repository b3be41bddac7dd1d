"""/api/read and /photo with the real reader on the images made to hurt it
(``solver.photos.hostile``): each a JSON 400 with its code, or the entry page
with the cells as typed and the problem in the reader's language; never a
500. Two images in one field are refused, not the last one read."""

from __future__ import annotations

import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from solver.photos import bounded, hostile
from tests.support.photo_fakes import fake_reader
from tests.support.photos import REFUSED, drawn
from tests.support.puzzles import HARD

READ, PHOTO = "/api/read", "/photo"
MESSAGES = {
    "too_small": "too small or too narrow to hold a 9×9 grid",
    "unsupported": "phones and screenshots do not make",
    "too_costly": "took more time or memory than the server allows",
    "no_grid": "No 9×9 grid was found",
    "two_images": "Two images were sent",
}
ATTACKS = {**REFUSED, "the EXIF flood": (hostile.exif_flood_png, "no_grid")}


def upload(data: bytes, name: str = "photo.jpg") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, data, content_type="image/jpeg")


def photo_error(page: str) -> str:
    return re.search(r'<p class="photo-error" id="photo-error"[^>]*>([^<]*)</p>', page)[1]


@pytest.mark.parametrize("name", ATTACKS)
def test_the_api_answers_each_attack_with_a_json_400_and_its_code(client, name):
    make, code = ATTACKS[name]
    response = client.post(READ, {"image": upload(make())})
    assert response.status_code == 400
    [problem] = response.json()["errors"]
    assert problem["code"] == code
    assert MESSAGES[code] in problem["message"]


@pytest.mark.parametrize("name", ATTACKS)
def test_the_page_answers_each_attack_keeping_the_grid_as_typed(client, cells, name):
    make, code = ATTACKS[name]
    page = client.post(PHOTO, {**cells(HARD), "image": upload(make())}).content.decode()
    assert MESSAGES[code] in photo_error(page)
    assert 'name="r1c1" id="cell-r1c1" value="4"' in page


def test_a_photo_with_a_broken_exif_block_is_read(client):
    photo = drawn()[0]
    response = client.post(READ, {"image": upload(hostile.with_broken_exif(photo.data))})
    assert response.status_code == 200
    assert response.json()["puzzle"] == photo.puzzle


@pytest.mark.parametrize(
    ("language", "words"), [("zh-hans", "9×9"), ("zh-hant", "9×9"), ("vi", "9×9")]
)
def test_a_refusal_is_in_the_readers_language(client, language, words):
    response = client.post(
        READ, {"image": upload(hostile.blank_png(8000, 7))}, HTTP_ACCEPT_LANGUAGE=language
    )
    message = response.json()["errors"][0]["message"]
    assert words in message
    assert MESSAGES["too_small"] not in message  # translated, not the English


def test_a_read_past_its_bounds_is_a_400_and_keeps_the_typed_grid(client, cells, monkeypatch):
    monkeypatch.setattr(bounded, "WALL_SECONDS", 0)  # no time at all: the read is given up
    response = client.post(READ, {"image": upload(drawn()[0].data)})
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "too_costly"
    page = client.post(PHOTO, {**cells(HARD), "image": upload(drawn()[0].data)}).content.decode()
    assert MESSAGES["too_costly"] in photo_error(page)
    assert 'name="r1c1" id="cell-r1c1" value="4"' in page


def test_two_images_in_the_apis_field_are_refused_unread(client, monkeypatch):
    sent = fake_reader(monkeypatch)
    response = client.post(READ, {"image": [upload(b"first"), upload(b"second")]})
    assert response.status_code == 400
    [problem] = response.json()["errors"]
    assert problem["code"] == "two_images"
    assert sent == []


def test_two_images_in_the_pages_field_are_refused_unread(client, cells, monkeypatch):
    sent = fake_reader(monkeypatch)
    typed = {**cells(HARD), "image": [upload(b"first"), upload(b"second")]}
    page = client.post(PHOTO, typed).content.decode()
    assert MESSAGES["two_images"] in photo_error(page)
    assert 'name="r1c1" id="cell-r1c1" value="4"' in page
    assert sent == []
