"""``manage.py equity "AhAs" "KdKc" [--board ...] [--dead ...] [--samples N] [--seed S]``.

Prints each hand's win, tie and equity: exact over every board, or Monte Carlo with --samples.
"""

from __future__ import annotations

import argparse
from typing import Any

from django.core.management.base import CommandParser

from evaluator import equity, format_cards, to_cards
from evaluator.management.commands._base import EvaluatorCommand, checked


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be a positive whole number, got {text!r}")
    return value


class Command(EvaluatorCommand):
    help = 'Win/tie/equity of 2 to 10 hands: equity "AhAs" "KdKc" --board "2c 7d 9h"'

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("hands", nargs="+", help='two hole cards per hand, e.g. "AhAs"')
        parser.add_argument("--board", default="", help="known community cards (0 to 5)")
        parser.add_argument("--dead", default="", help="cards known to be out of the deck")
        parser.add_argument("--samples", type=_positive, help="Monte Carlo boards (default: exact)")
        parser.add_argument("--seed", type=int, help="seed for reproducible Monte Carlo")

    def handle(self, *args: Any, **options: Any) -> None:
        hands: list[str] = options["hands"]
        result = checked(lambda: equity(
            hands, board=options["board"], dead=options["dead"],
            samples=options["samples"], seed=options["seed"],
        ))
        board = checked(lambda: to_cards(options["board"]))
        how = "exact" if result.exact else "Monte Carlo"
        self.stdout.write(f"Board: {format_cards(board) or '(none)'}   "
                          f"{result.boards:,} boards ({how})")
        self.stdout.write(f"{'hand':<8}{'win':>9}{'tie':>9}{'equity':>9}")
        for hand in result:
            self.stdout.write(
                f"{format_cards(hand.cards, sep=''):<8}{hand.win:>9.2%}{hand.tie:>9.2%}"
                f"{hand.equity:>9.2%}"
            )
