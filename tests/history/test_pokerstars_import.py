"""PokerStars text in: real hands import to the right stacks (pokerkit agrees where it reads
antes at all), each hand of a file on its own, unreadable lines named; our PokerStars export
of every real imported hand reads back to the same hand."""

import warnings
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path

import pytest

from games.engine import (
    FULL_DECK,
    Action,
    ActionKind,
    Entry,
    PHHError,
    SeatInput,
    TableConfig,
    start_hand,
)
from games.history.imports.reading import read_hands, stars_text
from games.history.stars.text import read_hand
from games.history.stars.writer import HandInfo, write_hand
from tests.engine.test_phh_real import FILES, REALHANDS

DATA = Path(__file__).parent / "data" / "pokerstars"

# Stacks after the hand (the site's rake taken), in seat order, worked out by hand.
EXPECTED = {
    "atalante-real.txt": {"jimjames32": "82", "HHnguyen15": "74.83", "kjs609": "219.82"},
    "aaltje-real.txt": {"imarcu932": "0", "Vadimirfenix": "2.61", "gapparov93": "1.82"},
    "alhena-real.txt": {"andy_keiv": "1.92", "RReyesJ": "1.41", "ULISSES 222": "1.69",
                        "altazorchile": "1.64", "PokerBoss2639": "2.06"},
    "pherkad-side-pots.txt": {"Kowal88": "48.50", "fishbone_7": "0", "LeChiffre": "60.90",
                              "nuts2nuts": "29.50"},
    "hypatia-heads-up-muck.txt": {"Dr.Turbo": "409.37", "Hero": "0"},
    "tournament-antes.txt": {"grindhouse": "2325", "AceMagnet": "4120", "tilt_proof": "7195",
                             "QuietStorm": "3025"},
}


def after_rake(hand) -> dict[str, Decimal]:
    replayed = hand.replayed
    money = replayed.amounts.money
    names = replayed.players
    return {
        names[k]: money(stack - replayed.rake.get(k + 1, 0))
        for k, stack in enumerate(replayed.finishing_stacks)
    }


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_pokerstars_hands_import_to_the_stacks_the_text_says(name):
    (hand,) = read_hands((DATA / name).read_text())
    assert hand.error is None, hand.error
    assert after_rake(hand) == {k: Decimal(v) for k, v in EXPECTED[name].items()}


# pokerkit's PokerStars reader leaves antes out, so only hands without antes are compared.
@pytest.mark.parametrize("name", ["atalante-real.txt", "alhena-real.txt",
                                  "pherkad-side-pots.txt", "hypatia-heads-up-muck.txt"])
def test_pokerkit_reads_the_same_text_to_the_same_stacks_before_rake(name):
    from pokerkit import HandHistory

    text = (DATA / name).read_text()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        (history,) = HandHistory.from_pokerstars(text, error_status=True)
        *_, final = history
    theirs = dict(zip(history.players, (Decimal(str(x)) for x in final.stacks), strict=True))
    (hand,) = read_hands(text)
    replayed = hand.replayed
    ours = {replayed.players[k]: replayed.amounts.money(stack)
            for k, stack in enumerate(replayed.finishing_stacks)}
    assert ours == theirs


def test_the_hero_the_rake_and_the_sites_money_come_through():
    (hand,) = read_hands((DATA / "pherkad-side-pots.txt").read_text())
    replayed = hand.replayed
    assert hand.hero == "LeChiffre" and hand.label == "PokerStars hand #208765432109"
    assert replayed.fields["currency_symbol"] == "$" and replayed.amounts.scale == 100
    assert replayed.players == ("LeChiffre", "nuts2nuts", "Kowal88", "fishbone_7")
    assert replayed.fields["seats"] == [3, 5, 1, 2]  # the player sitting out is not dealt
    assert {replayed.players[s - 1]: v for s, v in replayed.rake.items()} == {
        "LeChiffre": 15, "nuts2nuts": 125}
    assert replayed.state.players[0].hole == ("Qs", "Qd")
    assert [p.shown for p in replayed.state.players] == [True, True, False, True]


def test_a_whole_file_imports_hand_by_hand_and_a_broken_hand_is_refused_alone():
    texts = [(DATA / name).read_text() for name in sorted(EXPECTED)]
    broken = texts[0].replace("calls", "shoves", 1)
    hands = read_hands("\n\n\n".join([*texts, broken]))
    assert [h.error for h in hands[:-1]] == [None] * len(texts)
    assert hands[-1].label.startswith("PokerStars hand #")
    assert "cannot read" in hands[-1].error and "shoves" in hands[-1].error
    assert "line " in hands[-1].error


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("Hold'em No Limit", "Omaha Hi/Lo Limit"),
         "unsupported game (Omaha Hi/Lo Limit ($1/$2 USD)); the engine plays Omaha hi/lo "
         "pot-limit only."),
        (("posts small blind $1", "posts small & big blinds $3"), "dead small blind"),
        (("kjs609: raises $2 to $4", "kjs609: raises $0.50 to $2.50"),
         "kjs609 raises to 2.50: The smallest raise is to 4 (or all-in for 197)."),  # dollars
        (("kjs609 collected $43.64", "kjs609 collected $50.64"),
         "the summary says kjs609 won $43.64, the hand says $50.64"),
        (("*** FLOP ***", "*** FIRST FLOP ***"), "names a FIRST board but deals no second one"),
    ],
)
def test_text_that_cannot_be_replayed_is_refused_with_a_reason(change, message):
    text = (DATA / "atalante-real.txt").read_text().replace(*change)
    (hand,) = read_hands(text)
    assert hand.replayed is None and message in hand.error, hand.error


