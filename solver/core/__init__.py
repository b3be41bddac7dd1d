"""What every feature of the site shares at the engine's edge.

- ``cells``: the entry grid's cell names (``r1c1`` ... ``r9c9``);
- ``issues``: a problem with what was sent, as pages and JSON show it;
- ``messages``: the engine's problems in the reader's language;
- ``lists``: lists in sentences, punctuated as the reader's language does;
- ``reading``: a puzzle's text read and checked, the forms' common part;
- ``grids``: the board drawn as one HTML table (each feature adds its cells);
- ``uploads``: files kept in memory up to a limit;
- ``logs``: one log line per solve, the client only as a keyed hash;
- ``views``: the site's own small views (the health check).

Nothing here imports a feature (``solver.entry``, ``solver.teaching``...).
"""
