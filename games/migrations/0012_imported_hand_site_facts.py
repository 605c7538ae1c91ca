# The site's facts that exports of an imported hand keep: seat numbers, table size, time zone.

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0011_committed_deals'),
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
