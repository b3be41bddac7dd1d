"""The trained network on disk: made at build time, or on first use if missing.

``make photos-model`` writes it to MODEL_PATH (under ``var/``, ignored by
git). ``network()`` loads it once per process, training and saving it first
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

import numpy as np

from .classifier import Network
from .training import train

VERSION = 4  # raise when the training or the features change: older files are retrained
MODEL_PATH = Path(
    os.environ.get(
        "SUDOKU_PHOTOS_MODEL",
        Path(__file__).resolve().parents[2] / "var" / "photos" / f"digits-v{VERSION}.npz",
    )
)


@cache
def network() -> Network:
    """The digit classifier, from MODEL_PATH, trained and saved there first if need be."""
    try:
        return Network.load(MODEL_PATH)
    except (OSError, ValueError, KeyError):
        return build()


def build(path: Path = MODEL_PATH) -> Network:
    """Trains the network and saves it at ``path`` (atomically); returns it."""
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


def _self_test() -> float:
    """The share of a fresh rendered set the saved network reads right (a quick
    check after ``make photos-model``)."""
    from .classifier import probabilities
    from .training import rendered_glyphs

    glyphs, digits = rendered_glyphs(seed=1, per_font=2)
    return float(np.mean(probabilities(network(), glyphs).argmax(axis=1) + 1 == digits))
