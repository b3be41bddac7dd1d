"""The bounds benchmark prints a row per hostile image, with what the child took,
and the fork's cost against a read in the process."""

from bench import photo_bounds
from solver.photos import hostile


def test_a_refused_image_gets_its_code_and_the_childs_figures(capsys):
    photo_bounds._row("thin", hostile.blank_png(8000, 7), photo_bounds.read_here)
    cells = capsys.readouterr().out.strip().strip("|").split("|")
    assert [cell.strip() for cell in cells[:3]] == ["thin", "139", "too_small"]
    assert float(cells[4]) >= 0  # CPU seconds
    assert int(cells[5]) >= 0  # MB


def test_an_image_past_the_limits_is_too_costly_with_the_cpu_limit_as_its_seconds(
    capsys, monkeypatch
):
    monkeypatch.setattr(photo_bounds.bounded, "WALL_SECONDS", 0)
    photo_bounds._row("slow", hostile.blank_png(200, 200), photo_bounds.read_here)
    assert "| too_costly |" in capsys.readouterr().out


def test_the_forks_cost_is_the_child_against_the_process(capsys):
    photo_bounds.fork_cost(photos=1, rounds=1)
    out = capsys.readouterr().out
    for read in ("in this process (read_here)", "in a child under the limits", "the child's cost"):
        assert f"| {read}" in out
