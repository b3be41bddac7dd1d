"""A step's drawing (``solver.teaching.drawing``): what each kind of step
draws, read from the engine's own steps on HoDoKu's cases (the regression
library, read at test time) and on shared puzzles; and its SVG."""

from __future__ import annotations

import re
from functools import cache

import pytest

from solver.engine import STANDARD, parse_puzzle, shape
from solver.engine.marks import Marks
from solver.engine.steps import Link, Pattern, Step
from solver.engine.teacher import explain
from solver.engine.techniques import TECHNIQUES
from solver.teaching import drawing
from solver.teaching.drawing import CELL
from tests.support.puzzles import load
from tests.support.reglib import cases_of


def first_step(technique: str, message: str | None = None) -> tuple[Step, Marks]:
    """The first step of ``technique`` (of the form ``message`` if given) the
    engine finds on the library's cases for it, and its board."""
    for case in cases_of(technique):
        for step in TECHNIQUES[technique](case.marks.copy()):
            if message is None or step.message == message:
                return step, case.marks
    raise AssertionError(f"no {message or technique} step on the library's cases")


def drawn(technique: str, message: str | None = None) -> tuple[drawing.Drawing, Step]:
    step, marks = first_step(technique, message)
    return drawing.draw(step, STANDARD, marks), step


def point(cell: int, digit: int) -> tuple[float, float]:
    """Where a 9x9 board's candidate sits: its place in the cell's 3x3 block."""
    row, column = divmod(cell, 9)
    return column * CELL + ((digit - 1) % 3 + 0.5) * CELL / 3, row * CELL + (
        (digit - 1) // 3 + 0.5
    ) * CELL / 3


def near(a: tuple[float, float], b: tuple[float, float], within: float) -> bool:
    return abs(a[0] - b[0]) <= within and abs(a[1] - b[1]) <= within


@pytest.mark.parametrize("technique", ["x-chain", "xy-chain", "aic", "skyscraper", "w-wing"])
def test_a_chain_draws_each_link_between_its_candidates(technique):
    """One arrow per link, strong or weak as the link is, from near its start's
    candidates to near its end's (stopped short, so the digits stay legible)."""
    picture, step = drawn(technique)
    links = step.pattern.links
    assert len(picture.arrows) == len(links) > 0
    for arrow, link in zip(picture.arrows, links, strict=True):
        assert arrow.kind == ("strong" if link.strong else "weak")
        pen = drawing._Pen(STANDARD, picture)
        start, end = pen.centre(link.start), pen.centre(link.end)
        assert near((arrow.x1, arrow.y1), start, CELL / 3)
        assert near((arrow.x2, arrow.y2), end, CELL / 3)
    assert {"strong", "weak"} <= picture.kinds


def test_a_chains_candidates_are_marked_on_and_off_in_turn():
    """A strong link's start is off and its end on; a weak link's start on."""
    picture, step = drawn("x-chain")
    rings = {(ring.x, ring.y): ring.kind for ring in picture.rings}
    first = step.pattern.links[0]
    assert first.strong
    (start,), (end,) = first.start, first.end
    assert rings[tuple(round(v, 1) for v in point(*start))] == "off"
    assert rings[tuple(round(v, 1) for v in point(*end))] == "on"


def test_a_candidate_sits_where_the_candidate_block_puts_it_at_every_size():
    """Digit d in the d-th place of the block: 3 across on 9x9, 4 on 16x16, 2 on 6x6."""
    for board, across in ((STANDARD, 3), (shape(4, 4), 4), (shape(2, 3), 3), (shape(2, 2), 2)):
        last = board.size
        step = Step("x-chain", pattern=Pattern(links=(Link(((0, 1),), ((1, last),), True),)))
        (arrow,) = drawing.draw(step, board).arrows
        place = CELL / across
        assert arrow.x1 > 0
        assert arrow.x1 < place  # digit 1: the first place of the first row of cell 0
        assert arrow.y1 < place
        column, row = (last - 1) % across, (last - 1) // across
        assert CELL + column * place < arrow.x2 < CELL + (column + 1) * place
        assert row * place < arrow.y2 < (row + 1) * place


@pytest.mark.parametrize(
    ("technique", "message"),
    [
        ("finned-x-wing", None),
        ("finned-swordfish", None),
        ("finned-x-wing", "finned-x-wing/sashimi"),
    ],
)
def test_a_finned_fish_draws_its_fins_apart_from_its_body(technique, message):
    picture, step = drawn(technique, message)
    fins = set(step.params["fins"])
    digit = step.params["digit"]
    kinds = {(ring.x, ring.y): ring.kind for ring in picture.rings}
    for cell in step.pattern.cells:
        where = tuple(round(v, 1) for v in point(cell, digit))
        assert kinds[where] == ("fin" if cell in fins else "body")
    outlines = [outline.kind for outline in picture.outlines]
    assert outlines.count("base") == step.params["n"] == outlines.count("cover")
    assert {"fin", "body", "base", "cover"} <= picture.kinds


def test_a_fish_without_fins_draws_no_fin():
    picture, _ = drawn("x-wing")
    assert "fin" not in picture.kinds
    assert {"body", "base", "cover"} <= picture.kinds


