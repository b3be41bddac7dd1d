"""Tests of ``solver.cli``, one module per module of the package."""
