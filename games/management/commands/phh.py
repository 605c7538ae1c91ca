"""``python manage.py phh replay FILE...``: replay PHH hand histories through the engine.

Prints one JSON object per line and file: ``{"file": ..., "finishing_stacks": [...]}`` in the
file's player order, or ``{"file": ..., "error": "..."}``; exits with status 1 if any failed.
"""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.engine.phh import PHHError, replay_phh


class Command(BaseCommand):
    help = "Replay PHH (Poker Hand History) files through the engine."

    def add_arguments(self, parser: CommandParser) -> None:
        sub = parser.add_subparsers(dest="subcommand", required=True)
        replay = sub.add_parser("replay", help="Replay hands and print their finishing stacks.")
        replay.add_argument("files", nargs="+", metavar="FILE")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["subcommand"] != "replay":
            raise CommandError(f"Unknown subcommand {options['subcommand']!r}.")
        failed = False
        for name in options["files"]:
            line: dict[str, Any] = {"file": name}
            try:
                with open(name, encoding="utf-8") as handle:
                    text = handle.read()
                replayed = replay_phh(text)
                money = replayed.amounts.money
                scale = replayed.amounts.scale
                line["finishing_stacks"] = [
                    x if scale == 1 else str(money(x)) for x in replayed.finishing_stacks
                ]
                if replayed.rake:
                    line["rake"] = {str(k): str(money(v)) for k, v in replayed.rake.items()}
                if replayed.unsettled:
                    line["unsettled"] = replayed.unsettled
            except (OSError, UnicodeDecodeError) as error:
                line["error"] = f"Cannot read the file: {error}"
            except PHHError as error:
                line["error"] = str(error)
            except Exception as error:  # a bug must not hide the other files' results
                line["error"] = f"Internal error: {error!r}"
            if "error" in line:
                failed = True
            self.stdout.write(json.dumps(line))
        if failed:
            raise SystemExit(1)
