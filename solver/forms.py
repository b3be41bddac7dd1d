"""The puzzle form: 81 cells, a pasted puzzle or a file, validated into a grid.

The form reads text with the engine (one source of truth for what a puzzle
looks like), checks the givens against the rules, and records every problem
with the cells at fault (``issues``) so the page can tie each message to its
cells. A valid form has ``cleaned_data["grid"]``.
"""

from __future__ import annotations

from itertools import islice

from django import forms
from django.conf import settings
from django.core.exceptions import ValidationError
from django.template.defaultfilters import filesizeformat
from django.utils.formats import number_format
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from .cells import CELL_NAMES
from .engine import STANDARD, Grid, InvalidPuzzle, Problem, find_conflicts, parse_puzzle
from .engine import read_symbol as engine_read_symbol
from .files.reading import InputError, read_entries
from .issues import Issue
from .jobs import NoPuzzles, TooManyPuzzles, batch_entries
from .messages import describe
from .models import PASTED

PASTE_MAX_LENGTH = 2000  # room for a drawn grid with generous spacing
FILE_MAX_BYTES = 64 * 1024  # a puzzle file is a few hundred bytes; a collection may be longer
# A file input left empty arrives as a plain field "file" with no value.
ALLOWED_EXTRA_FIELDS = frozenset({"csrfmiddlewaretoken", "puzzle", "file"})
ALLOWED_FILES = frozenset({"file"})
FILE_TYPES = ".txt,.sdk,.ss,text/plain"  # what the file picker offers first


class CellField(forms.CharField):
    """One cell: a digit from 1 to 9, or empty (blank, ``0`` or ``.``); cleans to an int."""

    default_error_messages = {
        "not_a_digit": _("Row %(row)s, column %(column)s: “%(value)s” is not a digit from 1 to 9."),
    }

    def __init__(self, cell: int, **kwargs):
        super().__init__(required=False, strip=True, **kwargs)
        self.cell = cell

    def to_python(self, value) -> int:
        text = super().to_python(value)
        digit = engine_read_symbol(text) if len(text) == 1 else (0 if not text else None)
        if digit is None:
            row, column = STANDARD.row_col(self.cell)
            raise ValidationError(
                self.error_messages["not_a_digit"],
                code="not_a_digit",
                params={"row": row, "column": column, "value": text[:10]},
            )
        return digit


class PuzzleReader(forms.Form):
    """What every puzzle form shares: reading a text with the engine, checking
    the givens, and recording each problem as an ``Issue`` (``issues``, in
    order) beside the form's errors. ``notices`` says what the reader should
    know about a text that was read; ``grid_shown`` is the puzzle as read.
    """

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.issues: list[Issue] = []
        self.notices: list[str] = []
        self.grid_shown: Grid | None = None  # a pasted or loaded puzzle, once read

    @property
    def invalid_cells(self) -> set[int]:
        """Every cell some issue names."""
        return {cell for issue in self.issues for cell in issue.cells}

    def _note_field_errors(self) -> None:
        """Record the errors the fields raised as issues, a cell's tied to that cell."""
        for name, errors in self.errors.as_data().items():
            field = self.fields.get(name)
            cells = (field.cell,) if isinstance(field, CellField) else ()
            for error in errors:
                self.issues.append(Issue(error.code or "invalid", " ".join(error), cells, name))

    def _report(self, field: str | None, error: ValidationError, cells=()) -> None:
        """Add ``error`` to ``field`` (None for the whole form) and record it as an issue."""
        self.add_error(field, error)
        self.issues.append(Issue(error.code, " ".join(error), tuple(cells), field))

    def _read_text(self, field: str, text: str) -> Grid | None:
        """The grid written in ``text``, or None after adding the reader's errors to ``field``.

        A file that holds several puzzles, one after another, gives its first.
        """
        try:
            self.grid_shown = parse_puzzle(text, STANDARD)
        except InvalidPuzzle as invalid:
            first, count = _first_of_many(text) if field == "file" else (None, 0)
            if first is None:
                for problem in invalid.problems:
                    self._report(field, _as_error(problem))
                return None
            self.grid_shown = first
            self.notices.append(_first_of(count))
        return self.grid_shown

    def _accept_givens(self, grid: Grid) -> bool:
        """True if no givens conflict; else add an error per conflicting pair."""
        conflicts = find_conflicts(grid)
        for problem in conflicts:
            self._report(None, _as_error(problem), problem.cells)
        return not conflicts


