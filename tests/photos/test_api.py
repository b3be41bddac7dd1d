"""POST /api/read: a reading as JSON, each refusal a 400 with its stable code
and a message in the reader's language, and the operation in the OpenAPI
schema. The reader itself is faked here (``support.photo_fakes``): these
tests are about the reply; tests/photos/test_reading_served.py and the
browser tests use the real reader."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from solver.photos import MAX_BYTES
from tests.support.openapi import OPENAPI, reply_schema
from tests.support.photo_fakes import CHANGE, CHANGED_CELL, LOW_CELL, READING, fake_reader
from tests.support.puzzles import HARD

READ = "/api/read"
CODES = {"no_image": "Choose an image", "not_an_image": "not an image", "no_grid": "No 9×9 grid"}


def image(data: bytes = b"\x89PNG fake", name: str = "grid.png") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, data, content_type="image/png")


def test_a_reading_is_the_puzzle_with_what_to_check(client, monkeypatch):
    sent = fake_reader(monkeypatch)
    response = client.post(READ, {"image": image(b"the bytes")})
    assert response.status_code == 200
    body = response.json()
    assert sent == [b"the bytes"]
    assert body["puzzle"] == HARD
    assert len(body["confidence"]) == 81
    assert body["confidence"][LOW_CELL] == 0.2
    assert body["doubtful"] == [
        {"index": LOW_CELL, "row": 1, "column": 2},
        {"index": CHANGED_CELL, "row": 1, "column": 5},
    ]
    assert body["changed"] == [
        {"index": CHANGED_CELL, "row": 1, "column": 5, "read": "7", "chosen": CHANGE.chosen}
    ]
    assert body["verdict"] == "unique"
    assert body["corners"] == [list(point) for point in READING.corners]
    assert body["seconds"] == 0.25


def test_the_reply_matches_the_schema(client, monkeypatch):
    fake_reader(monkeypatch)
    schema = client.get(OPENAPI).json()
    reply_schema(schema, READ, "post", 200).validate(client.post(READ, {"image": image()}).json())
    fake_reader(monkeypatch, "no_grid")
    refusal = client.post(READ, {"image": image()}).json()
    reply_schema(schema, READ, "post", 400).validate(refusal)


@pytest.mark.parametrize("code", ["not_an_image", "no_grid", "too_large"])
def test_each_refusal_of_the_reader_is_a_400_with_its_code(client, monkeypatch, code):
    fake_reader(monkeypatch, code)
    response = client.post(READ, {"image": image()})
    assert response.status_code == 400
    body = response.json()
    assert body["status"] == "invalid"
    [problem] = body["errors"]
    assert problem["code"] == code
    assert "reader's own English" not in problem["message"]  # the site's words, translated
    assert problem["cells"] == []


def test_no_image_is_a_400_and_the_reader_is_not_called(client, monkeypatch):
    sent = fake_reader(monkeypatch)
    for data in ({}, {"image": "not a file"}, {"picture": image()}):
        response = client.post(READ, data)
        assert response.status_code == 400
        assert response.json()["errors"][0]["code"] == "no_image"
    assert sent == []


def test_an_image_over_the_limit_is_refused_by_its_size_unread(client, monkeypatch):
    """The upload handler keeps at most MAX_BYTES + 1 of it; the reader never sees it."""
    sent = fake_reader(monkeypatch)
    response = client.post(READ, {"image": image(b"x" * (MAX_BYTES + 1))})
    assert response.status_code == 400
    [problem] = response.json()["errors"]
    assert problem["code"] == "too_large"
    assert "MB" in problem["message"]
    assert sent == []
    at_limit = client.post(READ, {"image": image(b"x" * MAX_BYTES)})
    assert at_limit.status_code == 200
    assert len(sent[0]) == MAX_BYTES


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("zh-hans", "图像"),
        ("zh-hant", "圖像"),
        ("vi", "ảnh"),
    ],
)
def test_the_messages_are_in_the_readers_language(client, monkeypatch, language, words):
    fake_reader(monkeypatch, "no_grid")
    response = client.post(READ, {"image": image()}, HTTP_ACCEPT_LANGUAGE=language)
    assert words in response.json()["errors"][0]["message"]
    client.cookies["django_language"] = language
    response = client.post(READ, {})
    assert response.json()["errors"][0]["code"] == "no_image"
    assert words in response.json()["errors"][0]["message"]


def test_a_body_that_is_not_multipart_is_a_415(client):
    response = client.post(READ, {"image": "x"}, content_type="application/json")
    assert response.status_code == 415
    assert response.json()["errors"][0]["code"] == "unsupported_media_type"


def test_a_get_is_not_allowed(client):
    response = client.get(READ)
    assert response.status_code == 405
    assert response.json()["errors"][0]["code"] == "method_not_allowed"


def test_the_schema_documents_the_upload_and_every_reply(client):
    operation = client.get(OPENAPI).json()["paths"][READ]["post"]
    assert operation["operationId"] == "readPhoto"
    form = operation["requestBody"]["content"]["multipart/form-data"]["schema"]
    assert form["properties"]["image"] == {**form["properties"]["image"], "format": "binary"}
    assert form["required"] == ["image"]
    assert set(operation["responses"]) == {"200", "400", "413", "415", "429", "503"}
