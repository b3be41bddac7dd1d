"""The settings in production: read from the environment, debug off by default,
every variable documented once in .env.example (with the default the settings
take) and in agreement with the README's configuration table, and
`manage.py check --deploy` clean with that file's values once the site is
served over HTTPS.

Each case runs Django in a subprocess, since settings are read once, at start.
"""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys

import pytest

from tests.support.stack import ENV_EXAMPLE, ROOT, clean_environment, read_env_file

SETTINGS = ROOT / "sudoku_site" / "settings.py"
README = ROOT / "README.md"
HTTPS_WARNINGS = {"security.W004", "security.W008", "security.W016"}
# The project's own variables; the rest of the environment (PATH, HOME,
# GUNICORN_CMD_ARGS) belongs to other programs.
OWN = re.compile(r"(?:DJANGO|SUDOKU)_[A-Z0-9_]+")
# .env.example's variables read outside the settings, written `# NAME=default`.
READ_ELSEWHERE = re.compile(rf"^# ({OWN.pattern})=", re.M)
# The environment's names in Python, and its getters.
ENVIRON = {"os.environ", "environ"}
GETTERS = {"os.getenv", "getenv", "os.environ.get", "environ.get"}
# Where the project's code is; each directory is read if it exists.
CODE = ["manage.py", "sudoku_site", "solver", "deploy", "bench", "tests"]


def run_django(code: str, **values: str) -> subprocess.CompletedProcess:
    """Run ``code`` after django.setup() in a fresh Python with ``values`` set."""
    script = f"import django\ndjango.setup()\n{code}"
    return subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env=clean_environment(**values),
        capture_output=True,
        text=True,
        timeout=120,
    )


def check_deploy(**values: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=clean_environment(**values),
        capture_output=True,
        text=True,
        timeout=120,
    )


def direct_read(node: ast.AST) -> ast.expr | None:
    """The expression naming the variable if ``node`` reads the environment:
    ``os.environ.get(N)``, ``os.getenv(N)``, ``os.environ[N]``, ``N in os.environ``
    (``environ`` and ``getenv`` alone too); None for anything else, writes and
    ``os.environ.setdefault`` among them."""
    if isinstance(node, ast.Call) and node.args and ast.unparse(node.func) in GETTERS:
        return node.args[0]
    if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load):
        return node.slice if ast.unparse(node.value) in ENVIRON else None
    if isinstance(node, ast.Compare) and isinstance(node.ops[0], ast.In | ast.NotIn):
        return node.left if ast.unparse(node.comparators[0]) in ENVIRON else None
    return None


def helpers(tree: ast.Module) -> tuple[dict[str, int], set[ast.AST]]:
    """The functions that read the variable their caller names (settings.py's
    env_flag and env_list), each with the position of that parameter, and the
    reads inside them."""
    found, inner = {}, set()
    for function in ast.walk(tree):
        if not isinstance(function, ast.FunctionDef):
            continue
        parameters = [argument.arg for argument in function.args.args]
        for node in ast.walk(function):
            name = direct_read(node)
            if isinstance(name, ast.Name) and name.id in parameters:
                found[function.name] = parameters.index(name.id)
                inner.add(node)
    return found, inner


def environ_reads(source: str) -> set[str]:
    """The names of the environment variables ``source`` reads, directly or
    through a helper of its own. ValueError for a read whose name is not
    written out, which no test could check."""
    tree = ast.parse(source)
    by_helper, inner = helpers(tree)
    names = set()
    for node in ast.walk(tree):
        name = direct_read(node)
        if name is None and isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            position = by_helper.get(node.func.id)
            name = node.args[position] if position is not None else None
        if name is None or node in inner:
            continue
        if not (isinstance(name, ast.Constant) and isinstance(name.value, str)):
            raise ValueError(f"line {node.lineno}: a variable read by a name not written out")
        names.add(name.value)
    return names


def shell_reads(text: str) -> set[str]:
    """The project's variables a shell script expands (``$NAME``, ``${NAME...}``)."""
    return set(re.findall(rf"\$\{{?({OWN.pattern})", text))


