"""Batches: many puzzles, one a line, stored and solved a slice at a time.

Read the modules in this order: ``models`` (a batch and its rows), ``store``
(a batch stored, each slice solved with the command line's ``solve_entry``,
its progress, old batches forgotten), ``leases`` and ``tasks`` (the celery
runner's: which message may solve a batch's next slice, and the queue's
tasks), ``forms`` (what may be a batch), ``views`` (the pages), ``export``
(the results as CSV).
"""
