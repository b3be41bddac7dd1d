"""The images made to hurt the reader (``solver.photos.hostile``, the attacks of
issue 37) are each refused with their PhotoError, or read, by ``read_photo``:
the refused ones from their header, before any pixel is decoded; silently;
and with the header's rules left out, the child's CPU limit still ends a bomb."""

import logging

import pytest

from solver.photos import PhotoError, bounded, hostile, image, read_photo
from solver.photos import header as image_header
from tests.support.budgets import OUT_OF_REACH
from tests.support.photos import REFUSED, drawn


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


def test_the_scan_bomb_unscreened_is_ended_by_the_childs_cpu_limit(monkeypatch):
    """The backstop alone: with the header's rules left out, libjpeg decodes
    the bomb's 20,000 scans (40 s at 2 ms a scan) until the kernel ends it."""
    monkeypatch.setattr(image, "screen", image_header.read_header)
    monkeypatch.setattr(bounded, "CPU_SECONDS", 1)
    monkeypatch.setattr(bounded, "WALL_SECONDS", OUT_OF_REACH)
    with pytest.raises(PhotoError) as raised:
        read_photo(hostile.progressive_jpeg(**hostile.SCAN_BOMB))
    assert raised.value.code == "too_costly"
