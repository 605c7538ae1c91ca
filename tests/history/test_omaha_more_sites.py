"""Real pot-limit Omaha hands of Full Tilt, Winamax, 888, PartyPoker, iPoker and PokerNow
(tests/history/data/<site>/omaha, README.md there): each hand imports as pot-limit Omaha
with the amounts the site's own figures state (the readers check them against the replay,
as for hold'em) and pokerkit's stacks, or is refused for a named reason; the hi/lo, five-card
and capped games these files also hold are refused naming the game. Our PokerStars export of
every imported hand reads back to the same hand."""

from pathlib import Path

import pytest

from games.engine import POT_LIMIT_OMAHA
from games.history.imports.reading import read_hands, stars_text
from tests.history.site_corpus import (
    SiteCorpus,
    assert_imported_or_refused,
    pokerkit_agreements,
)
from tests.history.test_pokerstars_import import after_rake

DATA = Path(__file__).parent / "data"

# site folder: (its files, the source stored, (hands, imported), the reasons for refusals)
SITES = {
    "fulltilt": ("*/*.txt", "fulltilt", (13, 3), {
        "unsupported game (PL N Card Omaha Hi); the engine deals four": 2,
        "unsupported game (Limit Omaha Hi/Lo); the engine plays Omaha": 1,
        "unsupported game (PL Courchevel Hi); the engine deals four-c": 1,
        "unsupported game (N Cap Pot Limit Omaha Hi); the engine play": 1,
        "unsupported game (N Pot Limit Omaha Hi); the engine plays po": 1,
        "a hand run twice cannot be replayed.": 3,
        "cannot read 'Hence (Observer): lolz'.": 1,  # an observer's chat, 2006
    }),
    "winamax": ("*/*.txt", "winamax", (73, 61), {
        "unsupported game (N Card Omaha Hi/Lo pot limit); the engine ": 2,
        "unsupported game (OmahaN pot limit); the engine deals four-c": 1,
        "unsupported game (OmahaN pot limit); the engine plays Omaha ": 1,
        "unsupported game (Omaha Hi/Lo pot limit); the engine plays O": 1,
        # fpdb's files of Winamax's own faults (named "ante.raise", "bad.pot", "post.both",
        # "no.colon", "bad.collected"): a raise below the minimum, figures that disagree.
        "PlayerN raises to N: The smallest raise is to N": 2,
        "PlayerN raises to N: You cannot raise: the betting was not r": 1,
        "PlayerN collects N in the text; the replay pays N": 1,
        "the text's rake is N but its collected amounts leave N of th": 1,
        "expected \"Table '...' N-max Seat #N is the button\".": 1,
        "cannot read 'PlayerN deny BB N'.": 1,
    }),
    "888poker": ("*/*.txt", "888poker", (7, 4), {
        "unsupported game (Pot Limit OmahaHL); the engine plays Omaha": 2,
        "PlayerN posts a dead small blind with the big blind, which c": 1,
    }),
    "partypoker": ("*/*", "partypoker", (12, 6), {
        "unsupported game (N/N USD FL Omaha Hi-Lo - Thursday, January": 1,
        "unsupported game (N USD PL Omaha Hi-Lo - Monday, January N N": 1,
        "unsupported game (PL Omaha Hi-Lo N USD Buy-in Trny: N Level:": 1,
        # Lines of formats the hold'em reader does not know either (fpdb's "unknown
        # preamble", "diff format", a 2026 cash-out).
        "cannot read 'zejnikogoj raises [N USD]'.": 1,
        "cannot read PlayerN 'Cash-out Premium % is N'.": 1,
        "cannot read 'seatN: PlayerN ( N USD )'.": 1,
    }),
    "ipoker": ("*/*", "ipoker", (73, 23), {
        # Five-card Omaha files whose game says only "PL €2/€4".
        "unsupported game (PL N/N); only no-limit hold'em and pot-lim": 4,
        "The hand history ends before the hand is over.": 31,  # fpdb's "partial format"
        "the hand is cut short (the file ends before its </game>).": 1,
        "a player without a name of their own ('').": 13,
        "'x' is not a card.": 1,
    }),
    "pokernow": ("*/*.csv", "pokernow", (148, 102), {
        "unsupported game (Pot Limit Omaha Hi/Lo N or Better); the en": 44,
        # PokerNow lets a raise below the minimum through; the engine does not.
        "Breezy @ _NCiDqNa raises to N: The smallest raise is to N (o": 1,
        "Malarkey @ Ia-cNlUwVN raises to N: The smallest raise is to ": 1,
    }),
}
# PokerNow's logs deal no-limit hold'em and pot-limit Omaha by turns.
OMAHA_HANDS = {"fulltilt": 3, "winamax": 61, "888poker": 4, "partypoker": 6, "ipoker": 23,
               "pokernow": 68}


