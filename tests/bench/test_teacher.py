"""The teacher benchmark: its rank correlation and tables follow from the figures,
the peer is asked once per puzzle through its own Python (skipped when absent),
and the command prints every part."""

import json
import sys
import textwrap

import pytest

from bench.teacher import (
    PEER_TECHNIQUES,
    Peer,
    ask_peer,
    confusion,
    explained,
    hint_times,
    our_technique,
    ranks,
    rate_peer_walk,
    spearman,
)
from solver.engine.difficulty import WEIGHTS, Difficulty, rate
from solver.engine.steps import Step
from tests.support.commands import printed
from tests.support.puzzles import HARD, sample

# A stand-in for hodoku-py, so the peer's side runs without the real one (GPL,
# never installed with the project): every puzzle is Hard, scored by its givens.
FAKE_HODOKU = """
from types import SimpleNamespace

class Solver:
    def solve(self, puzzle):
        givens = sum(1 for symbol in puzzle if symbol != ".")
        return SimpleNamespace(solved=True, steps=[], level=SimpleNamespace(name="HARD"),
                               score=givens)
"""


@pytest.fixture
def fake_peer(tmp_path):
    """A Python command that runs the interpreter with the stand-in hodoku first
    on its path, and a file that counts the puzzles it was asked about."""
    (tmp_path / "hodoku").mkdir()
    (tmp_path / "hodoku" / "__init__.py").write_text(FAKE_HODOKU)
    python = tmp_path / "python"
    python.write_text(
        textwrap.dedent(f"""\
            #!/bin/sh
            echo asked >> {tmp_path / "asked"}
            PYTHONPATH={tmp_path} exec {sys.executable} "$@"
        """)
    )
    python.chmod(0o755)
    return python


def test_ranks_of_ties_are_the_mean_of_the_ranks_they_span():
    assert ranks([30, 10, 20, 20]) == [4.0, 1.0, 2.5, 2.5]


def test_spearman_is_one_for_the_same_order_and_minus_one_for_the_reverse():
    assert spearman([1, 5, 9, 20], [2, 3, 4, 100]) == pytest.approx(1.0)
    assert spearman([1, 5, 9, 20], [100, 4, 3, 2]) == pytest.approx(-1.0)


def test_spearman_with_ties_is_the_correlation_of_the_mean_ranks():
    # Ranks (1, 2.5, 2.5, 4) against (1, 2, 3, 4): covariance 4.5 over
    # sqrt(4.5 * 5).
    assert spearman([1, 2, 2, 3], [1, 2, 3, 4]) == pytest.approx(4.5 / (4.5 * 5) ** 0.5)


def test_spearman_has_no_value_without_two_pairs_or_with_a_constant_side():
    assert spearman([1], [2]) is None
    assert spearman([1, 1, 1], [1, 2, 3]) is None
    with pytest.raises(ValueError, match="pair up"):
        spearman([1, 2], [1])


def test_the_confusion_counts_each_pair_of_levels_once():
    ours = [Difficulty(level, 0, "") for level in ("easy", "hard", "hard")]
    peers = [Peer(1.0, level, 0, True, False) for level in ("easy", "expert", "hard")]
    lines = confusion(ours, peers)
    assert lines[0] == "| ours \\ peer | easy | medium | hard | expert | extreme |"
    assert lines[2] == "| easy | 1 | 0 | 0 | 0 | 0 |"
    assert lines[4] == "| hard | 0 | 0 | 1 | 1 | 0 |"


def test_the_peers_steps_are_rated_as_the_same_steps_of_ours():
    steps = {"HIDDEN_SINGLE": 30, "LOCKED_CANDIDATES_1": 2, "SASHIMI_SWORDFISH": 1}
    ours = [Step("hidden-single")] * 30 + [Step("locked-pointing")] * 2 + [Step("finned-swordfish")]
    assert rate_peer_walk(Peer(1.0, "expert", 0, True, False, steps)) == rate(ours)


def test_each_peer_step_type_is_counted_as_a_technique_with_a_weight():
    assert set(PEER_TECHNIQUES.values()) <= set(WEIGHTS)
    assert our_technique("BRUTE_FORCE") == "trial"
    assert our_technique("GROUPED_DISCONTINUOUS_NICE_LOOP") == "aic"
    assert our_technique("FINNED_FRANKEN_SWORDFISH") == "finned-jellyfish"
    assert our_technique("XY_WING") == "xy-wing"


def test_a_puzzle_explained_is_solved_rated_and_its_trials_counted():
    run = explained(sample("seventeen_clue.txt", 1)[0])
    assert run.solved
    assert run.trials == 0
    assert run.ms > 0
    assert run.difficulty.score > 0


def test_a_hint_is_timed_at_every_position_of_the_walk():
    times = hint_times(HARD)
    assert len(times) >= 81 - sum(1 for symbol in HARD if symbol.isdigit())
    assert all(ms >= 0 for ms in times)


def test_the_peer_is_asked_once_per_puzzle_and_its_answers_kept(fake_peer, tmp_path):
    puzzles = [p.replace("0", ".") for p in sample("seventeen_clue.txt", 2)]
    cache = tmp_path / "cache.jsonl"
    first = ask_peer(fake_peer, puzzles, cache)
    assert {p: (a.level, a.score) for p, a in first.items()} == {p: ("hard", 17) for p in puzzles}
    assert [json.loads(line)["puzzle"] for line in cache.read_text().splitlines()] == puzzles
    again = ask_peer(fake_peer, puzzles, cache)
    assert again == first
    assert len((tmp_path / "asked").read_text().splitlines()) == 1


def test_the_command_prints_the_teacher_the_peer_and_their_agreement(fake_peer):
    lines = printed(
        "bench.teacher", "--sets", "seventeen_clue.txt", "--sample", "3", "--peer-python",
        str(fake_peer),
    )  # fmt: skip
    text = "\n".join(lines)
    assert lines[0].startswith("Machine:")
    assert "| `seventeen_clue.txt` | 3 |" in text
    assert "Peer: hodoku-py" in text
    assert "hard 3" in text
    assert "| all | 3 |" in text
    assert "| ours \\ peer |" in text


def test_without_the_peer_the_command_says_so_and_prints_the_teacher(tmp_path):
    lines = printed(
        "bench.teacher", "--sets", "seventeen_clue.txt", "--sample", "2", "--peer-python",
        str(tmp_path / "missing"),
    )  # fmt: skip
    assert any(line.startswith("| `seventeen_clue.txt` | 2 |") for line in lines)
    assert any(line.startswith("Peer skipped") for line in lines)


def test_the_positions_mode_times_the_hints():
    lines = printed("bench.teacher", "--sets", "seventeen_clue.txt", "--sample", "2", "--positions")
    assert any(line.startswith("| `seventeen_clue.txt` | 2 |") for line in lines)
