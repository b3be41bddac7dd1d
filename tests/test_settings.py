"""The settings in production: read from the environment, debug off by default,
every variable documented in .env.example, and `manage.py check --deploy`
clean with that file's values once the site is served over HTTPS.

Each case runs Django in a subprocess, since settings are read once, at start.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from tests.stack import clean_environment, read_env_file

ROOT = Path(__file__).resolve().parent.parent
ENV_EXAMPLE = ROOT / ".env.example"
SETTINGS = ROOT / "sudoku_site" / "settings.py"
# What the settings read, in any of the forms settings.py uses.
READ = re.compile(r"""(?:os\.environ\.get|env_flag|env_list)\(\s*["']([A-Z][A-Z0-9_]*)["']""")
HTTPS_WARNINGS = {"security.W004", "security.W008", "security.W016"}


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


def settings_read() -> set[str]:
    return set(READ.findall(SETTINGS.read_text(encoding="utf-8")))


def test_the_settings_read_variables_the_pattern_finds():
    """The pattern below finds the variables (so the next test is not empty)."""
    assert {"DJANGO_DEBUG", "DJANGO_SECRET_KEY", "DJANGO_HTTPS", "SUDOKU_SOLVE_SECONDS"} <= (
        settings_read()
    )


def test_env_example_documents_every_variable_the_settings_read():
    documented = set(read_env_file(ENV_EXAMPLE))
    assert settings_read() - documented == set()


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
print(json.dumps({
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
