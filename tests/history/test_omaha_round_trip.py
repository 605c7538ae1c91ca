"""Our PokerStars text export of pot-limit Omaha hands reads back through the importer to the
same hand: random hands the engine played (2 to 9 players, antes, new players' posts, short
stacks all-in, side pots, pot-limit raises), a tournament hand, and every real PLO hand of
the PokerStars and GGPoker corpora (tests/history/test_omaha_corpus.py)."""

import random
from datetime import UTC, datetime

import pytest

from games.engine import POT_LIMIT_OMAHA
from games.history.imports.reading import read_hands, stars_text
from games.history.stars.tournament import StarsTournament
from games.history.stars.writer import HandInfo, write_hand
from tests.engine.helpers import play_random, random_omaha_setup
from tests.history.site_corpus import imported
from tests.history.test_omaha_corpus import GGPOKER, STARS, rush_and_cash_omaha
from tests.history.test_pokerstars_import import after_rake

HANDS = 200


def exported(state, hero: int, tournament: StarsTournament | None = None) -> str:
    info = HandInfo(number=1000 + hero, table="Omaha night", max_seats=10,
                    started_at=datetime(2026, 11, 27, 10, 30, tzinfo=UTC),
                    names={s: f"player{s}" for s in state.seats}, hero_seat=hero,
                    tournament=tournament)
    return write_hand(state, info)


def read_back(text: str):
    (back,) = read_hands(text)
    assert back.error is None, (back.error, text)
    replayed = back.replayed
    # The importer numbers players 1..n from the button's left; ``seats`` are the text's.
    table_seat = dict(enumerate(replayed.fields["seats"], start=1))
    return back, replayed, table_seat


def assert_same_hand(state, text: str, hero: int) -> None:
    """Stacks before and after, pots and their winners, board, the hero's four cards and
    every hand shown: the same in the hand read back as in the hand played."""
    back, replayed, table_seat = read_back(text)
    again = replayed.state
    assert again.config.game is POT_LIMIT_OMAHA
    assert back.hero == f"player{hero}"
    assert {table_seat[p.seat]: p.starting_stack for p in again.players} == {
        p.seat: p.starting_stack for p in state.players}
    assert {table_seat[k]: v for k, v in enumerate(replayed.finishing_stacks, start=1)} == {
        s: v for s, v in state.result.finishing_stacks.items()}
    assert again.board == state.board
    hero_there = next(k for k, s in table_seat.items() if s == hero)
    assert again.player(hero_there).hole == state.player(hero).hole
    assert len(state.player(hero).hole) == 4
    assert {table_seat[h.seat]: sorted(h.cards) for h in again.result.shown} == {
        h.seat: sorted(h.cards) for h in state.result.shown}
    assert [(p.amount, {table_seat[w] for w in p.winners}) for p in again.result.pots] == [
        (p.amount, set(p.winners)) for p in state.result.pots]


def test_random_omaha_hands_the_engine_played_read_back_to_the_same_hands():
    showdowns = side_pots = 0
    for k in range(HANDS):
        rng = random.Random(23_000 + k)
        state = play_random(random_omaha_setup(rng).start(), rng)
        hero = rng.choice(state.seats)
        assert_same_hand(state, exported(state, hero), hero)
        showdowns += state.result.showdown
        side_pots += len(state.result.pots) > 1
    assert showdowns > 40 and side_pots > 10, (showdowns, side_pots)


def test_an_omaha_tournament_hand_reads_back_with_its_tournament_and_level():
    rng = random.Random(2323)
    state = play_random(random_omaha_setup(rng).start(), rng)
    hero = state.seats[0]
    text = exported(state, hero, StarsTournament(77, "100+0", 3))
    assert text.startswith("PokerStars Hand #1")
    assert ": Tournament #77, 100+0 Omaha Pot Limit - Level III (" in text.splitlines()[0]
    assert_same_hand(state, text, hero)
    _, replayed, _ = read_back(text)
    assert (replayed.fields["_tournament"], replayed.fields["level"]) == ("77", 3)


@pytest.mark.parametrize("corpus", [STARS.hands, GGPOKER.hands, rush_and_cash_omaha])
def test_our_export_of_every_real_omaha_hand_imports_back_to_the_same_hand(corpus):
    count = 0
    for number, (_, hand) in enumerate(imported(corpus()), start=1):
        ours = hand.replayed
        seat = ours.players.index(hand.hero) + 1 if hand.hero else None
        (back,) = read_hands(stars_text(ours, number, seat, hand.played_at))
        assert back.error is None, (hand.label, back.error)
        theirs = back.replayed
        # The same Omaha back (the corpus holds hi/lo and five-card hands too).
        assert theirs.state.config.game is ours.state.config.game, hand.label
        assert theirs.state.config.game.hole_cards_used == 2
        assert after_rake(back) == after_rake(hand), hand.label
        assert theirs.rake == ours.rake, hand.label
        assert theirs.state.board == ours.state.board, hand.label
        # Every public event (hole cards are private: a hand half shown, as #1337's
        # "shows [Ah As]", is a muck, whose cards no export may show)...
        assert [(e.kind, e.seat, e.amount, e.cards) for e in theirs.state.events
                if not e.is_private] == [(e.kind, e.seat, e.amount, e.cards)
                                         for e in ours.state.events if not e.is_private]
        # ...and the hero's four cards and every hand shown.
        if seat is not None:
            assert theirs.state.player(seat).hole == ours.state.player(seat).hole
        assert theirs.state.result.shown == ours.state.result.shown, hand.label
        count += 1
    assert count == len(imported(corpus())) > 0
