"""Uploads kept in memory, and never more than a bounded number of bytes.

Django spools a large upload to a temporary file, however large. A puzzle
file is a few hundred bytes, so this handler keeps at most ``KEPT_BYTES`` of
each file in memory and drops the rest, while still recording the file's
full size: the form then refuses the file by its size, and every other field
of the request (the cells typed so far) is read as usual.
"""

from __future__ import annotations

from io import BytesIO

from django.core.files.uploadedfile import InMemoryUploadedFile
from django.core.files.uploadhandler import FileUploadHandler

from .forms import FILE_MAX_BYTES

KEPT_BYTES = FILE_MAX_BYTES + 1  # one byte more than allowed tells the form it is too large


class BoundedMemoryUploadHandler(FileUploadHandler):
    """Each uploaded file in memory, cut at ``KEPT_BYTES``; its ``size`` is the full size."""

    def new_file(self, *args, **kwargs) -> None:
        super().new_file(*args, **kwargs)
        self.kept = BytesIO()

    def receive_data_chunk(self, raw_data: bytes, start: int) -> None:
        room = KEPT_BYTES - self.kept.tell()
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
