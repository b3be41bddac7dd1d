"""The static files storage of the production stack (DJANGO_STATIC_MANIFEST=1)."""

from django.contrib.staticfiles.storage import ManifestStaticFilesStorage


class HashedModulesStorage(ManifestStaticFilesStorage):
    """Hashed names, as Django's manifest storage gives them, for what script
    modules import too.

    The entry page loads js/entry/entry.<hash>.js, which imports its neighbours by
    relative plain names (``import { x } from "./cells.js";``). Left alone,
    those are served under plain names that browsers must check again on
    every visit, and a browser still holding an old hashed entry.js could
    pair it with a newer release's modules. With import aggregation on,
    collectstatic rewrites each ``import``/``export ... from`` of a relative
    path to the hashed name, so every module is kept for a year and a
    release's modules only ever load together.

    Django's patterns are regular expressions, not a JavaScript parser: an
    import must end with ``;`` to be rewritten, and a dynamic ``import("…")``
    of a file that is not there stops collectstatic. tests/site_wide/test_storage.py
    checks every collected module's imports name hashed files that exist.
    """

    support_js_module_import_aggregation = True
    # Each pass hashes the names one more module deep, in whatever order the
    # files are read: a chain of imports N modules long needs N - 1 passes.
    # Django's 5 would cap a page at 6; the pages are allowed 12.
    max_post_process_passes = 11
