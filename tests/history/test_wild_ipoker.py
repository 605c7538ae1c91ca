"""iPoker files from the wild (shared/realhands/wild/ipoker, sources.tsv there): HHSmithy's
parser tests (2011-14) and a 2018 heads-up session of the 17.x client, whose
``<uncalled_bet_enabled>true</uncalled_bet_enabled>`` changes what ``win`` and ``bet`` hold."""

import pytest

from games.engine import PHHError
from games.history.imports.review_a_hand import read_phh
from tests.history.site_corpus import assert_imported_or_refused, net, pokerkit_agreements
from tests.history.wild import needs_wild, wild_corpus

CORPUS = wild_corpus("ipoker")
FLAGGED = "hhpxml-cash.hhsmithy.eur.NLHE.hu.2018.xml"
pytestmark = needs_wild("ipoker")

REFUSED = {
    # Fixed-limit hold'em ("Holdem L 2/4"): the engine plays no-limit and pot-limit Omaha.
    "unsupported game (Holdem L N/N); only no-limit hold'em and p": 5,
    # HHSmithy's invalid-hand tests, broken on purpose: a player who posts and acts with no
    # <player> row; a second row (TrapistBeer beside TrappistBeer) that wins without acting.
    "nawu acts but is not seated.": 1,
    "the text gives TrapistBeer a collected amount of N but Trapi": 1,
    # A data miner's file (HHSmithy's "DataMinerHandIssue1") writes cards "c10 hK s5", in
    # lower case, which no iPoker client writes.
    "'cN' is not a card.": 1,
}


def test_every_wild_hand_is_imported_or_refused_for_a_known_reason():
    assert_imported_or_refused(CORPUS.hands(), "ipoker", (94, 86), REFUSED)


def test_every_imported_wild_hand_replays_to_pokerkits_stacks():
    assert pokerkit_agreements(CORPUS.hands(), "ipoker") == 86


def test_with_the_flag_a_win_leaves_the_returned_bet_out():
    """A walk: the small blind folds; the big blind's win="€6" bet="€6" is the 3 called and
    the 3 returned left out; +€3, no rake (not the €3 rake the returned bet once made)."""
    _, hand = CORPUS.the_hand("7972351305", FLAGGED)
    assert net(hand) == {"hulahHULAH": 300, "HAZERA586": -300} and hand.replayed.rake == {}


def test_with_the_flag_a_raise_nobody_called_is_counted_twice_in_bet_not_in_the_pot():
    """hulah raises the small blind to €13, HAZERA the big blind to €122 and hulah folds:
    HAZERA's win="€26" (13 + 13), bet="€128" (the 6 counted twice, the 109 returned);
    hulah's bet="€16" counts their 3 twice."""
    _, hand = CORPUS.the_hand("7972353999", FLAGGED)
    assert net(hand) == {"HAZERA586": 1300, "hulahHULAH": -1300} and hand.replayed.rake == {}


def test_with_the_flag_the_rake_is_what_the_win_leaves_of_the_pot():
    """An all-in on the turn: hulah's €635.58 raise is €143.18 over HAZERA's stack (returned,
    not in win="€1,247.80"), the pot €1,248.80: the site kept €1."""
    _, hand = CORPUS.the_hand("7972354197", FLAGGED)
    assert net(hand) == {"HAZERA586": -62440, "hulahHULAH": 62340}
    assert sum(hand.replayed.rake.values()) == 100


def test_with_the_flag_every_hand_of_the_session_imports_without_rake_before_the_flop():
    hands = [h for name, _, h in CORPUS.hands() if name == FLAGGED]
    assert len(hands) == 19 and not any(h.error for h in hands)
    preflop = [h for h in hands if not [c for c in h.replayed.state.board if c != "??"]]
    assert len(preflop) == 13 and all(h.replayed.rake == {} for h in preflop)


def test_a_win_by_a_player_not_dealt_in_is_refused_by_the_review_not_a_server_error():
    (text,) = [t for name, t, _ in CORPUS.hands()
               if name == "hhsmithy-Seats-Full_Ring_10_Handed_.txt"]
    with pytest.raises(PHHError, match="TrapistBeer is not dealt in"):
        read_phh(text)
