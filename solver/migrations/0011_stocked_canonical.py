"""The stock's canonical writings: each stocked puzzle's, written for the
rows there already (one puzzle of two writings kept once), then unique for
its size."""

from django.db import migrations, models


def write_canonical(apps, schema_editor):
    """Each row's canonical writing; a row equivalent to one before it goes."""
    from solver.core.boards import BOARDS
    from solver.engine import format_grid, parse_puzzle
    from solver.engine.symmetry import canonical

    Stocked = apps.get_model("solver", "Stocked")
    boards = {board.size: board for board in BOARDS}
    seen = set()
    for row in Stocked.objects.order_by("id"):
        board = boards[row.size]
        written = format_grid(canonical(parse_puzzle(row.givens, board), board))
        if (row.size, written) in seen:
            row.delete()
            continue
        seen.add((row.size, written))
        row.canonical = written
        row.save(update_fields=["canonical"])


class Migration(migrations.Migration):
    dependencies = [
        ("solver", "0010_stock_and_kept"),
    ]

    operations = [
        migrations.AddField(
            model_name="stocked",
            name="canonical",
            field=models.CharField(default="", max_length=625),
            preserve_default=False,
        ),
        migrations.RunPython(write_canonical, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="stocked",
            constraint=models.UniqueConstraint(
                fields=("size", "canonical"), name="solver_stocked_one_writing"
            ),
        ),
    ]