def read_outside_settings() -> dict[str, set[str]]:
    """Each file of the project's code, other than settings.py, that reads one
    of the project's variables, with the variables it reads."""
    found = {}
    for place in CODE:
        path = ROOT / place
        files = [path] if path.is_file() else sorted(path.rglob("*")) if path.is_dir() else []
        for file in files:
            if file == SETTINGS or file.suffix not in {".py", ".sh"}:
                continue
            text = file.read_text(encoding="utf-8")
            read = environ_reads(text) if file.suffix == ".py" else shell_reads(text)
            if own := {name for name in read if OWN.fullmatch(name)}:
                found[str(file.relative_to(ROOT))] = own
    return found


def configuration_rows(readme: str) -> dict[str, str]:
    """Each variable of the tables under README's "## Configuration" heading
    (up to the next "## "), with its default cell. A row is
    ``| `NAME` | default | meaning |``; its first cell may name several
    variables (``| `A`, `B` | off | ... |``)."""
    section = re.search(r"^## Configuration *\n(.*?)(?=^## |\Z)", readme, re.M | re.S)
    names = r"`[A-Z][A-Z0-9_]*`(?:\s*,\s*`[A-Z][A-Z0-9_]*`)*"
    row = re.compile(rf"^\|\s*({names})\s*\|\s*([^|]*?)\s*\|.*\|\s*$", re.M)
    rows = {}
    for cell, default in row.findall(section[1] if section else ""):
        rows |= dict.fromkeys(re.findall(r"`([^`]+)`", cell), default)
    return rows


def stated_default(cell: str) -> str:
    """The default a README cell states, written as .env.example writes it.
    The cell starts with the value in backquotes (`` `0.5` ``), or "off" or
    "on" for 0 or 1; any other words ("empty", "cores + 1") stand for an empty
    value (nothing, or a value worked out at start, as .env.example says)."""
    if value := re.match(r"`([^`]*)`", cell):
        return value[1]
    word = re.match(r"\w+", cell)
    return {"off": "0", "on": "1"}.get(word[0] if word else "", "")


def test_the_parser_finds_every_kind_of_read_and_refuses_a_hidden_name():
    """A read added to settings.py in any of these forms is seen, so the next
    tests fail until .env.example documents it."""
    sample = """
import os
def env_int(name, default=0):
    return int(os.environ.get(name) or default)
A = os.environ.get("A")
B = os.getenv("B", "")
C = os.environ["C"]
D = "D" in os.environ
E = env_int("E")
os.environ.setdefault("NOT_READ", "1")
"""
    assert environ_reads(sample) == {"A", "B", "C", "D", "E"}
    for hidden in ("os.environ.get(NAME)", "env_int(NAME)"):
        with pytest.raises(ValueError, match="not written out"):
            environ_reads(sample + hidden)


def test_env_example_documents_every_variable_the_settings_read_and_no_other():
    """Its NAME=value lines are exactly what settings.py reads, each once."""
    lines = re.findall(r"^\s*(?:export\s+)?([A-Za-z_]\w*)=", ENV_EXAMPLE.read_text(), re.M)
    assert len(lines) == len(set(lines)), "a variable is set twice"
    read = environ_reads(SETTINGS.read_text(encoding="utf-8"))
    assert read - set(lines) == set(), "read by the settings, not in .env.example"
    assert set(lines) - read == set(), "in .env.example, never read by the settings"


def test_only_the_settings_read_the_environment():
    """Elsewhere the project's code reads only what .env.example lists as read
    elsewhere (`# NAME=default`), and each of those is read somewhere."""
    elsewhere = set(READ_ELSEWHERE.findall(ENV_EXAMPLE.read_text()))
    found = read_outside_settings()
    assert {path: names - elsewhere for path, names in found.items() if names - elsewhere} == {}
    assert elsewhere == set().union(*found.values())
    assert elsewhere.isdisjoint(read_env_file(ENV_EXAMPLE))


