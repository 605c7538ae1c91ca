"""The host's games for dealer's choice, in the host's order. A table made before this
keeps the rotation dealer's choice dealt then: no-limit hold'em, then pot-limit Omaha (the
codes are written here as they were; a new table's default is every game of the registry)."""

import games.dealers_choice
from django.db import migrations, models

OLD_ROTATION = ["NT", "PO"]


def keep_the_old_rotation(apps, schema_editor):
    Table = apps.get_model("games", "Table")
    Table.objects.update(dealers_choice_games=OLD_ROTATION)


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0030_imported_source_from_the_formats'),
    ]

    operations = [
        migrations.AddField(
            model_name='table',
            name='dealers_choice_games',
            field=models.JSONField(blank=True, default=games.dealers_choice.every_game),
        ),
        migrations.RunPython(keep_the_old_rotation, migrations.RunPython.noop),
    ]
