"""A stored job is called a batch, as on the pages (``--jobs`` is the command
line's processes): the tables, their foreign key and their indexes renamed.
The rows' status gets its choices (no change to the table)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("solver", "0002_job_client"),
    ]

    operations = [
        migrations.RenameModel(old_name="Job", new_name="Batch"),
        migrations.RenameModel(old_name="JobRow", new_name="BatchRow"),
        # The index and the constraint on the foreign key go before it is
        # renamed (SQLite rebuilds the table with them) and come back after.
        migrations.RemoveIndex(model_name="batchrow", name="solver_jobrow_status"),
        migrations.RemoveConstraint(model_name="batchrow", name="solver_jobrow_unique_index"),
        migrations.RenameField(model_name="batchrow", old_name="job", new_name="batch"),
        migrations.AddIndex(
            model_name="batchrow",
            index=models.Index(fields=["batch", "status", "index"], name="solver_batchrow_status"),
        ),
        migrations.AddConstraint(
            model_name="batchrow",
            constraint=models.UniqueConstraint(
                fields=("batch", "index"), name="solver_batchrow_index"
            ),
        ),
        migrations.RenameIndex(
            model_name="batch", new_name="solver_batch_client", old_name="solver_job_client"
        ),
        migrations.AlterModelOptions(name="batch", options={"verbose_name_plural": "batches"}),
        migrations.AlterField(
            model_name="batchrow",
            name="status",
            field=models.CharField(
                blank=True,
                choices=[
                    ("unique", "Unique"),
                    ("multiple", "Several solutions"),
                    ("none", "No solution"),
                    ("gave_up", "Gave up"),
                    ("invalid", "Invalid"),
                ],
                default="",
                max_length=8,
            ),
        ),
    ]
