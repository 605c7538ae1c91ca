from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("games", "0026_one_position_vocabulary")]

    operations = [
        migrations.AddField("importbatch", "stacks", models.JSONField(default=list)),
        migrations.AddField("importbatch", "refused_at", models.JSONField(default=list)),
        migrations.AddField("importbatch", "review", models.JSONField(default=list)),
    ]
