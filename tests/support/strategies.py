"""Hypothesis strategies for the property tests: what any client could send.

Texts (any code point but surrogates, NUL and controls included), grids as
81 symbols over ``GRID_SYMBOLS``, the same grids drawn the ways people paste
them, real puzzles from the shared sets, long texts just under and over each
limit, uploads, form posts, JSON values, content types and query strings.
Long texts are one short piece repeated to a drawn length, so Hypothesis
stores a few choices, not tens of thousands of characters.
"""

from __future__ import annotations

import io
import json
from functools import cache
from urllib.parse import quote, urlencode

from django.conf import settings
from hypothesis import strategies as st

from solver.core.cells import CELL_NAMES
from solver.core.reading import PASTE_MAX_LENGTH
from solver.core.uploads import FILE_MAX_BYTES
from solver.engine import STANDARD, Grid, parse_puzzle, solve
from tests.support.puzzles import sample

CHARACTERS = st.characters(codec="utf-8")  # every code point a request can carry
LATIN_1 = st.characters(codec="latin-1", exclude_characters="\r\n\x00")  # a header's characters
GRID_SYMBOLS = "0123456789.-_x "  # digits, the blanks the engine reads, and two that are neither
SHARED_SETS = (("top1465.txt", 12), ("seventeen_clue.txt", 12), ("serg_multi.txt", 6))


@cache
def shared_puzzles() -> tuple[str, ...]:
    """A few puzzles of each shared set (unique ones and ones with several solutions)."""
    return tuple(line for name, count in SHARED_SETS for line in sample(name, count))


@cache
def shared_solutions() -> tuple[Grid, ...]:
    """A solution of each of ``shared_puzzles``, as the engine finds it."""
    return tuple(solve(parse_puzzle(line, STANDARD)).solution for line in shared_puzzles())


