"""Short-deck hold'em's own rules in the engine, on known decks: the button's blind and who
acts first, a flush over a full house at the showdown, and the table's other order (three of
a kind over a straight) kept in the state so that a stored hand replays to its result."""

import pytest

from games.engine import Action, ActionKind, EventKind, HandState, SeatInput, TableConfig, replay
from games.engine import start_hand as deal
from games.engine.deal_order import deck_that_deals
from games.engine.games import SHORT_DECK_HOLDEM, Ranking


def short_deck(holes: list[str], board: str) -> list[str]:
    deck = deck_that_deals([[h[:2], h[2:]] for h in holes],
                           [board[i:i + 2] for i in range(0, len(board), 2)])
    spare = [c for c in SHORT_DECK_HOLDEM.deck if c not in deck]
    return [spare.pop() if c == "??" else c for c in deck] + spare


CONFIG = TableConfig(1, 2, ante=1, game="NS")


@pytest.mark.parametrize("players", [2, 3, 6])
def test_the_button_alone_posts_a_blind_and_acts_last_preflop(players):
    seats = [SeatInput(k, f"p{k}", 100) for k in range(1, players + 1)]
    holes = ["AhKh", "QsQd", "JcTc", "9s9d", "8c7c", "6h6s"][:players]
    state = deal(CONFIG, seats, short_deck(holes, ""), button=players)
    posts = [(e.kind, e.seat) for e in state.events if e.kind.value.startswith("post")]
    assert posts == [(EventKind.POST_ANTE, k) for k in range(1, players + 1)] + [
        (EventKind.POST_BIG_BLIND, players)]
    assert state.actor == 1  # left of the button, heads-up too
    assert state.big_blind_seat == state.button == players
    for seat in range(1, players):
        state.apply(Action(seat, ActionKind.CALL))
    assert state.actor == players and state.legal_actions().kinds >= {ActionKind.CHECK}


def test_a_flush_beats_a_full_house_at_the_showdown():
    seats = [SeatInput(1, "a", 100), SeatInput(2, "b", 100)]
    deck = short_deck(["AhQh", "Ks9c"], "KhKd9h7h6c")
    state = replay(CONFIG, seats, deck, [Action(1, ActionKind.ALL_IN),
                                         Action(2, ActionKind.CALL)], button=2)
    shown = {s.seat: s.description for s in state.result.shown}
    assert shown == {1: "Flush, ace-king-queen-nine-seven", 2: "Full house, kings full of nines"}
    assert state.result.finishing_stacks == {1: 200, 2: 0}


@pytest.mark.parametrize(("ranking", "winner"), [
    (Ranking.SHORT_DECK, 1),  # the straight, jack high
    (Ranking.SHORT_DECK_TRIPS, 2),  # three sevens
])
def test_the_tables_order_decides_and_is_stored_with_the_hand(ranking, winner):
    config = TableConfig(1, 2, ante=1, game=SHORT_DECK_HOLDEM.ranked(ranking))
    seats = [SeatInput(1, "a", 100), SeatInput(2, "b", 100)]
    deck = short_deck(["TcQs", "7hAs"], "7c7d8s9dJh")
    state = replay(config, seats, deck, [Action(1, ActionKind.ALL_IN),
                                         Action(2, ActionKind.CALL)], button=2)
    assert state.result.finishing_stacks[winner] == 200
    stored = HandState.from_dict(state.to_dict())
    assert stored.config.game.ranking is ranking and stored == state
    again = replay(stored.config, seats, stored.deck, stored.actions, 2, stored.setup)
    assert again.result.finishing_stacks == state.result.finishing_stacks


def test_a_card_below_six_is_refused_in_a_short_deck_hand():
    seats = [SeatInput(1, "a", 100), SeatInput(2, "b", 100)]
    deck = ["2c", *SHORT_DECK_HOLDEM.deck[:35]]
    with pytest.raises(ValueError, match="'2c' is not a card of this game's deck"):
        deal(CONFIG, seats, deck, button=2)
