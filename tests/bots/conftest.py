"""Shared people and tables for the bot tests (see tests/games/conftest.py)."""

import asyncio
import time

import pytest

from games.models import Table
from games.outbound import presence
from games.services import practice
from tests.games import conftest as shared

alice = shared.alice  # the people of tests/games (pytest finds fixtures by module name)


@pytest.fixture
def table(db):
    return Table.objects.create(
        name="Bot table", small_blind=1, big_blind=2, min_buy_in=40, max_buy_in=200
    )


@pytest.fixture
def quick_bots(settings):
    """Bots act as soon as the clock looks, and hands follow each other at once, an all-in
    run-out's too."""
    settings.BOT_THINK_SECONDS = 0
    settings.NEXT_HAND_DELAY_SECONDS = 0
    settings.RUNOUT_STREET_SECONDS = 0


# What a table page's socket records when it opens (games/live/consumers.py), for tests that
# play without one: a practice table deals only while its person has it open.
PAGE = "a-test-page"


def open_page(table_id: int, user_id: int) -> None:
    """The person opens the table: present, and a practice table that stopped for them
    deals again, as the socket has it."""
    expires = time.time() + presence.ttl()
    asyncio.run(presence.store().put(table_id, {presence.entry(user_id, PAGE): expires}))
    if practice.stopped_for_its_person(table_id, user_id):
        practice.deal_again(table_id, user_id)


def close_page(table_id: int, user_id: int) -> None:
    asyncio.run(presence.store().remove(table_id, presence.entry(user_id, PAGE)))


@pytest.fixture(autouse=True)
def no_page_left_open():
    """Table ids are reused from test to test: nobody stays present in the next one."""
    yield
    store = presence.store()
    if isinstance(store, presence.MemoryStore):
        store.tables.clear()