@pytest.mark.parametrize("technique", ["als-xz", "als-xy-wing"])
def test_almost_locked_sets_are_outlined_each_its_own_with_their_restricted_commons(technique):
    picture, step = drawn(technique)
    sets = step.params["als"]
    kinds = [outline.kind for outline in picture.outlines]
    assert kinds == [f"als-{n % 3 + 1}" for n in range(len(sets))]
    rcc = [ring for ring in picture.rings if ring.kind == "rcc"]
    assert rcc
    digits_ringed = {
        digit
        for ring in rcc
        for cell in (c for cells in sets for c in cells)
        for digit in step.params["rcc"]
        if (ring.x, ring.y) == tuple(round(v, 1) for v in point(cell, digit))
    }
    assert digits_ringed == set(step.params["rcc"]) & set(step.pattern.digits)


def test_an_outline_goes_round_its_cells_only():
    """Two cells side by side: their outline has no line between them."""
    step = Step("als-xz", params={"als": ((0, 1),), "rcc": ()})
    (outline,) = drawing.draw(step, STANDARD).outlines
    assert outline.path.count("M") == 6  # top and bottom of each, the two outer sides
    inner, outer = CELL - drawing.INSET, CELL + drawing.INSET
    assert f"M{inner} {drawing.INSET}V" not in outline.path  # cell 0's right side
    assert f"M{outer} {drawing.INSET}V" not in outline.path  # cell 1's left side
    assert f"M{drawing.INSET} {drawing.INSET}V" in outline.path  # the set's left side


@pytest.mark.parametrize(
    ("technique", "kinds"),
    [
        ("simple-colors", {"colour-a", "colour-b"}),
        ("multi-colors", {"colour-a", "colour-b", "colour-c", "colour-d"}),
    ],
)
def test_a_colouring_step_draws_its_colours(technique, kinds):
    picture, step = drawn(technique)
    assert {ring.kind for ring in picture.rings} == kinds
    clusters = step.params.get("clusters") or (step.params["colours"],)
    assert len(picture.rings) == sum(len(colour) for cluster in clusters for colour in cluster)


def test_a_sue_de_coq_outlines_its_three_groups():
    picture, _ = drawn("sue-de-coq")
    assert [outline.kind for outline in picture.outlines] == ["als-1", "als-2", "als-3"]


@cache
def chain_walk() -> tuple[list[Step], list[Marks]]:
    """top1465's first puzzle, walked: it holds an aic, ALS and forcing chains."""
    marks = Marks.from_grid(parse_puzzle(load("top1465.txt")[0]), STANDARD)
    steps = explain(marks.copy(), TECHNIQUES, 1000, 5.0, True)
    boards, board = [], marks.copy()
    for step in steps:
        boards.append(board.copy())
        step.apply(board)
    return steps, boards


def test_a_forcing_chain_draws_the_singles_from_its_branches():
    """Each branch ringed on; arrows (``implies``) from a branch's placement
    through the singles it forces, each arrow's end a candidate of the board."""
    steps, boards = chain_walk()
    at = next(i for i, step in enumerate(steps) if step.technique == "forcing-chain")
    step, before = steps[at], boards[at]
    picture = drawing.draw(step, STANDARD, before)
    assert picture.arrows
    assert {arrow.kind for arrow in picture.arrows} == {"implies"}
    on = {(ring.x, ring.y) for ring in picture.rings if ring.kind == "on"}
    for cell, digit in step.params["branches"]:
        assert tuple(round(v, 1) for v in point(cell, digit)) in on
    candidates = [point(c, d) for c, d in before.pencilled()]
    for arrow in picture.arrows:
        assert any(near((arrow.x2, arrow.y2), p, CELL / 3) for p in candidates)
    assert not drawing.draw(step, STANDARD)  # without the board, nothing to follow


def test_a_step_without_a_pattern_to_draw_draws_nothing():
    steps, _ = chain_walk()
    single = next(step for step in steps if step.technique == "naked-single")
    assert not drawing.draw(single, STANDARD)
    assert drawing.svg(drawing.draw(single, STANDARD)) == ""


def test_the_svg_holds_each_link_with_its_kind_and_is_decorative():
    picture, step = drawn("aic")
    svg = str(drawing.svg(picture))
    assert svg.startswith('<svg class="step-drawing"')
    assert 'aria-hidden="true"' in svg
    assert f'viewBox="0 0 {9 * CELL} {9 * CELL}"' in svg
    kinds = re.findall(r'<line class="link (\w+)"', svg)
    assert kinds == ["strong" if link.strong else "weak" for link in step.pattern.links]
    assert svg.count('marker-end="url(#step-arrow-') == len(kinds)


def test_an_xy_wing_is_drawn_as_its_chain_from_pincer_to_pincer():
    """Strong in each of its three cells, weak between them: five links, the
    first pincer's z off and the second's on."""
    picture, step = drawn("xy-wing")
    assert [arrow.kind for arrow in picture.arrows] == ["strong", "weak"] * 2 + ["strong"]
    z, (one, two) = step.params["digit"], step.params["pincers"]
    kinds = {(ring.x, ring.y): ring.kind for ring in picture.rings}
    assert kinds[tuple(round(v, 1) for v in point(one, z))] == "off"
    assert kinds[tuple(round(v, 1) for v in point(two, z))] == "on"
