"""A photo read through the production stack (deploy/serve.sh: gunicorn behind
Debian's nginx): /api/read and /photo alone take a body of a photo's size,
every other address still refuses it, and a photo past the reader's limit is
refused by nginx before Django sees it."""

from __future__ import annotations

import pytest

from solver.photos import MAX_BYTES
from tests.support.photo_images import grid_png
from tests.support.puzzles import HARD
from tests.support.served import assert_secured, start_stack
from tests.support.stack import ENV_EXAMPLE, Stack, read_env_file

pytestmark = pytest.mark.stack

BOUNDARY = "photo-boundary"


@pytest.fixture(scope="module")
def stack(tmp_path_factory) -> Stack:
    started = start_stack(tmp_path_factory.mktemp("photo-stack"))
    yield started
    if started.process.poll() is None:
        started.stop()


def multipart(image: bytes, name: str = "grid.png") -> tuple[bytes, str]:
    """A form of one file, ``image``, in the field ``image``: its body and Content-Type."""
    head = (
        f"--{BOUNDARY}\r\nContent-Disposition: form-data; "
        f'name="image"; filename="{name}"\r\nContent-Type: image/png\r\n\r\n'
    )
    body = head.encode() + image + f"\r\n--{BOUNDARY}--\r\n".encode()
    return body, f"multipart/form-data; boundary={BOUNDARY}"


def padded(size: int) -> bytes:
    """A drawn grid's PNG followed by bytes up to ``size`` (PNG readers stop at IEND)."""
    image = grid_png(HARD)
    return image + b"\0" * (size - len(image))


def test_a_photo_is_read_through_nginx(stack):
    body, kind = multipart(grid_png(HARD))
    reply = stack.fetch("POST", "/api/read", body, Content_Type=kind)
    assert reply.status == 200, reply.text[:500]
    assert reply.json()["puzzle"] == HARD
    assert_secured(reply)


def test_a_photo_larger_than_any_other_body_reaches_the_reader(stack):
    """Past the server's limit for every other address (the batch's), within the
    reader's: nginx passes it to Django at /api/read and refuses it at /api/solve."""
    batch_limit = int(read_env_file(ENV_EXAMPLE)["SUDOKU_BATCH_MAX_BYTES"])
    size = min(MAX_BYTES, batch_limit + 1024 * 1024)
    assert size > batch_limit + 80 * 1024
    body, kind = multipart(padded(size))
    read = stack.fetch("POST", "/api/read", body, Content_Type=kind)
    assert read.status == 200, read.text[:500]
    assert read.json()["puzzle"] == HARD
    elsewhere = stack.fetch("POST", "/api/solve", body, Content_Type=kind)
    assert elsewhere.status == 413


def test_a_photo_past_the_readers_limit_is_refused_by_nginx(stack):
    body, kind = multipart(padded(MAX_BYTES + 200 * 1024))
    reply = stack.fetch("POST", "/api/read", body, Content_Type=kind)
    assert reply.status == 413
    assert reply.json()["errors"][0]["code"] == "too_large"
    assert_secured(reply)
