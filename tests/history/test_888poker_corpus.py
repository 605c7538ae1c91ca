"""Real 888poker files (tests/history/data/888poker, README.md there): cash games in dollars
and play money, tournaments with antes, 2011-2022, in several languages and encodings. Every
hand imports with amounts that agree with the text's own figures and with pokerkit's replay
of the same actions, or is refused with a sentence naming the problem."""

from decimal import Decimal
from pathlib import Path

import pytest

from games.engine import PHHError
from games.history.imports.formats.pacific import read_hand
from games.history.imports.reading import read_hands
from tests.history.site_corpus import (
    SiteCorpus,
    assert_imported_or_refused,
    net,
    pokerkit_agreements,
)

CORPUS = SiteCorpus(Path(__file__).parent / "data" / "888poker")

REFUSED = {
    # "posts dead blind [$0.01 + $0.02]": a dead small blind, as for PokerStars.
    "LILLERN posts a dead small blind with the big blind, which c": 1,
    "PlayerN posts a dead small blind with the big blind, which c": 1,
    "campdogN posts a dead small blind with the big blind, which ": 1,
    # Two seats whose names 888 left empty: whose action is whose cannot be told.
    "a player without a name of their own (''); their actions can": 1,
    # All-in beyond what anyone left can call, as for the other sites.
    "Jecago raises to N: You cannot raise: the betting was not re": 1,
    "IonelBadea raises to N: You cannot raise: the betting was no": 1,
    # A BLAST hand: "42.797,60 $/0 $ Blinds", every player all-in by the ante.
    "the first line's blinds (N $/N $) are not a table's blinds, ": 1,
}


def test_every_real_hand_is_imported_or_refused_for_a_known_reason():
    assert_imported_or_refused(CORPUS.hands(), "888poker", (201, 194), REFUSED)


def test_every_imported_hand_replays_to_pokerkits_stacks():
    assert pokerkit_agreements(CORPUS.hands(), "888poker") == 194


def test_a_bet_nobody_called_after_the_flop_is_not_in_the_collected_amount():
    """$0.50/$1 jackpot table: a $6 pot, Player0 bets $3 on the flop, Hero folds;
    "Player0 collected [ $5.70 ]": the $3 came back besides, and the site kept $0.30."""
    _, hand = CORPUS.the_hand("548154959")
    assert sum(hand.replayed.rake.values()) == 30
    assert net(hand) == {"Hero": -300, "Player0": 270}


def test_a_raise_nobody_called_before_the_flop_is_in_the_collected_amount():
    """5$/10$: Player2 raises all-in for 284,48$, everyone folds; "Player2 collected
    [ 299,48$ ]" holds the 274,48$ that came back: no rake before the flop."""
    _, hand = CORPUS.the_hand("171407432")
    assert hand.replayed.rake == {} and net(hand)["Player2"] == 1500
    assert hand.replayed.fields["currency_symbol"] == "$"


def test_a_tournament_raise_nobody_called_leaves_the_returned_bet_out():
    """A freeroll: Player2 raises all-in to 2.000, everyone folds; "collected [ 50 ]" is the
    blinds and the raise's called part only (10 + 20 + 20)."""
    _, hand = CORPUS.the_hand("200877245")
    assert hand.replayed.rake == {} and net(hand)["Player2"] == 30


def test_a_call_of_the_whole_big_blind_over_a_short_all_in_is_paid_back():
    """$100/$200: the big blind is all-in for $125; Hero calls "[$100]" from the small
    blind, to $200, and "Hero collected [ $75 ]" is the $75 over $125 paid back."""
    _, hand = CORPUS.the_hand("190625798")
    assert net(hand)["Hero"] == -125 - 20  # the call matched, and the ante


def test_a_mucked_hand_that_wins_a_side_pot_is_shown():
    text, hand = CORPUS.the_hand("190631995")
    assert "surubi88 mucks [" in text and net(hand)["surubi88"] > 0


def test_amounts_and_cards_in_other_languages_are_read():
    _, hand = CORPUS.the_hand("103581731")  # 0,02$/0,04$, Russian ranks read as cp1252
    assert hand.error is None and hand.replayed.amounts.scale == 100
    _, hand = CORPUS.the_hand("1140410638")  # "25 000/50 000", spaces grouping thousands
    assert hand.replayed.fields["min_bet"] == Decimal(50000)


def test_times_are_eastern_time():
    _, hand = CORPUS.the_hand("6551093")  # "*** 05 06 2022 23:06:24"
    assert hand.played_at.isoformat() == "2022-06-06T03:06:24+00:00" and hand.zone == "ET"


