"""The photo reader's bounds, as markdown: what the child process costs a read,
and what each hostile image takes.

    .venv/bin/python -m bench.photo_bounds [--photos N] [--rounds R]

First, ``--photos`` shared photos (``bench.photo_sets``) read ``--rounds``
times each, in turn in this process (``reader.read_here``, unbounded) and
in a child under the limits (``read_photo``): the median wall milliseconds
of each, in the same run, and the difference, the fork's cost. Then each
image of ``solver.photos.hostile``, sent to ``read_photo``: its size, the
outcome, the wall seconds, and the child's CPU seconds and most resident
memory above its start (``bounded.Usage``); and the scan bomb and the CMYK
JPEG decoded in a child with the screen left out, to show the backstop
(the CPU limit) and what the screen spares.
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import time

import cv2
import numpy as np

from bench.machine import machine
from bench.photo_sets import shared_photos
from solver.photos import PhotoError, bounded, hostile, read_photo
from solver.photos.model import classifier
from solver.photos.reader import read_here
from solver.photos.synthetic import synthetic_set

HOSTILE = {
    "scan bomb (6320x6320 grey, 20,000 scans)": lambda: hostile.progressive_jpeg(
        **hostile.SCAN_BOMB
    ),
    "EXIF flood PNG (65,535 tags)": hostile.exif_flood_png,
    "30000x10 PNG": lambda: hostile.blank_png(30000, 10),
    "10x30000 PNG": lambda: hostile.blank_png(10, 30000),
    "8000x7 PNG": lambda: hostile.blank_png(8000, 7),
    "broken Exif block (a drawn photo)": lambda: hostile.with_broken_exif(synthetic_set(1)[0].data),
    "CMYK progressive JPEG (5000x5000)": lambda: hostile.progressive_jpeg(5000, 5000, components=4),
    "animated WebP (3 frames)": hostile.animated_webp,
}
UNSCREENED = {
    "scan bomb, no screen (backstop only)": HOSTILE["scan bomb (6320x6320 grey, 20,000 scans)"],
    "CMYK progressive, no screen": HOSTILE["CMYK progressive JPEG (5000x5000)"],
}


def fork_cost(photos: int, rounds: int) -> None:
    """Prints the median wall time of a read here and in a child, photo by photo in
    turn; of a child that does nothing; and of a read here with OpenCV on one
    thread, as it runs in a child (its thread pool is not the child's)."""
    sample = [photo.path.read_bytes() for photo in shared_photos()[:: 160 // photos][:photos]]
    here, child, empty, one_thread = [], [], [], []
    for _ in range(rounds):
        for data in sample:
            here.append(_wall(read_here, data))
            child.append(_wall(read_photo, data))
            empty.append(_wall(lambda data: bounded.bounded(len, data), data))
    threads = cv2.getNumThreads()
    cv2.setNumThreads(1)  # last: the runs above keep OpenCV's threads
    for _ in range(rounds):
        for data in sample:
            one_thread.append(_wall(read_here, data))
    cv2.setNumThreads(threads)
    here_ms, child_ms, empty_ms, one_ms = (
        1000 * statistics.median(times) for times in (here, child, empty, one_thread)
    )
    print(f"\n{len(here)} reads of {len(sample)} shared photos, each way, in turn:\n")
    print("| read | median ms |\n|---|---|")
    print(f"| in this process (read_here) | {here_ms:.1f} |")
    print(f"| in a child under the limits (read_photo) | {child_ms:.1f} |")
    print(f"| the child's cost | {child_ms - here_ms:+.1f} |")
    print(f"| of which a child that does nothing | {empty_ms:.1f} |")
    print(f"| in this process, OpenCV on one thread | {one_ms:.1f} |")


def _wall(read, data: bytes) -> float:
    started = time.perf_counter()
    with contextlib.suppress(PhotoError):  # a photo not read is timed as well
        read(data)
    return time.perf_counter() - started


def hostile_figures() -> None:
    """Prints each hostile image's outcome, time and memory."""
    print("\n| image | bytes | outcome | wall s | child CPU s | child peak MB |")
    print("|---|---|---|---|---|---|")
    for name, make in HOSTILE.items():
        _row(name, make(), read_here)
    for name, make in UNSCREENED.items():
        _row(name, make(), _decode_unscreened)


def _decode_unscreened(data: bytes) -> str:
    grey = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_REDUCED_GRAYSCALE_8)
    return "not decoded" if grey is None else f"decoded {grey.shape[1]}x{grey.shape[0]}"


def _outcome(work, data: bytes) -> str:
    """Run in the child: what ``work`` made of ``data``, in a word."""
    try:
        value = work(data)
    except PhotoError as error:
        return error.code
    return value if isinstance(value, str) else "read"


def _row(name: str, data: bytes, work) -> None:
    started = time.perf_counter()
    try:
        outcome, usage = bounded.run(lambda data: _outcome(work, data), data)
        cpu, peak = f"{usage.seconds:.2f}", f"{usage.peak_bytes / 2**20:.0f}"
    except PhotoError as error:  # past the limits: the child's figures are its last
        outcome, cpu, peak = error.code, f"≥ {bounded.CPU_SECONDS}", "–"
    wall = time.perf_counter() - started
    print(f"| {name} | {len(data):,} | {outcome} | {wall:.2f} | {cpu} | {peak} |")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--photos", type=int, default=20, help="shared photos (default 20)")
    parser.add_argument("--rounds", type=int, default=3, help="reads of each (default 3)")
    args = parser.parse_args(argv)
    print(machine("one read at a time"))
    classifier()  # loaded before any read is timed
    hostile_figures()
    fork_cost(args.photos, args.rounds)


if __name__ == "__main__":
    main()
