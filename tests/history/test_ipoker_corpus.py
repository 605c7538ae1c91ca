"""Real iPoker XML files (tests/history/data/ipoker, README.md there): cash games in dollars,
euros, pounds and dinars, sit-and-gos and tournaments with antes, 2011-2022, in English,
Spanish, Russian and Italian clients. Every hand imports with amounts that agree with the
file's own "win" figures and with pokerkit's replay of the same actions, or is refused with a
sentence naming the problem."""

from functools import cache
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from games.history.reading import read_hands
from games.models import ImportedHand
from tests.history.site_corpus import (
    assert_imported_or_refused,
    pokerkit_agreements,
    read_folder,
)
from tests.history.test_uploads import upload_in_steps

CORPUS = Path(__file__).parent / "data" / "ipoker"

REFUSED = {
    # fpdb keeps files cut in the middle of their last hand.
    "the hand is cut short (the file ends before its </game>).": 4,
    # All-in beyond what anyone left can call, as for the other sites.
    "PlayerN raises to N: You cannot raise: the betting was not r": 1,
    # A seat whose name the file leaves empty: whose action is whose cannot be told.
    "a player without a name of their own ('').": 1,
}


@cache
def corpus():
    return tuple(read_folder(CORPUS, "*/*"))


def the_hand(number: str):
    (found,) = [(text, hand) for _, text, hand in corpus() if hand.label.endswith(number)]
    return found


def test_every_real_hand_is_imported_or_refused_for_a_known_reason():
    assert_imported_or_refused(corpus(), "ipoker", (393, 387), REFUSED)


def test_every_imported_hand_replays_to_pokerkits_stacks():
    assert pokerkit_agreements(corpus(), "ipoker") == 387


def test_a_raise_nobody_calls_wins_the_blinds_with_the_bet_returned():
    """$0.02/$0.04: Player12 raises to $0.16, both blinds fold; the file writes win="$0.22"
    (the blinds and the returned $0.12 with the raise) and no rake."""
    _, hand = the_hand("3051004808")
    replayed = hand.replayed
    net = {replayed.players[s - 1]: v for s, v in replayed.net_after_rake().items()}
    assert replayed.fields["currency_symbol"] == "$" and replayed.rake == {}
    assert (net["Player12"], net["Player8"], net["Hero"]) == (6, -2, -4)
    assert hand.hero == "Hero" and hand.played_at is None  # the file writes no time zone


def test_a_win_that_disagrees_with_the_replay_is_refused():
    text, _ = the_hand("3051004808")
    changed = text.replace('win="$0.22"', 'win="$0.32"')
    (hand,) = read_hands(changed)
    assert hand.replayed is None and "Player12" in hand.error, hand.error


def test_no_limit_in_the_clients_language_is_read():
    """Spanish "Holdem SL" (sin límite) and Russian "Holdem БЛ" (без лимита)."""
    for name in ("NLHE-6max-USD-0.01-0.02-201111.Spanish.sample.xml",
                 "NLHE-EUR-0.25-0.50-201202.Russian.NL.txt"):
        hands = [h for file, _, h in corpus() if file == name]
        assert hands and all(h.error is None for h in hands)


@pytest.mark.django_db
def test_a_real_file_uploads_with_the_sites_name(client, alice):
    client.force_login(alice)
    path = CORPUS / "cash" / "NLHE-USD-0.02-0.04-201111.txt"
    last = upload_in_steps(client, file=SimpleUploadedFile(path.name, path.read_bytes()))[-1]
    total = len([h for name, _, h in corpus() if name == path.name])
    assert (last["total"], last["imported"], last["refused"]) == (total, total, [])
    hands = ImportedHand.objects.filter(owner=alice)
    assert {(h.site, h.source) for h in hands} == {("iPoker", "ipoker")}
    hand = hands.first()
    assert hand.hero_seat is not None and hand.names[str(hand.hero_seat)] == "Hero"
    assert client.get(f"/hands/imported/{hand.pk}/").status_code == 200
