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
import os
import subprocess
import sys
import tempfile
from functools import cache
from pathlib import Path

from .classifier import Classifier
from .reading import ReaderNotReady

VERSION = 6  # the file's format; the code that trains is told by its fingerprint
ROOT = Path(__file__).resolve().parents[2]  # the project's folder
# The modules whose code decides the trained network's weights.
SHAPED_BY = (
    "training.py",
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
# What the child process that trains runs, given the file to write.
TRAIN = (
    "import sys, cv2; from pathlib import Path; from solver.photos.training import train; "
    "cv2.setNumThreads(1); train().save(Path(sys.argv[1]))"
)
# The variables that set how many threads numpy's BLAS libraries start.
THREADS = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")


@cache
def classifier() -> Classifier:
    """The digit classifier, from MODEL_PATH. Raises ReaderNotReady when no
    model can be read there (the next call tries again: nothing is cached)."""
    try:
        return Classifier.load(MODEL_PATH)
    except (OSError, ValueError, KeyError) as error:
        message = f"no digit classifier at {MODEL_PATH}: run `make photos-model`"
        raise ReaderNotReady(message) from error


def build(path: Path = MODEL_PATH) -> Classifier:
    """Trains the classifier, saves it at ``path`` (atomically) and returns it.

    The training runs in a child process with one thread for numpy's BLAS and
    for OpenCV: more threads sum in another order, and the weights would differ
    from one build to the next. Raises CalledProcessError if the training fails.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, suffix=".npz")
    os.close(handle)
    try:
        one_thread = {**os.environ, **dict.fromkeys(THREADS, "1")}
        subprocess.run(
            [sys.executable, "-c", TRAIN, temporary], cwd=ROOT, env=one_thread, check=True
        )
        os.chmod(temporary, 0o644)  # mkstemp makes it private; the server may be another user
        os.replace(temporary, path)
    finally:
        if os.path.exists(temporary):
            os.unlink(temporary)
    return Classifier.load(path)
