"""lz-string's base64 packing, written fast: the links' payloads on every page.

Every answer page and API reply carries the puzzle's f-puzzles link, so the
payload is packed on the site's hottest paths. The py-lzstring package reads
links (``links._unpack``) and packs the same bytes, but it writes its output
one bit at a time through method calls: 0.7 ms for a 9x9 puzzle, as much as
the rest of an API reply. Here the LZW pass writes its codes' bits as text
and they are laid out by string and integer operations, which Python runs in C.

The format (lz-string's ``compressToBase64``): an LZW stream whose codes widen
by one bit each time the dictionary doubles, with 0 and 1 as the markers of
a new 8-bit or 16-bit character and 2 as the end; each code written least
significant bit first into 6-bit characters, zero bits completing the last
one (a whole character when the bits end on a boundary, as lz-string does),
``=`` padding to a multiple of four.
"""

from __future__ import annotations

from base64 import b64encode

_END = 2  # after the markers of a new 8-bit (0) or 16-bit (1) character


def pack_base64(text: str) -> str:
    """``text`` packed as lz-string's ``compressToBase64`` packs it, for text
    of characters in the Basic Multilingual Plane (code points below 0x10000,
    one JavaScript character each, as JSON written in ASCII always is)."""
    bits = _bits(text)
    chars = len(bits) // 6 + 1  # zero bits end it: a whole character of them on a boundary
    # Standard base64 has lz-string's alphabet: whole bytes of the bits, cut.
    whole = -(-chars * 6 // 24) * 24
    data = int(bits, 2) << (whole - len(bits))
    packed = b64encode(data.to_bytes(whole // 8, "big")).decode()[:chars]
    return packed + "=" * (-chars % 4)


def _bits(text: str) -> str:
    """The LZW codes of ``text``, each written least significant bit first
    in the width of its time, as one string of 0s and 1s."""
    dictionary: dict[str, int] = {}
    unwritten: set[str] = set()  # characters in the dictionary not yet sent
    width, room = 2, 2  # the codes' width; codes left before it grows
    out: list[str] = []

    def send(phrase: str) -> None:
        nonlocal width, room
        if phrase in unwritten:
            unwritten.discard(phrase)
            code = ord(phrase)
            wide = code >= 256
            out.append(format(wide, f"0{width}b")[::-1])
            out.append(format(code, "016b" if wide else "08b")[::-1])
            room -= 1
            if room == 0:
                room, width = 1 << width, width + 1
        else:
            out.append(format(dictionary[phrase], f"0{width}b")[::-1])
        room -= 1
        if room == 0:
            room, width = 1 << width, width + 1

    phrase = ""
    for char in text:
        if char not in dictionary:
            dictionary[char] = len(dictionary) + 3
            unwritten.add(char)
        longer = phrase + char
        if longer in dictionary:
            phrase = longer
            continue
        send(phrase)
        dictionary[longer] = len(dictionary) + 3
        phrase = char
    if phrase:
        send(phrase)
    out.append(format(_END, f"0{width}b")[::-1])
    return "".join(out)
