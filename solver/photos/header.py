"""What an image's header says, read before any pixel is decoded, and the screen
that refuses what no phone or screenshot writes.

Each format's header is walked here, a few dozen bytes (a JPEG's markers,
its scans among them), and not by Pillow: Pillow opening a WebP allocates
two canvases of its full size, and its EXIF parser warns once per broken
tag and raises whatever its parsing meets (SyntaxError, struct.error ...).
Bytes that are no JPEG, PNG, WebP or BMP header are "not_an_image"; an EXIF
block that cannot be read gives no orientation, as a browser shows such a
photo: as stored.

The screen (``screen``) bounds the work and the memory a decode can take,
from the header alone: the decoders themselves have no such bounds
(libjpeg runs each of a JPEG's scans over its whole coefficient buffer,
however many scans there are).
"""

from __future__ import annotations

import re
import struct
from dataclasses import dataclass

from .reading import MAX_PIXELS, PhotoError

# A grid needs this many pixels a side to show its 81 cells (10 pixels a cell).
MIN_SIDE = 90
# The longest side over the shortest: a grid covering ``grid.MIN_SHARE`` (8%) of
# the image fits in nothing narrower than 1 to 12.5; 12 keeps a margin.
MAX_ASPECT = 12
# libjpeg's own progressive script has 10 scans (6 in grey), mozjpeg's up to
# about 20; each more is one more pass over the whole image.
MAX_SCANS = 64
MAX_SEGMENTS = 1_000  # a header's markers or chunks walked, at most (phones write ~20)
# The most memory a decode may take by the header's reckoning (``decode_bytes``).
MAX_DECODE_BYTES = 160 * 2**20
COEFFICIENT_BYTES = 128  # an 8x8 block of 16-bit coefficients, which a progressive JPEG keeps
# Past this many pixels on its longer side an image is decoded reduced (by 2, 4
# or 8): a grid needs no more than about 1,000 pixels to read its digits.
WORKING_SIDE = 1000
REDUCTIONS = (8, 4, 2)

ORIENTATION_TAG = 0x0112  # EXIF's
SOF = frozenset(range(0xC0, 0xD0)) - {0xC4, 0xC8, 0xCC}  # a JPEG's frame headers
PROGRESSIVE = frozenset({0xC2, 0xC6, 0xCA, 0xCE})
STANDALONE = frozenset({0x01, *range(0xD0, 0xD8)})  # markers with no length
# The next marker: 0xFF (and fill bytes) then anything but a stuffed 0 or a restart.
NEXT_MARKER = re.compile(rb"\xff+([^\x00\xff\xd0-\xd7])")