def test_the_readme_parser_reads_only_the_configuration_table():
    """Rows under "## Configuration" alone, a row naming one variable or more."""
    readme = """# Title
| `OTHER` | `1` | a table elsewhere |
## Configuration
| variable | default | meaning |
|---|---|---|
| `A` | `x,y` | a value |
| `B`, `C` | off (`make run` turns it on) | flags |
| `D` | cores + 1 | worked out |
## Layout
| `LATER` | `2` | another table |
"""
    rows = configuration_rows(readme)
    flags = "off (`make run` turns it on)"
    assert rows == {"A": "`x,y`", "B": flags, "C": flags, "D": "cores + 1"}
    assert [stated_default(rows[name]) for name in "ABD"] == ["x,y", "0", ""]


def test_the_readme_configuration_table_agrees_with_env_example():
    """Each row names a variable of .env.example and states its default there."""
    rows = configuration_rows(README.read_text(encoding="utf-8"))
    assert rows, "no | `NAME` | default | meaning | row under ## Configuration"
    documented = read_env_file(ENV_EXAMPLE)
    assert set(rows) - set(documented) == set()
    stated = {name: stated_default(cell) for name, cell in rows.items()}
    assert stated == {name: documented[name] for name in rows}


# Every setting, but the random signing key, and the database file as a full path.
SETTINGS_DUMP = """
import json, os
from django.conf import settings
values = {name: getattr(settings, name) for name in dir(settings) if name.isupper()}
del values["SECRET_KEY"]
database = values["DATABASES"]["default"]
database["NAME"] = os.path.abspath(database["NAME"])
print(json.dumps(values, default=str, sort_keys=True))
"""


def test_env_example_values_are_the_defaults():
    """The settings are the same with .env.example's values as with none."""
    unset = run_django(SETTINGS_DUMP)
    example = run_django(SETTINGS_DUMP, **read_env_file(ENV_EXAMPLE))
    assert unset.returncode == 0 == example.returncode, unset.stderr + example.stderr
    assert json.loads(example.stdout) == json.loads(unset.stdout)


def test_debug_is_off_by_default_and_on_only_when_asked():
    code = "from django.conf import settings\nprint(settings.DEBUG)"
    assert run_django(code).stdout.strip() == "False"
    assert run_django(code, DJANGO_DEBUG="0").stdout.strip() == "False"
    assert run_django(code, DJANGO_DEBUG="1").stdout.strip() == "True"


def test_hashed_static_names_need_debug_off_and_the_flag():
    code = 'from django.conf import settings\nprint(settings.STORAGES["staticfiles"]["BACKEND"])'
    assert run_django(code).stdout.strip().endswith(".StaticFilesStorage")
    manifest = run_django(code, DJANGO_STATIC_MANIFEST="1").stdout.strip()
    assert manifest == "sudoku_site.storage.HashedModulesStorage"
    debug = run_django(code, DJANGO_STATIC_MANIFEST="1", DJANGO_DEBUG="1").stdout.strip()
    assert debug.endswith(".StaticFilesStorage")


def test_check_deploy_passes_with_the_example_environment_over_https():
    result = check_deploy(**read_env_file(ENV_EXAMPLE) | {"DJANGO_HTTPS": "1"})
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


def test_check_deploy_asks_for_https_when_the_site_is_plain_http():
    """Without DJANGO_HTTPS the check is not clean: HSTS, the redirect and the
    secure CSRF cookie are missing, as they are on the loopback stack."""
    result = check_deploy(**read_env_file(ENV_EXAMPLE))
    assert result.returncode != 0
    assert set(re.findall(r"security\.W\d+", result.stdout + result.stderr)) == HTTPS_WARNINGS


def test_check_deploy_refuses_debug():
    result = check_deploy(**read_env_file(ENV_EXAMPLE) | {"DJANGO_HTTPS": "1", "DJANGO_DEBUG": "1"})
    assert result.returncode != 0
    assert "security.W018" in result.stdout + result.stderr


