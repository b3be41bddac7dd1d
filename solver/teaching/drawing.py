"""What a step draws on the board, beside its sentence: the links of a chain
(strong solid, weak dashed, each an arrow between candidates), the
candidates at their ends marked on and off, a fish's body, fins, base and
cover lines, the outlines of almost locked sets and their restricted common
digits, and the two colours of a colouring step.

A drawing is data in the board's own units (``CELL`` a cell, the board's
top left at 0, 0): a candidate sits where the steps page's candidate block
puts it (digit d in the d-th place of a ``marks_across`` x ``marks_across``
block), so one drawing lies over the steps board and over the entry and
play grids alike. ``teaching/_drawing.html`` turns it into an SVG; it is
decorative (the sentence says it all), and every kind differs by line or
fill as well as colour.

A forcing chain's step holds only its branches and what they prove; its
drawing follows each branch by singles, as the engine did, to show the
placements that lead from the branch to the outcome (``implies`` arrows).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import pairwise

from django.template.loader import render_to_string
from django.utils.safestring import SafeString

from ..engine import Shape
from ..engine.marks import Marks, digits_of, mask_of
from ..engine.steps import Candidate, Link, Step
from .grid import marks_across

CELL = 100  # a cell's side in the drawing's units
RING = 0.42  # a marked candidate's ring, as a share of its place in the block
INSET = 6  # how far a set's outline keeps inside its cells; each next set one more
SHORTEN = 0.45  # an arrow stops this share of a place short of each candidate
COLOURS = (("colour-a", "colour-b"), ("colour-c", "colour-d"))  # by cluster, then colour


@dataclass(frozen=True)
class Arrow:
    """A link from (x1, y1) to (x2, y2); ``kind`` is strong, weak or implies."""

    x1: float
    y1: float
    x2: float
    y2: float
    kind: str


@dataclass(frozen=True)
class Ring:
    """A candidate marked at (x, y), of radius ``r``; ``kind`` says its part
    (on, off, body, fin, rcc, colour-a ... colour-d)."""

    x: float
    y: float
    r: float
    kind: str


@dataclass(frozen=True)
class Outline:
    """The border of a set of cells (an SVG path), of ``kind`` base, cover,
    als-1, als-2 or als-3."""

    path: str
    kind: str


@dataclass
class Drawing:
    """A step's drawing on a board of ``size`` (empty when it draws nothing);
    ``kinds`` names what it holds, for the legend."""

    size: int
    arrows: list[Arrow] = field(default_factory=list)
    rings: list[Ring] = field(default_factory=list)
    outlines: list[Outline] = field(default_factory=list)

    @property
    def extent(self) -> int:
        return self.size * CELL

    @property
    def kinds(self) -> frozenset[str]:
        found = {a.kind for a in self.arrows} | {r.kind for r in self.rings}
        found |= {o.kind for o in self.outlines}
        return frozenset(("als" if kind.startswith("als-") else kind) for kind in found)

    def __bool__(self) -> bool:
        return bool(self.arrows or self.rings or self.outlines)

    def as_json(self) -> dict:
        """The drawing as plain JSON (the hint's reply carries it for its tests and scripts)."""
        return {
            "size": self.size,
            "arrows": [vars(a) for a in self.arrows],
            "rings": [vars(r) for r in self.rings],
            "outlines": [vars(o) for o in self.outlines],
        }


def draw(step: Step, shape: Shape, before: Marks | None = None) -> Drawing:
    """What ``step`` draws on a board of ``shape``; ``before`` (the board the
    step is taken on) is needed for a forcing chain's branches and an
    xy-wing's chain, which are left undrawn without it. Never fails on a step it does not know: it
    draws its links, if any, or nothing."""
    drawing = Drawing(shape.size)
    pen = _Pen(shape, drawing)
    params = step.params
    if step.technique == "forcing-chain":
        if before is not None:
            _forcing(pen, step, before)
    elif step.technique == "xy-wing" and before is not None:
        pen.links(_xy_wing_links(step, before))
    else:
        pen.links(step.pattern.links)
    if "fins" in params or step.technique in FISH:
        _fish(pen, step)
    if "colours" in params or "clusters" in params:
        _colours(pen, step)
    if "als" in params:
        _sets(pen, step)
    if step.technique == "sue-de-coq":
        for number, key in enumerate(("cells", "line_cells", "box_cells")):
            pen.outline(params[key], f"als-{number + 1}", number)
    return drawing


FISH = frozenset({"x-wing", "swordfish", "jellyfish"})


class _Pen:
    """Draws on ``drawing`` in the board's units."""

    def __init__(self, shape: Shape, drawing: Drawing):
        self.shape, self.drawing = shape, drawing
        self.across = marks_across(shape.size)
        self.place = CELL / self.across  # a candidate's place in its block
        self.marked: set[Candidate] = set()

    def at(self, cell: int, digit: int) -> tuple[float, float]:
        """Where candidate ``digit`` of ``cell`` sits: the centre of its place."""
        row, column = divmod(cell, self.shape.size)
        slot_row, slot_column = divmod(digit - 1, self.across)
        return (
            column * CELL + (slot_column + 0.5) * self.place,
            row * CELL + (slot_row + 0.5) * self.place,
        )

    def centre(self, group: Iterable[Candidate]) -> tuple[float, float]:
        points = [self.at(cell, digit) for cell, digit in group]
        return (sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points))

    def ring(self, candidate: Candidate, kind: str) -> None:
        """Mark ``candidate`` as ``kind``; a candidate is marked once, by its first part."""
        if candidate in self.marked:
            return
        self.marked.add(candidate)
        x, y = self.at(*candidate)
        self.drawing.rings.append(Ring(round(x, 1), round(y, 1), round(self.place * RING, 1), kind))

    def arrow(self, start: Sequence[Candidate], end: Sequence[Candidate], kind: str) -> None:
        """An arrow from the centre of ``start`` to the centre of ``end``,
        stopping short of both so the candidates stay legible."""
        (x1, y1), (x2, y2) = self.centre(start), self.centre(end)
        length = ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5
        cut = min(self.place * SHORTEN, length / 3)
        dx, dy = ((x2 - x1) / length * cut, (y2 - y1) / length * cut) if length else (0, 0)
        points = (x1 + dx, y1 + dy, x2 - dx, y2 - dy)
        self.drawing.arrows.append(Arrow(*(round(p, 1) for p in points), kind))

    def links(self, links) -> None:
        """A chain's links: strong solid, weak dashed; a strong link's start is
        off and its end on, a weak link's start on and its end off."""
        for link in links:
            kind = "strong" if link.strong else "weak"
            self.arrow(link.start, link.end, kind)
            for candidate in link.start:
                self.ring(candidate, "off" if link.strong else "on")
            for candidate in link.end:
                self.ring(candidate, "on" if link.strong else "off")

    def outline(self, cells: Iterable[int], kind: str, number: int = 0) -> None:
        """The border of ``cells``, kept ``number`` steps further inside than
        the first set's, so the outlines of sets that share cells both show."""
        cells = set(cells)
        size, inset = self.shape.size, INSET * (number + 1)
        parts = []
        for cell in sorted(cells):
            row, column = divmod(cell, size)
            left, top = column * CELL + inset, row * CELL + inset
            right, bottom = (column + 1) * CELL - inset, (row + 1) * CELL - inset
            if row == 0 or cell - size not in cells:
                parts.append(f"M{left} {top}H{right}")
            if row == size - 1 or cell + size not in cells:
                parts.append(f"M{left} {bottom}H{right}")
            if column == 0 or cell - 1 not in cells:
                parts.append(f"M{left} {top}V{bottom}")
            if column == size - 1 or cell + 1 not in cells:
                parts.append(f"M{right} {top}V{bottom}")
        if parts:
            self.drawing.outlines.append(Outline("".join(parts), kind))


