"""The idle felt's "waiting for players" line comes from the server, by the rule it deals
by: it is there exactly while the table plans no deal, and names the players that rule needs."""

import json

import pytest

from games import services
from games.engine import FULL_DECK, SeatInput, TableConfig, start_hand
from games.engine.lineup import PLAYERS_TO_DEAL, enough_to_deal
from games.live.consumers import load_snapshot_frame
from games.models import Table
from tests.games.conftest import make_user

pytestmark = pytest.mark.django_db


def public_view(table, user) -> dict:
    _, text = load_snapshot_frame(table.id, user.id)
    return json.loads(text)["table"]


def test_the_line_is_there_until_enough_players_are_ready_to_deal(table):
    ann, ben = make_user("js_wait_ann"), make_user("js_wait_ben")
    services.sit(table.id, ann, 1, 100)
    view = public_view(table, ann)
    assert view["next_hand_in"] is None and not enough_to_deal(1)
    assert view["table_state"]["waiting"] == (
        "Waiting for players: the next hand deals when two are ready."
    )
    services.sit(table.id, ben, 2, 100)
    view = public_view(table, ann)
    assert Table.objects.get(pk=table.id).next_hand_at is not None and enough_to_deal(2)
    assert view["next_hand_in"] is not None
    assert view["table_state"] == {"state": "open", "text": "", "waiting": ""}


def test_the_rule_asks_for_as_many_players_as_the_engine_deals_to():
    seats = [SeatInput(k, k, 100) for k in range(1, PLAYERS_TO_DEAL + 1)]
    start_hand(TableConfig(1, 2), seats, FULL_DECK, button=1)  # enough: dealt
    with pytest.raises(ValueError, match="A hand needs 2"):
        start_hand(TableConfig(1, 2), seats[:-1], FULL_DECK, button=1)
    assert enough_to_deal(PLAYERS_TO_DEAL) and not enough_to_deal(PLAYERS_TO_DEAL - 1)
