"""An upload's hands in rows of their own (ImportPart): a step of the import read the whole
list of hands and wrote the whole upload's row again (its text, the hands, the stack records)
for every 25 hands, a cost that grew with the file. Existing uploads keep their text: the
hands still to import as parts, and a finished upload's text as one part."""

import django.db.models.deletion
from django.db import migrations, models


def move_parts(apps, schema_editor):
    ImportBatch = apps.get_model("games", "ImportBatch")
    ImportPart = apps.get_model("games", "ImportPart")
    for batch in ImportBatch.objects.iterator():
        if batch.old_parts:
            by_index = {record["index"]: record for record in batch.stacks}
            refused = set(batch.refused_at)
            rows = [ImportPart(batch=batch, number=k, source=source, name=name, text=text,
                               stacks=by_index.get(k), refused=k in refused)
                    for k, (source, name, text) in enumerate(batch.old_parts)]
        else:  # read already: its text as it came, in one part nobody steps through
            rows = [ImportPart(batch=batch, number=0, source="", name="", text=batch.text)]
        ImportPart.objects.bulk_create(rows)


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0032_short_deck_ranking"),
    ]

    operations = [
        # Out of the way of the new rows' name for the batch's hands (``batch.parts``).
        migrations.RenameField("importbatch", "parts", "old_parts"),
        migrations.CreateModel(
            name="ImportPart",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False,
                                           verbose_name="ID")),
                ("number", models.PositiveIntegerField()),
                ("source", models.CharField(max_length=12)),
                ("name", models.TextField(blank=True)),
                ("text", models.TextField()),
                ("stacks", models.JSONField(blank=True, null=True)),
                ("refused", models.BooleanField(default=False)),
                ("batch", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE,
                                            related_name="parts", to="games.importbatch")),
            ],
            options={
                "ordering": ["batch", "number"],
                "constraints": [models.UniqueConstraint(fields=("batch", "number"),
                                                        name="import_part_once")],
            },
        ),
        migrations.RunPython(move_parts, migrations.RunPython.noop),
        migrations.RemoveField(model_name="importbatch", name="old_parts"),
        migrations.RemoveField(model_name="importbatch", name="refused_at"),
        migrations.RemoveField(model_name="importbatch", name="stacks"),
        migrations.RemoveField(model_name="importbatch", name="text"),
    ]
