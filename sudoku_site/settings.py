"""Settings for the Sudoku site, read from the environment with safe defaults.

Every variable that configures the site or its stack is read here, and
nowhere else: the stack (deploy/serve.sh, deploy/render.py,
deploy/gunicorn.conf.py) takes its values from these settings. Each variable,
its default and its meaning are in .env.example, with the few read elsewhere
(before the settings, or by the tests and benchmarks alone); the tests in
tests/site_wide/test_settings.py check that the two agree.
"""

import os
import secrets
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent

# The photo reader's numpy starts as many BLAS threads as cores; in a server
# whose every worker may read at once they spin against each other (a read took
# two to five times its CPU). One each, unless the operator says otherwise; set
# here, before any module imports numpy (the variables are solver.photos.exact's
# THREADS, which the settings cannot import: it loads numpy).
for _threads in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_threads, "1")


def env_flag(name: str, default: bool = False) -> bool:
    """True if the variable ``name`` says yes ("1", "true", "yes", "on")."""
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    """The comma-separated variable ``name`` as a list, blanks dropped."""
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def redis_database(url: str, offset: int) -> str:
    """The Redis address ``url`` naming the database ``offset`` after its own (0 if none)."""
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=f"/{int(parts.path.strip('/') or 0) + offset}"))


DEBUG = env_flag("DJANGO_DEBUG")
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY") or (
    "django-insecure-development-only" if DEBUG else secrets.token_urlsafe(50)
)
ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]")

INSTALLED_APPS = [
    "django.contrib.staticfiles",
    "csp",  # django-csp's system checks of the policy below
    "ninja",  # the API's docs page and its Swagger UI assets, served from here (no CDN)
    "solver",
]

MIDDLEWARE = [
    # Outermost, so that every response carries the policy and X-Frame-Options,
    # even the 400 SecurityMiddleware makes when a Host it would redirect to
    # HTTPS is not allowed.
    "csp.middleware.CSPMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # Inside SecurityMiddleware so that its headers reach the JSON errors too.
    "solver.api.errors.JsonErrorsMiddleware",
    # Django's, with Vary: Cookie too (the language cookie chooses the words).
    "solver.core.languages.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    # Innermost: a view ended by a busy or lost database answers 503, in the
    # reader's language (its handler in the API answers JSON first).
    "solver.core.database.BusyDatabaseMiddleware",
    # A long search that found no dear slot free answers 503 (solver.core.slots).
    "solver.core.slots.BusySlotsMiddleware",
]

ROOT_URLCONF = "sudoku_site.urls"
# No address ends in a slash; the slashed spelling redirects to it (solver.urls),
# so CommonMiddleware never adds one.
APPEND_SLASH = False
WSGI_APPLICATION = "sudoku_site.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
            ],
        },
    },
]

# The longest a query waits for a lock, in seconds: SQLite's write lock, or a
# lock of PostgreSQL's (lock_timeout). Past it the query fails, and the reply
# says the server is busy (503, solver.core.database); deploy/limits.py counts
# the wait in a request's time.
DATABASE_WAIT_SECONDS = 20
# Seconds to reach PostgreSQL before the reply says the server is busy.
DATABASE_CONNECT_SECONDS = 5
# A request still in PostgreSQL this long after it began has its connections
# cut from the client's side (solver.core.database.cut_off_after): the server
# has stopped answering (a lock waited for ends at DATABASE_WAIT_SECONDS, on
# the server's side), and the reply is 503. With a new connection's
# DATABASE_CONNECT_SECONDS after it, still inside gunicorn's timeout.
DATABASE_STALL_SECONDS = DATABASE_WAIT_SECONDS + 2
# How long a worker keeps its PostgreSQL connection between requests, in seconds.
DATABASE_KEEP_SECONDS = 60


def sqlite_database(path: str | Path) -> dict:
    """SQLite in the file at ``path``. Batches write from several workers at
    once: WAL lets pages read while a slice writes; IMMEDIATE takes the write
    lock when a transaction starts, so two writers queue (up to the timeout)
    instead of one failing with "database is locked", and a transaction's
    counts stay true until it ends (solver.core.database says what stands in
    for that on PostgreSQL)."""
    return {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": path,
        "OPTIONS": {
            "init_command": "PRAGMA journal_mode=WAL;",
            "transaction_mode": "IMMEDIATE",
            "timeout": DATABASE_WAIT_SECONDS,
        },
    }


