# The site's facts that exports of an imported hand keep: seat numbers, table size, time zone.
# Another branch adds 0010 (and maybe 0011); the dependency is fixed when they are merged.

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0009_table_notices'),
    ]

    operations = [
        migrations.AddField(
            model_name='importedhand',
            name='time_zone',
            field=models.CharField(blank=True, max_length=16),
        ),
        migrations.AddField(
            model_name='importedhand',
            name='seat_count',
            field=models.PositiveSmallIntegerField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name='importedhand',
            name='table_seats',
            field=models.JSONField(blank=True, default=dict),
        ),
    ]
