"""The batch form: many puzzles, one a line, pasted or in a file, checked before they are stored."""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.core.exceptions import ValidationError
from django.utils.formats import number_format
from django.utils.translation import gettext_lazy as _

from ..core.uploads import read_upload
from .models import PASTED
from .store import NoPuzzles, TooManyPuzzles, batch_entries

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
        sent = len(getattr(self.files, "getlist", lambda _: [upload])("file"))
        if sent > 1:  # the page's file input takes one: a crafted form
            message = _("Choose one file of puzzles: %(count)s were sent.")
            raise ValidationError(message, code="several_files", params={"count": sent})
        if upload.size == 0:
            message = _("The file “%(name)s” is empty.")
            raise ValidationError(message, code="empty", params={"name": upload.name})
        return read_upload(upload, batch_max_bytes())

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
