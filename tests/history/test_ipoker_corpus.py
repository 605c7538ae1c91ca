"""Real iPoker XML files (tests/history/data/ipoker, README.md there): cash games in dollars,
euros, pounds and dinars, sit-and-gos and tournaments with antes, 2011-2022, in English,
Spanish, Russian and Italian clients. Every hand imports with amounts that agree with the
file's own "win" figures and with pokerkit's replay of the same actions, or is refused with a
sentence naming the problem."""

from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from games.history.imports.reading import read_hands
from games.models import ImportedHand
from tests.history.site_corpus import (
    SiteCorpus,
    assert_imported_or_refused,
    pokerkit_agreements,
)
from tests.history.test_uploads import upload_in_steps

CORPUS = SiteCorpus(Path(__file__).parent / "data" / "ipoker", "*/*")

REFUSED = {
    # fpdb keeps files cut in the middle of their last hand.
    "the hand is cut short (the file ends before its </game>).": 4,
    # "type 23 sum 0.04" for a small blind's raise whose "bet" the file writes as 0.05, while
    # the next player calls 0.02 to 0.04: the file's figures disagree with each other.
    "the file says PlayerN won -N (win less bet); the replay says": 3,
    # 2011's tournament: an all-in player's bet one ante off what their actions put in (and
    # off their stack), the ante left out or counted twice, while other all-in players'
    # bets are exact: the file against itself.
    "the file says PlayerN won N (win less bet); the replay says ": 5,
    "the file says farfalla won N (win less bet); the replay says": 1,
    "the file says kszie won N (win less bet); the replay says N ": 1,
    # All-in beyond what anyone left can call, as for the other sites.
    "PlayerN raises to N: You cannot raise: the betting was not r": 1,
    # A seat whose name the file leaves empty: whose action is whose cannot be told.
    "a player without a name of their own ('').": 1,
}


def test_every_real_hand_is_imported_or_refused_for_a_known_reason():
    assert_imported_or_refused(CORPUS.hands(), "ipoker", (393, 377), REFUSED)


def test_every_imported_hand_replays_to_pokerkits_stacks():
    assert pokerkit_agreements(CORPUS.hands(), "ipoker") == 377


def test_a_raise_nobody_calls_wins_the_blinds_with_the_bet_returned():
    """$0.02/$0.04: Player12 raises to $0.16, both blinds fold; the file writes win="$0.22"
    (the blinds and the returned $0.12 with the raise) and no rake."""
    _, hand = CORPUS.the_hand("3051004808")
    replayed = hand.replayed
    net = {replayed.players[s - 1]: v for s, v in replayed.net_after_rake().items()}
    assert replayed.fields["currency_symbol"] == "$" and replayed.rake == {}
    assert (net["Player12"], net["Player8"], net["Hero"]) == (6, -2, -4)
    assert hand.hero == "Hero" and hand.played_at is None  # the file writes no time zone


def test_a_win_that_disagrees_with_the_replay_is_refused():
    text, _ = CORPUS.the_hand("3051004808")
    changed = text.replace('win="$0.22"', 'win="$0.32"')
    (hand,) = read_hands(changed)
    assert hand.replayed is None and "Player12" in hand.error, hand.error


def test_no_limit_in_the_clients_language_is_read():
    """Spanish "Holdem SL" (sin límite) and Russian "Holdem БЛ" (без лимита)."""
    for name in ("NLHE-6max-USD-0.01-0.02-201111.Spanish.sample.xml",
                 "NLHE-EUR-0.25-0.50-201202.Russian.NL.txt"):
        hands = [h for file, _, h in CORPUS.hands() if file == name]
        assert hands and all(h.error is None for h in hands)


@pytest.mark.django_db
def test_a_real_file_uploads_with_the_sites_name(client, alice):
    client.force_login(alice)
    path = CORPUS.folder / "cash" / "NLHE-USD-0.02-0.04-201111.txt"
    last = upload_in_steps(client, file=SimpleUploadedFile(path.name, path.read_bytes()))[-1]
    total = len([h for name, _, h in CORPUS.hands() if name == path.name])
    assert (last["total"], last["imported"], last["refused"]) == (total, total, [])
    hands = ImportedHand.objects.filter(owner=alice)
    assert {(h.site, h.source) for h in hands} == {("iPoker", "ipoker")}
    hand = hands.first()
    assert hand.hero_seat is not None and hand.names[str(hand.hero_seat)] == "Hero"
    assert client.get(f"/hands/imported/{hand.pk}/").status_code == 200


def test_a_big_blind_posted_with_the_dead_small_blind_is_live_for_the_big_blind_only():
    """Player0 posts $0.06 (the $0.04 big blind and a dead $0.02) and checks; the small
    blind completes with $0.02 to $0.04, Player11 raises to $0.16 and both fold: the file's
    own bets are $0.06, $0.04 and Player11 wins $0.26."""
    _, hand = CORPUS.the_hand("3051017927")
    replayed = hand.replayed
    net = {replayed.players[s - 1]: v for s, v in replayed.net_after_rake().items()}
    assert (net["Player0"], net["Player6"], net["Player11"]) == (-6, -4, 10)


def test_a_bet_that_disagrees_with_the_replay_is_refused_with_both_figures():
    _, hand = CORPUS.the_hand("3858162748")
    assert hand.error.endswith("the file says Player1 won -0.05 (win less bet); the replay "
                               "says -0.04.")


def test_an_all_in_players_bet_one_ante_off_their_actions_is_refused():
    """2011's tournament: Player14 is all in for their 35,251.37 after a 350 ante, and the
    file writes bet="34,901.37" (the ante left out); elsewhere in the same file an all-in
    player's bet counts the ante twice (farfalla's 28,105 on a stack of 28,005), and others
    are exact. Its figures disagree with each other, so the hand is refused, naming both."""
    text, hand = CORPUS.the_hand("3869813355")
    assert 'name="Player14" chips="35,251.37" dealer="0" win="0" bet="34,901.37"' in text
    assert hand.replayed is None
    assert hand.error.endswith("the file says Player14 won -34901.37 (win less bet); the "
                               "replay says -35251.37 (one ante off what their actions put "
                               "in).")
    (fixed,) = read_hands(text.replace('win="0" bet="34,901.37"', 'win="0" bet="35,251.37"'))
    assert fixed.error is None


def test_a_stack_the_file_does_not_write_is_refused_with_the_player_named():
    """A stack of "inf" (issue 22 names iPoker files that write one; none of the real files
    here does): what that player can bet is not known, so the hand is refused, not guessed."""
    text, _ = CORPUS.the_hand("3051004808")
    (hand,) = read_hands(text.replace('name="Player12" chips="$4.98"',
                                      'name="Player12" chips="inf"'))
    assert hand.replayed is None
    assert "the file gives Player12's stack as 'inf', not an amount" in hand.error