@pytest.mark.parametrize(("change", "message"), [
    (("misscecile collected [ $4.36 ]", "misscecile collected [ $4.96 ]"),
     "misscecile collects $4.96 in the text; the replay pays $4.59 ($7.09 with the bet it "
     "returns)"),
    (("Player6 collected [ $225 ]", "Player6 collected [ $220 ]"),
     "Player6 collects 220 in the text; the replay pays 150 (225 with the bet it returns)"),
    (("Player6 collected [ $225 ]", "Player6 collected [ $140 ]"),  # a tournament: no rake
     "a tournament's rake is 0, but its collected amounts leave 10 of the 150 pot"),
    (("Player0 calls [$0.62]", "Player0 calls [$0.62]"), None),
])
def test_collected_amounts_that_disagree_with_the_replay_are_refused(change, message):
    number = "6551093" if "misscecile" in change[0] else "384819765"
    text, _ = CORPUS.the_hand(number)
    (hand,) = read_hands(text.replace(*change))
    if message is None:
        assert hand.error is None
        return
    assert hand.replayed is None and message in hand.error, hand.error


def test_a_line_the_reader_does_not_know_is_refused_with_its_888_line_number():
    text, _ = CORPUS.the_hand("6551093")
    with pytest.raises(PHHError, match=r"Hand #6551093, line 17: cannot read 'Jkurs dances'"):
        read_hand(text.replace("Jkurs folds", "Jkurs dances"))


def test_the_readers_refusals_name_the_line_of_the_888_file():
    (hand,) = [h for name, _, h in CORPUS.hands() if name.endswith("non.english.post.both.txt")]
    assert hand.error.startswith("Hand #332877236, line 15: Player1 posts a dead small blind")


LATE_BIG_BLIND = """#Game No : 527567605
***** 888poker Hand History for Game 527567605 *****
0,01 $/0,02 $ Blinds No Limit Holdem - *** 07 02 2020 17:53:04
Table Sucre 9 Max (Real Money)
Seat 5 is the button
Total number of players : 5
Seat 1: Ann ( 2,05 $ )
Seat 2: Bob ( 0,77 $ )
Seat 3: Cid ( 2,57 $ )
Seat 5: Hero ( 2,05 $ )
Seat 7: Dan ( 6,21 $ )
Dan posts small blind [0,01 $]
Ann folds
Bob folds
Cid posts big blind [0,02 $]
** Dealing down cards **
Dealt to Hero [ 5Kreuz, 4Karo ]
Hero folds
Dan raises [0,03 $]
Cid folds
** Summary **
Dan did not show his hand
Dan collected [ 0,04 $ ]
"""


def test_a_player_who_folds_before_the_deal_without_posting_is_not_dealt_in():
    """Ann is due for the big blind and folds before the cards, Bob too; Cid posts it. Both
    sit the hand out, so the hand is Dan, Cid and Hero's, in that order."""
    (hand,) = read_hands(LATE_BIG_BLIND)
    assert hand.error is None
    assert hand.replayed.players == ("Dan", "Cid", "Hero")
    assert net(hand) == {"Dan": 2, "Cid": -2, "Hero": 0}


ROUND_BETS_RAKED_IN_CENTS = """#Game No : 539448454
***** 888poker Hand History for Game 539448454 *****
$5/$10 Blinds No Limit Holdem - *** 06 01 2014 18:29:37
Table Petrolina 6 Max (Real Money)
Seat 7 is the button
Total number of players : 4
Seat 4: Ann ( $515 )
Seat 6: Bob ( $1,000 )
Seat 7: Cid ( $1,000 )
Seat 9: Dan ( $1,000 )
Dan posts small blind [$5]
Ann posts big blind [$10]
** Dealing down cards **
Bob folds
Cid raises [$20]
Dan folds
Ann calls [$10]
** Dealing flop ** [ 4d, 2s, 4c ]
Ann checks
Cid bets [$30]
Ann raises [$80]
Cid folds
** Summary **
Ann collected [ $102.50 ]
"""


def test_a_won_amount_finer_than_every_bet_is_replayed_in_its_unit():
    """Every stack and bet in whole dollars; "Ann collected [ $102.50 ]" of the $105 pot,
    without the $50 returned: the rake took $2.50, so the replay counts dimes."""
    (hand,) = read_hands(ROUND_BETS_RAKED_IN_CENTS)
    assert hand.error is None and hand.replayed.amounts.scale == 10
    assert hand.replayed.rake == {2: 25}
    assert net(hand) == {"Ann": 525, "Cid": -500, "Dan": -50, "Bob": 0}
