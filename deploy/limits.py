"""What the stack's servers and the site must agree on, worked out once from
Django's settings: how many gunicorn workers there are, how much heavy work
may be under way at once, how much of it the dearest work, and how long a
request may work.

Heavy work is every request that may spend more than a few milliseconds of a
worker (solving, the teacher, making puzzles, a photo read, a batch's slices,
its results; deploy/nginx.conf lists them). nginx lets one client have
``heavy_per_client()`` of them under way at once, so that however fast it
sends it holds one worker at a time, and the whole site ``heavy_workers()``,
twice its workers: those past the workers wait a moment in gunicorn's queue
instead of being refused, and no more wait than the workers clear in a
moment, since most of them are short.

Of those, the dearest work (every request priced at a tenth of a second or
more: the teacher, making puzzles, photos, batches and their reports) may
hold ``dear_workers()`` at once, half the workers but one at most, so that
the others keep clearing the short solves (an answer, a game, the API's
solve) and the cheap pages (the entry page, the library, a puzzle's page):
two or four clients each keeping the dear work busy within their limits
never shut another out of its answer pages. A solve that turns out dear (a
long search on a big board) takes a slot of its own kind in the site itself
(solver.core.slots).

The time bounds keep one order, which ``check_time_order`` enforces::

    longest_request() < WORKER_TIMEOUT < PROXY_READ_TIMEOUT

A request's own budget ends first, so every heavy request stops working and
answers before gunicorn would end its worker as stuck; gunicorn ends a stuck
worker before nginx stops waiting, so nginx never answers 504 while a worker
still works for a client it has let go.

deploy/gunicorn.conf.py takes ``workers()`` and ``WORKER_TIMEOUT`` from here;
deploy/render.py writes the caps and ``PROXY_READ_TIMEOUT`` into nginx.conf
and refuses settings that break the order.
"""

from __future__ import annotations

import os

# gunicorn ends a worker silent for this long (its --timeout), in seconds.
WORKER_TIMEOUT = 30
# nginx waits this long between two reads of a reply (proxy_read_timeout).
PROXY_READ_TIMEOUT = 35
# nginx's buffer for a request line or one header line, in bytes
# (large_client_header_buffers). A line must fit in it with its end, which
# may be a bare LF: one byte short of 8 KiB, nginx passes at most 8190
# characters, gunicorn's largest limit_request_line (gunicorn.conf.py).
HEADER_BUFFER = 8191


def workers() -> int:
    """gunicorn's workers: SUDOKU_WORKERS, else one a core and one more."""
    from django.conf import settings

    return settings.SUDOKU_WORKERS or len(os.sched_getaffinity(0)) + 1


def heavy_workers(app_servers: int = 1) -> int:
    """How many heavy requests the whole site may have under way at once:
    SUDOKU_HEAVY_WORKERS, else twice the workers of its ``app_servers``.
    ValueError if the setting would leave no room past the dearest work."""
    from django.conf import settings

    cap = settings.SUDOKU_HEAVY_WORKERS or 2 * workers() * app_servers
    dear = dear_workers(app_servers)
    if cap <= dear:
        raise ValueError(
            f"SUDOKU_HEAVY_WORKERS={cap} leaves no room past the {dear} of the dearest work"
        )
    return cap


def dear_workers(app_servers: int = 1) -> int:
    """How many of the dearest requests the whole site may have under way at
    once (on each app server, for the site's own slots): SUDOKU_DEAR_WORKERS,
    else half the workers but one, at least one. ValueError if the setting
    would leave no worker for the short solves and the cheap pages."""
    from django.conf import settings

    count = workers() * app_servers
    cap = settings.SUDOKU_DEAR_WORKERS or max(1, (count - 1) // 2)
    if count > 1 and cap >= count:
        raise ValueError(
            f"SUDOKU_DEAR_WORKERS={cap} leaves none of the {count} workers for the short solves"
        )
    return cap


def heavy_per_client() -> int:
    """How many heavy requests one client may have under way at once;
    ValueError if fewer than one."""
    from django.conf import settings

    if settings.SUDOKU_HEAVY_PER_CLIENT < 1:
        raise ValueError("SUDOKU_HEAVY_PER_CLIENT must be 1 or more")
    return settings.SUDOKU_HEAVY_PER_CLIENT


def request_bounds() -> dict[str, float]:
    """The longest each kind of heavy request works, in seconds, as the
    settings bound it (the page or reply around it costs milliseconds more)."""
    from django.conf import settings

    solve = settings.SUDOKU_SOLVE_SECONDS
    return {
        # The answer rates a puzzle solved without a guess within a slice.
        "solve": solve + settings.SUDOKU_RATE_SLICE_SECONDS,
        # The verdict first, then the teacher's logic.
        "teach": solve + settings.SUDOKU_EXPLAIN_SECONDS,
        "make": settings.SUDOKU_GENERATE_SECONDS,
        # A slice, and the puzzle under way when it ends.
        "batch": settings.SUDOKU_BATCH_SLICE_SECONDS + solve,
    }


def database_wait() -> float:
    """How long a request may wait on the database, in seconds: for a lock
    (SQLite's write lock, or PostgreSQL's locks: ratings, puzzles and batches
    are written), after connecting (PostgreSQL's connect_timeout)."""
    from django.conf import settings

    connect = settings.DATABASES["default"].get("OPTIONS", {}).get("connect_timeout", 0)
    return settings.DATABASE_WAIT_SECONDS + float(connect)


def longest_request() -> float:
    """The longest a heavy request may hold its worker: its work, after the
    longest wait for the database."""
    return database_wait() + max(request_bounds().values())


def check_time_order() -> None:
    """ValueError, naming the settings, unless every request ends before
    gunicorn's timeout and that ends before nginx's."""
    longest = longest_request()
    if not longest < WORKER_TIMEOUT < PROXY_READ_TIMEOUT:
        raise ValueError(
            f"a request may work {longest:g} s (the database's wait and the longest of "
            "SUDOKU_SOLVE_SECONDS, SUDOKU_EXPLAIN_SECONDS, SUDOKU_GENERATE_SECONDS and "
            f"SUDOKU_BATCH_SLICE_SECONDS with what follows them): gunicorn's timeout is "
            f"{WORKER_TIMEOUT} s, nginx's {PROXY_READ_TIMEOUT} s"
        )
