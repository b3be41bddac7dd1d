"""The site's stored batches: many puzzles, one a line, solved a slice at a time.

Read the modules in this order: ``store`` (a batch stored, each slice
solved with the command line's ``solve_entry``, its progress, old batches
forgotten), ``forms`` (what may be a batch), ``views`` (the pages), ``export``
(the results as CSV). The tables are ``models.Batch`` and ``models.BatchRow``.
"""
