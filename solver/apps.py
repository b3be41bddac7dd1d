"""The solver app: entry page, answer page, and the engine behind them."""

from django.apps import AppConfig
from django.db import connections
from django.db.models.signals import post_migrate


class SolverConfig(AppConfig):
    name = "solver"
    verbose_name = "Sudoku solver"

    def ready(self) -> None:
        post_migrate.connect(load_shipped_stock, sender=self)


def load_shipped_stock(using: str = "default", **kwargs) -> None:
    """After a migrate, the shipped puzzles of every board the stock holds
    none of (``stock.load``), so a new site hands out big boards at once;
    nothing while the stock's table is not there (a migrate backwards)."""
    from .library import stock
    from .library.models import Stocked

    tables = connections[using].introspection.table_names()
    if using == "default" and Stocked._meta.db_table in tables:
        stock.load()