def _xy_wing_links(step: Step, before: Marks) -> tuple[Link, ...]:
    """An xy-wing said as the chain it is (the engine gives it no links):
    from a pincer's z through its x, the pivot's x and y, to the other
    pincer's z, strong in each cell and weak between them."""
    pivot, (one, two), z = step.params["pivot"], step.params["pincers"], step.params["digit"]
    x = next(d for d in digits_of(before.candidates[one]) if d != z)
    y = next(d for d in digits_of(before.candidates[two]) if d != z)

    def link(start: Candidate, end: Candidate, strong: bool) -> Link:
        return Link((start,), (end,), strong)

    return (
        link((one, z), (one, x), True),
        link((one, x), (pivot, x), False),
        link((pivot, x), (pivot, y), True),
        link((pivot, y), (two, y), False),
        link((two, y), (two, z), True),
    )


def _fish(pen: _Pen, step: Step) -> None:
    """A fish: its base lines outlined solid and its cover lines dashed, its
    body's candidates ringed, its fins ringed apart."""
    params = step.params
    digit = params["digit"]
    fins = params.get("fins", ())
    if fins and isinstance(fins[0], tuple):  # two finned fish said as one
        fins = tuple(cell for part in fins for cell in part)
    base_kind, base = params["base"]
    covers = params.get("covers") or (params["cover"],)
    for number in base:
        pen.outline(_unit(pen.shape, base_kind, number), "base")
    for cover_kind, numbers in covers:
        for number in numbers:
            pen.outline(_unit(pen.shape, cover_kind, number), "cover", 1)
    for cell in fins:
        pen.ring((cell, digit), "fin")
    for cell in step.pattern.cells:
        pen.ring((cell, digit), "body")


