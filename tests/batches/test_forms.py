"""The batch form: a file before the paste box, line breaks counted as the page
counts them, and each refusal with its own stable code on its field."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils.datastructures import MultiValueDict

from solver.batches.forms import BatchForm
from solver.batches.models import PASTED
from tests.support.puzzles import HARD


def error_codes(form):
    return {error.code for errors in form.errors.as_data().values() for error in errors}


def batch_form(puzzles: str = "", data: bytes | None = None, name: str = "set.txt") -> BatchForm:
    """The batch form with ``puzzles`` pasted and, unless ``data`` is None, a file of it."""
    upload = SimpleUploadedFile(name, data, content_type="text/plain") if data is not None else None
    return BatchForm({"puzzles": puzzles}, {"file": upload} if upload else {})


def test_a_batch_reads_the_file_before_the_paste_box():
    form = batch_form(puzzles="1" * 81, data=f"{HARD}\n{HARD}\n".encode())
    assert form.is_valid(), form.errors
    assert form.cleaned_data["name"] == "set.txt"
    assert form.cleaned_data["text"] == f"{HARD}\n{HARD}\n"


def test_two_files_are_refused_by_their_count():
    files = MultiValueDict({"file": [SimpleUploadedFile(name, HARD.encode()) for name in "ab"]})
    form = BatchForm({"puzzles": ""}, files)
    assert not form.is_valid()
    assert error_codes(form) == {"several_files"}
    assert "Choose one file of puzzles: 2 were sent." in form.errors["file"]


def test_a_pasted_batch_is_named_pasted_and_its_line_breaks_made_one():
    form = batch_form(puzzles=f"{HARD}\r\n{HARD}")
    assert form.is_valid(), form.errors
    assert (form.cleaned_data["name"], form.cleaned_data["text"]) == (PASTED, f"{HARD}\n{HARD}")


@pytest.mark.parametrize(
    ("puzzles", "data", "field", "code"),
    [
        ("", None, "puzzles", "nothing_to_solve"),
        ("# a comment only", None, "puzzles", "no_puzzles"),
        ("", b"\n# nothing else\n", "file", "no_puzzles"),
        ("", b"", "file", "empty"),
        ("", b"\x00\x01binary", "file", "not_text"),
        ("", b"\xff\xfe\xfd not UTF-8", "file", "not_text"),
        ("", (HARD + "\n").encode() * 4, "file", "too_many_puzzles"),
        ((HARD + "\n") * 4, None, "puzzles", "too_many_puzzles"),
        ("", b"1" * 401, "file", "file_too_large"),
        ("1" * 50_001, None, "puzzles", "max_length"),
    ],
)
def test_each_refused_batch_has_its_code_on_its_field(settings, puzzles, data, field, code):
    settings.SUDOKU_BATCH_MAX_PUZZLES = 3
    settings.SUDOKU_BATCH_MAX_BYTES = 400
    form = batch_form(puzzles, data)
    assert not form.is_valid()
    assert [error.code for error in form.errors.as_data()[field]] == [code]
    assert list(form.errors) == [field]


def test_a_file_too_large_names_its_size_and_the_limit(settings):
    settings.SUDOKU_BATCH_MAX_BYTES = 2 * 1024 * 1024
    form = batch_form(data=b"1" * (3 * 1024 * 1024), name="big.txt")
    [message] = form.errors["file"]
    assert message == "The file “big.txt” is too large (3.0\xa0MB; at most 2.0\xa0MB)."


def test_too_many_puzzles_names_the_count_and_the_limit_with_thousands_grouped(settings):
    form = batch_form(data=(HARD + "\n").encode() * 10_001, name="many.txt")
    assert form.errors["file"] == [
        "The file “many.txt” holds 10,001 puzzles; at most 10,000 are solved together. "
        "Split it into smaller files."
    ]
