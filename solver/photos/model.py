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
import subprocess
import sys
import tempfile
from functools import cache
from pathlib import Path

from .classifier import Classifier

VERSION = 6  # raise when the training or the features change: older files are retrained
ROOT = Path(__file__).resolve().parents[2]  # the project's folder
MODEL_PATH = Path(
    os.environ.get("SUDOKU_PHOTOS_MODEL", ROOT / "var" / "photos" / f"digits-v{VERSION}.npz")
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
    """The digit classifier, from MODEL_PATH, trained and saved there first if need be."""
    try:
        return Classifier.load(MODEL_PATH)
    except (OSError, ValueError, KeyError):
        return build()


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