def repeated(piece: str | bytes, length: int) -> str | bytes:
    """``piece`` repeated and cut to ``length`` characters (or bytes)."""
    return (piece * (length // len(piece) + 1))[:length]


def near(limit: int, pieces: st.SearchStrategy) -> st.SearchStrategy:
    """Texts (or bytes) of a few characters either side of ``limit``."""
    return st.builds(repeated, pieces.filter(len), st.integers(limit - 3, limit + 3))


# Characters the reader gives a meaning to: borders, separators, comments,
# sections, arrays, links, full-width digits and marks, a byte-order mark.
MEANINGFUL = "|+-=*:#[]\"',;\t\r\n ?&%.0_１９．｜－＋＿─│┼═║\ufeffABP"


def texts(max_size: int = 120) -> st.SearchStrategy[str]:
    """Any text: printable or not, NUL, controls, any script, and often the
    characters the reader gives a meaning to."""
    return st.text(CHARACTERS | st.sampled_from(MEANINGFUL), max_size=max_size)


grid_lines = st.text(GRID_SYMBOLS, min_size=81, max_size=81)
real_puzzles = st.deferred(lambda: st.sampled_from(shared_puzzles()))
# One cell too few or too many, or a few, as a typo makes.
near_grid_lines = st.text(GRID_SYMBOLS, min_size=76, max_size=86)


def drawn(line: str, style: str) -> str:
    """An 81-symbol ``line`` written as people paste it, in ``style``."""
    rows = [line[row * 9 : row * 9 + 9] for row in range(9)]
    if style == "rows":
        return "\n".join(rows) + "\n"
    if style == "spaced":
        return "\r\n".join(" ".join(row) for row in rows)
    if style == "bordered":
        boxed = ["| " + " | ".join(row[i : i + 3] for i in (0, 3, 6)) + " |" for row in rows]
        border = "+-----+-----+-----+"
        return "\n".join([border, *boxed[:3], border, *boxed[3:6], border, *boxed[6:], border])
    if style == "array":
        return json.dumps([[0 if s in ".-_ " else s for s in row] for row in rows])
    if style == "link":
        return "https://example.org/solver?s=1&puzzle=" + quote(line) + "&x=#top"
    return "#A someone\n" + line  # an .sdk file with metadata


DRAWINGS = ("rows", "spaced", "bordered", "array", "link", "sdk")
drawn_grids = st.builds(drawn, grid_lines | real_puzzles, st.sampled_from(DRAWINGS))


@st.composite
def spoiled(draw, lines: st.SearchStrategy[str]) -> str:
    """A line with a piece of any text put in, or a piece cut out, somewhere."""
    line = draw(lines)
    start = draw(st.integers(0, len(line)))
    end = draw(st.integers(start, min(len(line), start + 3)))
    return line[:start] + draw(texts(3)) + line[end:]


def puzzle_texts(limit: int = PASTE_MAX_LENGTH) -> st.SearchStrategy[str]:
    """What someone might paste as a puzzle: anything, grids, drawings, real
    puzzles (whole or spoiled), and texts a few characters either side of ``limit``."""
    return st.one_of(
        texts(),
        grid_lines,
        near_grid_lines,
        drawn_grids,
        real_puzzles,
        spoiled(real_puzzles | grid_lines),
        near(limit, texts(6) | st.sampled_from(["1", ".", "5 ", "\x00", "é"])),
    )


# Uploads: any bytes, texts in the encodings editors save, and files near the limit.
ENCODINGS = ("utf-8", "utf-8-sig", "utf-16", "utf-16-le", "utf-32", "latin-1")


def encoded(text: str, encoding: str) -> bytes:
    """``text`` in ``encoding``, characters it cannot hold written as "?"."""
    return text.encode(encoding, errors="replace")


def file_contents(limit: int = FILE_MAX_BYTES) -> st.SearchStrategy[bytes]:
    """Any bytes, puzzles and texts in the encodings editors save, and files
    a few bytes either side of ``limit``."""
    return st.one_of(
        st.binary(max_size=200),
        st.builds(encoded, puzzle_texts() | texts(), st.sampled_from(ENCODINGS)),
        near(limit, st.binary(min_size=1, max_size=8) | st.just(b"1........\n")),
    )


file_names = st.one_of(
    st.text(CHARACTERS, max_size=40),
    st.sampled_from(["puzzle.sdk", "p.txt", "a.ss", "../../etc/passwd", "C:\\x\\p.txt", ".txt"]),
    near(255, st.text(CHARACTERS, max_size=4)),  # a name as long as the database keeps
)
content_types = st.sampled_from(
    ["text/plain", "application/octet-stream", "image/png", "text/csv; charset=utf-16", ""]
) | st.text(LATIN_1, max_size=40)


class Upload(io.BytesIO):
    """A file for the test client to send, with any name (``SimpleUploadedFile``
    refuses some, such as an empty one, that a client may still send)."""

    def __init__(self, name: str, content: bytes, content_type: str):
        super().__init__(content)
        self.name, self.content_type = name, content_type

    def __repr__(self) -> str:
        return f"Upload({self.name!r}, {self.getvalue()[:60]!r}, {self.content_type!r})"


def uploads(limit: int = FILE_MAX_BYTES) -> st.SearchStrategy[Upload]:
    """A file as a browser (or anything else) sends it: any name, bytes and type."""
    return st.builds(Upload, file_names, file_contents(limit), content_types)


# Form posts.

cell_values = st.one_of(
    st.sampled_from(["", " ", "0", ".", "-", "_", "7", " 5 ", "x", "10", "٣", "５"]),
    texts(4),
)
field_names = st.sampled_from(
    ["csrfmiddlewaretoken", "puzzle", "file", "r0c0", "r10c1", "R1C1", "r1c1 ", ""]
) | texts(12)


@st.composite
def form_posts(draw, grid: st.SearchStrategy[str] | None = None):
    """``(data, upload)``: the entry form as a client may post it. The 81 cells
    hold a grid with some cells retyped; some cells may be missing; there may
    be a paste box, extra or repeated fields, and a file (or None)."""
    line = draw(grid or (grid_lines | real_puzzles))
    data: dict[str, str | list[str]] = dict(zip(CELL_NAMES, line, strict=True))
    data |= draw(st.dictionaries(st.sampled_from(CELL_NAMES), cell_values, max_size=6))
    if draw(st.booleans()):
        for name in draw(st.sets(st.sampled_from(CELL_NAMES), max_size=81)):
            del data[name]
    if draw(st.booleans()):
        data["puzzle"] = draw(puzzle_texts() | near(settings.DATA_UPLOAD_MAX_MEMORY_SIZE, texts(4)))
    data |= draw(st.dictionaries(field_names, texts(20), max_size=3))
    for name in draw(st.sets(st.sampled_from(sorted(data)), max_size=3)):
        # Twice, or so often that the post holds more fields than Django takes.
        data[name] = [data[name]] * draw(st.sampled_from([1, 2, 150])) + [draw(cell_values)]
    upload = draw(st.none() | uploads())
    return data, upload


def post_form(client, path: str, data: dict, upload=None, urlencoded: bool = False, **extra):
    """Post ``data`` (and ``upload``) to ``path``, multipart unless ``urlencoded``
    (which carries no file)."""
    if urlencoded:
        body = urlencode(data, doseq=True)
        return client.post(path, body, content_type="application/x-www-form-urlencoded", **extra)
    if upload is not None:
        data = {**data, "file": upload}
    return client.post(path, data, **extra)


# The API: JSON values, bodies and query strings.

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | texts(30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(texts(8), inner, max_size=4),
    max_leaves=12,
)
api_bodies = st.one_of(
    st.fixed_dictionaries({"puzzle": puzzle_texts()}),
    st.fixed_dictionaries({"puzzle": puzzle_texts() | json_values}, optional={"x": json_values}),
    json_values,
)
json_types = st.sampled_from(
    [
        "application/json",
        "application/json; charset=utf-8",
        "Application/JSON",
        "application/x+json",
    ]
)
request_types = st.one_of(
    json_types,
    content_types,
    st.sampled_from(
        [
            "multipart/form-data; boundary=xyz",
            "multipart/form-data; boundary=xyz; charset=utf-32",
            "multipart/form-data",
            "application/x-www-form-urlencoded",
            "application/x-www-form-urlencoded; charset=utf-16",
            "text/plain; charset=no-such-codec",
            "text/json",
        ]
    ),
)
raw_bodies = st.one_of(
    st.binary(max_size=300),
    st.builds(encoded, texts(200), st.sampled_from(ENCODINGS)),
    st.builds(lambda value: json.dumps(value).encode(), api_bodies),
    st.deferred(lambda: near(settings.DATA_UPLOAD_MAX_MEMORY_SIZE, st.binary(min_size=1))),
)
ascii_texts = st.text(st.characters(codec="ascii"), max_size=12)


@st.composite
def multipart_part(draw) -> bytes:
    """One part of a multipart body: a field or a file, its headers maybe odd."""
    name = draw(st.sampled_from(["puzzle", "file", "r1c1", "puzzles"]) | field_names)
    disposition = f'Content-Disposition: form-data; name="{name}"'
    if draw(st.booleans()):
        disposition += f'; filename="{draw(file_names)}"'
    headers = [disposition] * draw(st.integers(0, 2))
    if draw(st.booleans()):
        headers.append("Content-Type: " + draw(content_types))
    if draw(st.booleans()):
        headers.append("Content-Transfer-Encoding: " + draw(st.just("base64") | ascii_texts))
    value = draw(st.binary(max_size=40) | st.builds(str.encode, puzzle_texts()))
    return "\r\n".join(headers).encode() + b"\r\n\r\n" + value


@st.composite
def multipart_bodies(draw) -> tuple[bytes, str]:
    """``(body, content type)``: a multipart body with its boundary, whose parts
    may be odd, and which may be cut short anywhere."""
    boundary = draw(st.sampled_from(["xyz", "----WebKitFormBoundaryAbC9"]) | ascii_texts)
    mark = b"--" + boundary.encode()
    parts = draw(st.lists(multipart_part(), max_size=4))
    body = b"".join(mark + b"\r\n" + part + b"\r\n" for part in parts) + mark + b"--\r\n"
    body = body[: draw(st.integers(0, len(body)))] if draw(st.booleans()) else body
    return body, f"multipart/form-data; boundary={boundary}"


# Query strings as a WSGI server hands them over (latin-1), escapes broken or not.
query_strings = st.one_of(
    st.text(LATIN_1, max_size=100),
    st.builds(lambda text: "puzzle=" + quote(text), puzzle_texts()),
    st.builds(
        lambda pairs: urlencode(pairs, doseq=True),
        st.lists(st.tuples(field_names | st.just("puzzle"), puzzle_texts() | texts(8)), max_size=4),
    ),
    st.sampled_from(["puzzle=%FF%FE", "puzzle=%", "puzzle=%u1234", "puzzle&puzzle=1", "=&&="]),
)
accept_headers = st.sampled_from(
    ["application/json", "text/html", "*/*", "application/json;q=0.5, text/html", "", "a/b;q=x"]
) | st.text(LATIN_1, max_size=40)


# Grids from real solutions: the digits relabelled, maybe transposed, some
# cells emptied, and sometimes one digit put wrong.

MIN_GIVENS = 30  # below this the reference counter needs too many steps to decide
solutions = st.deferred(lambda: st.sampled_from(shared_solutions()))


@st.composite
def partial_grids(draw) -> Grid:
    """The puzzle left of a solution of a shared puzzle, disguised, after
    emptying cells (``MIN_GIVENS`` or more kept). In
    about a third one given is changed to another digit (it may conflict), in
    another third an empty cell gets a wrong digit that conflicts with no
    given (the puzzle may have no solution left, or others)."""
    solution = draw(solutions)
    digits = draw(st.permutations(range(1, 10)))
    solution = tuple(digits[digit - 1] for digit in solution)
    if draw(st.booleans()):
        solution = tuple(solution[col * 9 + row] for row in range(9) for col in range(9))
    kept = draw(st.lists(st.integers(0, 80), min_size=MIN_GIVENS, max_size=81, unique=True))
    puzzle = [digit if cell in kept else 0 for cell, digit in enumerate(solution)]
    change = draw(st.sampled_from(["none", "given", "empty cell"]))
    empty = [cell for cell in range(81) if cell not in kept]
    if change == "given":
        cell, step = draw(st.sampled_from(sorted(kept))), draw(st.integers(1, 8))
        puzzle[cell] = (puzzle[cell] - 1 + step) % 9 + 1
    elif change == "empty cell" and empty:
        # A digit no peer holds but the solution does not have there: no
        # conflict, yet that solution is gone (another may be left, or none).
        cell = draw(st.sampled_from(empty))
        taken = {puzzle[peer] for peer in STANDARD.peers[cell]} | {solution[cell]}
        free = [digit for digit in range(1, 10) if digit not in taken]
        if free:
            puzzle[cell] = draw(st.sampled_from(free))
    return tuple(puzzle)
