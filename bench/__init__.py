"""Everything that measures; nothing here serves the site. Run each from the
repository's root with ``.venv/bin/python -m bench.NAME``; the figures, each
with its machine, date and command, are in bench/README.md.

- ``engine``: the engine benchmark (``make bench``): the engine on the shared
  puzzle sets in both modes, and against the baseline on the same puzzles.
- ``tails``: the tail benchmark (``make bench``, after ``engine``): the
  engine as the site runs it on equivalent copies of puzzles (relabelled,
  moved, transposed, sparse, made impossible), for its slowest cases.
- ``compare``: this checkout's engine and another's (an earlier commit, say)
  side by side on the shared sets, in alternating rounds.
- ``baseline``: a Norvig-style solver, the engine benchmark's fixed yardstick.
- ``sizes``: the engine on one puzzle of each size from 4x4 to 25x25.
- ``teacher``, ``teacher_versus``, ``teacher_finders``: the teacher's walks timed and
  rated beside hodoku-py, against another checkout's, and technique by technique.
- ``generate``: the generator: puzzles on demand at each level, and the levels
  plain digging lands on.
- ``load``: the production stack (nginx and gunicorn) under load and abuse,
  started by tests/support/stack.py.
- ``cluster``: make cluster's parts: batches with one and two queue workers,
  answer pages with one and two app servers.
- ``costs``: where a solve request's time goes, in process on one core.
- ``sets``: the reader of the shared puzzle sets, for these and for the tests.
- ``machine``: the line naming the machine that heads every run's output.
"""
