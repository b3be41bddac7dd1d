"""The classifier is trained from Debian's fonts alone, to the same weights on
every machine, and only by a build: a reader without it refuses to read."""

import hashlib
import shutil

import numpy as np
import pytest

from solver.photos import ReaderNotReady
from solver.photos.classifier import CLASSES, probabilities
from solver.photos.exact import THREADS
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


# What another machine changes: more threads, and other kernels and loops of
# OpenBLAS, numpy and OpenCV (here, those of a processor without AVX2). Each of
# these, in a training without exact's pins, gave other weights.
ANOTHER_MACHINE = {
    **dict.fromkeys(THREADS, "2"),
    "OPENBLAS_CORETYPE": "Sandybridge",
    "NPY_DISABLE_CPU_FEATURES": "X86_V3",
    "OPENCV_CPU_DISABLE": "AVX2,FMA3,AVX",
}


def weights_fingerprint(trained) -> str:
    """A digest of every weight of every network, bit for bit."""
    digest = hashlib.sha256()
    for network in trained.networks:
        for value in vars(network).values():
            digest.update(np.ascontiguousarray(value).tobytes())
    return digest.hexdigest()


def test_a_small_training_gives_the_same_weights_under_another_machines_settings(
    tmp_path, monkeypatch
):
    here = build(tmp_path / "here.npz", per_font=2, epochs=2)
    for name, value in ANOTHER_MACHINE.items():
        monkeypatch.setenv(name, value)
    there = build(tmp_path / "there.npz", per_font=2, epochs=2)
    assert weights_fingerprint(here) == weights_fingerprint(there)


@pytest.mark.slow
def test_a_new_build_under_another_machines_settings_gives_the_saved_weights(tmp_path, monkeypatch):
    for name, value in ANOTHER_MACHINE.items():
        monkeypatch.setenv(name, value)
    rebuilt = build(tmp_path / "digits.npz")
    assert weights_fingerprint(rebuilt) == weights_fingerprint(classifier())


def test_a_missing_model_is_refused_never_trained_and_read_once_there(no_model):
    with pytest.raises(ReaderNotReady, match="make photos-model"):
        classifier()
    assert not no_model.exists()
    shutil.copyfile(MODEL_PATH, no_model)  # as `make photos-model` would
    assert classifier().networks
