"""The header's screen refuses, before any pixel is decoded, what no phone or
screenshot writes, and passes what they do; an unreadable header is no image."""

import io
import struct
from dataclasses import replace

import cv2
import numpy as np
import pytest
from PIL import Image

from solver.photos import PhotoError, hostile
from solver.photos.header import (
    MAX_ASPECT,
    MAX_DECODE_BYTES,
    MAX_SCANS,
    MAX_SEGMENTS,
    MIN_SIDE,
    read_header,
    screen,
)


def _saved(image: Image.Image, kind: str, **options) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, kind, **options)
    return buffer.getvalue()


def _refused(data: bytes) -> str:
    with pytest.raises(PhotoError) as raised:
        screen(data)
    return raised.value.code


GREY = np.full((300, 400), 200, np.uint8)


@pytest.mark.parametrize("suffix", [".jpg", ".png", ".webp", ".bmp"])
def test_each_format_gives_its_size(suffix):
    header = screen(cv2.imencode(suffix, GREY)[1].tobytes())
    assert (header.width, header.height) == (400, 300)
    assert header.frames == 1


def test_a_progressive_jpeg_of_the_usual_script_passes_with_its_scans_counted():
    photo = Image.fromarray(np.dstack([GREY] * 3))
    header = screen(_saved(photo, "JPEG", progressive=True))
    assert header.progressive
    assert 1 < header.scans <= 10  # libjpeg's script for colour


def test_a_jpeg_of_more_than_max_scans_is_unsupported_and_of_max_scans_passes():
    assert screen(hostile.progressive_jpeg(400, 300, scans=MAX_SCANS - 1)).scans == MAX_SCANS
    assert _refused(hostile.progressive_jpeg(400, 300, scans=MAX_SCANS)) == "unsupported"


def test_the_scan_bomb_is_unsupported_from_its_markers_alone():
    bomb = hostile.progressive_jpeg(**hostile.SCAN_BOMB)
    assert len(bomb) < 2 * 2**20  # 1.7 MB: far within MAX_BYTES
    assert _refused(bomb) == "unsupported"


def test_the_walk_of_a_jpegs_markers_stops_at_max_segments():
    """Thousands of empty comments would take the walk as long as a decode."""
    comments = b"\xff\xfe\x00\x02" * (MAX_SEGMENTS + 1)
    data = hostile.progressive_jpeg(400, 300)
    assert _refused(data[:2] + comments + data[2:]) == "unsupported"


@pytest.mark.parametrize(
    "size", [(30000, 10), (10, 30000), (8000, 7), (MIN_SIDE - 1, 500), (MAX_ASPECT * 100 + 1, 100)]
)
def test_a_side_too_short_or_too_thin_for_a_grid_is_too_small(size):
    assert _refused(hostile.blank_png(*size)) == "too_small"


@pytest.mark.parametrize("size", [(MIN_SIDE, MIN_SIDE), (MAX_ASPECT * 100, 100)])
def test_the_smallest_and_narrowest_shapes_that_can_hold_a_grid_pass(size):
    assert (screen(hostile.blank_png(*size)).width, screen(hostile.blank_png(*size)).height) == size


def test_a_cmyk_jpeg_is_unsupported_progressive_or_not():
    cmyk = Image.new("CMYK", (400, 300), (0, 0, 0, 40))
    assert _refused(_saved(cmyk, "JPEG", progressive=True)) == "unsupported"
    assert _refused(_saved(cmyk, "JPEG")) == "unsupported"
    assert _refused(hostile.progressive_jpeg(5000, 5000, components=4)) == "unsupported"


def test_an_animated_webp_or_png_is_unsupported_and_a_still_one_passes():
    assert _refused(hostile.animated_webp()) == "unsupported"
    frames = [Image.new("L", (400, 300), shade) for shade in (255, 128)]
    apng = _saved(frames[0], "PNG", save_all=True, append_images=frames[1:])
    assert _refused(apng) == "unsupported"
    assert screen(hostile.animated_webp(frames=1)).frames == 1


def test_a_progressive_jpeg_counts_its_components_against_the_memory_bound():
    """Its coefficients are kept whole, however reduced the decode: 36 MP in
    three full-size components is 276 MB; the same frame in one pass decodes
    at an eighth and passes."""
    progressive = hostile.progressive_jpeg(6000, 6000, components=3)
    assert read_header(progressive).decode_bytes > MAX_DECODE_BYTES
    assert _refused(progressive) == "too_large"
    baseline = progressive.replace(b"\xff\xc2", b"\xff\xc0", 1)
    assert screen(baseline).decode_bytes < MAX_DECODE_BYTES // 10


def test_a_webp_counts_its_bands():
    """OpenCV decodes it whole in colour before making it grey."""
    vp8x = struct.pack("<4sI", b"VP8X", 10) + b"\x10\0\0\0" + (7999).to_bytes(3, "little") * 2
    data = b"RIFF" + struct.pack("<I", 4 + len(vp8x)) + b"WEBP" + vp8x
    assert read_header(data).pixels <= 64_000_000
    assert _refused(data) == "too_large"


def test_a_broken_exif_block_gives_no_orientation():
    photo = hostile.with_broken_exif(cv2.imencode(".jpg", GREY)[1].tobytes())
    assert screen(photo).orientation == 1


def test_an_exif_flood_is_read_for_its_orientation_without_a_warning(recwarn):
    assert screen(hostile.exif_flood_png()).orientation == 1
    assert len(recwarn) == 0


@pytest.mark.parametrize("suffix", [".jpg", ".png", ".webp", ".bmp"])
def test_a_header_cut_short_anywhere_is_not_an_image(suffix):
    """Cut anywhere, a file's header is either all there (a JPEG's scans
    counted as far as they go), or no image."""
    whole = cv2.imencode(suffix, GREY)[1].tobytes()
    told = read_header(whole)
    whole_from, codes = [], set()
    for length in range(min(len(whole), 400)):
        try:
            header = read_header(whole[:length])
        except PhotoError as error:
            codes.add(error.code)
            continue
        assert replace(header, scans=told.scans) == told, length
        whole_from.append(length)
    assert codes == {"not_an_image"}
    assert min(whole_from) >= 25  # the shortest header of the four: a lossless WebP's
