"""The pairing task moved from `tournament.pairing_jobs.tasks` to `tournament.pairing_jobs` (the package became one
module): tasks queued before, and not yet run, are pointed at the new path, so the worker runs them and their
pages can read them."""

from django.db import migrations

OLD, NEW = "tournament.pairing_jobs.tasks.pair_next_round", "tournament.pairing_jobs.pair_next_round"


def forward(apps, schema_editor):
    apps.get_model("django_tasks_database", "DBTaskResult").objects.filter(task_path=OLD).update(task_path=NEW)


def backward(apps, schema_editor):
    apps.get_model("django_tasks_database", "DBTaskResult").objects.filter(task_path=NEW).update(task_path=OLD)


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0032_stage_grand_final_reset"),
        ("django_tasks_database", "0021_conditional_partial_index_ordering"),
    ]

    operations = [migrations.RunPython(forward, backward)]
