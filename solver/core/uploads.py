"""Uploads kept in memory, never more than a bounded number of bytes, and read as text.

Django spools a large upload to a temporary file, however large. A puzzle
file is a few hundred bytes, so this handler keeps at most one byte more than
the view's limit of each file in memory and drops the rest, while still
recording the file's full size: the form then refuses the file by its size,
and every other field of the request (the cells typed so far) is read as usual.

The limit is ``FILE_MAX_BYTES`` unless the view says otherwise with
``upload_limit`` (the batch page takes files of thousands of puzzles), or
the request itself with ``kept_bytes_for`` (an API operation, whose view is
django-ninja's, one for every operation at its address). The handler finds
the view through ``request.resolver_match``: Django resolves the address
before any view middleware runs, and handlers are made only when the body is
first read, by the CSRF check at the earliest.
"""

from __future__ import annotations

from collections.abc import Callable
from io import BytesIO
from typing import TypeVar

from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import InMemoryUploadedFile
from django.core.files.uploadhandler import FileUploadHandler
from django.http import HttpRequest
from django.template.defaultfilters import filesizeformat
from django.utils.translation import gettext_lazy as _

FILE_MAX_BYTES = 64 * 1024  # a puzzle file is a few hundred bytes; a collection may be longer

View = TypeVar("View", bound=Callable)


def upload_limit(max_bytes: Callable[[], int]) -> Callable[[View], View]:
    """Mark a view whose uploaded files may be up to ``max_bytes()`` bytes.

    ``max_bytes`` is called for each request, so a setting can give it.
    """

    def mark(view: View) -> View:
        view.upload_max_bytes = max_bytes
        return view

    return mark


def kept_bytes_for(request: HttpRequest, max_bytes: Callable[[], int]) -> None:
    """Let ``request``'s uploaded files be up to ``max_bytes()`` bytes; called
    before its body is read."""
    request.upload_max_bytes = max_bytes


def kept_bytes(request: HttpRequest | None) -> int:
    """How many bytes of a file to keep for ``request``: one more than its own
    limit (``kept_bytes_for``) or else its view's, which tells the form the
    file is too large."""
    view = getattr(getattr(request, "resolver_match", None), "func", None)
    max_bytes = getattr(request, "upload_max_bytes", None) or getattr(
        view, "upload_max_bytes", None
    )
    return (max_bytes() if max_bytes else FILE_MAX_BYTES) + 1


class BoundedMemoryUploadHandler(FileUploadHandler):
    """Each uploaded file in memory, cut at ``kept_bytes``; its ``size`` is the full size."""

    def new_file(self, *args, **kwargs) -> None:
        super().new_file(*args, **kwargs)
        self.kept = BytesIO()
        self.keep = kept_bytes(self.request)

    def receive_data_chunk(self, raw_data: bytes, start: int) -> None:
        room = self.keep - self.kept.tell()
        if room > 0:
            self.kept.write(raw_data[:room])
        # Returning None tells Django that no later handler needs this chunk.

    def file_complete(self, file_size: int) -> InMemoryUploadedFile:
        self.kept.seek(0)
        return InMemoryUploadedFile(
            file=self.kept,
            field_name=self.field_name,
            name=self.file_name,
            content_type=self.content_type,
            size=file_size,
            charset=self.charset,
            content_type_extra=self.content_type_extra,
        )


def read_upload(upload, limit: int) -> str:
    """The text of an uploaded file of at most ``limit`` bytes.

    Raises ValidationError (``file_too_large``, or as ``decode`` does).
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
    return decode(data, upload.name)


def decode(data: bytes, name: str) -> str:
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
