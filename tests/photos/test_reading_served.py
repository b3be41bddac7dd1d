"""/api/read and /photo with the real reader (no fake): a grid drawn here and
one of the shared real photos come back read, and a picture without a grid
and a text file get their 400s."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from solver.photos import LOW_CONFIDENCE
from tests.support.photo_images import (
    doubted_png,
    grid_png,
    no_grid_png,
    shared_photo,
)
from tests.support.puzzles import HARD

READ = "/api/read"
# A shared photo; the reader's own tests hold its accuracy, these its reply.
SHARED = 2


def upload(data: bytes, name: str = "grid.png", kind: str = "image/png") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, data, content_type=kind)


def test_a_drawn_grid_is_read_exactly(client):
    response = client.post(READ, {"image": upload(grid_png(HARD))})
    assert response.status_code == 200
    body = response.json()
    assert body["puzzle"] == HARD
    assert body["verdict"] == "unique"
    assert body["doubtful"] == []
    assert len(body["corners"]) == 4


def test_the_cells_the_reader_doubts_are_in_the_reply(client):
    image, reading = doubted_png(HARD)
    response = client.post(READ, {"image": upload(image)})
    assert response.status_code == 200
    body = response.json()
    assert body["puzzle"] == reading.puzzle
    assert [cell["index"] for cell in body["doubtful"]] == list(reading.doubtful)
    for cell in body["doubtful"]:
        assert (cell["row"] - 1, cell["column"] - 1) == divmod(cell["index"], 9)
    changes = [(c["index"], c["read"], c["chosen"]) for c in body["changed"]]
    assert changes == [(c.index, c.read, c.chosen) for c in reading.changed]
    low = [index for index, value in enumerate(body["confidence"]) if value < LOW_CONFIDENCE]
    assert set(low) <= set(reading.doubtful)


def test_a_real_photo_is_read(client):
    path, truth = shared_photo(SHARED)
    response = client.post(READ, {"image": upload(path.read_bytes(), path.name, "image/jpeg")})
    assert response.status_code == 200
    body = response.json()
    assert sum(read != true for read, true in zip(body["puzzle"], truth, strict=True)) <= 3
    for cell in body["doubtful"]:
        assert cell["index"] == (cell["row"] - 1) * 9 + cell["column"] - 1


@pytest.mark.parametrize(
    ("data", "name", "code"),
    [
        (b"4...3.......6..8...\n", "puzzle.txt", "not_an_image"),
        (None, "shapes.png", "no_grid"),
    ],
)
def test_what_holds_no_grid_gets_its_400(client, data, name, code):
    response = client.post(READ, {"image": upload(data or no_grid_png(), name)})
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == code


def test_the_page_without_script_is_filled_from_a_drawn_grid(client):
    page = client.post("/photo", {"image": upload(grid_png(HARD))}).content.decode()
    assert 'name="r1c1" id="cell-r1c1" value="4"' in page
    assert "Read from the photo: no cell to check." in page


def test_a_server_without_its_reader_built_says_so_with_503(client, no_model):
    response = client.post(READ, {"image": upload(grid_png(HARD))})
    assert response.status_code == 503
    assert response.json()["errors"][0]["code"] == "not_ready"
    assert "make photos-model" in response.json()["errors"][0]["message"]


def test_the_page_without_script_keeps_the_typed_cells_when_the_reader_is_not_built(
    client, no_model
):
    typed = {"r1c1": "7", "image": upload(grid_png(HARD))}
    page = client.post("/photo", typed).content.decode()
    assert 'name="r1c1" id="cell-r1c1" value="7"' in page
    assert "This server cannot read photos yet" in page
