"""Private tournaments: ``is_private`` and an invite code of their own for every tournament
(each existing one drawn separately, so no two share a code)."""

from django.db import migrations, models

import games.models.tables


def draw_codes(apps, schema_editor):
    Tournament = apps.get_model("games", "Tournament")
    for tournament in Tournament.objects.all():
        tournament.invite_code = games.models.tables.new_invite_code()
        tournament.save(update_fields=["invite_code"])


class Migration(migrations.Migration):
    dependencies = [("games", "0024_imported_hand_omaha_hole_cards")]

    operations = [
        migrations.AddField(
            model_name="tournament", name="is_private",
            field=models.BooleanField(default=False),
        ),
        migrations.AddField(
            model_name="tournament", name="invite_code",
            field=models.CharField(max_length=32, null=True),
        ),
        migrations.RunPython(draw_codes, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="tournament", name="invite_code",
            field=models.CharField(
                default=games.models.tables.new_invite_code, max_length=32, unique=True),
        ),
    ]
