"""Images made to hurt a reader, built in code for the tests and the benchmark
(no such file is kept): each is what an attacker sent the site (issue 37), or
its small twin. The reader must refuse each with a clear ``PhotoError``, or
read it, within its bounds (``header``, ``bounded``).

- ``progressive_jpeg``: a JPEG of any size written marker by marker, its
  coefficients all zero, in as many scans as asked: the scan bomb (6320 x 6320
  grey, 20,000 scans, 1.4 MB) and the CMYK progressive one.
- ``exif_flood_png``: a PNG whose ``eXIf`` chunk holds 65,535 broken tags.
- ``blank_png``: a white PNG of any shape (the thin ones: 30000 x 10, 8000 x 7).
- ``with_broken_exif``: a JPEG with an ``Exif`` block that is no TIFF header.
- ``animated_webp``: a WebP of several frames.
"""

from __future__ import annotations

import io
import struct
import zlib

import cv2
import numpy as np
from PIL import Image

SCAN_BOMB = {"width": 6320, "height": 6320, "components": 1, "scans": 20_000}
EOB_RUN = 1 << 14  # the blocks one EOB14 code skips, with its 14 extra bits all 0


def progressive_jpeg(width: int, height: int, components: int = 1, scans: int = 1) -> bytes:
    """A progressive JPEG, every coefficient 0 (a mid-grey page), in one DC scan
    and ``scans`` AC scans of each component; four components are CMYK (Adobe).
    No pixel is encoded: each scan is a few dozen bytes, whatever the size."""
    blocks = -(-width // 8) * -(-height // 8)
    parts = [b"\xff\xd8", _segment(0xDB, b"\x00" + b"\x01" * 64)]  # quantisation: all 1
    if components == 4:
        parts.append(_segment(0xEE, b"Adobe\x00\x64\x00\x00\x00\x00\x00"))  # transform 0
    sof = struct.pack(">BHHB", 8, height, width, components)
    sof += b"".join(bytes((index + 1, 0x11, 0)) for index in range(components))
    parts.append(_segment(0xC2, sof))
    # One Huffman code each, "0": DC difference 0, and EOB14 (an end-of-band run).
    parts.append(_segment(0xC4, b"\x00" + _one_code(0x00) + b"\x10" + _one_code(0xE0)))
    dc = bytes((components,)) + b"".join(bytes((i + 1, 0x00)) for i in range(components))
    parts += [_segment(0xDA, dc + b"\x00\x00\x00"), _entropy("0" * blocks * components)]
    runs = "0" + "0" * 14  # EOB14 and its extra bits: 16,384 blocks with no AC coefficient
    for index in range(scans * components):
        header = bytes((1, index % components + 1, 0x00, 1, 63, 0))
        parts += [_segment(0xDA, header), _entropy(runs * -(-blocks // EOB_RUN))]
    return b"".join(parts) + b"\xff\xd9"


def _segment(marker: int, payload: bytes) -> bytes:
    return bytes((0xFF, marker)) + struct.pack(">H", len(payload) + 2) + payload


def _one_code(symbol: int) -> bytes:
    """A Huffman table's counts (one code of length 1) and its one symbol."""
    return b"\x01" + b"\x00" * 15 + bytes((symbol,))


def _entropy(bits: str) -> bytes:
    """``bits`` as entropy-coded bytes: padded with 1s, each 0xFF stuffed with 0x00."""
    bits += "1" * (-len(bits) % 8)
    data = int(bits, 2).to_bytes(len(bits) // 8, "big") if bits else b""
    return data.replace(b"\xff", b"\xff\x00")


def blank_png(width: int, height: int) -> bytes:
    """A white grey PNG of ``width`` x ``height``."""
    return cv2.imencode(".png", np.full((height, width), 255, np.uint8))[1].tobytes()


def exif_flood_png(width: int = 640, height: int = 480, tags: int = 65_535) -> bytes:
    """A white PNG with an ``eXIf`` chunk of ``tags`` entries (up to 65,535), each
    of its own tag and larger than the file (Pillow warns of each, in words of
    its own, so that even a "once" filter prints them all: "Tag data larger
    than file. Skipping tag 1", ...)."""
    entry = ">HHII"  # tag, type (LONG), count (2**28 values: a gigabyte), offset
    entries = b"".join(struct.pack(entry, tag, 4, 1 << 28, 8) for tag in range(1, tags + 1))
    exif = b"MM\x00\x2a\x00\x00\x00\x08" + struct.pack(">H", tags) + entries + b"\0\0\0\0"
    png = blank_png(width, height)
    end_of_header = 8 + 8 + 13 + 4  # the signature, then IHDR's length, type, data and CRC
    return png[:end_of_header] + _png_chunk(b"eXIf", exif) + png[end_of_header:]


def _png_chunk(kind: bytes, payload: bytes) -> bytes:
    crc = zlib.crc32(kind + payload) & 0xFFFFFFFF
    return struct.pack(">I", len(payload)) + kind + payload + struct.pack(">I", crc)


def with_broken_exif(jpeg: bytes) -> bytes:
    """``jpeg`` with an APP1 ``Exif`` block first whose body is no TIFF header
    (Pillow's ``getexif`` raises SyntaxError on it)."""
    return jpeg[:2] + _segment(0xE1, b"Exif\x00\x00not a TIFF header at all") + jpeg[2:]


def animated_webp(width: int = 640, height: int = 480, frames: int = 3) -> bytes:
    """A lossless WebP of ``frames`` frames, each a shade darker."""
    shots = [Image.new("L", (width, height), 255 - 40 * index) for index in range(frames)]
    buffer = io.BytesIO()
    shots[0].save(buffer, "WEBP", save_all=True, append_images=shots[1:], lossless=True)
    return buffer.getvalue()
