"""Techniques: the named deductions a person makes, one module per family.

Each technique is a finder: ``find(marks)`` yields every instance of it on a
board of ``marks`` as a ``steps.Step``, applying none. Each family
declares its techniques as rows of one table (``steps.Technique``: id,
finder, level, points), so a technique is added by one row. ``TABLE``
holds every row, simplest first; ``TECHNIQUES`` maps the ids the API uses
to the finders in that order, which is the order the teacher (``teacher``)
asks them in. Simplest is what the difficulty model says (``rank``: level,
then points), so the step a person is shown is the one the rating counts
as easiest, whatever family it is in: a skyscraper before a finned x-wing,
which may find the same elimination. The families:

- ``singles``: full house, naked single, hidden single;
- ``intersections``: locked candidates (pointing, claiming), locked pair and
  triple;
- ``cages``: a killer cage's combinations, and the rule of 45;
- ``subsets``: naked and hidden pairs, triples and quads;
- ``fish``: x-wing, swordfish, jellyfish, and each with fins (finned and
  sashimi);
- ``single_digit``: skyscraper, two-string kite, turbot fish, empty
  rectangle;
- ``colouring``: simple colors, multi-colors;
- ``wings``: remote pair, w-wing, xy-wing, xyz-wing;
- ``uniqueness``: unique rectangles of types 1 to 4, hidden rectangle and
  bug-plus-one, for puzzles known to have one solution (``UNIQUENESS``);
- ``als``: sue de coq, als-xz, als-xy-wing;
- ``chains``: x-chain, xy-chain, aic (with nice loops, grouped nodes and
  almost locked sets), and forcing-chain, the last logical resort.

Every finder works on the board's shape, at every size the engine reads.
"""

from ..levels import LEVELS, Level
from ..steps import Finder, Technique
from . import (
    als,
    cages,
    chains,
    colouring,
    fish,
    intersections,
    single_digit,
    singles,
    subsets,
    uniqueness,
    wings,
)

# The teacher's own last resort, no pattern: a candidate tried and decided by
# the exact solver (``teacher.trial_step``). It has no finder, only a weight.
TRIAL = Technique("trial", None, Level.EXTREME, 300)

# The techniques that hold only if the puzzle has one solution: the teacher
# asks them only when that is proved.
UNIQUENESS = uniqueness.UNIQUENESS


# The families that read every region from the board's shape, a variant's
# geometry too (its diagonals, windows, jigsaw regions in the boxes' place,
# and the cells a pair rule makes peers): their steps hold under any rule
# set. The others reason on the classic rows, columns and boxes alone (or,
# the finned fish, on boxes stacked in bands), which every rule set keeps but
# a jigsaw's, whose regions replace the boxes.
ANY_REGIONS = frozenset(
    row.id
    for family in (singles, intersections, cages, subsets, fish, single_digit, colouring, wings)
    for row in family.TECHNIQUES
    if row.id not in fish.FINNED
)


def rank(row: Technique) -> tuple[int, int]:
    """How hard a technique is: its level's place in ``LEVELS``, then its points."""
    return LEVELS.index(row.level), row.points


FAMILIES = (
    singles,
    intersections,
    cages,
    subsets,
    fish,
    single_digit,
    colouring,
    wings,
    uniqueness,
    als,
    chains,
)

# Every technique's row, the trial's too, simplest first: the one table the
# teacher, the difficulty model and the API read.
TABLE: dict[str, Technique] = {
    row.id: row
    for row in sorted((*(row for family in FAMILIES for row in family.TECHNIQUES), TRIAL), key=rank)
}


def finders(rows) -> dict[str, Finder]:
    """The finders of ``rows`` (a family's ``TECHNIQUES``, or ``TABLE``'s), by id, in order."""
    return {row.id: row.find for row in rows if row.find}


# The finders, by id, in the teacher's order.
TECHNIQUES: dict[str, Finder] = finders(TABLE.values())
