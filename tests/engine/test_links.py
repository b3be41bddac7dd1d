"""Links: f-puzzles and SudokuPad links read as puzzles, refusals named, puzzles written back.

The shared variant puzzles (``../shared/variants/generated.tsv``, read at
test time) are the real data: every one whose rules the site knows reads
with its rules and its solution; every other is refused, naming its rules.
"""

import json
import random
from urllib.parse import quote

import lzstring
import pytest

from solver.engine.board import SYMBOLS
from solver.engine.links import (
    MAX_JSON,
    MAX_LINK,
    fpuzzles_link,
    fpuzzles_payload,
    read_link,
    sudokupad_link,
    unpacked_length,
)
from solver.engine.parse import parse_puzzle
from solver.engine.problems import InvalidPuzzle
from solver.engine.puzzle import Puzzle, read_puzzle
from solver.engine.rules import classic, is_valid_solution
from tests.support.puzzles import load
from tests.support.variants import (
    KEYS_OF_KIND,
    ROUND_TRIPS,
    SUPPORTED,
    board,
    pack,
    sample_puzzle,
    shared_variants,
    supported_variants,
)


def read(data) -> Puzzle:
    return read_link("https://f-puzzles.com/?load=" + quote(pack(data), safe=""))


def problems(text):
    """The problems reading ``text`` raises, as (code, params)."""
    with pytest.raises(InvalidPuzzle) as raised:
        read_link(text)
    return [(p.code, p.params) for p in raised.value.problems]


def problems_of(data):
    return problems(pack(data))


# Recognising a link ----------------------------------------------------------

CLASSIC_PAYLOAD = pack(board(9, grid=[[{"value": 5, "given": True}] + [{}] * 8] + [[{}] * 9] * 8))


def spellings(payload: str) -> dict[str, str]:
    """The ways a payload reaches the site, by name."""
    quoted = quote(payload, safe="")
    half = len(payload) // 2
    return {
        "bare": payload,
        "bare, fpuzzles prefix": "fpuzzles" + payload,
        "link": "https://f-puzzles.com/?load=" + payload,
        "quoted": "https://f-puzzles.com/?load=" + quoted,
        "escaped twice": "https://f-puzzles.com/?load=" + quoted.replace("%", "%25"),
        "http, www": "http://www.f-puzzles.com/?load=" + quoted,
        "no scheme": "f-puzzles.com/?load=" + payload,
        "one slash": "https:/f-puzzles.com/?load=" + payload,
        "upper-case host": "HTTPS://F-Puzzles.com/?load=" + payload,
        "plus as space": "https://f-puzzles.com/?load=" + payload.replace("+", " "),
        "line breaks": "https://f-puzzles.com/?load=" + payload[:half] + "\n" + payload[half:],
        "no padding": "https://f-puzzles.com/?load=" + payload.rstrip("="),
        "extra padding": "https://f-puzzles.com/?load=" + payload + "==",
        "other params": "https://f-puzzles.com/?x=1&load=" + quoted + "&solve=true",
        "fragment": "https://f-puzzles.com/?load=" + quoted + "#top",
        "surrounding space": "\n  https://f-puzzles.com/?load=" + payload + "  \n",
        "sudokupad path": "https://sudokupad.app/fpuzzles" + payload,
        "sudokupad path, quoted": "https://sudokupad.app/fpuzzles" + quoted,
        "sudokupad puzzleid": "https://sudokupad.app/?puzzleid=fpuzzles" + quoted,
        "sudokupad sudoku/": "https://sudokupad.app/sudoku/fpuzzles" + payload,
        "cracking the cryptic": "https://app.crackingthecryptic.com/fpuzzles" + payload,
        "cracking the cryptic puzzleid": (
            "https://app.crackingthecryptic.com/sudoku/?puzzleid=fpuzzles" + quoted
        ),
    }


@pytest.mark.parametrize("spelling", list(spellings(CLASSIC_PAYLOAD)))
def test_every_spelling_of_a_link_reads_as_the_same_puzzle(spelling):
    puzzle = read_link(spellings(CLASSIC_PAYLOAD)[spelling])
    assert puzzle.grid == (5,) + (0,) * 80
    assert puzzle.rules == classic(9)


@pytest.mark.parametrize("spelling", list(spellings(CLASSIC_PAYLOAD)))
def test_every_shared_variant_reads_the_same_in_every_spelling(spelling):
    for _name, _kinds, payload, _solution in supported_variants():
        assert read_link(spellings(payload)[spelling]) == read_link(payload), spelling


