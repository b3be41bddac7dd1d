"""Tests of ``solver.batches``, one module per module of the package."""
