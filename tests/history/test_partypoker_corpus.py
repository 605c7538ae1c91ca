"""Real PartyPoker files (tests/history/data/partypoker, README.md there): cash games in
dollars and euros, sit-and-gos and tournaments with antes, 2005-2021, some converted from
other sites by trackers. Every hand imports with amounts that agree with the text's own
"wins" figures and with pokerkit's replay of the same actions, or is refused with a sentence
naming the problem."""

from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from games.history.imports.decoding import decode_text
from games.history.imports.formats import format_of
from games.history.imports.reading import read_hands
from games.models import ImportedHand
from tests.history.site_corpus import (
    SiteCorpus,
    assert_imported_or_refused,
    net,
    pokerkit_agreements,
)
from tests.history.test_uploads import upload_in_steps

CORPUS = SiteCorpus(Path(__file__).parent / "data" / "partypoker", "*/*")

REFUSED = {
    # A player who joined as the hand began posts a blind with no seat line or a $0 one.
    "PlayerN posts a blind but the seat lines give them no stack ": 7,
    "Unseated posts a blind but the seat lines give them no stack": 1,
    "PlayerN is sitting outPlayerN posts a blind but the seat lin": 1,  # two lines as one
    # "posts big blind + dead": a dead small blind, as for PokerStars and 888.
    "PlayerN posts a dead small blind with the big blind, which c": 2,
    # Figures that disagree with the replay: a blind posted without a line ("silent post
    # both"), a call of the whole big blind over a big blind all-in for less (Party puts
    # both cents in a side pot the engine does not make), a 2021 anonymised hand two chips
    # off.
    "PlayerN collects N in the text; the replay pays N": 2,
    "Hero collects N in the text; the replay pays N": 1,
    # The winner's cards never shown, the loser's mucked: nothing tells the replay who wins.
    "PlayerN wins at the showdown, but the text never shows their": 1,
    # fpdb's broken samples: a name cut short, a seat nobody holds, a player moved mid-hand.
    "cannot read Hero 'Name raises N to N'.": 1,
    "cannot read 'oupN folds'.": 1,
    "An action comes after the hand is over, or out of turn.": 1,
    # A 2021 tournament summary whose net is 3 chips less than its own collected less bet.
    "the summary gives PlayerN a net of +N but their collected N ": 1,
}


def test_every_real_hand_is_imported_or_refused_for_a_known_reason():
    assert_imported_or_refused(CORPUS.hands(), "partypoker", (81, 62), REFUSED)


def test_every_imported_hand_replays_to_pokerkits_stacks():
    assert pokerkit_agreements(CORPUS.hands(), "partypoker") == 62


def test_amounts_are_what_each_action_adds():
    """$0.01/$0.02: "Tortozendo raises [$0.08]", the blinds call $0.07 and $0.06; later bets
    of $0.10 and $0.12 called; "suicini03 wins $0.65" of the $0.68 pot: $0.03 of rake."""
    _, hand = CORPUS.the_hand("9582251255")
    replayed = hand.replayed
    assert replayed.fields["currency_symbol"] == "$" and sum(replayed.rake.values()) == 3
    assert net(hand)["suicini03"] == 65 - 30 and net(hand)["Hero"] == -30
    assert hand.zone == "EDT" and hand.played_at.isoformat() == "2010-08-30T20:08:09+00:00"


def test_tournament_blinds_the_text_names_but_never_posts():
    """2011's sit-and-go: "Blinds(300/600)", no post lines; "Player0 is all-In [4,220]",
    Player1 folds, "Player0 wins 5,120 chips": the blinds and the all-in that came back."""
    text, hand = CORPUS.the_hand("10315754293")
    assert " posts " not in text
    assert net(hand) == {"Player0": 600, "Player1": -600}


def test_a_summary_whose_net_is_not_its_collected_less_its_bet_is_refused():
    """2021: "Player7 balance 42618560, bet 16468017, collected 42618560, net +26150540";
    collected less bet is 26,150,543 (and the main pot's 35,656,500 is a chip off its
    contributions, a raise a chip short of an all-in): which figure is wrong nobody can tell,
    so the hand is refused, naming both."""
    _, hand = CORPUS.the_hand("161938625156465v9fyd47bg")
    assert hand.replayed is None
    assert ("the summary gives Player7 a net of +26150540, but their collected 42618560 "
            "less their bet 16468017 is 26150543") in hand.error
    text, _ = CORPUS.the_hand("161938625156465v9fyd47bg")
    (fixed,) = read_hands(text.replace("net +26150540", "net +26150543"))
    assert fixed.error is None and net(fixed)["Player7"] == 26150543


def test_a_wins_figure_that_disagrees_with_the_replay_is_refused():
    text, _ = CORPUS.the_hand("9582251255")
    (hand,) = read_hands(text.replace("wins $0.65 USD", "wins $0.75 USD"))
    assert hand.replayed is None
    assert "suicini03 collects $0.75 in the text; the replay pays $0.68" in hand.error


@pytest.mark.parametrize("line", [
    "suicini03 will be using their time bank for this hand.",
    "suicini03 will be using his time bank for this hand.",
    "Your time bank will be activated in 6 secs. If you do not want it to be used, please act now.",
    "Tortozendo: always play ur opponent",
])
def test_time_bank_chat_and_client_notices_inside_a_hand_change_nothing(line):
    text, read = CORPUS.the_hand("9582251255")
    (hand,) = read_hands(text.replace("suicini03 calls [$0.10 USD]",
                                      f"{line}\nsuicini03 calls [$0.10 USD]"))
    assert hand.error is None and net(hand) == net(read)


def test_a_line_by_nobody_seated_is_still_refused():
    text, _ = CORPUS.the_hand("9582251255")
    (hand,) = read_hands(text.replace("Tortozendo folds", "Stranger: hi\nTortozendo folds"))
    assert "cannot read 'Stranger: hi'" in hand.error


def test_party_is_told_from_888_by_its_banner():
    path = CORPUS.folder / "cash" / "NLHE-USD-0.01-0.02-201008.Sample.txt"
    text = decode_text(path.read_bytes())
    assert text.lstrip().startswith("Game #") and format_of(text).site == "PartyPoker"
    pacific = "#Game No : 1\n***** 888poker Hand History for Game 1 *****\n"
    assert format_of(pacific).site == "888poker"


@pytest.mark.django_db
def test_a_real_file_uploads_with_the_sites_name(client, alice):
    client.force_login(alice)
    path = CORPUS.folder / "tour" / "NLHE-4max-STT-USD-1-201607.second.trny.format.txt"
    last = upload_in_steps(client, file=SimpleUploadedFile(path.name, path.read_bytes()))[-1]
    read = [h for name, _, h in CORPUS.hands() if name == path.name]
    imported = [h for h in read if not h.error]
    assert (last["total"], last["imported"]) == (len(read), len(imported))
    hands = ImportedHand.objects.filter(owner=alice)
    assert hands.count() == len(imported) > 0
    assert {(h.site, h.source) for h in hands} == {("PartyPoker", "partypoker")}
    hand = hands.first()
    assert hand.hero_seat is not None and hand.names[str(hand.hero_seat)] == "Hero"
    assert client.get(f"/hands/imported/{hand.pk}/").status_code == 200
