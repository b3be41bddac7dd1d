"""The side-by-side comparison runs two checkouts' engines on the same puzzles."""

import pytest

from bench.compare import HERE, main, rate
from tests.support.puzzles import HARD, HARD1, NO_SOLUTION


def test_a_checkout_times_the_puzzles_and_counts_their_guesses():
    per_second, guesses = rate(HERE, [HARD, NO_SOLUTION])
    assert per_second > 0
    assert guesses > 0  # HARD needs a search; NO_SOLUTION falls to propagation


def test_the_table_has_a_row_per_file_with_both_versions(tmp_path, capsys):
    puzzles = tmp_path / "few.txt"
    puzzles.write_text(f"{HARD}\n{HARD1}\n")
    main([str(HERE), str(puzzles), "--rounds", "1"])
    rows = [line for line in capsys.readouterr().out.splitlines() if "`few.txt`" in line]
    assert len(rows) == 1
    cells = [cell.strip() for cell in rows[0].strip("|").split("|")]
    assert cells[1] == "2"
    assert cells[3] == cells[5]  # the same engine guesses alike: the search is seeded


def test_a_folder_that_is_not_a_checkout_is_refused(tmp_path, capsys):
    with pytest.raises(SystemExit):
        main([str(tmp_path)])
    assert "is not a checkout" in capsys.readouterr().err
