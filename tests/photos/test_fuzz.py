"""The reader over mutated real photos (bytes flipped, the file cut short, a
stretch of it repeated) gives a reading or a PhotoError, never another
exception: the mutations are seeded, so a failure replays."""

from __future__ import annotations

from random import Random

import pytest

from solver.photos import PhotoError, read_photo
from solver.photos.reader import read_here
from tests.support.photos import shared_sample

FAST_MUTATIONS = 96  # in make test-fast: about 3 s
SLOW_MUTATIONS = 600


def mutated(data: bytes, rng: Random) -> bytes:
    """``data`` with one of the mutations, chosen and placed by ``rng``."""
    kind = rng.choice(("flip", "cut", "repeat"))
    if kind == "cut":
        return data[: rng.randrange(len(data))]
    if kind == "repeat":
        start = rng.randrange(len(data))
        stretch = data[start : start + rng.randrange(1, 4096)]
        at = rng.randrange(len(data))
        return data[:at] + stretch * rng.randrange(1, 4) + data[at:]
    flipped = bytearray(data)
    # The header and the first markers most often, where a flip changes most.
    for _ in range(rng.randrange(1, 16)):
        flipped[rng.randrange(min(len(data), rng.choice((64, 1024, len(data)))))] ^= (
            1 << rng.randrange(8)
        )
    return bytes(flipped)


def mutations(count: int, seed: int) -> list[tuple[str, bytes]]:
    """``count`` mutations of four shared photos, named for replaying."""
    rng = Random(seed)
    photos = [photo.path.read_bytes() for photo in shared_sample(40)]
    return [
        (f"seed {seed}, mutation {index}", mutated(rng.choice(photos), rng))
        for index in range(count)
    ]


def _only_photo_errors(read, cases) -> None:
    for name, data in cases:
        try:
            read(data)
        except PhotoError:
            pass
        except Exception as error:
            raise AssertionError(f"{name}: {type(error).__name__}: {error}") from error


def test_mutated_photos_give_a_reading_or_a_photo_error():
    _only_photo_errors(read_here, mutations(FAST_MUTATIONS, seed=37))


def test_mutated_photos_read_in_bounds_give_a_reading_or_a_photo_error():
    _only_photo_errors(read_photo, mutations(8, seed=38))


@pytest.mark.slow
def test_many_mutated_photos_give_a_reading_or_a_photo_error():
    _only_photo_errors(read_here, mutations(SLOW_MUTATIONS, seed=2796))
