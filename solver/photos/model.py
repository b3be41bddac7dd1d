"""The trained classifier on disk: made at build time, never by a read.

``make photos-model`` writes it to MODEL_PATH (under ``var/``, ignored by
git). ``classifier()`` loads it once per process; while the file is missing
it raises ``ReaderNotReady`` (training takes half a minute: no request may
wait that long), and loads it once it is there. The file's name carries a
fingerprint of the code that shapes the network (``SHAPED_BY``), so a model
trained by other code, older or newer, is never read: a change to the
training names a new file.
The file is written under a temporary name and renamed into place, so that
a process reading it never sees half a file, and two processes training at
once each write a whole one.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import tempfile
from functools import cache
from pathlib import Path

from . import exact
from .classifier import Classifier
from .reading import ReaderNotReady

VERSION = 6  # the file's format; the code that trains is told by its fingerprint
ROOT = Path(__file__).resolve().parents[2]  # the project's folder
# The modules whose code decides the trained network's weights.
SHAPED_BY = (
    "training.py",
    "exact.py",
    "render.py",
    "fonts.py",
    "features.py",
    "classifier.py",
    "cells.py",
    "grid.py",
)


def fingerprint() -> str:
    """A short digest of the code in SHAPED_BY: the same code, the same name."""
    digest = hashlib.sha256()
    for name in SHAPED_BY:
        digest.update((Path(__file__).parent / name).read_bytes())
    return digest.hexdigest()[:12]


MODEL_PATH = Path(
    os.environ.get(
        "SUDOKU_PHOTOS_MODEL", ROOT / "var" / "photos" / f"digits-v{VERSION}-{fingerprint()}.npz"
    )
)
# What the child process that trains runs, given the file to write and the
# training's sizes (JSON: train's keyword arguments).
TRAIN = (
    "import sys, json; from pathlib import Path; from solver.photos import exact; exact.pin(); "
    "from solver.photos.training import train; "
    "train(**json.loads(sys.argv[2])).save(Path(sys.argv[1]))"
)


@cache
def classifier() -> Classifier:
    """The digit classifier, from MODEL_PATH. Raises ReaderNotReady when no
    model can be read there (the next call tries again: nothing is cached)."""
    try:
        return Classifier.load(MODEL_PATH)
    except (OSError, ValueError, KeyError) as error:
        message = f"no digit classifier at {MODEL_PATH}: run `make photos-model`"
        raise ReaderNotReady(message) from error


def build(path: Path = MODEL_PATH, **sizes: int) -> Classifier:
    """Trains the classifier, saves it at ``path`` (atomically) and returns it;
    ``sizes`` (``train``'s ``per_font`` and ``epochs``) make a smaller one, for tests.

    The training runs in a child process whose libraries pick the same loops on
    every machine, with one thread each (``exact``), so that any machine trains
    the very same weights. Raises CalledProcessError if the training fails.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, suffix=".npz")
    os.close(handle)
    try:
        command = [sys.executable, "-c", TRAIN, temporary, json.dumps(sizes)]
        subprocess.run(command, cwd=ROOT, env=exact.environment(os.environ), check=True)
        os.chmod(temporary, 0o644)  # mkstemp makes it private; the server may be another user
        os.replace(temporary, path)
    finally:
        if os.path.exists(temporary):
            os.unlink(temporary)
    return Classifier.load(path)
