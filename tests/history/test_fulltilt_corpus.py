"""Real Full Tilt Poker files (tests/history/data/fulltilt, README.md there): cash games in
dollars, euros and play money, sit-and-gos, Matrix, Rush and knockout tournaments, 2006-2014,
UTF-8 and UTF-16. Every hand imports with amounts that agree with the text's own figures and
with pokerkit's replay of the same actions, or is refused with a sentence naming the
problem."""

from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from games.history.imports.decoding import decode_text
from games.history.imports.reading import read_hands
from games.models import ImportedHand
from tests.history.site_corpus import (
    SiteCorpus,
    assert_imported_or_refused,
    net,
    pokerkit_agreements,
)
from tests.history.test_uploads import upload_in_steps

CORPUS = SiteCorpus(Path(__file__).parent / "data" / "fulltilt")

REFUSED = {
    # An observed 2006 hand written without seat lines, and a Matrix hand of a header only.
    "the hand gives no seats and stacks, so it cannot be replayed": 2,
    # "Players agree to Run It Twice", as for the other sites.
    "a hand run twice cannot be replayed.": 1,
    # Games the engine does not play: capped no-limit, and a limit hand in a file fpdb
    # named for no-limit.
    "unsupported game (CAP NL Hold'em); only no-limit hold'em and": 1,
    "unsupported game (Limit Hold'em); only no-limit hold'em and ": 1,
    # A Flipout tournament's "2B/2B Ante 2B".
    "the first line's blinds (NB/NB Ante NB) are not amounts, so ": 1,
}


def test_every_real_hand_is_imported_or_refused_for_a_known_reason():
    assert_imported_or_refused(CORPUS.hands(), "fulltilt", (210, 204), REFUSED)


def test_every_imported_hand_replays_to_pokerkits_stacks():
    assert pokerkit_agreements(CORPUS.hands(), "fulltilt") == 204


def test_a_cash_pot_with_rake_comes_through():
    """$0.50/$1: "Player0 wins the pot ($17.60)", "Total pot $18.50 | Rake $0.90"; each of
    the two put in $9 (a raise to $4 called, a $5 bet on the turn called)."""
    _, hand = CORPUS.the_hand("10861340454")
    replayed = hand.replayed
    cents = 100 // replayed.amounts.scale  # the smallest amount of the hand is 10 cents
    assert replayed.fields["currency_symbol"] == "$"
    assert sum(replayed.rake.values()) * cents == 90
    assert (net(hand)["Player0"] * cents, net(hand)["Player1"] * cents) == (1760 - 900, -900)
    assert hand.zone == "ET" and hand.played_at.isoformat() == "2009-02-27T02:51:12+00:00"


def test_a_fold_the_text_leaves_out_is_the_one_the_summary_names():
    """A Matrix walk: the small blind's fold is missing from the actions, the summary says
    "Player3 (small blind) folded before the Flop" and the big blind collects 30."""
    text, hand = CORPUS.the_hand("31493008322")
    assert "Player3 folds" not in text
    assert hand.error is None
    assert {name: v for name, v in net(hand).items() if v} == {"Player3": -15, "Player1": 15}


def test_a_river_the_text_leaves_out_is_dealt_from_the_summarys_board():
    """Both all-in, the text stops after the turn; "Board: [3h 9h 6s Tc 2c]" and "Player1
    showed [7d 7s] and won (250)": the river is dealt from the board, the replay pays 250."""
    text, hand = CORPUS.the_hand("31493022176")
    assert "*** RIVER" not in text
    assert net(hand)["Player1"] == 125 and net(hand)["Player4"] == -125


def test_a_refusal_names_the_full_tilt_line():
    text, hand = CORPUS.the_hand("29937911949")
    line = int(hand.error.split(", line ")[1].split(":")[0])
    assert text.splitlines()[line - 1] == "Players agree to Run It Twice"


@pytest.mark.parametrize(("change", "message"), [
    (("Rake $0.90", "Rake $0.80"), "the text's rake is $0.80"),
    (("Player0 wins the pot ($17.60)", "Player0 wins the pot ($18.60)"),
     "the summary says Player0 won $17.60, the hand says $18.60"),
])
def test_figures_that_disagree_with_the_replay_are_refused_with_the_difference(change, message):
    text, _ = CORPUS.the_hand("10861340454")
    (hand,) = read_hands(text.replace(*change))
    assert hand.replayed is None and message in hand.error, hand.error


def test_a_utf16_file_whose_last_newline_was_cut_is_read():
    raw = (CORPUS.folder / "cash" / "NLHE-2max-play-500k-1000k-201104.large.pot.txt").read_bytes()
    assert raw.startswith(b"\xff\xfe") and len(raw) % 2 == 1
    assert decode_text(raw).startswith("Full Tilt Poker Game #29937911949")


@pytest.mark.django_db
def test_a_real_file_uploads_with_the_sites_name(client, alice):
    client.force_login(alice)
    path = CORPUS.folder / "tour" / "NLHE-6max-SnG-USD-5-201305.txt"
    last = upload_in_steps(client, file=SimpleUploadedFile(path.name, path.read_bytes()))[-1]
    total = len([h for name, _, h in CORPUS.hands() if name == path.name])
    assert (last["total"], last["imported"], last["refused"]) == (total, total, [])
    hands = ImportedHand.objects.filter(owner=alice)
    assert {(h.site, h.source) for h in hands} == {("Full Tilt Poker", "fulltilt")}
    hand = hands.first()
    assert hand.hero_seat is not None and hand.names[str(hand.hero_seat)] == "Hero"
    assert client.get(f"/hands/imported/{hand.pk}/").status_code == 200


def test_thousands_written_k_and_the_ante_in_the_stakes():
    """"50K/100K Ante 10000": both ante 10,000, Hero all-in for 2,856,582 more, Player0
    calls 1,583,418 all-in, 1,173,164 comes back; Hero wins Player0's whole stack."""
    _, hand = CORPUS.the_hand("29537846954")
    replayed = hand.replayed
    assert replayed.fields["antes"] == [10000, 10000]
    assert replayed.fields["blinds_or_straddles"] == [50000, 100000]
    assert net(hand) == {"Hero": 1693418, "Player0": -1693418}


def test_a_tournament_hand_keeps_its_tournament_and_claims_no_level():
    """Full Tilt's first line names the tournament but not the blind level: the hand keeps
    the tournament's number and stores no level rather than a made-up "level 1"."""
    tournaments = [hand for _, _, hand in CORPUS.hands()
                   if hand.error is None and "_tournament" in hand.replayed.fields]
    assert tournaments
    assert all("level" not in hand.replayed.fields for hand in tournaments)
