"""``manage.py deal``: seven cards from a freshly shuffled deck and the best five of them.

The shuffle uses the operating system's CSPRNG (``secrets.SystemRandom``). Enter deals again;
``quit`` (or end of input) leaves. Seed 003's console program, with its scoring fixed.
"""

from __future__ import annotations

import secrets
import sys
from typing import Any, TextIO

from django.core.management.base import CommandParser

from evaluator import DECK, evaluate, format_cards
from evaluator.management.commands._base import EvaluatorCommand, add_suits_option

PROMPT = "Press Enter to deal again, or type quit: "


class Command(EvaluatorCommand):
    help = "Deal seven cards and show the best five; Enter deals again, quit leaves."
    stealth_options = ("stdin",)

    def add_arguments(self, parser: CommandParser) -> None:
        add_suits_option(parser)

    def handle(self, *args: Any, **options: Any) -> None:
        stdin: TextIO = options.get("stdin") or sys.stdin
        echoed = stdin.isatty()  # a terminal echoes the answer's newline; a pipe does not
        shuffler = secrets.SystemRandom()
        while True:
            deck = list(DECK)
            shuffler.shuffle(deck)
            seven = sorted(deck[:7], reverse=True)
            value = evaluate(seven)
            suits = options["suits"]
            self.stdout.write(f"Dealt:     {format_cards(seven, suits=suits)}")
            self.stdout.write(f"Best five: {format_cards(value.best_five, suits=suits)} "
                              f"({value.describe()})")
            while True:
                self.stdout.write(PROMPT, ending="")
                self.stdout.flush()
                line = stdin.readline()
                if not echoed or not line:
                    self.stdout.write("")
                if not line or line.strip().lower() in ("quit", "q", "exit"):
                    return
                if not line.strip():
                    break
                self.stdout.write("Just Enter deals again; quit leaves.")
