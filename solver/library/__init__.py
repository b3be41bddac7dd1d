"""The puzzle library: new puzzles at a level, each stored once, a daily puzzle.

Read the modules in this order: ``models`` (a stored puzzle, a day's
choice), ``store`` (puzzles prepared, stored once however they are written,
picked at random, by day, or generated), ``forms`` (what the pages are
asked for), ``views`` (``/new``, ``/p/<id>``, ``/library``, ``/daily``),
``schemas`` and ``api`` (``/api/generate``, ``/api/puzzles/...``,
``/api/daily``). The commands ``manage.py generate`` and ``import_puzzles``
fill it.
"""
