"""``python manage.py verify_deal FILE``: check the fair deal of every hand in an export.

Reads PHH (one hand or a .phhs file) or PokerStars text as this site exports them, recomputes
each hand's deck from its seeds (docs/fairness.md) and prints one verdict per hand, then a
count. Exits with status 1 when any hand is not verified (a mismatch, no record, unreadable).
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.engine import PHHError
from games.history.export.deal_checks import verify_text


class Command(BaseCommand):
    help = "Verify the fair deal of each hand in a PHH or PokerStars export of this site."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", metavar="FILE", help="a .phh, .phhs or PokerStars .txt file")

    def handle(self, *args: Any, **options: Any) -> None:
        name = options["file"]
        try:
            with open(name, encoding="utf-8-sig") as handle:
                text = handle.read()
        except UnicodeDecodeError:
            raise CommandError(f"{name} is not UTF-8 text: exports are text files.") from None
        except OSError as error:
            raise CommandError(f"Cannot read {name}: {error.strerror}.") from None
        try:
            verdicts = verify_text(text)
        except PHHError as error:
            raise CommandError(f"{name}: {error}") from None
        for verdict in verdicts:
            self.stdout.write(f"{verdict.label}: {verdict.text}")
        good = sum(v.ok for v in verdicts)
        self.stdout.write(
            f"{len(verdicts)} hand{'s' if len(verdicts) != 1 else ''}: {good} verified, "
            f"{len(verdicts) - good} not verified."
        )
        if good != len(verdicts):
            raise SystemExit(1)
