"""The solver app: entry page, answer page, and the engine behind them."""

from django.apps import AppConfig


class SolverConfig(AppConfig):
    name = "solver"
    verbose_name = "Sudoku solver"
