"""The site in this process, as production runs it (DEBUG off), on a
throwaway SQLite database, for the benchmarks that ask it through Django's
test client (``costs``, ``rating``)."""

from __future__ import annotations

import logging
import os


def start_django(directory: str) -> None:
    """Django set up for this process, its database new and migrated in
    ``directory``; the solve log silenced (its lines would flood the tables,
    while its cost is still paid up to the handler)."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "sudoku_site.settings")
    os.environ.setdefault("DJANGO_SECRET_KEY", "bench-not-secret-" + "x" * 40)
    os.environ["DJANGO_DEBUG"] = "0"
    os.environ["DJANGO_DB_PATH"] = os.path.join(directory, "db.sqlite3")
    os.environ.pop("DATABASE_URL", None)  # never the site's own database
    os.environ.setdefault("DJANGO_ALLOWED_HOSTS", "testserver")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    logging.getLogger("solver.solves").handlers = [logging.NullHandler()]
    logging.getLogger("solver.solves").propagate = False
