"""Techniques: the named deductions a person makes, one module per family.

Each technique is a finder: ``find(marks)`` yields every instance of it on a
board of ``marks`` as a ``steps.Step``, applying none. ``TECHNIQUES`` maps
the ids the API uses to the finders, simplest first, which is the order the
teacher (``teacher``) asks them in. Simplest is what the difficulty model
says (``difficulty.rank``: level, then points), so the step a person is
shown is the one the rating counts as easiest, whatever family it is in: a
skyscraper before a finned x-wing, which may find the same elimination.
The families:

- ``singles``: full house, naked single, hidden single;
- ``intersections``: locked candidates (pointing, claiming), locked pair and
  triple;
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

from collections.abc import Callable, Iterator

from ..difficulty import rank
from ..marks import Marks
from ..steps import Step
from . import (
    als,
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

Finder = Callable[[Marks], Iterator[Step]]

# The techniques that hold only if the puzzle has one solution: the teacher
# asks them only when that is proved.
UNIQUENESS = uniqueness.UNIQUENESS

FAMILIES: dict[str, Finder] = {
    **singles.TECHNIQUES,
    **intersections.TECHNIQUES,
    **subsets.TECHNIQUES,
    **fish.TECHNIQUES,
    **single_digit.TECHNIQUES,
    **colouring.TECHNIQUES,
    **wings.TECHNIQUES,
    **uniqueness.TECHNIQUES,
    **als.TECHNIQUES,
    **chains.TECHNIQUES,
}

TECHNIQUES: dict[str, Finder] = dict(sorted(FAMILIES.items(), key=lambda item: rank(item[0])))
