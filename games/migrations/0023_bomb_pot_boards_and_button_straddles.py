from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0022_table_seven_deuce_bounty'),
    ]

    operations = [
        migrations.AddField(
            model_name='table',
            name='bomb_pot_boards',
            field=models.PositiveSmallIntegerField(default=1),
        ),
        migrations.AddField(
            model_name='table',
            name='button_straddles_allowed',
            field=models.BooleanField(default=False),
        ),
    ]