# A request through Django as it comes from nginx, over HTTPS or not.
HTTPS_PROBE = """
import json
from django.test import Client
client = Client(HTTP_HOST="localhost")
secure = client.get("/index", HTTP_X_FORWARDED_PROTO="https")
plain = client.get("/index")
cookie = secure.cookies["csrftoken"]
sized = {
    proto: client.get("/index?size=16", HTTP_X_FORWARDED_PROTO=proto).cookies.get("size")
    for proto in ("https", "http")
}
switched = client.post(
    "/i18n/setlang", {"language": "vi", "next": "/index"}, HTTP_X_FORWARDED_PROTO="https"
).cookies["django_language"]
print(json.dumps({
    "size_secure": {proto: sized[proto] and bool(sized[proto]["secure"]) for proto in sized},
    "language_secure": bool(switched["secure"]),
    "language_samesite": switched["samesite"],
    "secure_status": secure.status_code,
    "hsts": secure.headers.get("Strict-Transport-Security"),
    "cookie_secure": bool(cookie["secure"]),
    "cookie_httponly": bool(cookie["httponly"]),
    "cookie_samesite": cookie["samesite"],
    "plain_status": plain.status_code,
    "plain_location": plain.headers.get("Location"),
    "plain_hsts": plain.headers.get("Strict-Transport-Security"),
}))
"""


def probe_https(**values: str) -> dict:
    result = run_django(HTTPS_PROBE, **values)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_over_https_the_site_sends_hsts_a_secure_cookie_and_redirects_plain_http():
    seen = probe_https(DJANGO_HTTPS="1")
    assert seen["secure_status"] == 200
    assert seen["hsts"] == "max-age=31536000"
    assert (seen["cookie_secure"], seen["cookie_httponly"]) == (True, True)
    assert seen["cookie_samesite"] == "Strict"
    # The language switcher's cookie and the board's size: Secure too, Lax.
    assert (seen["language_secure"], seen["language_samesite"]) == (True, "Lax")
    assert seen["size_secure"] == {"https": True, "http": None}  # plain HTTP: redirected
    assert seen["plain_status"] == 301
    assert seen["plain_location"] == "https://localhost/index"
    assert seen["plain_hsts"] is None


def test_the_domain_wide_hsts_flags_are_the_owners_choice():
    seen = probe_https(
        DJANGO_HTTPS="1",
        DJANGO_HSTS_SECONDS="300",
        DJANGO_HSTS_INCLUDE_SUBDOMAINS="1",
        DJANGO_HSTS_PRELOAD="1",
    )
    assert seen["hsts"] == "max-age=300; includeSubDomains; preload"


def test_without_https_the_forwarded_proto_header_is_not_believed():
    """On plain HTTP a client's X-Forwarded-Proto changes nothing: no HSTS, no
    redirect, and the cookie is not marked secure."""
    seen = probe_https()
    assert seen["secure_status"] == 200 == seen["plain_status"]
    assert seen["hsts"] is None
    assert seen["cookie_secure"] is False
    assert seen["size_secure"] == {"https": False, "http": False}
    assert (seen["language_secure"], seen["language_samesite"]) == (False, "Lax")


# The database, as the settings describe it (nothing is connected to).
DATABASE_DUMP = """
import json
from django.conf import settings
from deploy import limits
print(json.dumps({**settings.DATABASES["default"], "wait": limits.database_wait()}, default=str))
"""


def database(**values: str) -> dict:
    result = run_django(DATABASE_DUMP, **values)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


@pytest.mark.parametrize("url", [None, ""])
def test_without_a_database_url_the_site_keeps_to_sqlite_as_before(url, tmp_path):
    """WAL, IMMEDIATE transactions, and a wait of 20 s for the write lock."""
    values = {"DJANGO_DB_PATH": str(tmp_path / "site.sqlite3")}
    seen = database(**values if url is None else values | {"DATABASE_URL": url})
    assert seen["ENGINE"] == "django.db.backends.sqlite3"
    assert seen["NAME"] == str(tmp_path / "site.sqlite3")
    assert seen["OPTIONS"] == {
        "init_command": "PRAGMA journal_mode=WAL;",
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
    }
    assert seen["wait"] == 20


