"""Shared people and tables for the bot tests (see tests/games/conftest.py)."""

import pytest

from games.models import Table
from tests.games import conftest as shared

alice = shared.alice  # the people of tests/games (pytest finds fixtures by module name)


@pytest.fixture
def table(db):
    return Table.objects.create(
        name="Bot table", small_blind=1, big_blind=2, min_buy_in=40, max_buy_in=200
    )


@pytest.fixture
def quick_bots(settings):
    """Bots act as soon as the clock looks, and hands follow each other at once."""
    settings.BOT_THINK_SECONDS = 0
    settings.NEXT_HAND_DELAY_SECONDS = 0
