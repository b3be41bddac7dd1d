"""Techniques: the named deductions a person makes, one module per family.

Each technique is a finder: ``find(marks)`` yields every instance of it on a
board of ``marks`` as a ``steps.Step``, applying none. ``TECHNIQUES`` maps
the ids the API uses to the finders, simplest first, which is the order the
teacher (``teacher``) asks them in:

- ``singles``: full house, naked single, hidden single;
- ``intersections``: locked candidates (pointing, claiming), locked pair and
  triple;
- ``subsets``: naked and hidden pairs, triples and quads;
- ``fish``: x-wing, swordfish, jellyfish;
- ``single_digit``: skyscraper;
- ``wings``: xy-wing, xyz-wing;
- ``chains``: x-chain, xy-chain, aic (with nice loops, grouped nodes and
  almost locked sets), and forcing-chain, the last logical resort.

Every finder works on the board's shape, at every size the engine reads.
"""

from collections.abc import Callable, Iterator

from ..marks import Marks
from ..steps import Step
from . import chains, fish, intersections, single_digit, singles, subsets, wings

Finder = Callable[[Marks], Iterator[Step]]

TECHNIQUES: dict[str, Finder] = {
    **singles.TECHNIQUES,
    **intersections.TECHNIQUES,
    **subsets.TECHNIQUES,
    **fish.TECHNIQUES,
    **single_digit.TECHNIQUES,
    **wings.TECHNIQUES,
    **chains.TECHNIQUES,
}
