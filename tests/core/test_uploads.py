"""Uploads: each file is kept in memory up to its view's limit and one byte
more, its full size recorded; the batch page takes files of thousands of
puzzles, every other page at most 64 KB. The limit is found even when the
CSRF check is what first reads the body."""

import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import resolve, reverse

from solver.batches.models import Batch
from solver.core.uploads import FILE_MAX_BYTES, BoundedMemoryUploadHandler, kept_bytes
from tests.support.pages import text_of
from tests.support.puzzles import sample

BATCH = reverse("solver:batch")
LOAD = reverse("solver:load")


def posted_to(rf, path: str):
    """A POST request to ``path``, resolved as Django resolves it before any view middleware."""
    request = rf.post(path)
    request.resolver_match = resolve(path)
    return request


def csrf_client() -> tuple[Client, str]:
    """A client whose posts must pass the CSRF check, and a token for them."""
    client = Client(enforce_csrf_checks=True)
    page = client.get(BATCH).content.decode()
    return client, re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)


def test_a_view_without_a_limit_keeps_the_puzzle_forms_limit(rf):
    assert kept_bytes(posted_to(rf, LOAD)) == FILE_MAX_BYTES + 1


def test_the_batch_view_keeps_its_setting_read_at_each_request(rf, settings):
    settings.SUDOKU_BATCH_MAX_BYTES = 1234
    assert kept_bytes(posted_to(rf, BATCH)) == 1235
    settings.SUDOKU_BATCH_MAX_BYTES = 99
    assert kept_bytes(posted_to(rf, BATCH)) == 100


def test_a_request_not_resolved_keeps_the_smaller_limit(rf):
    assert kept_bytes(rf.post(BATCH)) == FILE_MAX_BYTES + 1
    assert kept_bytes(None) == FILE_MAX_BYTES + 1


def test_the_handler_keeps_its_limit_of_bytes_and_records_the_full_size(rf, settings):
    settings.SUDOKU_BATCH_MAX_BYTES = 10
    handler = BoundedMemoryUploadHandler(posted_to(rf, BATCH))
    handler.new_file("file", "big.txt", "text/plain", None)
    for start in range(0, 100, 30):
        handler.receive_data_chunk(b"x" * 30, start)
    upload = handler.file_complete(120)
    assert (upload.size, len(upload.read())) == (120, 11)


@pytest.mark.django_db
def test_a_batch_file_past_64_kb_is_read_whole_after_the_csrf_check():
    client, token = csrf_client()
    text = "\n".join(sample("seventeen_clue.txt", 1000)) + "\n"
    assert len(text) > FILE_MAX_BYTES
    upload = SimpleUploadedFile("many.txt", text.encode(), content_type="text/plain")
    response = client.post(BATCH, {"csrfmiddlewaretoken": token, "file": upload})
    assert response.status_code == 303
    assert Batch.objects.get().total == 1000


@pytest.mark.django_db
def test_the_load_page_still_refuses_a_file_past_64_kb_after_the_csrf_check():
    client, token = csrf_client()
    upload = SimpleUploadedFile("big.txt", b"1" * 100_000, content_type="text/plain")
    response = client.post(LOAD, {"csrfmiddlewaretoken": token, "file": upload})
    assert "is too large (97.7 KB; at most 64.0 KB)" in text_of(response)


@pytest.mark.django_db
def test_a_batch_file_past_its_limit_is_refused_by_its_full_size(settings):
    settings.SUDOKU_BATCH_MAX_BYTES = 100_000
    client, token = csrf_client()
    upload = SimpleUploadedFile("huge.txt", b"1\n" * 2_000_000, content_type="text/plain")
    response = client.post(BATCH, {"csrfmiddlewaretoken": token, "file": upload})
    assert "The file “huge.txt” is too large (3.8 MB; at most 97.7 KB)." in text_of(response)
    assert not Batch.objects.exists()