@dataclass(frozen=True)
class Header:
    """An image as its header describes it. ``bands``: the components stored
    (1 grey, 3 colour, 4 with alpha or CMYK); ``scans``: a JPEG's (1 for the
    others); ``blocks``: a JPEG's 8x8 blocks, over all its components."""

    kind: str
    width: int
    height: int
    bands: int = 3
    frames: int = 1
    scans: int = 1
    progressive: bool = False
    blocks: int = 0
    cmyk: bool = False
    orientation: int = 1

    @property
    def pixels(self) -> int:
        return self.width * self.height

    @property
    def reduction(self) -> int:
        """The factor the image is decoded reduced by: the longer side is kept
        at WORKING_SIDE or more (1: decoded at full size)."""
        longer = max(self.width, self.height)
        return next((factor for factor in REDUCTIONS if longer // factor >= WORKING_SIDE), 1)

    @property
    def decode_bytes(self) -> int:
        """The memory decoding it grey takes, about: a JPEG scales in its DCT,
        but keeps every coefficient when progressive; the other formats decode
        in full, in their bands, before they are made grey and reduced."""
        if self.kind == "JPEG":
            buffer = COEFFICIENT_BYTES * self.blocks if self.progressive else 0
            return buffer + self.pixels // self.reduction**2
        return self.pixels * (self.bands + 1)


def screen(data: bytes) -> Header:
    """The header of ``data`` if decoding it is bounded; otherwise PhotoError,
    the first that applies of: "not_an_image" (no header of the four formats),
    "unsupported" (animated, CMYK, or a JPEG of more than MAX_SCANS scans or
    MAX_SEGMENTS markers),
    "too_large" (past MAX_PIXELS or MAX_DECODE_BYTES), "too_small" (a side
    under MIN_SIDE, or narrower than 1 to MAX_ASPECT)."""
    header = read_header(data)
    if header.frames > 1:
        raise PhotoError("unsupported", "The image is animated.")
    if header.cmyk:
        raise PhotoError("unsupported", "The image is in CMYK, for printing.")
    if header.scans > MAX_SCANS:
        raise PhotoError("unsupported", f"The JPEG has more than {MAX_SCANS} scans.")
    if header.pixels > MAX_PIXELS:
        raise PhotoError("too_large", f"The image has more than {MAX_PIXELS:,} pixels.")
    if header.decode_bytes > MAX_DECODE_BYTES:
        raise PhotoError("too_large", "Decoding the image would take too much memory.")
    shorter, longer = sorted((header.width, header.height))
    if shorter < MIN_SIDE or longer > MAX_ASPECT * shorter:
        raise PhotoError("too_small", "The image is too small or too narrow to hold a grid.")
    return header


def read_header(data: bytes) -> Header:
    """The header of ``data``; PhotoError "not_an_image" if it is none of a JPEG,
    PNG, WebP or BMP, or is cut short."""
    readers = {b"\xff\xd8": _jpeg, b"\x89P": _png, b"RI": _webp, b"BM": _bmp}
    reader = readers.get(data[:2])
    try:
        header = reader(data) if reader else None
    except (struct.error, IndexError, ValueError):
        header = None  # cut short, or a length that points past the end
    if header is None or header.width < 1 or header.height < 1:
        raise PhotoError("not_an_image", "The file is not a JPEG, PNG, WebP or BMP image.")
    return header


def _jpeg(data: bytes) -> Header | None:
    """A JPEG's frame header, scans (counted up to one past MAX_SCANS) and EXIF,
    walking its markers to the first end of image (an MPO's first picture);
    PhotoError "unsupported" past MAX_SEGMENTS markers."""
    frame, exif, adobe, scans, position = None, b"", None, 0, 2
    for _ in range(MAX_SEGMENTS):
        found = NEXT_MARKER.search(data, position)
        if found is None or found[1][0] == 0xD9 or scans > MAX_SCANS:
            break  # the end of image, or of the file (libjpeg reads what is there)
        marker, position = found[1][0], found.end()
        if marker in STANDALONE:
            continue
        (length,) = struct.unpack_from(">H", data, position)
        body = data[position + 2 : position + length]
        if length < 2 or len(body) != length - 2:
            return None
        position += length
        if marker in SOF and frame is None:
            frame = (marker, body)
        elif marker == 0xE1 and body.startswith(b"Exif\x00\x00") and not exif:
            exif = body[6:]
        elif marker == 0xEE and body.startswith(b"Adobe") and len(body) >= 12:
            adobe = body[11]  # the colour transform: 2 is YCCK
        elif marker == 0xDA:
            scans += 1
    else:  # as long to walk as a decode would be: no camera writes so many markers
        raise PhotoError("unsupported", f"The JPEG has more than {MAX_SEGMENTS} markers.")
    return None if frame is None else _jpeg_frame(*frame, scans, exif, adobe)


def _jpeg_frame(marker: int, body: bytes, scans: int, exif: bytes, adobe) -> Header | None:
    """The Header a JPEG's frame header ``body`` (SOFn ``marker``) gives."""
    _, height, width, bands = struct.unpack_from(">BHHB", body)
    sampling = [body[7 + 3 * index] for index in range(bands)]
    across = max(factor >> 4 for factor in sampling) or 1
    down = max(factor & 15 for factor in sampling) or 1
    blocks = sum(
        -(-width * (factor >> 4) // (8 * across)) * -(-height * (factor & 15) // (8 * down))
        for factor in sampling
    )
    return Header(
        "JPEG",
        width,
        height,
        bands,
        scans=scans,
        progressive=marker in PROGRESSIVE,
        blocks=blocks,
        cmyk=bands not in (1, 3) or adobe == 2,
        orientation=orientation(exif),
    )


def _png(data: bytes) -> Header | None:
    """A PNG's IHDR, its frames (APNG's acTL) and EXIF, walking the chunks to
    the first of its pixels (IDAT)."""
    if not data.startswith(b"\x89PNG\r\n\x1a\n"):
        return None
    width = height = bands = None
    frames, exif, position = 1, b"", 8
    for _ in range(MAX_SEGMENTS):
        length, kind = struct.unpack_from(">I4s", data, position)
        body = data[position + 8 : position + 8 + length]
        if kind == b"IHDR":
            width, height, _, colour = struct.unpack_from(">IIBB", body)
            bands = {0: 1, 4: 2, 6: 4}.get(colour, 3)  # grey, grey and alpha, RGBA; else 3
        elif kind == b"acTL":
            (frames,) = struct.unpack_from(">I", body)
        elif kind == b"eXIf":
            exif = body
        elif kind in (b"IDAT", b"IEND"):
            break
        position += 12 + length
    if width is None:
        return None
    return Header("PNG", width, height, bands, frames, orientation=orientation(exif))


def _webp(data: bytes) -> Header | None:
    """A WebP's size (from its VP8, VP8L or VP8X chunk), frames and EXIF."""
    if data[8:12] != b"WEBP":
        return None
    size = bands = None
    frames, exif, position = 1, b"", 12
    for _ in range(MAX_SEGMENTS):
        if position + 8 > len(data):
            break
        kind, length = struct.unpack_from("<4sI", data, position)
        body = data[position + 8 : position + 8 + length]
        if kind == b"VP8X":
            flags, across, down = body[0], body[4:7] + b"\0", body[7:10] + b"\0"
            size = 1 + struct.unpack("<I", across)[0], 1 + struct.unpack("<I", down)[0]
            bands = 4 if flags & 0x10 else 3
            frames = 2 if flags & 0x02 else 1  # animated: refused however many frames
        elif kind == b"VP8 " and size is None and body[3:6] == b"\x9d\x01\x2a":
            across, down = struct.unpack_from("<HH", body, 6)
            size, bands = (across & 0x3FFF, down & 0x3FFF), 3
        elif kind == b"VP8L" and size is None and body[:1] == b"\x2f":
            (bits,) = struct.unpack_from("<I", body, 1)
            size, bands = ((bits & 0x3FFF) + 1, (bits >> 14 & 0x3FFF) + 1), 4
        elif kind == b"EXIF":
            exif = body.removeprefix(b"Exif\x00\x00")
        position += 8 + length + length % 2
    if size is None:
        return None
    return Header("WEBP", *size, bands, frames, orientation=orientation(exif))


def _bmp(data: bytes) -> Header | None:
    """A BMP's size, from its info header (the old OS/2 one's as well)."""
    (info,) = struct.unpack_from("<I", data, 14)
    if info == 12:
        width, height = struct.unpack_from("<HH", data, 18)
    else:
        width, height = struct.unpack_from("<ii", data, 18)
    return Header("BMP", width, abs(height), 4)


def orientation(exif: bytes) -> int:
    """The EXIF orientation (1-8) in the TIFF block ``exif``; 1 if it has none,
    or is not a TIFF block that can be read."""
    order = {b"II": "<", b"MM": ">"}.get(exif[:2])
    if order is None or len(exif) < 8:
        return 1
    magic, first = struct.unpack_from(order + "HI", exif, 2)
    if magic != 42 or first + 2 > len(exif):
        return 1
    (count,) = struct.unpack_from(order + "H", exif, first)
    entries = exif[first + 2 : first + 2 + 12 * count]
    for tag, kind, _, value in struct.iter_unpack(
        order + "HHI4s", entries[: len(entries) // 12 * 12]
    ):
        if tag == ORIENTATION_TAG and kind == 3:  # one SHORT
            (turn,) = struct.unpack(order + "H", value[:2])
            return turn if 1 <= turn <= 8 else 1
    return 1
