"""The puzzle library: new puzzles at a level, each stored once, a daily puzzle.

Read the modules in this order: ``models`` (a stored puzzle, a day's
choice), ``store`` (puzzles prepared, stored once however they are written,
the table kept within its bound), ``picks`` (what a request is handed: a
random pick, a seed's puzzle, the day's; easy to hard made on demand, expert
and extreme only from the library), ``forms`` (what the pages are asked
for), ``views`` (``/new``, ``/p/<id>``, ``/library``, ``/daily``),
``schemas`` and ``api`` (``/api/generate``, ``/api/puzzles/...``,
``/api/daily``). The commands ``manage.py generate`` (``--until``: the
top-up) and ``import_puzzles`` fill it.
"""
