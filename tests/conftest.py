"""Fixtures shared by the tests (budgets out of the clock's reach, the site's
teacher walking each board once, cells of a form post, the generator's budgets
for the library's pages and API, the sweeps' puzzles with ``--sweep``), the
browser's (``support.browser``), and the rules that keep the fast tier free of
Chromium and `make soundness` complete."""

import signal
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest
from django.core.cache import cache, caches
from django.db import connection
from django.utils import translation

from solver.core.cells import CELL_NAMES
from solver.engine import teacher
from solver.library import store
from solver.teaching import lessons
from solver.teaching.pages import lesson_of
from tests.support.budgets import BY_GUESSES, OUT_OF_REACH
from tests.support.puzzles import load, sample
from tests.support.queue import capture
from tests.support.soundness import TALLY
from tests.support.walks import remembered

# Ctrl-C as a terminal sends it, whoever started the suite: a shell that runs a
# command in the background (`make test &`, nohup) starts it with SIGINT
# ignored, which every process it starts inherits, and the tests of Ctrl-C (the
# command line's, the stack's) would see no interrupt. Python's own handler
# here, so the commands the tests start get the signal's default again.
signal.signal(signal.SIGINT, signal.default_int_handler)

# The browser tests' fixtures: Debian's Chromium, a page, the console's errors.
pytest_plugins = ["tests.support.browser"]
BROWSER = "browser"  # the folder of each feature's browser tests
SWEEP = "sweep"  # the mark and the fixture of a sweep over shared puzzle sets
POSTGRES = "postgres"  # the mark of a test of PostgreSQL's own behaviour
DATABASE = "django_db"  # the mark of a test that has the database (pytest-django's)
DATABASE_FIXTURES = {"client", "db", "transactional_db"}  # what gives a test the database


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--sweep",
        choices=("sample", "all"),
        default="sample",
        help="the puzzles each sweep over a shared set takes: an even sample of the set "
        "(the default, as `make test` runs them) or every one (`make soundness`)",
    )


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Refuse the run if a test in a ``browser`` folder lacks the ``browser``
    mark (`make test-fast` leaves out marked tests and must never need
    Chromium), or if a test asks for the ``sweep`` fixture without the
    ``sweep`` mark or the other way round (`make soundness` runs the marked
    ones, each over whole sets)."""
    problems = [
        f"{item.nodeid}: in a browser/ folder, needs `pytestmark = pytest.mark.browser`"
        for item in items
        if BROWSER in item.path.parent.parts and item.get_closest_marker(BROWSER) is None
    ]
    problems += [
        f"{item.nodeid}: the sweep fixture and the sweep mark go together"
        for item in items
        if (SWEEP in getattr(item, "fixturenames", ()))
        != (item.get_closest_marker(SWEEP) is not None)
    ]
    if problems:
        raise pytest.UsageError("\n".join(problems))
    # A page or an API reply may read and keep ratings (solver.teaching.ratings):
    # every test that asks the site through Django's test client has the database.
    # Every test that has it carries the mark, which the PostgreSQL pass of
    # `make test` selects (the Makefile's POSTGRES_PASS).
    for item in items:
        names = set(getattr(item, "fixturenames", ()))
        if item.get_closest_marker(DATABASE) is None and names & DATABASE_FIXTURES:
            transaction = "transactional_db" in names
            item.add_marker(pytest.mark.django_db(transaction=transaction))
    # Tests of PostgreSQL's own behaviour are not this run's on SQLite: left
    # out (not skipped), the PostgreSQL pass runs them.
    if connection.vendor != "postgresql":
        other = [item for item in items if item.get_closest_marker(POSTGRES) is not None]
        if other:
            config.hook.pytest_deselected(items=other)
            items[:] = [item for item in items if item.get_closest_marker(POSTGRES) is None]


def pytest_terminal_summary(terminalreporter, exitstatus, config) -> None:
    """What the sweeps checked (their ``TALLY`` properties summed over the run's
    passed tests: puzzles, steps, each technique's steps), for docs/teacher.md's
    figures and to see every technique used."""
    total: Counter[str] = Counter()
    for report in terminalreporter.stats.get("passed", []):
        for name, counts in getattr(report, "user_properties", ()):
            if name == TALLY:
                total.update(counts)
    if total:
        terminalreporter.section("what the sweeps checked")
        for key, count in sorted(total.items(), key=lambda item: (-item[1], item[0])):
            terminalreporter.write_line(f"{count:>12,}  {key}")


@pytest.fixture
def sweep(request: pytest.FixtureRequest) -> Callable[[str, int], tuple[str, ...]]:
    """The puzzles a sweep over a shared set takes: ``sweep(name, count)`` is
    ``count`` of them spread evenly through the set, the same ones every run
    (``support.puzzles.sample``); with ``--sweep=all`` (`make soundness`) it is
    every puzzle of the set, whatever ``count`` says."""
    if request.config.getoption(SWEEP) == "all":
        return lambda name, count: load(name)
    return sample


@pytest.fixture(autouse=True)
def budgets_by_work(settings, monkeypatch):
    """The site's budgets in seconds out of reach, and the teacher's trials
    bounded by guesses alone: a verdict, a lesson or a rating depends on the
    work it takes, never on how loaded the machine is. A test of a budget
    itself sets a small one (0: spent at once)."""
    settings.SUDOKU_SOLVE_SECONDS = OUT_OF_REACH
    settings.SUDOKU_EXPLAIN_SECONDS = OUT_OF_REACH
    settings.SUDOKU_RATE_SLICE_SECONDS = OUT_OF_REACH
    monkeypatch.setattr(teacher, "TRIAL_BUDGET", BY_GUESSES)


@pytest.fixture(autouse=True)
def walks_once(monkeypatch):
    """The site's teacher works out each clock-free walk once per process
    (``support.walks``): what a page shows is the same, at a fraction of the cost."""
    monkeypatch.setattr(lessons, "explain", remembered)


@pytest.fixture(autouse=True)
def language_of_its_own():
    """Each test starts in the site's default language: the language a request
    asked for stays active in the thread after its response, and must not
    carry into the next test."""
    translation.deactivate()
    yield
    translation.deactivate()


@pytest.fixture(scope="session")
def walks_dir(tmp_path_factory) -> Path:
    """This worker's own directory for the ``walks`` cache (pytest-xdist gives
    each worker its own temporary directories)."""
    return tmp_path_factory.mktemp("walks")


@pytest.fixture(autouse=True)
def fresh_lessons(settings, walks_dir):
    """Each test's pages explain and rate its puzzles afresh: the steps page
    keeps the last few lessons (``lesson_of``), Django's cache the ratings and
    the ``walks`` cache the teacher's walks, which another test may have made
    under other settings (its database rows are rolled back with it). The
    walks are kept in this worker's directory, never another's."""
    walks = {**settings.CACHES["walks"], "LOCATION": str(walks_dir)}
    settings.CACHES = {**settings.CACHES, "walks": walks}
    lesson_of.cache_clear()
    cache.clear()
    caches["walks"].clear()


@pytest.fixture(autouse=True)
def slots_of_its_own(settings, tmp_path_factory):
    """This worker's own dear slots (solver.core.slots): another worker's
    long search never takes one of this one's."""
    settings.SUDOKU_SLOTS_DIR = tmp_path_factory.getbasetemp() / "slots"


