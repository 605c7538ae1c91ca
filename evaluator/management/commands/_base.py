"""What the evaluator's commands share: bad input is one line on stderr and exit status 2."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from django.core.management.base import BaseCommand, CommandError, CommandParser

T = TypeVar("T")


class EvaluatorCommand(BaseCommand):
    """A command whose argument errors print one line (no usage block) and exit with 2."""

    def create_parser(self, prog_name: str, subcommand: str, **kwargs: Any) -> CommandParser:
        parser = super().create_parser(prog_name, subcommand, **kwargs)
        parser.print_usage = lambda file=None: None  # type: ignore[method-assign]
        return parser


def checked(action: Callable[[], T]) -> T:
    """Run ``action``; a ``ValueError`` becomes a one-line ``CommandError`` with status 2."""
    try:
        return action()
    except ValueError as error:
        raise CommandError(str(error), returncode=2) from None


def add_suits_option(parser: CommandParser) -> None:
    """``--suits es`` reads and writes Spanish suit letters (P C D T, as seed 004)."""
    parser.add_argument("--suits", choices=("en", "es"), default="en",
                        help="suit letters: en (s h d c, the default) or es (P C D T: "
                             "picas, corazones, diamantes, trébol)")
