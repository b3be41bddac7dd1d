"""An upload is refused early, with a stable code, when it is no image or too large."""

import io

import numpy as np
import pytest
from PIL import Image

from solver.photos import MAX_BYTES, MAX_PIXELS, PhotoError, read_photo
from solver.photos.hostile import blank_png
from solver.photos.image import decode


@pytest.mark.parametrize("data", [b"", b"hello, world", b"\x89PNG\r\n\x1a\n" + b"\0" * 40])
def test_bytes_that_are_no_image_are_not_an_image(data):
    with pytest.raises(PhotoError) as raised:
        read_photo(data)
    assert raised.value.code == "not_an_image"


def test_a_file_over_max_bytes_is_too_large_before_it_is_read():
    with pytest.raises(PhotoError) as raised:
        read_photo(b"\xff\xd8" + b"\0" * MAX_BYTES)
    assert raised.value.code == "too_large"


def test_an_image_over_max_pixels_is_too_large_though_its_file_is_small():
    side = int(MAX_PIXELS**0.5) + 10
    data = blank_png(side, side)  # a blank PNG compresses to a few kilobytes
    assert len(data) < MAX_BYTES
    with pytest.raises(PhotoError) as raised:
        decode(data)
    assert raised.value.code == "too_large"


def test_a_blank_page_has_no_grid():
    with pytest.raises(PhotoError) as raised:
        read_photo(blank_png(640, 480))
    assert raised.value.code == "no_grid"


def test_the_message_is_an_english_sentence():
    with pytest.raises(PhotoError) as raised:
        read_photo(b"hello")
    assert str(raised.value).endswith(".")
    assert str(raised.value)[0].isupper()


@pytest.mark.parametrize("kind", ["JPEG", "PNG", "WEBP"])
@pytest.mark.parametrize(("orientation", "turn"), [(3, 2), (6, -1), (8, 1)])
def test_a_photo_is_turned_upright_as_its_exif_orientation_says(kind, orientation, turn):
    stored = np.zeros((120, 180), np.uint8)
    stored[:30, :60] = 255  # a bright corner, top-left as stored
    buffer = io.BytesIO()
    exif = Image.Exif()
    exif[0x0112] = orientation
    Image.fromarray(stored).save(buffer, kind, exif=exif, quality=95)
    photo = decode(buffer.getvalue())
    expected = np.rot90(stored, turn)  # anticlockwise quarter turns, as a browser shows it
    assert photo.grey.shape == expected.shape
    assert (photo.width, photo.height) == (expected.shape[1], expected.shape[0])
    assert np.abs(photo.grey.astype(int) - expected).mean() < 10