class PuzzleForm(PuzzleReader):
    """A puzzle typed cell by cell (fields ``r1c1`` ... ``r9c9``), pasted whole,
    or read from an uploaded file.

    A file takes precedence over the paste box, and a non-empty paste box over
    the cells. After validation, ``issues`` lists every problem in page order,
    and ``notices`` what the reader should know about a file that was read.
    """

    puzzle = forms.CharField(
        label=_("Or paste a whole puzzle"),
        required=False,
        max_length=PASTE_MAX_LENGTH,
        widget=forms.Textarea,
        error_messages={
            "max_length": _(
                "The pasted text is too long (%(show_value)s characters; at most %(limit_value)s)."
            ),
        },
    )
    file = forms.FileField(
        label=_("Or load a puzzle file"),
        required=False,
        error_messages={"empty": _("The file is empty.")},
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for cell, name in enumerate(CELL_NAMES):
            self.fields[name] = CellField(cell)

    @classmethod
    def for_grid(cls, grid: Grid) -> PuzzleForm:
        """An unbound form whose cells start filled with ``grid``."""
        initial = {name: digit or "" for name, digit in zip(CELL_NAMES, grid, strict=True)}
        return cls(initial=initial)

    def clean_file(self) -> str:
        """The uploaded file's text, or "" when none was sent."""
        upload = self.cleaned_data.get("file")
        return _read_upload(upload, FILE_MAX_BYTES) if upload else ""

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("file") or cleaned.get("puzzle"):
            # The paste or file is used instead of the cells: what they hold does not count.
            for name in CELL_NAMES:
                self._errors.pop(name, None)
        self._note_field_errors()
        if self._reject_tampering() or self.has_error("puzzle") or self.has_error("file"):
            return cleaned
        grid = self._read_source(cleaned)
        # Conflicts among the readable cells are reported even beside bad cells,
        # so one round trip shows every problem.
        if grid is not None and self._accept_givens(grid) and not self.errors:
            cleaned["grid"] = grid
        return cleaned

    def _reject_tampering(self) -> bool:
        """Add an error and return True if fields are unknown or repeated."""
        unknown = sorted(set(self.data) - ALLOWED_EXTRA_FIELDS - set(CELL_NAMES))
        unknown += sorted(set(self.files) - ALLOWED_FILES)
        repeated = sorted(k for k in self.data if len(self._values_of(k)) > 1)
        if unknown:
            message = _("The form had fields it does not know (%(names)s). Please reload the page.")
            self._form_error(message, "unexpected_fields", unknown)
        if repeated:
            message = _("The form sent some fields twice (%(names)s). Please reload the page.")
            self._form_error(message, "repeated_fields", repeated)
        return bool(unknown or repeated)

    def _form_error(self, message: str, code: str, names: list[str]) -> None:
        """Add a whole-form error naming the first few of ``names`` and their count."""
        params = {"count": len(names), "names": ", ".join(names[:5])}
        self._report(None, ValidationError(message, code=code, params=params))

    def _values_of(self, key: str) -> list:
        """Every value sent for ``key`` (a plain dict sends one)."""
        getlist = getattr(self.data, "getlist", None)
        return getlist(key) if getlist else [self.data[key]]

    def _read_source(self, cleaned: dict) -> Grid | None:
        """The grid of the file, else of the paste box, else of the cells; None on error."""
        if cleaned.get("file"):
            return self._read_text("file", cleaned["file"])
        if cleaned.get("puzzle"):
            return self._read_text("puzzle", cleaned["puzzle"])
        return self._read_cells(cleaned)

    def _read_cells(self, cleaned: dict) -> Grid | None:
        """The grid typed in the cells (unreadable ones empty), or None if some were not sent."""
        missing = [name for name in CELL_NAMES if name not in self.data]
        if missing:
            message = _("The form was missing %(count)s cells (%(names)s). Please reload the page.")
            self._form_error(message, "missing_cells", missing)
            return None
        return tuple(cleaned.get(name, 0) for name in CELL_NAMES)

    def cell_values(self) -> list[str]:
        """What each cell shows: a pasted puzzle once read, else what was typed, else initial."""
        if self.grid_shown is not None:
            return [str(digit) if digit else "" for digit in self.grid_shown]
        if self.is_bound:
            return [str(self.data.get(name, ""))[:3] for name in CELL_NAMES]
        return [str(self.initial.get(name, "")) for name in CELL_NAMES]

    def paste_value(self) -> str:
        """What the paste box shows: kept only while it could not be read."""
        if not self.is_bound or self.grid_shown is not None:
            return ""
        return str(self.data.get("puzzle", ""))


class LoadForm(PuzzleForm):
    """The puzzle form when asked only to fill the grid: a paste or a file is required."""

    def _read_cells(self, cleaned: dict) -> Grid | None:
        message = _("There is nothing to load: paste a puzzle into the box or choose a file.")
        self._report("puzzle", ValidationError(message, code="nothing_to_load"))
        return None


class PuzzleTextForm(PuzzleReader):
    """A puzzle as one text in any format the engine reads (the API's input).

    An empty text is read like any other and gets the parser's message.
    """

    puzzle = forms.CharField(
        required=False,
        max_length=PASTE_MAX_LENGTH,
        strip=False,
        error_messages={
            "max_length": _(
                "The puzzle is too long (%(show_value)s characters; at most %(limit_value)s)."
            ),
        },
    )

    def clean(self):
        cleaned = super().clean()
        self._note_field_errors()
        if not self.has_error("puzzle"):
            grid = self._read_text("puzzle", cleaned.get("puzzle", ""))
            if grid is not None and self._accept_givens(grid):
                cleaned["grid"] = grid
        return cleaned


def _as_error(problem: Problem) -> ValidationError:
    """An engine problem as a form error, with its code and translated message."""
    return ValidationError(describe(problem), code=problem.code)


def _read_upload(upload, limit: int) -> str:
    """The text of an uploaded file of at most ``limit`` bytes.

    Raises ValidationError (``file_too_large``, or as ``_decode`` does).
    """
    data = upload.read(limit + 1)
    # The upload handler keeps only so many bytes: fewer than the size means cut short.
    if upload.size > limit or len(data) != upload.size:
        raise ValidationError(
            _("The file “%(name)s” is too large (%(size)s; at most %(limit)s)."),
            code="file_too_large",
            params={
                "name": upload.name,
                "size": filesizeformat(upload.size),
                "limit": filesizeformat(limit),
            },
        )
    return _decode(data, upload.name)


def _decode(data: bytes, name: str) -> str:
    """The text of an uploaded file: UTF-8 (with or without a byte-order mark) or
    UTF-16 with one, as Windows editors save. Raises ValidationError otherwise."""
    encoding = "utf-16" if data[:2] in (b"\xff\xfe", b"\xfe\xff") else "utf-8-sig"
    try:
        text = data.decode(encoding)
        if "\x00" in text:  # binary data, or UTF-16 without its byte-order mark
            raise UnicodeDecodeError(encoding, data, 0, 1, "NUL")
        return text
    except UnicodeDecodeError:
        raise ValidationError(
            _("The file “%(name)s” is not a text file: save the puzzle as plain text (UTF-8)."),
            code="not_text",
            params={"name": name},
        ) from None


MANY_COUNTED = 10_000  # a file's puzzles are counted up to this many


def _first_of_many(text: str) -> tuple[Grid | None, int]:
    """The first puzzle of a text that holds several, one after another, and
    how many it holds; (None, 0) if it does not hold several readable ones."""
    entries = read_entries(text.splitlines())
    try:
        head = list(islice(entries, 2))
        if len(head) < 2:
            return None, 0
        first = parse_puzzle(head[0].text, STANDARD)
        return first, 2 + sum(1 for _ in islice(entries, MANY_COUNTED))
    except (InputError, InvalidPuzzle):
        # Not a list of puzzles after all (e.g. one drawn puzzle too long to
        # read): the caller reports why the whole text could not be read.
        return None, 0


def _first_of(count: int) -> str:
    """The notice that only the first of a file's ``count`` puzzles was loaded."""
    return ngettext(
        "The file holds %(count)s puzzle; the first one is loaded.",
        "The file holds %(count)s puzzles; the first one is loaded.",
        count,
    ) % {"count": count}


# Batches: many puzzles, one a line, solved on the site as a stored job.

# Django refuses a request whose fields other than files exceed
# DATA_UPLOAD_MAX_MEMORY_SIZE (64 KB) of bytes with a bare 400, losing the
# text. A character is up to 4 bytes in UTF-8 (full-width digits are 3), so
# the paste box stays at a quarter of it (about 190 puzzles); larger batches
# come as a file.
BATCH_PASTE_MAX_LENGTH = 16_000
BATCH_FILE_TYPES = ".txt,.sdk,.csv,text/plain"  # what the batch page's file picker offers first

# What keeps a text from being a batch, said of a file (named) and of the paste box.
_FILE_ERRORS = {
    "no_puzzles": _("The file “%(name)s” holds no puzzles, only blank lines and # comments."),
    "too_many_puzzles": _(
        "The file “%(name)s” holds %(count)s puzzles; at most %(limit)s are solved together. "
        "Split it into smaller files."
    ),
}
_PASTE_ERRORS = {
    "no_puzzles": _("The pasted text holds no puzzles, only blank lines and # comments."),
    "too_many_puzzles": _(
        "The pasted text holds %(count)s puzzles; at most %(limit)s are solved together."
    ),
}


def batch_max_bytes() -> int:
    """The largest batch file, in bytes (``SUDOKU_BATCH_MAX_BYTES``, read when asked)."""
    return settings.SUDOKU_BATCH_MAX_BYTES


class LinesField(forms.CharField):
    """Text of many lines, each line break one ``\\n``: browsers send ``\\r\\n``
    but count it as one character, so the length checked is the one the page counted."""

    def to_python(self, value) -> str:
        return super().to_python(value).replace("\r\n", "\n")


class BatchForm(forms.Form):
    """Puzzles to solve together, one a line: pasted, or in an uploaded file.

    A file takes precedence over the paste box. A valid form has
    ``cleaned_data["text"]`` (the puzzles) and ``cleaned_data["name"]`` (the
    file's name, or ``PASTED``), and the text holds from one puzzle to
    ``SUDOKU_BATCH_MAX_PUZZLES``. Each error has a stable code and names the
    file (a page cannot keep a chosen file, so the message says which it was).
    """

    puzzles = LinesField(
        label=_("Or paste puzzles, one a line"),
        required=False,
        max_length=BATCH_PASTE_MAX_LENGTH,
        widget=forms.Textarea,
        error_messages={
            "max_length": _(
                "The pasted text is too long (%(show_value)s characters; at most "
                "%(limit_value)s). Save the puzzles in a file and choose it instead."
            ),
        },
    )
    file = forms.FileField(label=_("A file of puzzles"), required=False, allow_empty_file=True)

    def clean_file(self) -> str:
        """The uploaded file's text, or "" when none was sent."""
        upload = self.cleaned_data.get("file")
        if not upload:
            return ""
        if upload.size == 0:
            message = _("The file “%(name)s” is empty.")
            raise ValidationError(message, code="empty", params={"name": upload.name})
        return _read_upload(upload, batch_max_bytes())

    def clean(self):
        cleaned = super().clean()
        if self.errors:
            return cleaned
        upload = self.files.get("file")
        text = cleaned["file"] if upload else cleaned["puzzles"]
        if not upload and not text:
            message = _("There are no puzzles to solve: paste them, one a line, or choose a file.")
            self.add_error("puzzles", ValidationError(message, code="nothing_to_solve"))
            return cleaned
        refused = _batch_refusal(text)
        if refused:
            code, params = refused
            field, messages = ("file", _FILE_ERRORS) if upload else ("puzzles", _PASTE_ERRORS)
            params["name"] = upload.name if upload else ""
            self.add_error(field, ValidationError(messages[code], code=code, params=params))
            return cleaned
        cleaned["text"], cleaned["name"] = text, upload.name if upload else PASTED
        return cleaned


def _batch_refusal(text: str) -> tuple[str, dict] | None:
    """The error code and parameters of what keeps ``text`` from being a batch,
    or None when it can be one."""
    try:
        batch_entries(text)
    except NoPuzzles:
        return "no_puzzles", {}
    except TooManyPuzzles as many:
        return "too_many_puzzles", {
            "count": number_format(many.count, force_grouping=True),
            "limit": number_format(many.limit, force_grouping=True),
        }
    return None