def corpus(site: str) -> SiteCorpus:
    pattern, *_ = SITES[site]
    return SiteCorpus(DATA / site / "omaha", pattern)


def omaha(site: str):
    return [(text, hand) for _, text, hand in corpus(site).hands()
            if not hand.error and hand.replayed.state.config.game is POT_LIMIT_OMAHA]


@pytest.mark.parametrize("site", sorted(SITES))
def test_every_real_hand_is_imported_or_refused_for_a_known_reason(site):
    _, source, counts, refused = SITES[site]
    assert_imported_or_refused(corpus(site).hands(), source, counts, refused)
    assert len(omaha(site)) == OMAHA_HANDS[site]


@pytest.mark.parametrize("site", sorted(SITES))
def test_every_imported_hand_replays_to_pokerkits_stacks(site):
    _, source, counts, _ = SITES[site]
    assert pokerkit_agreements(corpus(site).hands(), source) == counts[1]


@pytest.mark.parametrize("site", sorted(SITES))
def test_omaha_players_hold_four_cards_and_the_hands_shown_are_kept(site):
    shown = 0
    for _, hand in omaha(site):
        result = hand.replayed.state.result
        assert all(len(p.hole) == 4 for p in hand.replayed.state.players), hand.label
        assert all(len(h.cards) == 4 and "??" not in h.cards for h in result.shown)
        shown += len(result.shown)
    assert shown > 0


@pytest.mark.parametrize("site", sorted(SITES))
def test_our_export_of_every_real_omaha_hand_imports_back_to_the_same_hand(site):
    for number, (_, hand) in enumerate(omaha(site), start=1):
        ours = hand.replayed
        seat = ours.players.index(hand.hero) + 1 if hand.hero else None
        (back,) = read_hands(stars_text(ours, number, seat, hand.played_at))
        assert back.error is None, (hand.label, back.error)
        theirs = back.replayed
        assert theirs.state.config.game is POT_LIMIT_OMAHA
        assert after_rake(back) == after_rake(hand), hand.label
        assert theirs.rake == ours.rake and theirs.state.board == ours.state.board
        assert theirs.state.result.shown == ours.state.result.shown, hand.label
        if seat is not None:
            assert theirs.state.player(seat).hole == ours.state.player(seat).hole


@pytest.mark.parametrize(("site", "number", "change", "message"), [
    ("fulltilt", "18932385938", ("Total pot $0.64 | Rake $0.04", "Total pot $0.64 | Rake $0.05"),
     "the text's rake is $0.05, but its collected amounts leave $0.04 of the $0.64 pot"),
    ("fulltilt", "18932385938", ("ShaDiv wins the pot ($0.60)", "ShaDiv wins the pot ($0.70)"),
     "the summary says ShaDiv won $0.60, the hand says $0.70"),
    ("winamax", "947321-694-1299021223", ("Total pot 11.22€", "Total pot 12.22€"),
     "the text's total pot is €12.22"),
    ("888poker", "305277727", ("Player0 collected [ $ 176 ]", "Player0 collected [ $ 186 ]"),
     "Player0 collects $186"),
])
def test_an_omaha_hand_whose_figures_disagree_with_the_replay_is_refused(
        site, number, change, message):
    text, hand = corpus(site).the_hand(number)
    assert hand.error is None and change[0] in text
    (changed,) = read_hands(text.replace(*change))
    assert changed.replayed is None and message in changed.error, changed.error
