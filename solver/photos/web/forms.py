"""A photo of a puzzle, validated into the reader's ``Reading``.

The one form both the API (``/api/read``) and the entry page's upload
(``/photo``) use, so both give the same codes and messages:

- ``no_image``: no file in the field ``image``;
- ``too_large``: over the reader's ``MAX_BYTES`` (checked here by the size
  the upload handler recorded, before anything is decoded) or ``MAX_PIXELS``;
- ``not_an_image``: not a picture the reader can decode;
- ``too_small``: a picture too small or too narrow to hold a grid;
- ``unsupported``: a picture of a kind no phone or screenshot makes
  (animated, CMYK, a JPEG in dozens of scans);
- ``too_costly``: a picture whose reading went past the reader's bounds of
  time or memory (``solver.photos.bounded``);
- ``no_grid``: a picture, but no 9x9 grid found in it;
- ``not_ready``: the reader's classifier is not built on this server
  (``solver.photos.ReaderNotReady``), which the API answers with 503;
- ``two_images``: more than one file sent: two in ``image``, or on the
  page an image chosen and a photo taken.

The reader's own messages are English; each code gets the site's message in
the reader's language here (``message_for``). A valid form has
``cleaned_data["reading"]``.
"""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.template.defaultfilters import filesizeformat
from django.utils.translation import gettext

from ...core.issues import Issue
from .. import MAX_BYTES, MAX_PIXELS, MIN_SIDE, PhotoError, ReaderNotReady

FIELD = "image"
CODES = (
    "no_image",
    "too_large",
    "not_an_image",
    "too_small",
    "unsupported",
    "too_costly",
    "no_grid",
    "not_ready",
    "two_images",
)


def limits() -> dict[str, str]:
    """The reader's limits as the messages write them: ``10.0 MB``, ``40``, ``90``."""
    return {
        "limit": filesizeformat(MAX_BYTES),
        "megapixels": f"{MAX_PIXELS / 1e6:g}",
        "side": str(MIN_SIDE),
    }


def message_for(code: str) -> str:
    """The message for a photo's problem ``code``, in the active language."""
    messages = {
        "no_image": gettext("Choose an image: a photo or a screenshot of the puzzle."),
        "too_large": gettext(
            "The image is too large: at most %(limit)s and %(megapixels)s megapixels."
        ),
        "not_an_image": gettext(
            "This file is not an image that can be read: choose a photo or a screenshot "
            "(JPEG or PNG)."
        ),
        "too_small": gettext(
            "The image is too small or too narrow to hold a 9×9 grid: take the whole grid, "
            "at least %(side)s pixels a side."
        ),
        "unsupported": gettext(
            "This image is of a kind phones and screenshots do not make (animated, in "
            "printing colours, or in too many passes): choose a photo or a screenshot."
        ),
        "too_costly": gettext(
            "Reading this image took more time or memory than the server allows: choose "
            "a smaller photo or a screenshot of the puzzle."
        ),
        "no_grid": gettext(
            "No 9×9 grid was found in the image: take the whole grid, flat, in focus and "
            "well lit, or paste a screenshot."
        ),
        "not_ready": gettext(
            "This server cannot read photos yet: its photo reader is not built "
            "(“make photos-model”). Type the puzzle or paste it instead."
        ),
        "two_images": gettext("Two images were sent: choose an image or take a photo, not both."),
    }
    return messages[code] % limits() if code in ("too_large", "too_small") else messages[code]


class PhotoForm(forms.Form):
    """One image in the field ``image``, read by the photo reader.

    After validation, ``issues`` holds the problem (one at most) with its
    stable code; a valid form has ``cleaned_data["reading"]``.
    """

    image = forms.FileField(required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.issues: list[Issue] = []

    def clean(self):
        cleaned = super().clean()
        try:
            cleaned["reading"] = read(self._image_bytes(cleaned.get(FIELD)))
        except PhotoError as error:
            self._refuse(error.code if error.code in CODES else "no_grid")
        except ReaderNotReady:
            self._refuse("not_ready")
        except ValidationError as error:
            self._refuse(error.code)
        return cleaned

    def _image_bytes(self, upload) -> bytes:
        """The upload's bytes; ValidationError when there is none or it is too large.

        The size is the one the upload handler recorded, so a file past the
        limit is refused without its bytes ever being kept."""
        if not upload:
            raise ValidationError("", code="no_image")
        if len(self.files.getlist(FIELD)) > 1:  # else the last would be read, unsaid
            raise ValidationError("", code="two_images")
        if upload.size > MAX_BYTES:
            raise ValidationError("", code="too_large")
        data = upload.read(MAX_BYTES + 1)
        if len(data) != upload.size:  # cut short by the upload handler
            raise ValidationError("", code="too_large")
        return data

    def _refuse(self, code: str) -> None:
        message = message_for(code)
        self.add_error(FIELD, ValidationError(message, code=code))
        self.issues.append(Issue(code, message, (), FIELD))


def read(data: bytes):
    """The reader's Reading of ``data`` (``solver.photos.read_photo``), imported
    at the first read so that OpenCV loads only in a process that reads photos."""
    from .. import read_photo

    return read_photo(data)
