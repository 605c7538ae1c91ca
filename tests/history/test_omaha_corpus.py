"""Real pot-limit Omaha hands from PokerStars and GGPoker (fpdb's regression files,
tests/history/data/pokerstars/fpdb-omaha and tests/history/data/ggpoker/omaha, README.md
there; and the PLO hands of GGPoker's 2025 Rush & Cash files): each hand imports with four
hole cards and pot-limit betting, its amounts agree with the text's own figures and with
pokerkit's replay of the same actions, or it is refused with a sentence naming the problem;
the Omaha games the engine does not play (hi/lo, five and six cards, Courchevel, limit and
no-limit Omaha) are refused naming the game."""

import re
from collections import Counter
from decimal import Decimal
from pathlib import Path

import pytest

from games.engine import POT_LIMIT_OMAHA
from games.history.imports.reading import read_hands
from tests.history.site_corpus import (
    SiteCorpus,
    assert_imported_or_refused,
    imported,
    pokerkit_agreements,
)

DATA = Path(__file__).parent / "data"
STARS = SiteCorpus(DATA / "pokerstars" / "fpdb-omaha")
GGPOKER = SiteCorpus(DATA / "ggpoker" / "omaha")

STARS_REFUSED = {
    # Read since PokerStars' Omaha hi/lo and five-card Omaha are: its no-limit hi/lo, six
    # cards and Courchevel (N Card: the six-card hands) are not.
    "unsupported game (Tournament #N N+N+N USD Omaha Hi/Lo No Lim": 1,
    "unsupported game (Courchevel Hi/Lo Pot Limit (N/N USD)); the": 1,
    "unsupported game (N Card Omaha Pot Limit (N/N USD)); the eng": 2,
    "unsupported game (Courchevel Pot Limit (N/N USD)); the engin": 1,
    "unsupported game (Omaha Fixed Limit (N/N)); the engine plays": 1,
    # Hands PokerStars cancelled, hands cut short, and files another
    # site's tool converted whose lines or figures are not PokerStars' own.
    "cannot read 'Hand cancelled'.": 2,
    "unknown section '*** FLOP *** [Js Nd'.": 1,
    "cannot read 'PlayerN'.": 1,
    "expected \"Table '...' N-max Seat #N is the button\".": 1,
    "cannot read 'Small Blind: folds (disconnect)'.": 1,
    "cannot read 'Table leave user'.": 1,
    "PLR_NGD collects N in the text; the replay pays N": 1,
}
GGPOKER_REFUSED = {
    "unsupported game (PLO-N (N/N)); the engine deals four-card O": 2,
    "unsupported game (Tournament #N Omaholic Bounty N Omaha (NL ": 1,
    # As in hold'em: money the site drops into the pot, missed blinds posted dead.
    "the site dropped money into the pot that no player bet, whic": 1,
    "cannot read the post 'missed blind N'.": 2,
}


def rush_and_cash_omaha():
    """The PLO hands of GGPoker's 2025 Rush & Cash files (the hold'em corpus's folder)."""
    return tuple(h for h in SiteCorpus(DATA / "ggpoker", "cash/*.txt").hands()
                 if "Omaha Pot Limit" in h[1].split("\n", 1)[0])


def test_every_real_pokerstars_omaha_hand_is_imported_or_refused_for_a_known_reason():
    hands = assert_imported_or_refused(STARS.hands(), "pokerstars", (49, 35), STARS_REFUSED)
    games = Counter(h.replayed.state.config.game.code for h in hands)
    assert games == {"PO": 11, "PO/8": 19, "PO5": 4, "PO5/8": 1}


def test_every_real_ggpoker_omaha_hand_is_imported_or_refused_for_a_known_reason():
    hands = assert_imported_or_refused(GGPOKER.hands(), "ggpoker", (127, 121), GGPOKER_REFUSED)
    assert {h.replayed.state.config.game for h in hands} == {POT_LIMIT_OMAHA}
    assert len(rush_and_cash_omaha()) == 8
    assert all(not h.error for _, _, h in rush_and_cash_omaha())


def test_tournament_hands_import_in_chips():
    tournaments = [h for _, h in imported(STARS.hands() + GGPOKER.hands())
                   if "Tournament #" in h.text[:200]]
    # A Mixed Omaha tournament's PLO hand too; and 4 of PokerStars' hi/lo and five-card Omaha.
    assert len(tournaments) == 3 + 67 + 4
    assert all(h.replayed.amounts.scale == 1 for h in tournaments)


@pytest.mark.parametrize(("corpus", "source"), [
    (STARS.hands, "pokerstars"), (GGPOKER.hands, "ggpoker"), (rush_and_cash_omaha, "ggpoker")])
def test_every_imported_omaha_hand_replays_to_pokerkits_stacks(corpus, source):
    # pokerkit reads PokerStars' four-card pot-limit Omaha high only; the hi/lo and
    # five-card hands are checked against their own text's figures (below).
    plo = tuple(h for h in corpus() if h[2].error or h[2].replayed.state.config.game is
                POT_LIMIT_OMAHA)
    assert pokerkit_agreements(plo, source) == len(imported(plo)) > 0


