"""The trained classifier on disk: made at build time, or on first use if missing.

``make photos-model`` writes it to MODEL_PATH (under ``var/``, ignored by
git). ``classifier()`` loads it once per process, training and saving it first
if the file is missing or was made by another version of the training
(``VERSION``). The file is written under a temporary name and renamed into
place, so that a process reading it never sees half a file, and two
processes training at once each write a whole one.
"""

from __future__ import annotations

import os
import tempfile
from functools import cache
from pathlib import Path

from .classifier import Classifier
from .training import train

VERSION = 6  # raise when the training or the features change: older files are retrained
MODEL_PATH = Path(
    os.environ.get(
        "SUDOKU_PHOTOS_MODEL",
        Path(__file__).resolve().parents[2] / "var" / "photos" / f"digits-v{VERSION}.npz",
    )
)


@cache
def classifier() -> Classifier:
    """The digit classifier, from MODEL_PATH, trained and saved there first if need be."""
    try:
        return Classifier.load(MODEL_PATH)
    except (OSError, ValueError, KeyError):
        return build()


def build(path: Path = MODEL_PATH) -> Classifier:
    """Trains the classifier and saves it at ``path`` (atomically); returns it."""
    trained = train()
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, suffix=".npz")
    os.close(handle)
    try:
        trained.save(Path(temporary))
        os.chmod(
            temporary, 0o644
        )  # mkstemp makes it private; the site's server may be another user
        os.replace(temporary, path)
    finally:
        if os.path.exists(temporary):
            os.unlink(temporary)
    return trained
