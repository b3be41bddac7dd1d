"""The classifier is trained from Debian's fonts alone, the same way every
build, and only by a build: a reader without it refuses to read."""

import shutil

import numpy as np
import pytest

from solver.photos import ReaderNotReady
from solver.photos.classifier import CLASSES, probabilities
from solver.photos.model import MODEL_PATH, build, classifier
from solver.photos.training import NO_DIGIT_CLASS, rendered_glyphs


def test_the_drawings_are_the_same_for_a_seed():
    first, classes = rendered_glyphs(seed=7, per_font=1)
    again, classes_again = rendered_glyphs(seed=7, per_font=1)
    assert np.array_equal(first, again)
    assert np.array_equal(classes, classes_again)


def test_every_digit_and_the_not_a_digit_class_are_drawn():
    _, classes = rendered_glyphs(seed=7, per_font=1)
    assert set(classes) == set(range(1, 10)) | {NO_DIGIT_CLASS}


def test_the_classifier_reads_fresh_drawings_of_its_fonts():
    glyphs, classes = rendered_glyphs(seed=8, per_font=1)
    odds = probabilities(classifier(), glyphs)
    assert odds.shape == (len(glyphs), CLASSES)
    assert np.mean(odds.argmax(axis=1) + 1 == classes) > 0.95


@pytest.mark.slow
def test_a_new_build_gives_the_very_weights_of_the_saved_one(tmp_path):
    rebuilt = build(tmp_path / "digits.npz")
    for new, saved in zip(rebuilt.networks, classifier().networks, strict=True):
        for name, value in vars(new).items():
            assert np.array_equal(value, getattr(saved, name)), name


def test_a_missing_model_is_refused_never_trained_and_read_once_there(no_model):
    with pytest.raises(ReaderNotReady, match="make photos-model"):
        classifier()
    assert not no_model.exists()
    shutil.copyfile(MODEL_PATH, no_model)  # as `make photos-model` would
    assert classifier().networks
