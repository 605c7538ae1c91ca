"""``manage.py evaluate "As Ks Qs Js Ts"``: category, description and best five of each hand.

With several hands (``"AhAd" "KcKs" --board "2c 7d 9h Jc Qs"``) it also names the winners.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from django.core.management.base import CommandParser

from evaluator import HandValue, evaluate, format_cards, parse_cards, winners
from evaluator.management.commands._base import EvaluatorCommand, add_suits_option, checked


class Command(EvaluatorCommand):
    help = 'Score hands: evaluate "As Ks Qs Js Ts" or evaluate "AhAd" "KcKs" --board "2c 7d 9h"'

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("hands", nargs="+", help='cards of one hand, e.g. "Ah Kd" or "AhKd"')
        parser.add_argument("--board", default="", help="community cards joining every hand")
        add_suits_option(parser)

    def handle(self, *args: Any, **options: Any) -> None:
        hands: list[str] = options["hands"]
        suits: str = options["suits"]
        board = checked(lambda: parse_cards(options["board"], suits=suits))
        values: list[HandValue] = []
        held = []
        for text in hands:
            cards = checked(partial(parse_cards, text, suits=suits))
            held.append(cards)
            values.append(checked(partial(evaluate, cards + board)))
        if board:
            self.stdout.write(f"Board: {format_cards(board, suits=suits)}")
        for number, (cards, value) in enumerate(zip(held, values, strict=True), start=1):
            label = f"Hand {number}: " if len(hands) > 1 else ""
            self.stdout.write(f"{label}{format_cards(cards, suits=suits)}")
            self.stdout.write(f"  category:  {value.category.label}")
            self.stdout.write(f"  hand:      {value.describe()}")
            self.stdout.write(f"  best five: {format_cards(value.best_five, suits=suits)}")
        if len(hands) > 1:
            best = winners(values)
            numbers = [str(i + 1) for i in best]
            if len(best) == 1:
                verdict = f"Winner: hand {numbers[0]}"
            else:
                verdict = f"Split pot: hands {', '.join(numbers[:-1])} and {numbers[-1]}"
            self.stdout.write(f"{verdict} ({values[best[0]].describe()})")