@pytest.mark.parametrize(
    "text",
    [
        "",
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        "https://www.sudokuwiki.org/sudoku.htm?bd=4.....8.5.3",
        "See https://f-puzzles.com/?id=abc for the puzzle",
        "rules: diagonal",
        "https://example.com/fpuzzlesN4Ig",
        "https://f-puzzles.community/?load=N4Ig",
    ],
)
def test_text_that_starts_with_no_link_is_left_to_the_parser(text):
    assert read_link(text) is None


@pytest.mark.parametrize(
    ("link", "site"),
    [
        ("https://f-puzzles.com/?id=yc3bfbzn", "f-puzzles.com"),
        ("https://sudokupad.app/8gyxkl2m4o", "sudokupad.app"),
        ("sudokupad.app/sudoku/psxbpryfx4", "sudokupad.app"),
        ("https://app.crackingthecryptic.com/sudoku/NgNHgMRMT7", "app.crackingthecryptic.com"),
        ("https://tinyurl.com/yc3bfbzn", "tinyurl.com"),
    ],
)
def test_a_short_link_asks_for_the_full_one_since_the_site_works_offline(link, site):
    assert problems(link) == [("needs_network", {"site": site})]


@pytest.mark.parametrize("prefix", ["scl", "ctc", "scf", "classic"])
def test_sudokupad_formats_of_its_own_are_refused_by_name(prefix):
    link = "https://sudokupad.app/" + prefix + CLASSIC_PAYLOAD
    assert problems(link) == [("unsupported_rule", {"rule": prefix})]


@pytest.mark.parametrize(
    "link",
    [
        "https://f-puzzles.com/",
        "https://f-puzzles.com/?solve=1",
        "https://sudokupad.app/",
        "https://f-puzzles.com/?load=",
        "https://f-puzzles.com/?load=N4Ig%21%21",
        "N4IgzglgXgpiBcBOANCA5gJwgEwQbT2",
        "https://f-puzzles.com/?load=" + lzstring.compress_to_base64("no JSON here"),
        "https://f-puzzles.com/?load=" + lzstring.compress_to_base64("[1, 2, 3]"),
        "https://f-puzzles.com/?load=" + lzstring.compress_to_base64("[" * 50_000),
        "N4Ig" + "A" * 400,
    ],
)
def test_a_link_that_does_not_unpack_to_an_object_is_a_bad_link(link):
    assert [code for code, _ in problems(link)] == ["bad_link"]


def test_a_link_over_the_bound_is_too_long_before_any_decoding():
    assert problems("N4Ig" + "A" * MAX_LINK) == [("too_long", {"most": MAX_LINK})]
    link = "https://f-puzzles.com/?load=" + CLASSIC_PAYLOAD + "&x=" + "1" * MAX_LINK
    assert problems(link) == [("too_long", {"most": MAX_LINK})]


def test_plain_text_over_the_bound_is_still_left_to_the_parser():
    assert read_link("." * (MAX_LINK + 1)) is None


def test_a_payload_that_unpacks_to_too_much_is_refused_without_unpacking_it():
    # A few kilobytes that lz-string would grow to over a million characters.
    bomb = lzstring.compress_to_base64('{"size":9,"title":"' + "a" * 1_200_000 + '"}')
    assert len(bomb) < 10_000
    assert problems(bomb) == [("too_long", {"most": MAX_JSON})]


def test_the_unpacked_length_is_lz_strings_own_for_every_shared_payload():
    for _name, _kinds, payload, _solution in shared_variants():
        assert unpacked_length(payload, 10**9) == len(lzstring.decompress_from_base64(payload))


def test_the_unpacked_length_agrees_with_lz_string_on_random_text():
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
    chance = random.Random(7)
    for _ in range(2_000):
        packed = "".join(chance.choice(alphabet) for _ in range(chance.randint(2, 60)))
        try:
            text = lzstring.decompress_from_base64(packed)
        except IndexError:  # py-lzstring 0.1.1 on a first character cut short
            text = None
        assert unpacked_length(packed, 10**9) == (None if text is None else len(text)), packed


def test_the_unpacked_length_stops_counting_past_its_bound():
    packed = lzstring.compress_to_base64("a" * 100_000)
    assert 1_000 < unpacked_length(packed, 1_000) < 100_000