def test_a_database_url_names_postgresql_with_bounded_waits_and_kept_connections():
    seen = database(DATABASE_URL="postgres://site:secret@db.example:6543/sudoku")
    assert seen["ENGINE"] == "django.db.backends.postgresql"
    assert (seen["HOST"], seen["PORT"], seen["NAME"]) == ("db.example", 6543, "sudoku")
    assert (seen["USER"], seen["PASSWORD"]) == ("site", "secret")
    assert (seen["CONN_MAX_AGE"], seen["CONN_HEALTH_CHECKS"]) == (60, True)
    assert seen["OPTIONS"] == {"connect_timeout": 5, "options": "-c lock_timeout=20000"}
    assert seen["wait"] == 25  # connecting, then the lock: still inside gunicorn's timeout


def test_a_database_urls_socket_directory_and_options_are_kept():
    url = "postgres://sudoku@%2Fsrv%2Fpostgres%2Frun:5433/sudoku?sslmode=disable&connect_timeout=2"
    seen = database(DATABASE_URL=url)
    assert (seen["HOST"], seen["PORT"]) == ("/srv/postgres/run", 5433)
    assert seen["OPTIONS"]["sslmode"] == "disable"
    assert seen["OPTIONS"]["connect_timeout"] == 2  # the URL's own wins
    assert seen["OPTIONS"]["options"] == "-c lock_timeout=20000"
    assert seen["wait"] == 22


def test_a_database_url_of_another_database_is_refused():
    result = run_django(DATABASE_DUMP, DATABASE_URL="mysql://site@db.example/sudoku")
    assert result.returncode != 0
    assert "DATABASE_URL names a PostgreSQL database" in result.stderr


def test_the_database_url_is_no_setting_of_its_own():
    """Debug pages show the settings, hiding only names such as PASSWORD."""
    code = "from django.conf import settings\nprint(hasattr(settings, 'DATABASE_URL'))"
    result = run_django(code, DATABASE_URL="postgres://site:secret@db.example/sudoku")
    assert result.stdout.strip() == "False"


CACHES_AND_BROKER = """
import json
from django.conf import settings
caches = {name: [cache["BACKEND"].rsplit(".", 1)[1], str(cache.get("LOCATION", ""))]
          for name, cache in settings.CACHES.items()}
print(json.dumps([caches, settings.CELERY_BROKER_URL]))
"""


def caches_and_broker(**values: str) -> tuple[dict, str]:
    result = run_django(CACHES_AND_BROKER, **values)
    assert result.returncode == 0, result.stderr
    caches, broker = json.loads(result.stdout)
    return caches, broker


def test_without_redis_the_caches_are_one_machines_and_there_is_no_broker():
    caches, broker = caches_and_broker()
    assert caches["default"] == ["LocMemCache", ""]
    assert caches["walks"][0] == "FileBasedCache"
    assert broker == ""


@pytest.mark.parametrize(
    ("url", "caches_at"),
    [
        ("redis://127.0.0.1:6380/0", "redis://127.0.0.1:6380/1"),
        ("redis://127.0.0.1:6380", "redis://127.0.0.1:6380/1"),
        ("redis://:secret@cache.internal:6379/4", "redis://:secret@cache.internal:6379/5"),
    ],
)
def test_redis_holds_the_queue_and_both_caches_in_the_next_database(url, caches_at):
    """Clearing a cache empties its database: never the queue's."""
    caches, broker = caches_and_broker(REDIS_URL=url)
    assert broker == url
    assert caches == {name: ["RedisCache", caches_at] for name in ("default", "walks")}


@pytest.mark.parametrize(
    ("values", "error"),
    [
        ({"SUDOKU_BATCH_RUNNER": "threads"}, "SUDOKU_BATCH_RUNNER is inline or celery."),
        ({"SUDOKU_BATCH_RUNNER": "celery"}, "SUDOKU_BATCH_RUNNER=celery needs REDIS_URL"),
    ],
)
def test_the_runner_is_inline_or_celery_with_its_broker(values, error):
    result = run_django("", **values)
    assert result.returncode != 0
    assert error in result.stderr
    accepted = run_django("", SUDOKU_BATCH_RUNNER="celery", REDIS_URL="redis://127.0.0.1:1/0")
    assert accepted.returncode == 0, accepted.stderr
