""""Show cards": the player who took a pot uncontested turns their cards up after the hand,
for everyone, until the next deal (games/engine/show_by_choice.py, services.play.show_cards,
the `show_cards` command). Checked in the engine, through the services and the view each
viewer gets, and in the stored hand's history."""

import json

import pytest

from games import services, snapshots
from games.engine import (
    Action,
    ActionKind,
    HandState,
    IllegalAction,
    SeatInput,
    TableConfig,
    replay_state,
    start_hand,
)
from games.engine.phh import export_phh
from games.history.masking import masked_state
from games.models import Hand, HandAction, HandPlayer
from games.projection import snapshot_frame
from games.protocol import ShowCards, parse_command
from games.services import ServiceError
from tests.engine.helpers import stacked_deck
from tests.games.conftest import ACES_KINGS_DECK, chips_in_room, issued_chips


def heads_up_folded_on_the_flop() -> HandState:
    """Seat 1 (the button, 7-2) bets the flop, seat 2 (ace-king) folds: seat 1 wins without
    showing. The deck deals the big blind (seat 2) first."""
    deck = stacked_deck(["AsKd", "7h2c"], "QsJs9d4c3h")
    state = start_hand(TableConfig(1, 2), [SeatInput(1, "ann", 100), SeatInput(2, "bob", 100)],
                       deck, button=1)
    state.apply(Action(1, ActionKind.CALL))
    state.apply(Action(2, ActionKind.CHECK))
    state.apply(Action(2, ActionKind.CHECK))
    state.apply(Action(1, ActionKind.BET, 4))
    state.apply(Action(2, ActionKind.FOLD))
    return state


def cards_seen(state: HandState, viewer: int | None, seat: int) -> list[str] | None:
    return next(p["cards"] for p in state.view(viewer)["players"] if p["seat"] == seat)


def test_the_uncontested_winner_shows_by_choice_and_everyone_sees_it():
    state = heads_up_folded_on_the_flop()
    assert cards_seen(state, None, 1) is None and cards_seen(state, 2, 1) is None
    assert state.may_show_cards(1) and not state.may_show_cards(2)
    events = state.show_cards(1)
    assert [(e.kind.value, e.seat, e.cards) for e in events] == [("show", 1, ("7h", "2c"))]
    assert state.events[-1] == events[0]  # after the win: the hand's last event
    assert events[0].text == "High card, queen, jack-nine-seven-two"
    assert cards_seen(state, None, 1) == ["7h", "2c"]  # a spectator sees them
    assert cards_seen(state, 2, 1) == ["7h", "2c"]
    assert [hand.seat for hand in state.result.shown] == [1]
    assert state.result.finishing_stacks == {1: 102, 2: 98}  # the show moves no chip
    assert not state.may_show_cards(1)


def test_a_hand_shown_by_choice_replays_stores_and_exports_with_its_show():
    state = heads_up_folded_on_the_flop()
    state.show_cards(1)
    assert replay_state(state) == state == HandState.from_dict(state.to_dict())
    assert state.to_dict()["shown_by_choice"] == [1]
    assert "'p2 sm 7h2c']" in export_phh(state)  # p2: ann, seat 1; the hand's last action
    assert masked_state(state, 2).player(1).hole == ("7h", "2c")  # bob's review shows them


@pytest.mark.parametrize(("seat", "reason"), [
    (2, "Only the player who took the pot uncontested may show their cards."),
])
def test_only_the_uncontested_winner_may_show(seat, reason):
    state = heads_up_folded_on_the_flop()
    with pytest.raises(IllegalAction, match=reason):
        state.show_cards(seat)


def test_no_show_by_choice_during_a_hand_after_a_showdown_or_twice():
    live = start_hand(TableConfig(1, 2), [SeatInput(1, "a", 100), SeatInput(2, "b", 100)],
                      stacked_deck(["7h2c", "AsKd"], "QsJs9d4c3h"), button=1)
    with pytest.raises(IllegalAction, match="once the hand is over"):
        live.show_cards(1)
    live.apply(Action(1, ActionKind.ALL_IN))
    live.apply(Action(2, ActionKind.CALL))  # a showdown: both shown by the rules
    with pytest.raises(IllegalAction, match="took the pot uncontested"):
        live.show_cards(2)
    state = heads_up_folded_on_the_flop()
    state.show_cards(1)
    with pytest.raises(IllegalAction, match="already shown"):
        state.show_cards(1)


def test_the_command_is_parsed():
    command = parse_command('{"type": "show_cards", "request_id": "show-0001"}')
    assert command == ShowCards("show-0001")


@pytest.mark.django_db
def test_at_a_table_the_winner_shows_and_every_viewer_and_the_history_has_it(
    table, alice, bob, carol, spectator
):
    for number, user in ((1, alice), (2, bob), (3, carol)):
        services.sit(table.id, user, number, 200)
    hand = services.start_next_hand(table.id, deck=list(ACES_KINGS_DECK))
    state = HandState.from_dict(Hand.objects.get(pk=hand.pk).state)
    users = {1: alice, 2: bob, 3: carol}
    while state.actor is not None:  # everyone folds to the big blind
        table.refresh_from_db()
        services.act(table.id, users[state.actor], "fold", None, table.version)
        state = HandState.from_dict(Hand.objects.get(pk=hand.pk).state)
    winner = next(p.seat for p in state.players if not p.folded)
    loser = next(seat for seat in users if seat != winner)
    with pytest.raises(ServiceError, match="took the pot uncontested"):
        services.show_cards(table.id, users[loser])

    def view(user) -> dict:
        return json.loads(snapshot_frame(snapshots.load(table.id, user.id), user.id))["table"]

    assert view(users[winner])["hand"]["may_show"] is True
    assert view(users[loser])["hand"]["may_show"] is False
    services.show_cards(table.id, users[winner])
    hole = list(state.player(winner).hole)
    for user in (users[loser], spectator):
        seen = view(user)
        row = next(s for s in seen["seats"] if s["number"] == winner)
        assert row["cards"] == hole and row["shown"] is True
        assert any(line["kind"] == "show" and line["seat"] == winner for line in seen["log"])
    assert view(users[winner])["hand"]["may_show"] is False
    assert HandPlayer.objects.get(hand=hand, seat=winner).shown
    assert HandAction.objects.filter(hand=hand, kind="show", seat=winner).count() == 1
    stored = HandState.from_dict(Hand.objects.get(pk=hand.pk).state)
    assert masked_state(stored, loser).player(winner).hole == tuple(hole)
    assert chips_in_room() == issued_chips()
    with pytest.raises(ServiceError, match="already shown"):
        services.show_cards(table.id, users[winner])
    services.start_next_hand(table.id)  # the next deal ends the chance
    with pytest.raises(ServiceError, match="between hands"):
        services.show_cards(table.id, users[winner])