@pytest.mark.parametrize("corpus", [STARS.hands, GGPOKER.hands, rush_and_cash_omaha])
def test_the_hero_holds_the_four_cards_the_text_deals_and_shown_hands_are_kept(corpus):
    checked = shown = 0
    for text, hand in imported(corpus()):
        state = hand.replayed.state
        names = hand.replayed.players
        dealt = re.search(r"^Dealt to (\S+) \[(\S\S) (\S\S) (\S\S) (\S\S)\]", text, re.M)
        if dealt:
            seat = names.index(dealt.group(1)) + 1
            assert state.player(seat).hole == dealt.groups()[1:], hand.label
            checked += 1
        for name, cards in re.findall(r"^Seat \d+: (\S+) .*?showed \[([^\]]+)\]", text, re.M):
            seat = names.index(name) + 1
            assert sorted(state.player(seat).hole) == sorted(cards.split()), hand.label
            shown += 1
    assert checked and shown, (checked, shown)


@pytest.mark.parametrize("corpus", [STARS.hands, GGPOKER.hands, rush_and_cash_omaha])
def test_the_text_s_pot_collected_amounts_and_rake_are_the_replays(corpus):
    """Counted from the text alone: its "Total pot", the sum of its "collected" lines and
    its rake (and GGPoker's jackpot), against the replay's pot, winnings and rake."""
    for text, hand in imported(corpus()):
        replayed = hand.replayed
        money = replayed.amounts.money
        pot = sum(p.committed for p in replayed.state.players)
        total = re.search(r"^Total pot [$€]?([\d.,]+)", text, re.M)
        assert Decimal(total.group(1).replace(",", "")) == money(pot), hand.label
        collected = sum(Decimal(x.replace(",", "")) for x in
                        re.findall(r"^\S+ collected [$€]?([\d.,]+) from", text, re.M))
        won = sum(e.amount for e in replayed.state.events if e.kind.name == "WIN")
        kept = sum(replayed.rake.values())
        assert collected == money(won - kept), hand.label
        stated = [Decimal(x) for x in
                  re.findall(r"\| (?:Rake|Jackpot|Bingo|Fortune) [$€]?([\d.]+)", text)]
        assert money(kept) == sum(stated, Decimal(0)), hand.label


def test_an_all_club_board_pays_only_hands_that_use_exactly_two_hole_cards():
    """Board 6c Kc Qc Jc 4c. In hold'em Player4's 9c would make a flush and win; in Omaha
    a hand plays exactly two hole cards, so Player0's Ad Tc straight wins the main pot and
    side pot 1, and Player2's pair of jacks side pot 2 (only his and Player4's chips). Pots
    counted by hand from the text: main 4 x $0.59 + $0.11 dead = $2.47, side 1 3 x $0.31 =
    $0.93, side 2 2 x $0.15 = $0.30; the text pays them less its $0.18 rake."""
    _, hand = STARS.the_hand("22865231671")
    replayed = hand.replayed
    name = dict(enumerate(replayed.players, start=1))
    paid = [(p.amount, [name[w] for w in p.winners]) for p in replayed.state.result.pots]
    assert sorted(paid) == [(30, ["Player2"]), (247 + 93, ["Player0"])]
    assert {name[s]: units for s, units in replayed.rake.items()} == {
        "Player0": 247 + 93 - 235 - 88, "Player2": 30 - 29}


@pytest.mark.parametrize(("corpus", "number", "change", "message"), [
    (STARS, "14311270221", ("Player2 collected $0.31", "Player2 collected $0.41"),
     "the summary says Player2 won $0.31, the hand says $0.41"),
    (STARS, "14311270221", ("Total pot $0.32 | Rake $0.01", "Total pot $0.32 | Rake $0.02"),
     "the text's rake is $0.02, but its collected amounts leave $0.01 of the $0.32 pot"),
    (GGPOKER, "OM190765880", ("Total pot $20.9", "Total pot $21.9"),
     "the text's total pot is $21.90; the replay's is $20.90"),
    # Before the river bet the pot is four calls of $3.50 and the folded big blind's $1.
    (GGPOKER, "OM190765880", ("677d2b55: bets $2.95", "677d2b55: bets $29.5"),
     "line 36: 677d2b55 raises to 29.5: The pot limit lets you bet to 15 at most, not to 29.5."),
    (STARS, "14311270221", ("Dealt to Hero [8d As 2h Ks]", "Dealt to Hero [8d As]"),
     "Hero is dealt 2 cards; Pot-limit Omaha deals 4."),
])
def test_an_omaha_hand_whose_figures_or_bets_disagree_with_the_replay_is_refused(
        corpus, number, change, message):
    text, _ = corpus.the_hand(number)
    assert change[0] in text
    (hand,) = read_hands(text.replace(*change))
    assert hand.replayed is None and message in hand.error, hand.error
