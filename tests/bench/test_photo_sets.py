"""The shared photos are read with their true grids and split in halves by puzzle."""

from bench.photo_sets import halves, shared_photos


def test_every_shared_photo_comes_with_a_puzzle_of_81_cells():
    photos = shared_photos()
    assert len(photos) == 160
    assert all(len(photo.puzzle) == 81 for photo in photos)
    assert all(set(photo.puzzle) <= set(".123456789") for photo in photos)


def test_the_halves_share_no_puzzle_and_hold_every_photo():
    tune, held_out = halves()
    assert {p.puzzle for p in tune}.isdisjoint({p.puzzle for p in held_out})
    assert sorted(p.name for p in tune + held_out) == sorted(p.name for p in shared_photos())
