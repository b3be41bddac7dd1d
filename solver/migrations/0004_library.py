"""The puzzle library: its puzzles, each stored once (a unique index on the
canonical writing) and indexed by level for random picks, and the daily
puzzle of each level."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("solver", "0003_batch"),
    ]

    operations = [
        migrations.CreateModel(
            name="Puzzle",
            fields=[
                (
                    "id",
                    models.CharField(
                        editable=False, max_length=16, primary_key=True, serialize=False
                    ),
                ),
                ("givens", models.CharField(max_length=81)),
                ("solution", models.CharField(max_length=81)),
                ("canonical", models.CharField(max_length=81, unique=True)),
                (
                    "level",
                    models.CharField(
                        choices=[
                            ("easy", "easy"),
                            ("medium", "medium"),
                            ("hard", "hard"),
                            ("expert", "expert"),
                            ("extreme", "extreme"),
                        ],
                        max_length=8,
                    ),
                ),
                ("score", models.PositiveIntegerField()),
                ("hardest", models.CharField(blank=True, max_length=40)),
                (
                    "symmetry",
                    models.CharField(
                        blank=True,
                        choices=[
                            ("rotational", "rotational"),
                            ("none", "none"),
                            ("mirror", "mirror"),
                            ("diagonal", "diagonal"),
                        ],
                        max_length=12,
                    ),
                ),
                ("source", models.CharField(max_length=100)),
                ("created", models.DateTimeField(auto_now_add=True)),
            ],
            options={
                "indexes": [models.Index(fields=["level", "id"], name="solver_puzzle_level")],
            },
        ),
        migrations.CreateModel(
            name="Daily",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("day", models.DateField()),
                (
                    "level",
                    models.CharField(
                        choices=[
                            ("easy", "easy"),
                            ("medium", "medium"),
                            ("hard", "hard"),
                            ("expert", "expert"),
                            ("extreme", "extreme"),
                        ],
                        max_length=8,
                    ),
                ),
                (
                    "puzzle",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="days",
                        to="solver.puzzle",
                    ),
                ),
            ],
            options={
                "verbose_name_plural": "dailies",
                "constraints": [
                    models.UniqueConstraint(fields=("day", "level"), name="solver_daily_day_level")
                ],
            },
        ),
    ]