def postgres_database(url: str) -> dict:
    """PostgreSQL at ``url`` (postgres://user:password@host:port/name; a Unix
    socket's directory as the host, percent-encoded), each connection kept
    for a while and checked before it is reused, its lock waits bounded. The
    URL's query adds libpq's options, which win over these. ImproperlyConfigured
    for a URL of another database."""
    database = dj_database_url.parse(
        url, conn_max_age=DATABASE_KEEP_SECONDS, conn_health_checks=True
    )
    if database["ENGINE"] != "django.db.backends.postgresql":
        raise ImproperlyConfigured(
            "DATABASE_URL names a PostgreSQL database (postgres://...); unset, the site uses SQLite"
        )
    database["OPTIONS"] = {
        "connect_timeout": DATABASE_CONNECT_SECONDS,
        "options": f"-c lock_timeout={DATABASE_WAIT_SECONDS * 1000}",
        **database.get("OPTIONS", {}),
    }
    return database


# SQLite unless DATABASE_URL names a PostgreSQL server (docs/scaling.md). The
# URL is no setting of its own: debug pages would show its password.
DATABASES = {
    "default": postgres_database(os.environ["DATABASE_URL"])
    if os.environ.get("DATABASE_URL")
    else sqlite_database(os.environ.get("DJANGO_DB_PATH", BASE_DIR / "db.sqlite3"))
}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

LANGUAGE_CODE = "en"
# Each language named in itself, as the switcher shows it. The language comes
# from the switcher's cookie, else Accept-Language; addresses carry none
# (docs/i18n.md says why).
LANGUAGES = [
    ("en", "English"),
    ("zh-hans", "简体中文"),
    ("zh-hant", "繁體中文"),
    ("vi", "Tiếng Việt"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
# The few formats of ours that differ from Django's for a language (sudoku_site/formats/).
FORMAT_MODULE_PATH = ["sudoku_site.formats"]
USE_I18N = True
TIME_ZONE = "UTC"
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / (os.environ.get("DJANGO_STATIC_ROOT") or "staticfiles")
# Hashed names (css/site.1a2b3c4d5e6f.css) change with the content, so nginx
# may tell browsers to keep them for a year. They exist only after collectstatic,
# which tests and runserver do not run: the production command turns them on.
# Django's manifest storage, with the scripts' module imports hashed too
# (sudoku_site/storage.py says why).
STATIC_MANIFEST = env_flag("DJANGO_STATIC_MANIFEST") and not DEBUG
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "sudoku_site.storage.HashedModulesStorage"
        if STATIC_MANIFEST
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}

# The largest form has 625 cells (a 25x25 board), its size, a paste box and a
# token; anything far larger is abuse.
DATA_UPLOAD_MAX_NUMBER_FIELDS = 700
DATA_UPLOAD_MAX_MEMORY_SIZE = 64 * 1024
# The entry form's three files (a puzzle file, an image chosen and a photo taken,
# any of which a person without script may fill at once), each kept in memory
# and cut short past the view's limit. More is abuse: Django's 400.
DATA_UPLOAD_MAX_NUMBER_FILES = 3
FILE_UPLOAD_HANDLERS = ["solver.core.uploads.BoundedMemoryUploadHandler"]

X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
CSRF_COOKIE_HTTPONLY = True
CSRF_COOKIE_SAMESITE = "Strict"
# The switcher's cookie (Lax): sent when a reader follows a link from another
# site, so a shared link opens in the reader's language, but not with other
# sites' requests to this one (Strict would drop it on such links too).
# Secure over HTTPS, as the CSRF cookie.
LANGUAGE_COOKIE_SAMESITE = "Lax"
# No inline script or style anywhere (the API docs included), so none is
# allowed; data: images are the icons in Swagger UI's stylesheet.
# deploy/render.py gives nginx's own responses (static files, its error pages)
# the same policy.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "object-src": [NONE],
        "base-uri": [NONE],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}