def _unit(shape: Shape, kind: str, number: int) -> tuple[int, ...]:
    for unit in shape.units:
        if unit.kind == kind and unit.number == number:
            return unit.cells
    return ()


def _colours(pen: _Pen, step: Step) -> None:
    """A colouring step: each cluster's two colours ringed, one filled and
    one hollow, the second cluster in other hues."""
    params = step.params
    clusters = params.get("clusters") or (params["colours"],)
    for cluster, kinds in zip(clusters, COLOURS, strict=False):
        for colour, kind in zip(cluster, kinds, strict=True):
            for cell in colour:
                pen.ring((cell, params["digit"]), kind)


def _sets(pen: _Pen, step: Step) -> None:
    """Almost locked sets outlined, each its own line; their restricted
    common digits ringed in each set's cells."""
    sets = step.params["als"]
    if sets and not isinstance(sets[0], tuple):  # a chain into one set
        sets = (sets,)
    rcc = step.params.get("rcc", ())
    for number, cells in enumerate(sets):
        pen.outline(cells, f"als-{number % 3 + 1}", number)
        for cell in cells:
            for digit in rcc:
                if digit in step.pattern.digits:
                    pen.ring((cell, digit), "rcc")


def _forcing(pen: _Pen, step: Step, before: Marks) -> None:
    """A forcing chain: each branch ringed on, and the singles that lead
    from it to what the step proves drawn as arrows."""
    targets = step.placements or step.eliminations
    for branch in step.params.get("branches", ()):
        pen.ring(branch, "on")
        followed = _follow(before, *branch)
        for target in targets:
            _trace(pen, followed, target, step.placements == targets)


