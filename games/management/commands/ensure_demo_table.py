from django.core.management.base import BaseCommand

from games.models import Table
from games.services import hosting


class Command(BaseCommand):
    help = "Create a public demo table if there is no table at all (used by `make run`)."

    def handle(self, *args, **options):
        if Table.objects.exists():
            self.stdout.write("Tables exist; no demo table needed.")
            return
        table = hosting.create_table(
            None,
            name="Demo table", small_blind=1, big_blind=2, min_buy_in=40, max_buy_in=200
        )
        self.stdout.write(f"Created {table}.")
