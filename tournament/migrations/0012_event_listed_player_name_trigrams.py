# Events can stay off the home page until published; on PostgreSQL, player names get a trigram (GiST) index
# for the similar-name check: nearest names by trigram distance (pg_trgm). SQLite has neither extension nor index: it bounds the candidates.

from django.contrib.postgres.operations import TrigramExtension
from django.db import migrations, models

INDEX = "tournament_player_name_key_trgm"


def create_trigram_index(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(f"CREATE INDEX IF NOT EXISTS {INDEX} ON tournament_player USING gist (name_key gist_trgm_ops)")


def drop_trigram_index(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(f"DROP INDEX IF EXISTS {INDEX}")


class Migration(migrations.Migration):

    dependencies = [
        ('tournament', '0011_print_jobs_on_tasks'),
    ]

    operations = [
        migrations.AddField(
            model_name='event',
            name='listed',
            field=models.BooleanField(default=True, help_text='Unlisted events open by their link only. Tick this when the event is ready to be published.', verbose_name='listed on the home page'),
        ),
        TrigramExtension(),  # CREATE EXTENSION pg_trgm, on PostgreSQL only
        migrations.RunPython(create_trigram_index, drop_trigram_index),
    ]
