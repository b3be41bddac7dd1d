"""A read in a child process: its value or its PhotoError comes back; past its
CPU, memory or wall-clock limit it is "too_costly"; nothing it writes reaches
the parent's stderr or files, and it never runs the parent's exit."""

import os
import sys
import time
import warnings

import numpy as np
import pytest

from solver.photos import PhotoError, bounded
from tests.support.budgets import OUT_OF_REACH


def _too_costly(work, monkeypatch=None, **limits) -> PhotoError:
    for name, value in limits.items():
        monkeypatch.setattr(bounded, name, value)
    with pytest.raises(PhotoError) as raised:
        bounded.bounded(work, b"")
    assert raised.value.code == "too_costly"
    return raised.value


def test_the_value_comes_back_with_what_the_child_took():
    value, usage = bounded.run(lambda data: data[::-1], b"photo")
    assert value == b"otohp"
    assert usage.seconds >= 0
    assert 0 <= usage.peak_bytes < bounded.MEMORY_BYTES


def test_a_photo_error_comes_back_with_its_code_and_message():
    def refuse(data):
        raise PhotoError("no_grid", "No Sudoku grid was found in the photo.")

    with pytest.raises(PhotoError) as raised:
        bounded.bounded(refuse, b"")
    assert raised.value.code == "no_grid"
    assert str(raised.value) == "No Sudoku grid was found in the photo."


def test_any_other_exception_is_a_bug_told_with_the_childs_traceback():
    with pytest.raises(RuntimeError, match="ZeroDivisionError"):
        bounded.bounded(lambda data: 1 / 0, b"")


def test_past_its_memory_it_is_too_costly(monkeypatch):
    monkeypatch.setattr(bounded, "WALL_SECONDS", OUT_OF_REACH)
    _too_costly(lambda data: np.ones(2 * bounded.MEMORY_BYTES, np.uint8).sum())


def test_past_its_cpu_seconds_the_kernel_ends_it(monkeypatch):
    def spin(data):
        while True:
            pass

    _too_costly(spin, monkeypatch, CPU_SECONDS=1, WALL_SECONDS=OUT_OF_REACH)


def test_past_its_wall_seconds_it_is_killed(monkeypatch):
    """A child that waits (no CPU spent) is ended by the parent's clock."""
    _too_costly(lambda data: time.sleep(OUT_OF_REACH), monkeypatch, WALL_SECONDS=0.2)


def test_nothing_the_child_writes_or_warns_reaches_the_parents_stderr(capfd):
    def noisy(data):
        print("to stdout")
        print("to stderr", file=sys.stderr)
        os.write(2, b"libjpeg: Corrupt JPEG data\n")  # as the C libraries write
        warnings.warn("a library's warning", UserWarning, stacklevel=1)
        return "read"

    for _ in range(2):
        assert bounded.bounded(noisy, b"") == "read"
    assert capfd.readouterr() == ("", "")


def test_the_child_never_flushes_or_closes_what_the_parent_holds(tmp_path):
    """It ends with os._exit: no exit handler, no buffer written twice."""
    path = tmp_path / "log.txt"
    with path.open("w") as held:
        held.write("written once")  # buffered, not yet on disk
        assert bounded.bounded(lambda data: "read", b"") == "read"
        assert path.read_text() == ""
    assert path.read_text() == "written once"