@pytest.fixture
def sent(monkeypatch, settings):
    """The celery runner on, its messages kept in this list instead of sent
    (``support.queue.capture``): ``(task, args, id)`` each."""
    return capture(monkeypatch, settings)


@pytest.fixture
def cells():
    """Build the 81 cell fields of a form post from an 81-symbol puzzle line."""

    def build(puzzle: str) -> dict[str, str]:
        pairs = zip(CELL_NAMES, puzzle, strict=True)
        return {name: "" if symbol in ".0" else symbol for name, symbol in pairs}

    return build


@pytest.fixture
def out_of_time(monkeypatch):
    """The generator always runs out of time (as with a budget far too small)."""
    monkeypatch.setattr(store.generator, "generate", lambda *args, **kwargs: None)


@pytest.fixture
def never_generated(monkeypatch):
    """The generator made unreachable: a test using this fails if anything
    generates (expert and extreme are never made inside a request)."""

    def refuse(*args, **kwargs):
        raise AssertionError("the generator ran")

    monkeypatch.setattr(store.generator, "generate", refuse)


@pytest.fixture
def time_to_generate(settings):
    """Generating out of the clock's reach: a seeded easy puzzle comes back
    after the same few draws on a loaded machine as on an idle one."""
    settings.SUDOKU_GENERATE_SECONDS = OUT_OF_REACH