# Over HTTPS, TLS ends at a proxy in front of nginx that nginx trusts
# (SUDOKU_TRUSTED_PROXIES); nginx always sets X-Forwarded-Proto itself
# (deploy/nginx.conf), so the header can say whether the request came over HTTPS.
HTTPS = env_flag("DJANGO_HTTPS")
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https") if HTTPS else None
SECURE_SSL_REDIRECT = HTTPS
SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS") or 31536000) if HTTPS else 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_flag("DJANGO_HSTS_INCLUDE_SUBDOMAINS")
SECURE_HSTS_PRELOAD = env_flag("DJANGO_HSTS_PRELOAD")
CSRF_COOKIE_SECURE = HTTPS
LANGUAGE_COOKIE_SECURE = HTTPS
SILENCED_SYSTEM_CHECKS = [
    # HSTS for subdomains (W005) and preloading (W021) bind every site under
    # the domain to HTTPS, preloading for years in browsers' own lists. A
    # self-hosted solver often shares its domain, so only its owner can say:
    # DJANGO_HSTS_INCLUDE_SUBDOMAINS and DJANGO_HSTS_PRELOAD turn them on.
    "security.W005",
    "security.W021",
]

# Warnings and errors, a 500's traceback among them, go to stderr, which
# gunicorn passes on: Django's own console handler writes only in debug. One
# line per solve goes to stdout (solver/core/logs.py), the client only hashed.
# Nothing a client sends writes to the log as it pleases: Django's lines for
# a 4xx ("Not Found: " and up to 8 KB of path) and its security loggers (a
# Host it refuses, too many fields, a CSRF failure: a traceback each) are
# left out, outside debug; a 5xx is still logged with its traceback.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {
        "stderr": {"class": "logging.StreamHandler"},
        "stdout": {"class": "logging.StreamHandler", "stream": "ext://sys.stdout"},
    },
    "root": {"handlers": ["stderr"], "level": "WARNING"},
    "loggers": {
        "django": {"handlers": [], "level": "INFO" if DEBUG else "WARNING"},
        "django.request": {"handlers": [], "level": "INFO" if DEBUG else "ERROR"},
        "django.security": {"handlers": [], "level": "INFO" if DEBUG else "CRITICAL"},
        "solver.solves": {"handlers": ["stdout"], "level": "INFO", "propagate": False},
    },
}

SUDOKU_SOLVE_SECONDS = float(os.environ.get("SUDOKU_SOLVE_SECONDS", "0.5"))
# The teacher's logic per request (steps, hints, a rating); after it, trial steps.
SUDOKU_EXPLAIN_SECONDS = float(os.environ.get("SUDOKU_EXPLAIN_SECONDS", "1.0"))
# Answers (the answer page, /api/solve) give the puzzle's level: one already
# rated at once, else, for a puzzle the search solved without a guess, from a
# walk of at most SUDOKU_RATE_SLICE_SECONDS; any other is rated off the
# answer's path (the page's script asks for it). Off: answers give no level.
SUDOKU_RATE_ANSWERS = env_flag("SUDOKU_RATE_ANSWERS", default=True)
SUDOKU_RATE_SLICE_SECONDS = float(os.environ.get("SUDOKU_RATE_SLICE_SECONDS", "0.02"))
# Caches, without REDIS_URL (below). "default" is each process's own memory
# (ratings, whose truth is the database). "walks" keeps the teacher's walks
# (language-free: each reader's words are made from them) in files every
# worker of this machine reads, so a puzzle is walked once per machine, not
# once per worker and language; about 15 KB a walk, at most
# SUDOKU_WALKS_KEPT of them, for a week.
CACHES = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    "walks": {
        "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
        "LOCATION": BASE_DIR / (os.environ.get("SUDOKU_WALKS_DIR") or "var/walks"),
        "TIMEOUT": 7 * 24 * 3600,
        "OPTIONS": {"MAX_ENTRIES": int(os.environ.get("SUDOKU_WALKS_KEPT", "5000"))},
    },
}
# With REDIS_URL, one Redis holds the queue (its database) and both caches (the
# next one), which every app server then shares: a rating or a walk is worked
# out once per site, not once per machine. A database of their own, because
# clearing a cache empties its whole database. The queue's keys never expire
# and the caches' always do, so a Redis short of memory evicting only keys
# that expire ("volatile-lru", as make redis runs it) drops cached values,
# never queued work.
REDIS_URL = os.environ.get("REDIS_URL", "")
if REDIS_URL:
    CACHES = {
        name: {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": redis_database(REDIS_URL, 1),
            "KEY_PREFIX": name,
            "TIMEOUT": CACHES[name].get("TIMEOUT", 300),
        }
        for name in CACHES
    }
