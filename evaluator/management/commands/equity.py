"""``manage.py equity "AhAs" "KdKc" [--board ...] [--dead ...] [--samples N] [--seed S]``.

Prints each hand's win, tie and equity: exact over every board, or Monte Carlo with --samples.
Ranges work too (2 to 6 players): ``equity "AsKs" "QQ+, AKs"``, ``equity "AQo" "15%"
--board "Kh 7d 2c"``; exact when the work fits, Monte Carlo with a standard error otherwise.
``--suits es`` reads and writes seed 004's Spanish suit letters.
"""

from __future__ import annotations

import argparse
from typing import Any

from django.core.management.base import CommandParser

from evaluator import format_cards, hand_equity, parse_cards
from evaluator.management.commands._base import EvaluatorCommand, add_suits_option, checked
from evaluator.range_equity import range_equity


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be a positive whole number, got {text!r}")
    return value


def _is_hand(text: str, suits: str) -> bool:
    try:
        return len(parse_cards(text, suits=suits)) == 2
    except ValueError:
        return False


class Command(EvaluatorCommand):
    help = ('Win/tie/equity of 2 to 10 hands or 2 to 6 ranges: equity "AhAs" "KdKc" '
            '--board "2c 7d 9h", equity "AsKs" "QQ+, AKs"')

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("hands", nargs="+",
                            help='two hole cards per hand ("AhAs") or a range ("QQ+, AKs")')
        parser.add_argument("--board", default="", help="known community cards (0 to 5)")
        parser.add_argument("--dead", default="", help="cards known to be out of the deck")
        parser.add_argument("--samples", type=_positive, help="Monte Carlo boards (default: exact)")
        parser.add_argument("--seed", type=int, help="seed for reproducible Monte Carlo")
        add_suits_option(parser)

    def handle(self, *args: Any, **options: Any) -> None:
        hands: list[str] = options["hands"]
        suits: str = options["suits"]
        board = checked(lambda: parse_cards(options["board"], suits=suits))
        dead = checked(lambda: parse_cards(options["dead"], suits=suits))
        if not all(_is_hand(text, suits) for text in hands):
            self._ranges(hands, board, dead, options)
            return
        holes = [parse_cards(text, suits=suits) for text in hands]
        result = checked(lambda: hand_equity(
            holes, board=board, dead=dead, samples=options["samples"], seed=options["seed"],
        ))
        how = "exact" if result.exact else "Monte Carlo"
        self.stdout.write(f"Board: {format_cards(board, suits=suits) or '(none)'}   "
                          f"{result.boards:,} boards ({how})")
        self.stdout.write(f"{'hand':<8}{'win':>9}{'tie':>9}{'equity':>9}")
        for hand in result:
            self.stdout.write(
                f"{format_cards(hand.cards, sep='', suits=suits):<8}{hand.win:>9.2%}"
                f"{hand.tie:>9.2%}{hand.equity:>9.2%}"
            )

    def _ranges(self, texts: list[str], board: list[Any], dead: list[Any],
                options: dict[str, Any]) -> None:
        suits = options["suits"]
        result = checked(lambda: range_equity(
            texts, board=board, dead=dead, samples=options["samples"], seed=options["seed"],
            suits=suits,
        ))
        how = "exact" if result.exact else "Monte Carlo"
        self.stdout.write(f"Board: {format_cards(board, suits=suits) or '(none)'}   "
                          f"{result.deals:,} deals x boards ({how})")
        self.stdout.write(f"{'player':<8}{'combos':>8}{'win':>9}{'tie':>9}{'equity':>9}"
                          + ("" if result.exact else f"{'+/-':>8}"))
        for number, (text, player) in enumerate(zip(texts, result, strict=True), start=1):
            error = "" if player.std_error is None else f"{player.std_error:>8.2%}"
            self.stdout.write(f"{number:<8}{player.range.combo_count:>8g}{player.win:>9.2%}"
                              f"{player.tie:>9.2%}{player.equity:>9.2%}{error}   {text}")
