"""The photo reader on the site: ``forms`` (an upload validated into a
reading), ``api`` (``POST /api/read``), ``views`` (``/photo``, the entry
page's form without JavaScript) and ``schemas`` (the API's reply).

A package of its own so that ``solver.photos`` itself stays pure Python,
free of Django (tests/photos/test_isolation.py imports each of its modules).
"""