def test_a_text_that_is_no_hand_history_at_all_gets_a_message():
    (hand,) = read_hands("hello there")
    assert hand.error and "Not valid TOML" in hand.error
    with pytest.raises(PHHError, match="empty"):
        read_hands("  \n")
    with pytest.raises(PHHError, match="must begin with"):
        read_hand("Table 'x' 6-max Seat #1 is the button\n")


@pytest.mark.skipif(not FILES, reason=f"no real hands at {REALHANDS} (shared/ beside the repo)")
def test_our_pokerstars_export_of_every_real_imported_hand_imports_back_to_the_same_hand():
    count = 0
    for number, path in enumerate(FILES, start=1):
        (hand,) = read_hands(path.read_text())
        if hand.error:
            continue
        text = stars_text(hand.replayed, number, played_at=hand.played_at)
        (back,) = read_hands(text)
        assert back.error is None, (path, back.error, text)
        ours, theirs = hand.replayed, back.replayed
        assert after_rake(back) == after_rake(hand), path
        assert theirs.rake.keys() == ours.rake.keys(), path
        assert theirs.state.board == ours.state.board, path
        assert [(e.kind, e.seat, e.amount, e.cards) for e in theirs.state.events
                if not e.is_private] == [(e.kind, e.seat, e.amount, e.cards)
                                         for e in ours.state.events if not e.is_private], path
        count += 1
    assert count == 587


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_our_pokerstars_export_of_each_sample_imports_back_to_the_same_hand(name):
    (hand,) = read_hands((DATA / name).read_text())
    seat = hand.replayed.players.index(hand.hero) + 1 if hand.hero else None
    text = stars_text(hand.replayed, int(hand.replayed.fields["hand"]), seat, hand.played_at)
    (back,) = read_hands(text)
    assert back.error is None, (back.error, text)
    assert after_rake(back) == after_rake(hand)
    assert back.hero == hand.hero and back.played_at == hand.played_at
    assert back.replayed.fields["seats"] == hand.replayed.fields["seats"]
    assert [(e.kind, e.seat, e.amount, e.cards) for e in back.replayed.state.events] == [
        (e.kind, e.seat, e.amount, e.cards) for e in hand.replayed.state.events]


def test_a_big_blind_all_in_on_the_ante_beside_a_post_to_play_imports_back():
    """The big blind's player is all-in on the ante and posts no blind, while a newcomer
    posts a big blind to play: the newcomer's post is a live post, not the blind (read as
    the blind, the newcomer would act last and the text's first raise came out of turn)."""
    seats = [SeatInput(1, "1", 500), SeatInput(2, "2", 500), SeatInput(3, "3", 8),
             SeatInput(4, "4", 500, Entry.POST_BB)]
    state = start_hand(TableConfig(10, 20, ante=10), seats, FULL_DECK, button=1)
    assert state.player(3).all_in and state.player(4).committed == 30  # ante, then the post
    while (legal := state.legal_actions()) is not None:
        state.apply(Action(legal.seat, ActionKind.CALL if legal.call else ActionKind.CHECK))
    info = HandInfo(number=7, table="T", max_seats=6, started_at=datetime(2026, 1, 1, tzinfo=UTC),
                    names={s: f"p{s}" for s in state.seats})
    text = write_hand(state, info)
    assert "Seat 3: p3 (big blind)" in text and "p4: posts big blind 20" in text
    (back,) = read_hands(text)
    assert back.error is None, (back.error, text)
    finishing = state.result.finishing_stacks
    seats = back.replayed.fields["seats"]  # the text's seat numbers, in the file's order
    assert list(back.replayed.finishing_stacks) == [finishing[s] for s in seats]


ROUND_BETS_RAKED_IN_CENTS = """\
PokerStars Game #109687543296:  Hold'em No Limit ($0.50/$1.00 USD) - 2014/01/06 10:08:28 ET
Table 'Sisyphus III' 2-max Seat #2 is the button
Seat 1: Ann ($150.50 in chips)
Seat 2: Bob ($49 in chips)
Bob: posts small blind $0.50
Ann: posts big blind $1
*** HOLE CARDS ***
Bob: raises $2 to $3
Ann: calls $2
*** FLOP *** [7h Qs 3c]
Ann: checks
Bob: bets $3
Ann: folds
Uncalled bet ($3) returned to Bob
Bob collected $5.73 from pot
*** SUMMARY ***
Total pot $6 | Rake $0.27
Board [7h Qs 3c]
Seat 1: Ann (big blind) folded on the Flop
Seat 2: Bob (button) (small blind) collected ($5.73)
"""


def test_a_won_amount_in_cents_when_every_bet_is_round_is_replayed_in_cents():
    """No stack, blind or bet is finer than a dime ($0.50); "collected $5.73" of the $6 pot:
    the rake took the cents, so the replay counts cents and the $0.27 is checked exactly."""
    (hand,) = read_hands(ROUND_BETS_RAKED_IN_CENTS)
    assert hand.error is None and hand.replayed.amounts.scale == 100
    assert hand.replayed.rake == {2: 27}
    (wrong,) = read_hands(ROUND_BETS_RAKED_IN_CENTS.replace("Rake $0.27", "Rake $0.28"))
    assert "the text's rake is $0.28, but its collected amounts leave $0.27" in wrong.error