def test_every_problem_has_an_english_sentence():
    for link in ["https://tinyurl.com/x", "N4Ig" + "A" * (MAX_LINK + 1), pack(board(7))]:
        with pytest.raises(InvalidPuzzle) as raised:
            read_link(link)
        assert all(p.message.endswith(".") for p in raised.value.problems)


def test_a_title_packed_by_javascript_keeps_its_emoji():
    # JavaScript strings are UTF-16: lz-string packs an emoji as its two surrogates.
    grid = json.dumps(board(4)["grid"])
    packed = lzstring.compress_to_base64(
        '{"size":4,"grid":' + grid + ',"title":"Fog \ud83d\ude00"}'
    )
    assert read_link(packed).title == "Fog 😀"


# Writing ---------------------------------------------------------------------


@pytest.mark.parametrize("name", list(ROUND_TRIPS))
def test_a_written_link_reads_back_as_the_same_puzzle(name):
    puzzle = sample_puzzle(*ROUND_TRIPS[name])
    assert read_link(fpuzzles_link(puzzle)) == puzzle
    assert read_link(sudokupad_link(puzzle)) == puzzle
    assert read_link(fpuzzles_payload(puzzle)) == puzzle


def test_every_shared_variant_written_again_reads_back_as_itself():
    for _name, _kinds, payload, _solution in supported_variants():
        puzzle = read_link(payload)
        assert read_link(fpuzzles_link(puzzle)) == puzzle


def test_an_fpuzzles_link_quotes_the_payloads_plus_slash_and_equals():
    link = fpuzzles_link(sample_puzzle(*ROUND_TRIPS["everything with boxes"]))
    payload = link.removeprefix("https://f-puzzles.com/?load=")
    assert not set(payload) & set("+/=")


# The shared variant puzzles -----------------------------------------------------


def expected_ids(kinds) -> set[str]:
    """The rules' ids a shared puzzle's kinds read as: windows beside jigsaw
    regions are extra regions (``rule_set`` takes windoku with boxes only)."""
    if "jigsaw" in kinds and "windoku" in kinds:
        kinds = [kind for kind in kinds if kind != "windoku"] + ["extraregion"]
    return set(kinds)


def test_the_shared_file_has_puzzles_of_both_families():
    variants = shared_variants()
    assert len(variants) == 240
    assert 50 < len(supported_variants()) < 240


def test_every_shared_puzzle_of_known_rules_reads_with_its_rules_and_solution():
    for name, kinds, payload, solution in supported_variants():
        puzzle = read_link(payload)
        assert set(puzzle.rules.ids) == expected_ids(kinds), name
        assert is_valid_solution(puzzle.grid, solution, rules=puzzle.rules), name
        assert all(
            given in (0, digit) for given, digit in zip(puzzle.grid, solution, strict=True)
        ), name
        assert any(puzzle.grid) or puzzle.rules.sums, name  # a killer may have no givens


def test_every_other_shared_puzzle_is_refused_naming_each_of_its_rules():
    for name, kinds, payload, _solution in shared_variants():
        unknown = [kind for kind in kinds if kind not in SUPPORTED]
        if not unknown:
            continue
        found = problems(payload)
        named = {params["rule"] for code, params in found}
        assert {code for code, _ in found} == {"unsupported_rule"}, name
        assert all(KEYS_OF_KIND[kind] & named for kind in unknown), name
        allowed = set().union(*(KEYS_OF_KIND[kind] for kind in unknown)) | {"negative"}
        assert named <= allowed, name


# Hooked into read_puzzle -------------------------------------------------------


def test_read_puzzle_reads_a_link():
    puzzle = sample_puzzle(*ROUND_TRIPS["x sudoku"])
    assert read_puzzle(sudokupad_link(puzzle)) == puzzle


def test_read_puzzle_reads_plain_givens_as_before():
    givens = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    assert read_puzzle(givens) == Puzzle(parse_puzzle(givens), classic(9))
    assert read_puzzle(givens + "\nrules: antiknight").rules.ids == ["antiknight"]


def test_no_puzzle_of_the_shared_sets_reads_as_a_link():
    for text in load("top1465.txt") + load("forum_hardest_1106.txt"):
        assert read_link(text) is None, text


def test_read_puzzle_reads_symbols_of_large_boards_as_before():
    givens = (SYMBOLS[:16] + "." * 240).lower()
    assert read_puzzle(givens).grid == parse_puzzle(givens)
