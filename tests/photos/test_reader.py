"""read_photo reads the puzzle of a photo, with its corners, in bounded time."""

from random import Random

import cv2
import numpy as np
import pytest

from solver.photos import LOW_CONFIDENCE, PhotoError, Reading, read_photo
from solver.photos.synthetic import text_photo
from tests.support.photos import drawn, shared_sample, wrong_cells

# What the reader gets wrong on the sample of the shared photos (bench.photos
# gives the whole picture): 4 cells, the same under other threads and kernels
# of OpenBLAS, numpy and OpenCV (the weights are the same on every machine:
# solver.photos.exact); one more allowed, a bound, not a wish.
SHARED_SAMPLE_WRONG_CELLS = 5


def test_every_drawn_photo_is_read_exactly_and_proved_unique():
    for photo in drawn():
        reading = read_photo(photo.data)
        assert reading.puzzle == photo.puzzle
        assert reading.verdict == "unique"


def test_a_reading_keeps_the_contract():
    reading = read_photo(drawn()[0].data)
    assert isinstance(reading, Reading)
    assert len(reading.puzzle) == 81
    assert set(reading.puzzle) <= set(".123456789")
    assert len(reading.confidence) == 81
    assert all(0 <= confidence <= 1 for confidence in reading.confidence)
    assert len(reading.corners) == 4
    assert reading.seconds > 0  # how long it took (about 25 ms on an idle core)


def test_doubtful_cells_are_the_unsure_ones_and_every_changed_one():
    reading = read_photo(drawn()[1].data)
    unsure = {i for i, confidence in enumerate(reading.confidence) if confidence < LOW_CONFIDENCE}
    assert set(reading.doubtful) == unsure | {change.index for change in reading.changed}


def test_corners_are_in_the_photos_own_pixels():
    for photo in drawn()[:4]:
        found = np.array(read_photo(photo.data).corners)
        assert np.abs(found - np.array(photo.corners)).max() < 8


def test_corners_of_a_big_photo_are_in_its_full_size_pixels():
    # Decoded reduced (the reader never needs 2,880 pixels), reported full size.
    photo = drawn()[2]
    image = cv2.imdecode(np.frombuffer(photo.data, np.uint8), cv2.IMREAD_GRAYSCALE)
    big = cv2.resize(image, None, fx=3, fy=3, interpolation=cv2.INTER_CUBIC)
    reading = read_photo(cv2.imencode(".jpg", big)[1].tobytes())
    assert reading.puzzle == photo.puzzle
    assert np.abs(np.array(reading.corners) - 3 * np.array(photo.corners)).max() < 3 * 8


def test_a_grid_shot_sideways_is_read_upright_with_its_corners_turned():
    photo = drawn()[3]
    image = cv2.imdecode(np.frombuffer(photo.data, np.uint8), cv2.IMREAD_GRAYSCALE)
    turned = cv2.rotate(image, cv2.ROTATE_90_CLOCKWISE)  # the grid's top is now on the right
    reading = read_photo(cv2.imencode(".png", turned)[1].tobytes())
    assert reading.puzzle == photo.puzzle
    height = image.shape[0]
    # A point (x, y) turned clockwise lands at (height - 1 - y, x); the grid's top-left
    # corner stays its top-left corner.
    expected = [(height - 1 - y, x) for x, y in photo.corners]
    assert np.abs(np.array(reading.corners) - np.array(expected)).max() < 8


@pytest.mark.parametrize("seed", range(4))
def test_a_page_of_text_has_no_grid(seed):
    with pytest.raises(PhotoError) as raised:
        read_photo(text_photo(Random(seed)))
    assert raised.value.code == "no_grid"


def test_noise_has_no_grid():
    noise = np.random.default_rng(30).integers(0, 256, (600, 800), dtype=np.uint8)
    with pytest.raises(PhotoError) as raised:
        read_photo(cv2.imencode(".png", noise)[1].tobytes())
    assert raised.value.code == "no_grid"


def test_a_sample_of_the_shared_photos_is_read_with_few_cells_wrong():
    photos = shared_sample()
    wrong = {
        photo.name: wrong_cells(read_photo(photo.path.read_bytes()).puzzle, photo.puzzle)
        for photo in photos
    }
    assert len(photos) == 20
    assert sum(wrong.values()) <= SHARED_SAMPLE_WRONG_CELLS, wrong