def _trace(pen: _Pen, followed: _Followed, target: Candidate, placed: bool) -> None:
    """The arrows from the branch to ``target``: to its placement, or to the
    placement that removed it (the contradiction's last placement when the
    branch broke)."""
    cell = target[0] if placed else followed.removed_by.get(target)
    if cell is None or cell not in followed.placed:
        cell = followed.last
    path = []
    while cell is not None and cell not in path:
        path.append(cell)
        cell = followed.cause.get(cell)
    path = path[::-1]  # from the branch to the outcome
    for first, second in pairwise(path):
        pen.arrow(
            ((first, followed.placed[first]),), ((second, followed.placed[second]),), "implies"
        )
        pen.ring((second, followed.placed[second]), "on")


@dataclass
class _Followed:
    """A branch followed by singles: each cell placed and its digit, the cell
    whose placement led to it (``cause``), which placement took each
    candidate out (``removed_by``), and the ``last`` cell placed."""

    placed: dict[int, int] = field(default_factory=dict)
    cause: dict[int, int] = field(default_factory=dict)
    removed_by: dict[Candidate, int] = field(default_factory=dict)
    last: int | None = None


def _follow(before: Marks, cell: int, digit: int) -> _Followed:
    """Place ``digit`` in ``cell`` on a copy of ``before``, then every naked
    and hidden single that follows, until none is left or the board breaks
    (a cell or a unit's digit without a place); what led to what."""
    marks, followed = before.copy(), _Followed()
    queue: list[tuple[int, int, int | None]] = [(cell, digit, None)]
    while queue:
        cell, digit, cause = queue.pop(0)
        if cell in followed.placed or not marks.has(cell, digit):
            continue
        _place(marks, followed, cell, digit, cause)
        if not queue:
            queue = _singles(marks, followed)
    return followed


def _place(marks: Marks, followed: _Followed, cell: int, digit: int, cause: int | None) -> None:
    for other in digits_of(marks.candidates[cell]):
        if other != digit:
            followed.removed_by.setdefault((cell, other), cell)
    for peer in marks.shape.peers[cell]:
        if marks.has(peer, digit):
            followed.removed_by.setdefault((peer, digit), cell)
    marks.place(cell, digit)
    followed.placed[cell], followed.last = digit, cell
    if cause is not None:
        followed.cause[cell] = cause


def _singles(marks: Marks, followed: _Followed) -> list[tuple[int, int, int | None]]:
    """The naked and hidden singles on ``marks`` that the branch made, each
    with the placement that took the last other candidate or place."""
    found = []
    for cell, mask in enumerate(marks.candidates):
        if mask and not mask & (mask - 1):
            digit = mask.bit_length()
            gone = [(cell, other) for other in range(1, marks.shape.size + 1) if other != digit]
            found.append((cell, digit, _latest(followed, gone)))
    for unit in marks.shape.units:
        for digit in range(1, marks.shape.size + 1):
            places = marks.places(unit, digit)
            if len(places) == 1:
                others = [(other, digit) for other in unit.cells if other != places[0]]
                found.append((places[0], digit, _latest(followed, others)))
    return [(cell, digit, cause) for cell, digit, cause in found if cause is not None]


def _latest(followed: _Followed, candidates: Iterable[Candidate]) -> int | None:
    """The last placement of the branch that took out one of ``candidates``."""
    order = {cell: number for number, cell in enumerate(followed.placed)}
    causes = [followed.removed_by[c] for c in candidates if c in followed.removed_by]
    return max(causes, key=order.__getitem__) if causes else None


ARROW_KINDS = ("strong", "weak", "implies")


def svg(drawing: Drawing) -> SafeString:
    """The drawing as an SVG to lay over its board (``teaching/_drawing.html``);
    empty when it draws nothing."""
    if not drawing:
        return SafeString("")
    context = {"drawing": drawing, "arrow_kinds": ARROW_KINDS}
    return SafeString(render_to_string("teaching/_drawing.html", context).strip())


def marks_before(digits: Sequence[int], candidates: Sequence[Iterable[int]], shape: Shape) -> Marks:
    """The engine's board of a page's picture (each cell's digit and candidates)."""
    return Marks(shape, list(digits), [mask_of(each) for each in candidates])
