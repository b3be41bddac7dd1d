"""The images made to hurt the reader (``solver.photos.hostile``, the attacks of
issue 37) are each refused with their PhotoError, or read, by ``read_photo``:
refused from their header before any pixel is decoded, silent, in bounds."""

import logging

import pytest

from solver.photos import PhotoError, hostile, image, read_photo
from tests.support.photos import drawn

REFUSED = {
    "the scan bomb": (lambda: hostile.progressive_jpeg(**hostile.SCAN_BOMB), "unsupported"),
    "30000x10": (lambda: hostile.blank_png(30000, 10), "too_small"),
    "10x30000": (lambda: hostile.blank_png(10, 30000), "too_small"),
    "8000x7": (lambda: hostile.blank_png(8000, 7), "too_small"),
    "a CMYK progressive JPEG": (
        lambda: hostile.progressive_jpeg(5000, 5000, components=4),
        "unsupported",
    ),
    "an animated WebP": (hostile.animated_webp, "unsupported"),
}


@pytest.fixture
def no_decode(monkeypatch):
    """OpenCV's decoder made to fail the test if it is called: the header refused it."""

    def imdecode(*args):
        raise AssertionError("decoded")

    monkeypatch.setattr(image.cv2, "imdecode", imdecode)


@pytest.mark.parametrize("name", REFUSED)
def test_each_attack_is_refused_with_its_code_before_it_is_decoded(name, no_decode):
    make, code = REFUSED[name]
    with pytest.raises(PhotoError) as raised:
        read_photo(make())
    assert raised.value.code == code


def test_the_exif_flood_is_read_silently_every_time(capfd, caplog):
    """Pillow warns of each of its 65,535 tags; the reader never asks Pillow,
    and a warning in the read's child would go nowhere."""
    caplog.set_level(logging.DEBUG)
    flood = hostile.exif_flood_png()
    for _ in range(2):
        with pytest.raises(PhotoError) as raised:
            read_photo(flood)
        assert raised.value.code == "no_grid"  # a blank page: read, and no grid in it
    assert capfd.readouterr() == ("", "")
    assert caplog.records == []


def test_a_photo_whose_exif_block_is_no_tiff_header_is_read_as_stored():
    photo = drawn()[0]  # a JPEG
    reading = read_photo(hostile.with_broken_exif(photo.data))
    assert reading.puzzle == photo.puzzle
