"""A finished batch's results as CSV: the rows, made safe for spreadsheets, streamed as text.

The columns are ``EXPORT_FIELDS``; the command line's CSV (``solver.cli``)
adds the line number and the message.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable, Iterator
from itertools import islice

from .models import Batch

EXPORT_FIELDS = ("puzzle", "status", "solutions", "solution", "guesses", "ms")
FETCH_ROWS = 2000  # rows fetched from the database together
SEND_ROWS = 500  # CSV rows sent together
# A spreadsheet opening the CSV runs a cell that starts with one of these as
# a formula (a tab or carriage return can hide one); see ``as_text``.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
HARMLESS = frozenset("0123456789.-_+|* ")  # what a formula of these could do is arithmetic


def export_rows(batch: Batch) -> Iterator[tuple[object, ...]]:
    """The CSV of a batch, row by row: ``EXPORT_FIELDS``, then one row per puzzle
    in input order; None is written as an empty field, ``ms`` with 3 decimals.

    Rows are fetched ``FETCH_ROWS`` at a time, so memory stays bounded.
    """
    yield EXPORT_FIELDS
    rows = batch.rows.order_by("index").values_list(*EXPORT_FIELDS).iterator(chunk_size=FETCH_ROWS)
    for puzzle, status, solutions, solution, guesses, ms in rows:
        shown_ms = None if ms is None else f"{ms:.3f}"
        yield (as_text(puzzle), status, solutions, solution, guesses, shown_ms)


def as_text(cell: str) -> str:
    """``cell`` with a leading apostrophe if a spreadsheet could take it for a
    formula that does something (OWASP's advice against CSV injection): the
    puzzle is the only field the sender wrote.

    A cell of nothing but digits and a puzzle's punctuation (``-...3.+|``,
    say, where ``-`` is an empty cell) can call no function, so it is left as
    it is and reads back as the same puzzle.
    """
    if cell.startswith(FORMULA_STARTS) and not set(cell) <= HARMLESS:
        return "'" + cell
    return cell


def csv_text(rows: Iterable[Iterable[object]]) -> Iterator[str]:
    """``rows`` as CSV text, ``SEND_ROWS`` rows at a time."""
    rows = iter(rows)
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    while chunk := list(islice(rows, SEND_ROWS)):
        writer.writerows(chunk)
        yield buffer.getvalue()
        buffer.seek(0)
        buffer.truncate()


def export_filename(name: str) -> str:
    """The CSV's file name, from the source's: "puzzles.txt" gives
    "puzzles-results.csv". Only letters, digits, "_", "-" and "." are kept,
    so the name is safe in a header and on any disk."""
    stem = name.rsplit(".", 1)[0] if "." in name.lstrip(".") else name
    stem = re.sub(r"[^A-Za-z0-9_.-]+", "-", stem)[:60].strip(".-") or "puzzles"
    return f"{stem}-results.csv"
