"""Omaha hi/lo and five-card Omaha at a live table: the host deals them, the felt names the
game and deals its hole cards, a split and a quartered pot are paid and told in words
("wins 2 from the low half of the pot with an 8-5-3-2-A low") on the felt, in the log and in
the replayer, and a game that one deck cannot deal to every seat is refused with a reason."""

import pytest

from games import services
from games.history.masking import masked_state
from games.history.replay.replayer import build_replay
from games.models import Hand
from games.services import ServiceError, hosting
from tests.engine.helpers import stacked_deck
from tests.games.test_home_games import (
    hosted,  # noqa: F401  (the fixture)
    latest_state,
    live_state,
    shuffled,
    user_at,
    version,
    views,
)

pytestmark = pytest.mark.django_db


def play_to_the_end(table) -> None:  # type: ignore[no-untyped-def]
    while not latest_state(table).is_complete:
        state = live_state(table)
        kind = "call" if state.legal_actions().call else "check"
        services.act(table.id, user_at(table, state.actor), kind, None, version(table))


def test_a_quartered_hi_lo_pot_at_the_table(hosted, alice, bob, carol, client):  # noqa: F811
    hosting.update_settings(hosted.id, alice, {"game": "PO/8"})
    for seat, user in enumerate((alice, bob, carol), start=1):
        services.sit(hosted.id, user, seat, 100)
    # The button is seat 1; dealt from seat 2: bob and alice hold A-2 (the same low),
    # carol kings (the high).
    deck = stacked_deck(["As2d9c9h", "KsKhJcJd", "Ac2hTcTd"], "3h5c8sKdQh")
    services.start_next_hand(hosted.id, deck=deck)
    public, mine = views(hosted, alice)
    assert (public["hand"]["game"], public["hand"]["game_label"]) == (
        "PO/8", "Pot-limit Omaha hi/lo")
    assert [s["cards"] for s in mine["seats"] if s["number"] == 1] == [["Ac", "2h", "Tc", "Td"]]
    play_to_the_end(hosted)
    state = latest_state(hosted)
    assert state.result is not None
    assert state.result.finishing_stacks == {1: 99, 2: 100, 3: 101}
    public, _ = views(hosted, carol)
    felt = {s["number"]: s["description"] for s in public["seats"]}
    assert felt[2] == "Pair of nines, king-queen-eight; 8-5-3-2-A low"
    assert felt[3] == "Three of a kind, kings, queen-eight"
    words = [w["text"] for row in public["hand"]["results"] for w in row["winners"]]
    assert words == [
        "carol wins 3 from the high half of the pot with three of a kind, kings, queen-eight",
        "bob wins 2 from the low half of the pot with an 8-5-3-2-A low",
        "alice wins 1 from the low half of the pot with an 8-5-3-2-A low",
    ]
    log = [row["text"] for row in public["log"]] if "log" in public else []
    masked = masked_state(state, 1)
    replay = build_replay(masked, 1, {1: "alice", 2: "bob", 3: "carol"})
    shown = {h["seat"]: h["description"] for h in replay["result"]["shown"]}
    assert shown[1] == "Pair of tens, king-queen-eight; 8-5-3-2-A low"
    texts = [row["text"] for step in replay["steps"] for row in step.get("log", [])]
    assert any("bob shows As 2d 9c 9h (Pair of nines, king-queen-eight; 8-5-3-2-A low)" in t
               for t in texts + log)
    # The hand's pages: My hands, the hand with its replayer, the exports.
    client.force_login(alice)
    hand = Hand.objects.get(table=hosted)
    assert "Pot-limit Omaha hi/lo" in client.get(f"/hands/{hand.id}/").content.decode()
    assert client.get("/hands/").status_code == 200
    stars = client.get(f"/hands/{hand.id}/pokerstars.txt").content.decode()
    assert "Omaha Hi/Lo Pot Limit" in stars and "LO: 8,5,3,2,A" in stars
    assert "variant = 'PO/8'" in client.get(f"/hands/{hand.id}/hand.phh").content.decode()


def test_five_card_omaha_deals_five_and_a_table_too_big_for_it_is_refused(hosted, alice, bob):  # noqa: F811
    with pytest.raises(ServiceError, match="deals at most 8 players: the table can have at "
                                           "most 8 seats, not 9"):
        hosting.update_settings(hosted.id, alice, {"game": "PO5", "max_seats": 9})
    hosting.update_settings(hosted.id, alice, {"game": "PO5"})
    services.sit(hosted.id, alice, 1, 100)
    services.sit(hosted.id, bob, 2, 100)
    services.start_next_hand(hosted.id, deck=shuffled(5))
    public, mine = views(hosted, alice)
    assert public["hand"]["game_label"] == "Five-card pot-limit Omaha"
    assert [len(s["cards"]) for s in mine["seats"] if s["number"] == 1] == [5]
    assert all(s["cards"] is None for s in public["seats"])
    play_to_the_end(hosted)
    assert latest_state(hosted).game.code == "PO5"
