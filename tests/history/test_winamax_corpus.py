"""Real Winamax files (tests/history/data/winamax, README.md there): cash games in euros and
play money, Go Fast, tournaments with antes and bounties, 2010-2022, UTF-8 and cp1252. Every
hand imports with amounts that agree with the text's own figures and with pokerkit's replay of
the same actions, or is refused with a sentence naming the problem."""

from datetime import UTC, datetime
from pathlib import Path

import pytest

from games.history.imports.reading import read_hands
from tests.history.site_corpus import (
    SiteCorpus,
    assert_imported_or_refused,
    pokerkit_agreements,
)

CORPUS = SiteCorpus(Path(__file__).parent / "data" / "winamax")

REFUSED = {
    # A three-way split of 260: Winamax gives the odd chips to the players after the
    # first, the engine to the first winner left of the button (TDA): one chip apart. And
    # "Player2 calls 4455.50 and is all-in": half a chip, so the side pot is 369.5, not 370.
    "PlayerN collects N in the text; the replay pays N": 2,
    # All-in beyond what anyone left can call, as for PokerStars and GGPoker.
    "besanconN raises to N: You cannot raise: the betting was not": 1,
    # fpdb's own sample of a broken text: "Player6 bets 292.50" over a posted big blind.
    "An action comes after the hand is over, or out of turn.": 1,
}


def test_every_real_hand_is_imported_or_refused_for_a_known_reason():
    assert_imported_or_refused(CORPUS.hands(), "winamax", (65, 61), REFUSED)


def test_every_imported_hand_replays_to_pokerkits_stacks():
    assert pokerkit_agreements(CORPUS.hands(), "winamax") == 61


def test_side_pots_rake_and_euros_come_through():
    """0.02€/0.05€: three all-in, Player8 wins the main pot (8.56€), Hero the side pot
    (4.34€); "Total pot 12.90€ | Rake 0.80€"."""
    _, hand = CORPUS.the_hand("910116-28-1298310000")
    replayed = hand.replayed
    assert replayed.fields["currency_symbol"] == "€" and replayed.amounts.scale == 100
    net = {replayed.players[s - 1]: v for s, v in replayed.net_after_rake().items()}
    # Player8 all-in for 2.98€ collects 8.56€; Hero put in 5.96€, 1.42€ came back uncalled,
    # and "collected 4.34€" holds it (Winamax's way): 4.34€ of 5.96€ left.
    assert (net["Player8"], net["Hero"]) == (856 - 298, 434 - 596)
    assert sum(replayed.rake.values()) == 80
    assert hand.played_at == datetime(2011, 2, 21, 20, 12, tzinfo=UTC) and hand.zone == "UTC"


def test_a_walk_collects_the_big_blind_returned_with_the_pot():
    """"betsenvrac collected 6€ from pot" with blinds of 2€ and 4€ and no "Uncalled bet"
    line: Winamax's collected amount holds the 2€ that came back."""
    _, hand = CORPUS.the_hand("14404225-40-1589534802")
    replayed = hand.replayed
    big_blind = replayed.players.index("betsenvrac") + 1
    assert replayed.rake == {} and replayed.net_after_rake()[big_blind] == 200


def test_a_player_who_denies_the_big_blind_is_not_dealt_in():
    text, hand = CORPUS.the_hand("2334898-436-1326450000")
    assert "SatOutToo denies big blind" in text
    assert hand.error is None and "SatOutToo" not in hand.replayed.players


@pytest.mark.parametrize(("change", "message"), [
    (("Rake 0.80€", "Rake 0.70€"), "the text's rake is €0.70, but its collected amounts "
                                    "leave €0.80 of the €12.28 pot to the site"),
    (("Player8 collected 8.56€", "Player8 collected 9.56€"),
     "the summary says Player8 won €8.56, the hand says €9.56"),
])
def test_figures_that_disagree_with_the_replay_are_refused_with_the_difference(change, message):
    text, _ = CORPUS.the_hand("910116-28-1298310000")
    (hand,) = read_hands(text.replace(*change))
    assert hand.replayed is None and message in hand.error, hand.error


def test_cp1252_files_are_read():
    path = CORPUS.folder / "tour" / "NLHE-MTT-EUR-22.5-22.5-5-202208.bounty.ticket.txt"
    raw = path.read_bytes()
    assert b"\x80" in raw  # the euro sign in cp1252
    hands = [h for name, _, h in CORPUS.hands() if name.startswith("NLHE-MTT-EUR-22.5")]
    assert hands and all(h.error is None for h in hands)
