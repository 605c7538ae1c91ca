"""Fair deals through the real services: the record kept with each hand, the exports a player
downloads verified by ``manage.py verify_deal``, the replayer's part, and imports."""

import hashlib
import random

import pytest
from django.core.management import CommandError, call_command

from games import services
from games.engine import HandState
from games.engine.fair_deal import FairDeal
from games.history.imports import uploads
from games.history.imports.owned_hands import Imported
from games.history.presenters import replay_data
from games.history.queries import review_for_player
from games.models import Hand, ImportedHand
from games.services import hosting
from games.services.seating import set_client_seed
from tests.history.conftest import ACES_KINGS_DECK, play, play_to_the_end

pytestmark = pytest.mark.django_db

SEEDS = {"alice": "alice-seed-1", "bob": "", "carol": "c4rol_"}


@pytest.fixture
def seated(table, alice, bob, carol):
    for number, user in enumerate((alice, bob, carol), start=1):
        services.sit(table.id, user, number, 200, client_seed=SEEDS[user.username])
    return table


def deal_and_play(table, users, rng) -> Hand:
    """A live deal (no deck given), played with random calls, checks and folds to the end."""
    hand = services.start_next_hand(table.id)
    assert hand is not None

    def choose(legal):  # no raises: every stack lasts the whole test
        return (rng.choice(["check" if legal.call is None else "call"] * 5 + ["fold"]),)

    return play_to_the_end(table, users, hand, choose)


def test_each_live_hand_keeps_its_record_with_the_players_seeds(seated, alice, bob, carol):
    hand = deal_and_play(seated, [alice, bob, carol], random.Random(1))
    deal = FairDeal.from_dict(hand.fair_deal)
    assert deal.hand_number == hand.number
    assert deal.commitment == hashlib.sha256(bytes.fromhex(deal.server_seed)).hexdigest()
    assert deal.client_seeds == ((1, "alice-seed-1"), (2, ""), (3, "c4rol_"))
    assert deal.deck() == hand.state["deck"]


def test_a_changed_client_seed_is_used_from_the_next_hand(seated, alice, bob, carol):
    rng = random.Random(2)
    deal_and_play(seated, [alice, bob, carol], rng)
    set_client_seed(seated.id, bob, "bob-new")
    hand = deal_and_play(seated, [alice, bob, carol], rng)
    assert dict(FairDeal.from_dict(hand.fair_deal).client_seeds)[2] == "bob-new"


def test_a_bad_client_seed_is_refused_naming_the_problem(seated, bob):
    with pytest.raises(services.ServiceError, match="' ' is not allowed"):
        set_client_seed(seated.id, bob, "has space")


def test_a_hand_dealt_from_a_given_deck_claims_nothing(table, alice, bob, carol, client):
    from tests.history.conftest import seat

    seat(table, (alice, 200), (bob, 200), (carol, 200))
    hand = play(table, ACES_KINGS_DECK, [(alice, "fold"), (bob, "fold")])
    assert hand.fair_deal is None
    assert replay_data(review_for_player(hand.id, alice))["fair_deal"] is None
    client.force_login(alice)
    assert "_deal_" not in client.get(f"/hands/{hand.id}/hand.phh").content.decode()


def test_downloaded_exports_verify_with_the_command(
    seated, alice, bob, carol, client, tmp_path, capsys
):
    rng = random.Random(3)
    hands = [deal_and_play(seated, [alice, bob, carol], rng) for _ in range(12)]
    client.force_login(alice)
    for name in ("hands.phhs", "pokerstars.txt"):
        path = tmp_path / name
        path.write_bytes(client.get(f"/hands/tables/{seated.id}/{name}").content)
        call_command("verify_deal", str(path))
        lines = capsys.readouterr().out.splitlines()
        assert lines[-1] == f"{len(hands)} hands: {len(hands)} verified, 0 not verified."
        assert all(", verified: " in line for line in lines[:-1]), lines


