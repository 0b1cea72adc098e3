
import django.core.validators
import django.db.models.deletion
from django.db import migrations, models


def copy_entries(apps, schema_editor):
    """Each existing entry keeps the name, club and contact its player row has today."""
    Registration = apps.get_model("tournament", "Registration")
    for reg in Registration.objects.select_related("player").iterator():
        player = reg.player
        Registration.objects.filter(pk=reg.pk).update(
            name=player.name, name_key=player.name_key, club_id=player.club_id, region=player.region, email=player.email
        )


class Migration(migrations.Migration):

    dependencies = [
        ('tournament', '0007_my_game_link_and_two_person_reports'),
    ]

    operations = [
        migrations.AlterModelOptions(
            name='registration',
            options={'ordering': ['name_key', 'pk'], 'verbose_name': 'registration', 'verbose_name_plural': 'registrations'},
        ),
        migrations.AddField(
            model_name='auditentry',
            name='user_name',
            field=models.CharField(blank=True, max_length=150, verbose_name='user (imported)'),
        ),
        migrations.AddField(
            model_name='game',
            name='entered_by_name',
            field=models.CharField(blank=True, help_text='As written in an imported backup.', max_length=150),
        ),
        migrations.AddField(
            model_name='registration',
            name='club',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='registrations', to='tournament.club', verbose_name='club'),
        ),
        migrations.AddField(
            model_name='registration',
            name='email',
            field=models.EmailField(blank=True, max_length=254, verbose_name='email'),
        ),
        migrations.AddField(
            model_name='registration',
            name='name',
            field=models.CharField(default='', max_length=120, verbose_name='name'),
        ),
        migrations.AddField(
            model_name='registration',
            name='name_key',
            field=models.CharField(db_index=True, default='', editable=False, max_length=120),
        ),
        migrations.AddField(
            model_name='registration',
            name='region',
            field=models.CharField(blank=True, max_length=120, verbose_name='region'),
        ),
        migrations.AddField(
            model_name='resultreport',
            name='submitted_by_name',
            field=models.CharField(blank=True, help_text='As written in an imported backup.', max_length=150),
        ),
        migrations.AlterField(
            model_name='event',
            name='round_minutes',
            field=models.PositiveSmallIntegerField(default=90, validators=[django.core.validators.MinValueValidator(1), django.core.validators.MaxValueValidator(600)], verbose_name='round length (minutes)'),
        ),
        migrations.AlterField(
            model_name='event',
            name='rounds_planned',
            field=models.PositiveSmallIntegerField(default=3, validators=[django.core.validators.MinValueValidator(1), django.core.validators.MaxValueValidator(50)], verbose_name='number of rounds'),
        ),
        migrations.RunPython(copy_entries, migrations.RunPython.noop),
    ]
