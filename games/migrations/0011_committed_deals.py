"""The server seed of each table's next hand, drawn and committed to before that hand's
client seeds are final (docs/fairness.md); when the server received each client seed."""

import hashlib
import secrets
from datetime import UTC, datetime

from django.db import migrations, models


def commit_next_deals(apps, schema_editor):
    """Every existing table gets its next hand's seed and commitment now, each its own."""
    Table = apps.get_model("games", "Table")
    now = datetime.now(UTC)
    shown = now.strftime("%Y-%m-%dT%H:%M:%S.") + f"{now.microsecond // 1000:03d}Z"
    for table in Table.objects.filter(next_server_seed="").only("id"):
        seed = secrets.token_bytes(32)
        Table.objects.filter(pk=table.pk).update(
            next_server_seed=seed.hex(),
            next_deal={"commitment": hashlib.sha256(seed).hexdigest(), "shown_at": shown},
        )


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0010_fair_deals'),
    ]

    operations = [
        migrations.AddField(
            model_name='table',
            name='next_server_seed',
            field=models.CharField(blank=True, max_length=64),
        ),
        migrations.AddField(
            model_name='table',
            name='next_deal',
            field=models.JSONField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name='seat',
            name='client_seed_at',
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.RunPython(commit_next_deals, migrations.RunPython.noop),
    ]
