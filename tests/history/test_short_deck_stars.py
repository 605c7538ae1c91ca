"""Short deck in PokerStars text: our export of random engine hands (2 to 7 players, antes,
the button's blind, all-ins) is written as PokerStars writes 6+ hold'em and reads back
through the PokerStars import to the same hand; a hand from PokerStars' own 6+ text reads
as short deck."""

import random
from datetime import UTC, datetime

from games.engine import EventKind
from games.history.imports.reading import read_hands
from games.history.stars.writer import HandInfo, write_hand
from tests.engine.helpers import play_random, random_short_deck_setup


def exported(state, hero: int) -> str:
    info = HandInfo(number=7000 + hero, table="Six plus", max_seats=10,
                    started_at=datetime(2026, 12, 7, 11, 0, tzinfo=UTC),
                    names={s: f"sd{s}" for s in state.seats}, hero_seat=hero)
    return write_hand(state, info)


def test_our_short_deck_exports_read_back_to_the_same_hand():
    showdowns = 0
    for k in range(80):
        rng = random.Random(9100 + k)
        setup = random_short_deck_setup(rng)
        if setup.antes is not None:  # seat-by-seat antes are not PokerStars' 6+ shape
            continue
        state = play_random(setup.start(), rng)
        hero = rng.choice(state.seats)
        text = exported(state, hero)
        assert text.splitlines()[0].split(": ", 1)[1].startswith("6+ Hold'em No Limit (Button")
        (back,) = read_hands(text)
        assert back.error is None, (back.error, text)
        replayed = back.replayed
        assert replayed.fields["variant"] == "NS"
        table_seat = dict(enumerate(replayed.fields["seats"], start=1))
        assert {table_seat[k]: v for k, v in enumerate(replayed.finishing_stacks, 1)} == (
            state.result.finishing_stacks), text
        again = replayed.state
        posts = [(e.kind, table_seat[e.seat]) for e in again.events
                 if e.kind is EventKind.POST_BIG_BLIND]
        assert posts in ([(EventKind.POST_BIG_BLIND, state.button)], []), text
        showdowns += state.result.showdown
    assert showdowns > 10


POKERSTARS_SIX_PLUS = ("PokerStars Hand #195800000001:  6+ Hold'em No Limit (Button Blind $0.25 "
                       "- Ante $0.25  USD) - 2019/01/16 18:35:56 EET [2019/01/16 11:35:56 ET]\n"
                       + """\
Table 'Saiph' 6-max Seat #3 is the button
Seat 1: ann ($50 in chips)
Seat 2: bob ($40 in chips)
Seat 3: cat ($30 in chips)
ann: posts the ante $0.25
bob: posts the ante $0.25
cat: posts the ante $0.25
cat: posts button blind $0.25
*** HOLE CARDS ***
Dealt to ann [Ah Qh]
ann: raises $0.50 to $0.75
bob: folds
cat: calls $0.50
*** FLOP *** [Kh Kd 9h]
ann: bets $1
cat: calls $1
*** TURN *** [Kh Kd 9h] [7h]
ann: bets $2
cat: calls $2
*** RIVER *** [Kh Kd 9h 7h] [6c]
ann: checks
cat: checks
*** SHOW DOWN ***
ann: shows [Ah Qh] (a flush, Ace high)
cat: shows [Ks 9c] (a full house, Kings full of Nines)
ann collected $8.25 from pot
*** SUMMARY ***
Total pot $8.25 | Rake $0
Board [Kh Kd 9h 7h 6c]
Seat 1: ann showed [Ah Qh] and won ($8.25) with a flush, Ace high
Seat 2: bob folded before Flop (didn't bet)
Seat 3: cat (button) showed [Ks 9c] and lost with a full house, Kings full of Nines
""")


def test_pokerstars_six_plus_text_reads_as_short_deck_where_the_flush_wins():
    (back,) = read_hands(POKERSTARS_SIX_PLUS)
    assert back.error is None, back.error
    replayed = back.replayed
    assert replayed.fields["variant"] == "NS"
    state = replayed.state
    shown = {s.description.split(",")[0] for s in state.result.shown}
    assert shown == {"Flush", "Full house"}
    # In cents: ann put in 4.00 (ante, 0.75, 1, 2) and won the 8.25 pot; cat put in 4.00
    # (ante, the button's blind and its call, 1, 2); bob his ante.
    end = dict(zip(replayed.fields["seats"], replayed.finishing_stacks, strict=True))
    assert end == {1: 5000 - 400 + 825, 2: 4000 - 25, 3: 3000 - 400}
