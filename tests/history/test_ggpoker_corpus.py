"""Real GGPoker files (tests/history/data/ggpoker, README.md there): Rush & Cash tables from
2025 with rake, jackpot and tax, EV cashouts and cash drops, and tournaments of 2020-2021 with
antes. Every hand imports with amounts that agree with the text's own figures and with
pokerkit's replay of the same actions, or is refused with a sentence naming the problem."""

from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path

import pytest

from games.history.imports.reading import read_hands
from tests.history.site_corpus import (
    SiteCorpus,
    assert_imported_or_refused,
    pokerkit_agreements,
)

CORPUS = SiteCorpus(Path(__file__).parent / "data" / "ggpoker")

REFUSED = {
    "the site dropped money into the pot that no player bet, whic": 3,
    # Raising all-in beyond what anyone left can call: GGPoker takes the raise and returns
    # it, the engine (like pokerkit) refuses it, as for PokerStars.
    "N raises to N: You cannot raise: the betting was not reopene": 1,
}


def test_every_real_hand_is_imported_or_refused_for_a_known_reason():
    assert_imported_or_refused(CORPUS.hands(), "ggpoker", (1308, 1304), REFUSED)


def test_every_imported_hand_replays_to_pokerkits_stacks():
    assert pokerkit_agreements(CORPUS.hands(), "ggpoker") == 1304


def test_the_site_keeps_the_rake_and_jackpot_the_text_says():
    """"Total pot $2.71 | Rake $0.13 | Jackpot $0.07": the winner collects $2.51."""
    _, hand = CORPUS.the_hand("RC3795924857")
    replayed = hand.replayed
    winner = replayed.players.index("a6551a2a") + 1
    assert replayed.rake == {winner: 20}
    # $9.77, less $0.45 + $0.33 + $0.54 put in (the $8.45 raise came back), plus $2.51
    assert replayed.finishing_stacks[winner - 1] - replayed.rake[winner] == 977 - 132 + 251


def test_a_tax_settled_outside_the_pot_and_one_taken_from_it_both_reconcile():
    """Rake $0.09 + Jackpot $0.07 + Tax $0.01 of a $2.01 pot, but $1.85 collected: the tax
    was settled with the player, not taken from the pot."""
    _, hand = CORPUS.the_hand("RC3793645305")
    assert hand.error is None
    assert sum(hand.replayed.rake.values()) == 16


@pytest.mark.parametrize(("change", "message"), [
    (("| Jackpot $0.07 |", "| Jackpot $0.08 |"),
     "the text's rake is $0.13 and jackpot $0.08, but its collected amounts leave $0.20 of "
     "the $2.71 pot to the site"),
    (("a6551a2a collected $2.51", "a6551a2a collected $2.61"),
     "the summary says a6551a2a won $2.51, the hand says $2.61"),
    (("Total pot $2.71", "Total pot $2.91"), "the text's total pot is $2.91; the replay's is "
                                             "$2.71"),
])
def test_figures_that_disagree_with_the_replay_are_refused_with_the_difference(change, message):
    text, _ = CORPUS.the_hand("RC3795924857")
    (hand,) = read_hands(text.replace(*change))
    assert hand.replayed is None and message in hand.error, hand.error


def test_a_card_shown_after_folding_changes_nothing_and_one_card_shown_is_read():
    text, hand = CORPUS.the_hand("RC3795924857")
    assert "7536a717: folds\n" in text and "7536a717: shows [As] (a pair of Aces)" in text
    assert hand.error is None
    shown = [e.seat for e in hand.replayed.state.events if e.kind.value == "show"]
    assert hand.replayed.players.index("7536a717") + 1 not in shown


def test_the_hero_tables_and_stakes_come_through():
    _, hand = CORPUS.the_hand("TM599808286")
    replayed = hand.replayed
    assert hand.hero == "Hero" and hand.label == "GGPoker hand #TM599808286"
    assert replayed.fields["venue"] == "GGPoker" and replayed.fields["table"] == "89"
    assert (replayed.state.config.small_blind, replayed.state.config.ante) == (100, 30)
    hero = replayed.players.index("Hero") + 1
    assert replayed.state.player(hero).hole == ("9s", "9h")
    assert replayed.fields["seats"][hero - 1] == 6 and replayed.fields["seat_count"] == 8


def test_the_blinds_posted_decide_when_the_first_line_names_the_next_level():
    """"Level4 (90/180)" in the first line, the table posts 80/160 and raises "160 to 320"."""
    text, hand = CORPUS.the_hand("TM247774746")
    assert "Level4 (90/180)" in text and "posts big blind 160" in text
    assert hand.error is None and hand.replayed.state.config.big_blind == 160


def test_gg_time_without_a_zone_is_read_as_eastern_time():
    _, hand = CORPUS.the_hand("RC3795924857")  # 2025/08/10 07:59:05, summer: UTC-4
    assert hand.played_at == datetime(2025, 8, 10, 11, 59, 5, tzinfo=UTC)
    assert hand.zone == "ET"


def test_an_ev_cashout_leaves_the_pot_as_played():
    """"52310931: Chooses to EV Cashout" / "Pays Cashout Risk ($2.1)": the site insures the
    player outside the pot; the pot is still paid as the collected lines say."""
    hands = [(t, h) for _, t, h in CORPUS.hands() if "Chooses to EV Cashout" in t and not h.error]
    assert len(hands) >= 1
    for text, hand in hands:
        stated = Decimal(text.split("Total pot $", 1)[1].split(" ", 1)[0])
        assert hand.replayed.amounts.money(
            sum(p.committed for p in hand.replayed.state.players)) == stated
