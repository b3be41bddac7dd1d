"""Where the teacher's time goes: every technique asked is in the table, the
shares are of the walks' time, and the steps found add up to the walks'."""

from bench.teacher_finders import Tally, main
from solver.engine import parse_puzzle, shape_of_grid
from solver.engine.marks import Marks
from solver.engine.teacher import explain
from solver.engine.techniques import TECHNIQUES
from tests.support.commands import printed
from tests.support.puzzles import HARD


def test_each_finder_is_counted_with_its_calls_and_steps():
    tally = Tally()
    techniques = {name: tally.watched(name, finder) for name, finder in TECHNIQUES.items()}
    grid = parse_puzzle(HARD)
    steps = explain(Marks.from_grid(grid, shape_of_grid(grid)), techniques, unique=True)
    assert sum(tally.found.values()) == sum(1 for s in steps if s.technique != "trial")
    assert tally.asked["full-house"] >= len(steps)
    assert set(tally.spent) <= set(TECHNIQUES)


def test_the_command_prints_a_row_per_technique_asked():
    lines = printed("bench.teacher_finders", "--set", "seventeen_clue.txt", "--sample", "2")
    assert lines[0].startswith("Machine:")
    assert "| `naked-single` |" in "\n".join(lines)
    assert main(["--set", "seventeen_clue.txt", "--sample", "1"]) == 0
