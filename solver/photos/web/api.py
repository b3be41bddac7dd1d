"""``POST /api/read``: a photo or a screenshot of a 9x9 puzzle, read into its
text, with how sure the reader is of each cell and what to check.

The image comes as ``multipart/form-data`` in the field ``image``; it is
refused by its size before it is decoded (``forms``), and the upload handler
keeps no more of it than the limit (``core.uploads``). Nothing is solved
here beyond the reader's own check: the reply says what was read.
"""

from __future__ import annotations

from functools import wraps

from django.http import HttpRequest
from django.utils.translation import gettext as _
from ninja import Router
from ninja.decorators import decorate_view

from ...api.errors import failure
from ...api.schemas import Failure
from ...core.issues import Issue
from ...core.uploads import kept_bytes_for
from .. import MAX_BYTES, Reading
from .forms import FIELD, PhotoForm
from .schemas import PhotoRead, cell_json, changes_json

router = Router(tags=["photos"])

MULTIPART = "multipart/form-data"
REQUEST_BODY = {
    "required": True,
    "content": {
        MULTIPART: {
            "schema": {
                "type": "object",
                "properties": {
                    FIELD: {
                        "type": "string",
                        "format": "binary",
                        "description": "The image: a photo or a screenshot (JPEG, PNG ...), "
                        f"at most {MAX_BYTES:,} bytes.",
                    }
                },
                "required": [FIELD],
            }
        }
    },
}


def require_multipart(run):
    """Decorate an operation so that a body sent as anything but multipart
    gets 415, and the image's bytes kept in memory stay within ``MAX_BYTES``."""

    @wraps(run)
    def checked(request: HttpRequest, *args, **kwargs):
        if (request.content_type or "").lower() != MULTIPART:
            message = _("Send the image as multipart/form-data, in the field “image”.")
            return failure(415, [Issue("unsupported_media_type", message)])
        kept_bytes_for(request, lambda: MAX_BYTES)  # before the body is read
        return run(request, *args, **kwargs)

    return checked


@router.post(
    "/read",
    response={200: PhotoRead, 400: Failure, 413: Failure, 415: Failure, 503: Failure},
    operation_id="readPhoto",
    summary="Read a puzzle from a photo",
    openapi_extra={"requestBody": REQUEST_BODY},
)
@decorate_view(require_multipart)
def read(request: HttpRequest):
    """The 9x9 puzzle in a photo or a screenshot, as text, with the reader's
    confidence in each cell, the cells to check, and the cells its solver
    check changed; 400 (``no_image``, ``not_an_image``, ``too_large``,
    ``too_small``, ``unsupported``, ``too_costly``, ``no_grid``) when it cannot
    be read, or ``two_images`` for two files in ``image``; 503 (``not_ready``)
    while this server's reader is not built."""
    form = PhotoForm(request.POST, request.FILES)
    if not form.is_valid():
        return failure(503 if form.has_error(FIELD, "not_ready") else 400, form.issues)
    return reading_json(form.cleaned_data["reading"])


def reading_json(reading: Reading) -> dict:
    """The reply for ``reading`` (``schemas.PhotoRead``)."""
    return {
        "puzzle": reading.puzzle,
        "confidence": [round(value, 3) for value in reading.confidence],
        "doubtful": [cell_json(index) for index in reading.doubtful],
        "changed": changes_json(reading),
        "verdict": reading.verdict,
        "corners": [[round(x, 1), round(y, 1)] for x, y in reading.corners],
        "seconds": round(reading.seconds, 3),
    }
