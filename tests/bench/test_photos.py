"""The photo benchmark counts what the reader got right and wrong, photo by photo."""

from bench.photos import HEADER, Figures, row
from tests.support.photos import drawn


def test_a_photo_read_exactly_counts_as_exact_with_no_cell_wrong():
    figures = Figures()
    photo = drawn()[0]
    figures.add(photo.data, photo.puzzle)
    assert (figures.photos, figures.found, figures.exact_after, figures.cells_wrong) == (1, 1, 1, 0)
    assert figures.digits_right == figures.digits_both == 81 - photo.puzzle.count(".")


def test_a_photo_with_no_grid_counts_every_cell_wrong():
    figures = Figures()
    figures.add(b"no image", "." * 81)
    assert (figures.found, figures.cells_wrong, figures.cells_wrong_found) == (0, 81, 0)


def test_a_row_has_a_field_for_each_heading():
    figures = Figures()
    photo = drawn()[1]
    figures.add(photo.data, photo.puzzle)
    assert row("drawn", figures).count("|") == HEADER.splitlines()[0].count("|")


def test_a_set_of_no_photos_has_dashes_for_its_times():
    empty = row("none", Figures())
    assert empty.startswith("| none | 0 | – |")
    assert empty.endswith("| – | – | – |")
    assert empty.count("|") == HEADER.splitlines()[0].count("|")
