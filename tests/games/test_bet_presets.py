"""A player's own bet buttons: read from their settings (games/bet_presets.py), sized by the
server against amounts counted by hand here, sent to that player only, and set on the
settings page with a clear message for bad input."""


import pytest

from games import services, snapshots
from games.bet_presets import PresetError, parse
from games.bet_sizes import bet_sizes
from games.engine import (
    FULL_DECK,
    POT_LIMIT_OMAHA,
    Action,
    ActionKind,
    SeatInput,
    TableConfig,
    start_hand,
)
from games.models import Player
from games.projection import personal_view, public_view


def sizes(state, text):
    return [(s["label"], s["amount"])
            for s in bet_sizes(state, state.legal_actions(), tuple(parse(text)))]


def test_no_limit_presets_counted_by_hand():
    # Blinds 5/10, seat 1 on the button raises to 30; seat 2 (5 in) to act. Once seat 2 has
    # called 25 its bet is 30 and the pot 5 + 10 + 30 + 25 = 70.
    state = start_hand(TableConfig(5, 10), [SeatInput(k, k, 1000) for k in (1, 2, 3)],
                       FULL_DECK, button=1)
    state.apply(Action(1, ActionKind.RAISE, 30))
    assert sizes(state, "33%, 50%, 75%, pot, 2.5x") == [
        ("Min", 50),
        ("33%", 30 + 23),  # 70 x 0.33 = 23.1, rounded down
        ("50%", 30 + 35),
        ("75%", 30 + 52),  # 52.5 rounded down
        ("Pot", 30 + 70),
        ("2.5x", 75),  # 2.5 times the 30 to match
        ("All-in", 1000),
    ]


def test_a_multiple_with_no_bet_counts_big_blinds_and_sizes_stay_in_range():
    state = start_hand(TableConfig(5, 10), [SeatInput(1, 1, 1000), SeatInput(2, 2, 60)],
                       FULL_DECK, button=1)
    state.apply(Action(1, ActionKind.CALL, None))
    state.apply(Action(2, ActionKind.CHECK, None))
    # The flop, nothing bet: seat 2 (50 left after its big blind) acts first.
    legal = state.legal_actions()
    assert legal.bet is not None and legal.bet.max == 50
    assert sizes(state, "3x 10%") == [("Min", 10), ("3x", 30), ("10%", 10), ("All-in", 50)]
    assert sizes(state, "20x") == [("Min", 10), ("20x", 50), ("All-in", 50)]  # kept in range


def test_pot_limit_ends_with_pot_unless_the_player_has_it():
    config = TableConfig(5, 10, game=POT_LIMIT_OMAHA)
    state = start_hand(config, [SeatInput(k, k, 1000) for k in (1, 2, 3)], FULL_DECK, button=1)
    # 10 to call, then the pot of 25 on top: 35 at most; 2.5x of the 10 to match is 25.
    assert sizes(state, "2.5x") == [("Min", 20), ("2.5x", 25), ("Pot", 35)]
    assert sizes(state, "pot 50%") == [("Min", 20), ("Pot", 35), ("50%", 10 + 12)]


@pytest.mark.parametrize(("text", "problem"), [
    ("40 %", '"40" is not a bet button'),
    ("0%", "from 1% to 1000%"),
    ("1x", "above 1x"),
    ("10% 20% 30% 40% 50% 60% 70%", "At most 6 bet buttons"),
    ("x" * 81, "At most 80 characters"),
])
def test_bad_presets_are_refused_with_the_problem_named(text, problem):
    with pytest.raises(PresetError, match=problem):
        parse(text)


def test_only_the_player_with_presets_gets_them(db, alice, bob, table, client):
    Player.objects.filter(user=alice).update(bet_presets="50%, 3x")
    services.sit(table.id, alice, 1, 200)
    services.sit(table.id, bob, 2, 200)
    services.start_next_hand(table.id, deck=list(FULL_DECK))
    snapshot = snapshots.load(table.id)
    # Heads-up, the button (seat 1, alice) posts the small blind and acts first.
    assert snapshot.hand.state.actor == 1
    public = public_view(snapshot)
    assert public.view["hand"]["bet_sizes"] == []
    mine = personal_view(snapshot, public, alice.id)["hand"]["bet_sizes"]
    # 1 to call makes her bet 2 and the pot 4: half pot is 2 + 2; 3x the 2 to match is 6.
    assert [(s["label"], s["amount"]) for s in mine] == [
        ("Min", 4), ("50%", 4), ("3x", 6), ("All-in", 200)]
    # Once bob is to act, his buttons are the usual ones.
    services.act(table.id, alice, "call", None, snapshot.version)
    snapshot = snapshots.load(table.id)
    theirs = personal_view(snapshot, public_view(snapshot), bob.id)["hand"]["bet_sizes"]
    assert [s["label"] for s in theirs] == ["Min", "½ pot", "Pot", "All-in"]


def test_the_settings_page_keeps_presets_and_names_a_mistake(db, alice, client):
    client.force_login(alice)
    page = client.get("/settings/")
    assert page.status_code == 200 and b"Your bet buttons" in page.content
    saved = client.post("/settings/", {"bet_presets": "33%  POT,2.5X"}, follow=True)
    assert b"Your bet buttons are saved" in saved.content
    assert Player.objects.get(user=alice).bet_presets == "33%, pot, 2.5x"
    refused = client.post("/settings/", {"bet_presets": "half"})
    assert refused.status_code == 200
    assert "&quot;half&quot; is not a bet button" in refused.content.decode()
    assert Player.objects.get(user=alice).bet_presets == "33%, pot, 2.5x"


def test_the_settings_page_asks_for_a_login(db, client):
    assert client.get("/settings/").status_code == 302
