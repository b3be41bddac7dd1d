"""bench/README.md keeps each benchmark's latest figures and command, no history."""

from pathlib import Path

README = Path(__file__).resolve().parents[2] / "bench" / "README.md"


def test_the_figures_page_stays_at_most_15_kb():
    """Earlier runs live in git's history, not on the page: 15 KB at most."""
    assert README.stat().st_size <= 15 * 1024
