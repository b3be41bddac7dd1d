"""Packing: the site's lz-string base64 writes exactly the package's bytes,
which f-puzzles and SudokuPad unpack, for any text of one JavaScript
character a code point."""

from __future__ import annotations

import json

import lzstring
from hypothesis import given
from hypothesis import strategies as st

from solver.engine.fpuzzles import fpuzzles_json
from solver.engine.links import read_link
from solver.engine.packing import pack_base64
from tests.support.variants import shared_variants

# Code points below 0x10000 but the surrogates: one UTF-16 unit each.
BMP = st.characters(max_codepoint=0xFFFF, exclude_categories=("Cs",))


@given(st.text(BMP, max_size=400) | st.text("ab{}:,", max_size=3000))
def test_any_text_packs_as_the_package_packs_it_and_unpacks_again(text):
    packed = pack_base64(text)
    assert packed == lzstring.compress_to_base64(text)
    assert (lzstring.decompress_from_base64(packed) or "") == text


def test_the_ends_pad_as_lz_string_pads_them():
    # One to four characters of output before the padding, and a stream that
    # ends on a character's boundary (lz-string then adds a character of zeros).
    for text in ("a", "ab", "abc", "aaaa", "\uffff", "abcabcabcabc"):
        assert pack_base64(text) == lzstring.compress_to_base64(text)
        assert len(pack_base64(text)) % 4 == 0


def test_every_shared_variant_writes_the_payload_the_package_writes():
    for _name, _kinds, payload, _solution in shared_variants()[:60]:
        text = json.dumps(fpuzzles_json(read_link("fpuzzles" + payload)), separators=(",", ":"))
        assert pack_base64(text) == lzstring.compress_to_base64(text)
