from django.db import migrations, models


def earlier_stages_keep_their_grand_final(apps, schema_editor):
    """Stages made before the reset game existed: their grand final, once played, decided the title."""
    apps.get_model("tournament", "Stage").objects.update(grand_final_reset=False)


class Migration(migrations.Migration):

    dependencies = [
        ('tournament', '0031_event_time_zone'),
    ]

    operations = [
        migrations.AddField(
            model_name='stage',
            name='grand_final_reset',
            field=models.BooleanField(default=True, editable=False, verbose_name='grand final reset'),
        ),
        migrations.RunPython(earlier_stages_keep_their_grand_final, migrations.RunPython.noop),
    ]
