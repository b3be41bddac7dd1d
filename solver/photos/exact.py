"""Arithmetic whose every bit is the same on any machine: what the training runs on.

A float's last bit hangs on the order of its sums and on the kernel a library
picks for the processor it finds: OpenBLAS's matrix kernels (one per family of
processors) and its threads, numpy's and OpenCV's AVX2 and AVX-512 loops,
glibc's FMA versions of exp and log. Training is chaotic: one bit that differs
in one step gives other weights at the end, and a model trained on another
machine read the shared photos otherwise. So the training

- takes its matrix products from ``product``: numpy's own einsum loop, one
  fixed order of sums, no BLAS and no threads;
- runs in a process started with ``environment``, which turns numpy's and
  glibc's choice of loops down to what every x86-64 processor has, and
  calls ``pin`` first, which does the same for OpenCV and gives it one thread.

Each was found by training under another setting (threads, kernels, loops) and
seeing the weights change; ``tests/photos/test_training.py`` trains twice
under different ones and compares the weights' fingerprints.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
from numpy.lib.introspect import opt_func_info

# The variables that set how many threads numpy's BLAS libraries start.
THREADS = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")
# glibc's maths functions have FMA versions chosen by the processor; without these
# features every machine takes the plain ones.
GLIBC_FEATURES_OFF = "glibc.cpu.hwcaps=-AVX512F,-AVX2,-FMA,-FMA4,-AVX"
BASELINE = "baseline"  # how opt_func_info names the loops every processor runs


def product(left: np.ndarray, right: np.ndarray) -> np.ndarray:
    """The matrix product ``left @ right``, its sums in one order on every machine."""
    return np.einsum("ij,jk->ik", left, right, optimize=False)


def environment(base: Mapping[str, str]) -> dict[str, str]:
    """``base`` with every variable that lets a library pick its loops by the machine
    set so that it picks the same ones everywhere."""
    tunables = ":".join(filter(None, (base.get("GLIBC_TUNABLES"), GLIBC_FEATURES_OFF)))
    return {
        **base,
        **dict.fromkeys(THREADS, "1"),
        "NPY_DISABLE_CPU_FEATURES": " ".join(sorted(_numpy_targets())),
        "GLIBC_TUNABLES": tunables,
    }


def pin() -> None:
    """Sets this process's OpenCV to one thread and its plain loops, and checks that
    numpy runs its baseline loops only (RuntimeError if ``environment`` was not used)."""
    import cv2  # here: the reader's processes never pay for OpenCV's import twice

    cv2.setNumThreads(1)
    cv2.setUseOptimized(False)
    chosen = {
        target["current"]
        for loops in opt_func_info().values()
        for target in loops.values()
        if not target["current"].startswith(BASELINE)
    }
    if chosen:
        raise RuntimeError(f"numpy still picks its {', '.join(sorted(chosen))} loops")


def _numpy_targets() -> set[str]:
    """The names of numpy's loops above its baseline, for NPY_DISABLE_CPU_FEATURES."""
    return {
        name
        for loops in opt_func_info().values()
        for target in loops.values()
        for name in target["available"].split()
        if not name.startswith(BASELINE)
    }
