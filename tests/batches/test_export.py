"""The CSV of a finished batch: a header, then one row per puzzle in input order;
a puzzle a spreadsheet would run as a formula is made text; the file reads back."""

import csv
import io

import pytest

from solver.batches.export import EXPORT_FIELDS, as_text, export_filename, export_rows
from solver.batches.models import PASTED, Batch
from solver.batches.store import batch_progress, create_batch, run_slice
from tests.support.puzzles import HARD, HARD_SOLUTION, sample

pytestmark = pytest.mark.django_db


def finish(batch: Batch) -> None:
    """Run slices until the batch is finished."""
    while not batch_progress(batch).finished:
        run_slice(batch, 10.0)


def test_the_csv_has_the_header_then_one_row_per_puzzle_in_order():
    [multiple] = sample("serg_multi.txt", 1)
    batch = create_batch(PASTED, "\n".join([HARD, "not a puzzle", multiple]))
    finish(batch)
    rows = list(export_rows(batch))
    assert (
        rows[0] == EXPORT_FIELDS == ("puzzle", "status", "solutions", "solution", "guesses", "ms")
    )
    assert [row[:2] for row in rows[1:]] == [
        (HARD, "unique"),
        ("not a puzzle", "invalid"),
        (multiple, "multiple"),
    ]
    assert rows[2][2:] == (None, "", None, None)  # nothing to say of an invalid line
    unique = batch.rows.get(index=0)
    assert rows[1][2:] == (1, HARD_SOLUTION, unique.guesses, f"{unique.ms:.3f}")
    assert len(rows[1][5].split(".")[1]) == 3


@pytest.mark.parametrize("start", ["=", "+", "-", "@", "\t", "\r"])
def test_a_cell_a_spreadsheet_would_run_as_a_formula_gets_an_apostrophe(start):
    """Tab and carriage return cannot start a stored puzzle (lines are
    stripped), but the guard does not rely on it."""
    assert as_text(start + "SUM(1)") == "'" + start + "SUM(1)"
    assert as_text(start + "1+2x") == "'" + start + "1+2x"


@pytest.mark.parametrize("cell", ["-" + HARD[1:], "+1+2", "-|-3.5|", "--3" + "." * 78])
def test_a_cell_of_digits_and_puzzle_marks_is_kept_and_reads_back_as_the_same_puzzle(cell):
    """Such a formula could only do arithmetic; the apostrophe would make a
    valid puzzle unreadable."""
    assert as_text(cell) == cell


def test_a_cell_starting_with_anything_else_is_kept():
    assert as_text(HARD) == HARD
    assert as_text("'=1") == "'=1"


def test_the_csv_makes_text_of_each_puzzle_a_spreadsheet_would_run():
    lines = [HARD, "=1+2", "+1", "-" + HARD[1:], "@SUM(A1)", "5" + HARD[1:]]
    batch = create_batch(PASTED, "\n".join(lines))
    finish(batch)
    cells = [row[0] for row in list(export_rows(batch))[1:]]
    assert cells == [HARD, "'=1+2", "+1", "-" + HARD[1:], "'@SUM(A1)", "5" + HARD[1:]]


def test_the_csv_reads_back_with_the_csv_module():
    batch = create_batch(PASTED, HARD + '\n"quoted, with comma"\n')
    finish(batch)
    buffer = io.StringIO()
    csv.writer(buffer).writerows(export_rows(batch))
    read = list(csv.reader(io.StringIO(buffer.getvalue())))
    assert read[1][:2] == [HARD, "unique"]
    assert read[2][:2] == ['"quoted, with comma"', "invalid"]


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("puzzles.txt", "puzzles-results.csv"),
        ("my set (1).sdk", "my-set-1-results.csv"),
        (".hidden", "hidden-results.csv"),  # no hidden file on the disk
        ("", "puzzles-results.csv"),
        ('a"b\r\nc.txt', "a-b-c-results.csv"),
    ],
)
def test_the_file_name_comes_from_the_sources_and_is_safe_in_a_header(name, expected):
    assert export_filename(name) == expected
