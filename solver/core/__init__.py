"""What every feature of the site shares at the engine's edge.

- ``cells``: the entry grid's cell names (``r1c1`` ... ``r9c9``);
- ``issues``: a problem with what was sent, as pages and JSON show it;
- ``messages``: the engine's problems in the reader's language;
- ``lists``: lists in sentences, punctuated as the reader's language does;
- ``reading``: a puzzle's text read and checked, the forms' common part;
- ``grids``: the board drawn as one HTML table (each feature adds its cells);
- ``uploads``: files kept in memory up to a limit;
- ``logs``: one log line per solve, the client only as a keyed hash;
- ``pages``: the page numbers a long list links to;
- ``views``: the site's own small views (the health check, and the other
  spelling of an address sent to its page).

Nothing here imports a feature's pages (``solver.entry``, ``solver.teaching``...);
a text of several puzzles is read with the command line's reader
(``solver.cli.reading``, plain Python), as the batches read theirs.
"""