def test_the_command_exits_with_1_on_a_tampered_file(seated, alice, bob, carol, client, tmp_path):
    hand = deal_and_play(seated, [alice, bob, carol], random.Random(4))
    client.force_login(alice)
    text = client.get(f"/hands/{hand.id}/hand.phh").content.decode()
    deal = FairDeal.from_dict(hand.fair_deal)
    path = tmp_path / "hand.phh"
    path.write_text(text.replace(deal.server_seed, "0" * 64))
    with pytest.raises(SystemExit) as exit_:
        call_command("verify_deal", str(path))
    assert exit_.value.code == 1


def test_a_file_that_cannot_be_read_is_told_so(tmp_path):
    with pytest.raises(CommandError, match="Cannot read .*missing.phh: No such file"):
        call_command("verify_deal", str(tmp_path / "missing.phh"))
    binary = tmp_path / "binary.phh"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(CommandError, match="not UTF-8 text"):
        call_command("verify_deal", str(binary))
    empty = tmp_path / "empty.phh"
    empty.write_text("  \n")
    with pytest.raises(CommandError, match="The hand history is empty"):
        call_command("verify_deal", str(empty))


def test_the_replayer_gets_the_record_and_only_the_cards_the_viewer_knows(
    seated, alice, bob, carol
):
    hand = deal_and_play(seated, [alice, bob, carol], random.Random(5))
    part = replay_data(review_for_player(hand.id, alice))["fair_deal"]
    assert part["record"] == hand.fair_deal
    deck = hand.state["deck"]
    known = [i for i, card in enumerate(part["known"]) if card != "??"]
    assert all(part["known"][i] == deck[i] for i in known)
    alices = set(hand.players.get(seat=1).hole_cards[i : i + 2] for i in (0, 2))
    assert alices <= set(part["known"])
    assert len(known) < len(deck)  # burns and the cards never dealt stay unknown


def test_our_exports_imported_keep_their_record_and_export_it_again(
    seated, alice, bob, carol, client, tmp_path, capsys
):
    rng = random.Random(6)
    for _ in range(4):
        deal_and_play(seated, [alice, bob, carol], rng)
    client.force_login(alice)
    for name in ("hands.phhs", "pokerstars.txt"):
        text = client.get(f"/hands/tables/{seated.id}/{name}").content.decode()
        batch = uploads.run(uploads.start(alice, text, hero_name="alice"))
        assert batch.imported == 4 and not batch.refused, batch.refused
    imported = list(ImportedHand.objects.filter(owner=alice))
    assert len(imported) == 8 and all(h.fair_deal for h in imported)
    for hand in imported:
        view = Imported(hand)
        assert view.replay_data()["fair_deal"]["record"] == hand.fair_deal
        for export in (view.phh_text(), view.stars_text()):
            path = tmp_path / "again.txt"
            path.write_text(export)
            call_command("verify_deal", str(path))
            assert capsys.readouterr().out.endswith("1 hand: 1 verified, 0 not verified.\n")


def test_hands_from_other_sites_have_no_verify_button(alice):
    from games.history.imports.review_a_hand import imported_replay
    from games.history.stars.text import SAMPLE

    assert imported_replay(SAMPLE)["fair_deal"] is None
    batch = uploads.run(uploads.start(alice, SAMPLE))
    assert batch.imported == 1
    hand = ImportedHand.objects.get(owner=alice)
    assert hand.fair_deal is None and Imported(hand).replay_data()["fair_deal"] is None


@pytest.mark.parametrize("game", ["PO/8", "PO5", "PO5/8"])
def test_hi_lo_and_five_card_hands_are_dealt_fairly_and_verify(
    seated, alice, bob, carol, client, tmp_path, capsys, game
):
    table = seated
    table.host = alice
    table.save(update_fields=["host"])
    hosting.update_settings(table.id, alice, {"game": game})
    rng = random.Random(5)
    hands = [deal_and_play(table, [alice, bob, carol], rng) for _ in range(3)]
    assert {HandState.from_dict(h.state).game.code for h in hands} == {game}
    client.force_login(alice)
    for name in ("hands.phhs", "pokerstars.txt"):
        path = tmp_path / name
        path.write_bytes(client.get(f"/hands/tables/{table.id}/{name}").content)
        call_command("verify_deal", str(path))
        lines = capsys.readouterr().out.splitlines()
        assert lines[-1] == f"{len(hands)} hands: {len(hands)} verified, 0 not verified."