# The ratings kept (one row a puzzle, every writing of it sharing it): the newest.
SUDOKU_RATINGS_KEEP = int(os.environ.get("SUDOKU_RATINGS_KEEP", "100000"))
# A new puzzle per request, easy to hard only (the "New puzzle" button when
# the library has none of the level, the API's generate, a daily puzzle the
# library cannot give): past it the reply says so instead of running on.
# Expert and extreme are never made in a request (solver/library/picks.py).
SUDOKU_GENERATE_SECONDS = float(os.environ.get("SUDOKU_GENERATE_SECONDS", "2.0"))
# The library's bound: past it, storing a puzzle removes the oldest that the
# site could make again on demand (generated, easy to hard, no day's puzzle),
# so visitors never grow the table beyond it. A row takes about 620 bytes of
# SQLite with its indexes (measured), so 100,000 take about 62 MB.
SUDOKU_LIBRARY_MAX_ROWS = int(os.environ.get("SUDOKU_LIBRARY_MAX_ROWS", "100000"))
# Under the celery runner, a periodic task keeps this many puzzles of each
# level in the library (what make library does once, with LIBRARY_COUNT).
SUDOKU_LIBRARY_TOP_UP = int(os.environ.get("SUDOKU_LIBRARY_TOP_UP", "20"))
# Puzzles of each board of 20x20 and up kept in stock (solver/library/stock.py):
# those sizes take a minute or more each to make, so no request makes one;
# manage.py generate --stock (make run, make library) or the queue's workers
# fill it.
SUDOKU_STOCK_PER_SIZE = int(os.environ.get("SUDOKU_STOCK_PER_SIZE", "3"))
SUDOKU_CLIENT_IP_HEADER = os.environ.get("SUDOKU_CLIENT_IP_HEADER", "")
# Batches: stored, then solved a slice at a time, each slice well inside a
# request's time limit (gunicorn's default is 30 s).
SUDOKU_BATCH_MAX_PUZZLES = int(os.environ.get("SUDOKU_BATCH_MAX_PUZZLES", "10000"))
SUDOKU_BATCH_MAX_BYTES = int(os.environ.get("SUDOKU_BATCH_MAX_BYTES", str(2 * 1024 * 1024)))
SUDOKU_BATCH_SLICE_SECONDS = float(os.environ.get("SUDOKU_BATCH_SLICE_SECONDS", "2.0"))
SUDOKU_BATCH_KEEP_HOURS = float(os.environ.get("SUDOKU_BATCH_KEEP_HOURS", "24"))
# Each client's newest batches are kept (a client is its address's keyed
# hash, an IPv6 address's /64: solver.core.logs.client_hash), at most so
# many batches and so many puzzles, so one client's batches push out only its
# own. Batches of no client (stored before clients were recorded) go by age
# and the cap alone. A batch larger than the puzzles' quota is stored alone,
# the client's others gone: keep it at least SUDOKU_BATCH_MAX_PUZZLES.
SUDOKU_BATCH_KEEP_PER_CLIENT = int(os.environ.get("SUDOKU_BATCH_KEEP_PER_CLIENT", "10"))
SUDOKU_BATCH_CLIENT_ROWS = int(os.environ.get("SUDOKU_BATCH_CLIENT_ROWS", "30000"))
# The cap on the puzzles of all batches, a guard on the disk, a hundred
# clients' quotas: to store a batch past it, the sender's own finished
# batches go first, oldest first, then its own unfinished ones that no slice
# has touched for SUDOKU_BATCH_IDLE_MINUTES (nobody is solving them); no
# other client's goes before its SUDOKU_BATCH_KEEP_HOURS: past the sender's
# own, the new one is refused (503, until the oldest batch's hours are up).
# Measured in SQLite: 10,000 classic puzzles take 2.8 MB stored, 4.1 MB
# solved; the worst, 10,000 invalid lines filling the 2 MiB file, each with
# its message, 9.7 MB. So 3,000,000 puzzles take about 1.2 GB, 3 GB at worst;
# SQLite reuses the pages freed but does not shrink the file.
SUDOKU_BATCH_MAX_ROWS = int(os.environ.get("SUDOKU_BATCH_MAX_ROWS", "3000000"))
SUDOKU_BATCH_IDLE_MINUTES = float(os.environ.get("SUDOKU_BATCH_IDLE_MINUTES", "10"))
# Who solves the batches: "inline", a slice per request of the batch's page
# (its script asks for the next again and again); or "celery", the queue's
# workers (sudoku_site/celery.py, broker REDIS_URL), the page only showing
# their progress. The same workers then top the library up to
# SUDOKU_LIBRARY_TOP_UP puzzles of each level and rate the puzzles whose
# level an answer could not give at once (docs/scaling.md).
SUDOKU_BATCH_RUNNER = os.environ.get("SUDOKU_BATCH_RUNNER") or "inline"
if SUDOKU_BATCH_RUNNER not in {"inline", "celery"}:
    raise ImproperlyConfigured("SUDOKU_BATCH_RUNNER is inline or celery.")
if SUDOKU_BATCH_RUNNER == "celery" and not REDIS_URL:
    raise ImproperlyConfigured("SUDOKU_BATCH_RUNNER=celery needs REDIS_URL, its broker.")
CELERY_BROKER_URL = REDIS_URL
# The celery runner's clock (solver/batches/leases.py, sudoku_site/celery.py):
# a message on its way to a worker holds its batch this long; a batch whose
# lease has run out and no row of which was saved for SUDOKU_QUEUE_STALE_SECONDS
# is queued again by the sweeper, which looks every SUDOKU_QUEUE_SWEEP_SECONDS.
SUDOKU_QUEUE_WAIT_SECONDS = float(os.environ.get("SUDOKU_QUEUE_WAIT_SECONDS") or 60)
SUDOKU_QUEUE_STALE_SECONDS = float(os.environ.get("SUDOKU_QUEUE_STALE_SECONDS") or 60)
SUDOKU_QUEUE_SWEEP_SECONDS = float(os.environ.get("SUDOKU_QUEUE_SWEEP_SECONDS") or 30)

# The stack (deploy/serve.sh) around the site: nginx's address, the directory
# of its files, the proxies nginx believes, gunicorn's workers.
SUDOKU_LISTEN = os.environ.get("SUDOKU_LISTEN") or "127.0.0.1:8080"
SUDOKU_RUN_DIR = BASE_DIR / (os.environ.get("SUDOKU_RUN_DIR") or "deploy/run")
# Parsed by deploy/render.py, whose errors name the address that is wrong.
SUDOKU_TRUSTED_PROXIES = os.environ.get("SUDOKU_TRUSTED_PROXIES", "")
# 0: one a core, and one more (deploy/gunicorn.conf.py says why).
SUDOKU_WORKERS = int(os.environ.get("SUDOKU_WORKERS") or 0)
# Heavy requests (solving, the teacher, making puzzles, a batch's slices and
# results: deploy/nginx.conf lists them) one client may have under way at
# once, and the whole site; 0: twice the workers, those past them waiting a
# moment in gunicorn's queue (deploy/limits.py).
SUDOKU_HEAVY_PER_CLIENT = int(os.environ.get("SUDOKU_HEAVY_PER_CLIENT") or 1)
SUDOKU_HEAVY_WORKERS = int(os.environ.get("SUDOKU_HEAVY_WORKERS") or 0)
# Of those, the dearest (the teacher, making puzzles, photos, batches, and a
# solve past its short share): 0, half the workers but one, at least one. The site's
# own slots for solves turned dear are files in SUDOKU_SLOTS_DIR (solver.core.slots).
SUDOKU_DEAR_WORKERS = int(os.environ.get("SUDOKU_DEAR_WORKERS") or 0)
SUDOKU_SLOTS_DIR = SUDOKU_RUN_DIR / "slots"
# The load benchmark's throughput run only: nginx's rate limits and caps lifted.
SUDOKU_BENCH_UNLIMITED = env_flag("SUDOKU_BENCH_UNLIMITED")
