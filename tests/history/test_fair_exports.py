"""Dealt hands verified from their exports (PHH and PokerStars text, as a player's masked
export writes them), and what a tampered export is told."""

import random
from datetime import UTC, datetime

import pytest

from games.engine import export_phh, start_hand
from games.engine.fair_deal import FairDeal
from games.history.export.deal_checks import verify_text
from games.history.imports.reading import read_hands
from games.history.masking import masked_state
from games.history.stars.writer import HandInfo, write_hand
from tests.engine.helpers import play_random, random_setup

HANDS = 10_000
SHOWN_AT = "2026-11-27T12:00:01.123Z"


def dealt_hand(rng: random.Random, number: int, *, posts: bool = True):
    """A hand dealt from a fair record (some players with no client seed), played at random."""
    setup = random_setup(rng, posts=posts)
    choices = ["", f"seed{rng.randrange(10**6)}", "x" * 64]
    seeds = [(s.seat, rng.choice(choices)) for s in setup.seats]
    deal = FairDeal.draw(seeds, number)
    if rng.random() < 0.5:  # committed before the deal, as live tables deal now
        after = [seat for seat, _ in seeds if rng.random() < 0.5]
        deal = FairDeal.committed(deal.server_seed, seeds, number, SHOWN_AT, after)
    state = start_hand(setup.config, setup.seats, deal.deck(), setup.button)
    return play_random(state, rng), deal


def phh_export(state, deal: FairDeal, viewer: int | None) -> str:
    """What a player's download holds: the hand as ``viewer`` may know it, and the record."""
    masked = masked_state(state, viewer)
    return export_phh(masked, players=[f"p{s}" for s in masked.seats], hand=deal.hand_number,
                      **deal.phh_fields())


def stars_export(state, deal: FairDeal, viewer: int | None) -> str:
    masked = masked_state(state, viewer)
    info = HandInfo(number=deal.hand_number, table="T", max_seats=10,
                    started_at=datetime(2026, 1, 1, tzinfo=UTC),
                    names={s: f"p{s}" for s in masked.seats}, hero_seat=viewer, fair_deal=deal)
    return write_hand(masked, info)


def test_ten_thousand_dealt_hands_verify_from_their_exports_with_no_mismatch():
    rng = random.Random(20261127)
    phh, stars = [], []
    for number in range(1, HANDS + 1):
        as_stars = number % 10 == 0  # every tenth hand goes out as PokerStars text
        state, deal = dealt_hand(rng, number)
        viewer = rng.choice([None, *state.seats])
        if as_stars:
            stars.append(stars_export(state, deal, viewer))
        else:
            phh.append(f"[{number}]\n" + phh_export(state, deal, viewer))
    verdicts = verify_text("\n".join(phh)) + verify_text("\n\n".join(stars))
    failed = [(v.label, v.text) for v in verdicts if not v.ok]
    assert len(verdicts) == HANDS and not failed, failed[:5]


@pytest.fixture
def exported():
    rng = random.Random(7)
    while True:  # a hand that reaches the flop, seen by a player
        state, deal = dealt_hand(rng, 12)
        if len(state.board) >= 3:
            return state, deal, phh_export(state, deal, state.seats[0])


def test_an_untouched_export_is_verified(exported):
    (verdict,) = verify_text(exported[2])
    assert verdict.ok and verdict.text.startswith("hand 12, verified: The server seed matches")


def test_a_changed_card_is_named(exported):
    state, deal, text = exported
    first, second = state.board[0], state.board[1]
    flop = "d db " + "".join(state.board[:3])
    assert flop in text
    swapped = text.replace(flop, "d db " + second + first + state.board[2])
    (verdict,) = verify_text(swapped)
    assert not verdict.ok
    assert f"in the hand but {first} by the seeds" in verdict.text


def test_a_changed_server_seed_does_not_match_the_commitment(exported):
    _, deal, text = exported
    other = FairDeal.draw(list(deal.client_seeds), deal.hand_number).server_seed
    (verdict,) = verify_text(text.replace(deal.server_seed, other))
    assert not verdict.ok and "does not match the commitment" in verdict.text


def test_a_changed_client_seed_breaks_the_deal(exported):
    _, deal, text = exported
    seeds = "_deal_client_seeds = [" + ", ".join(f"'{s}'" for _, s in deal.client_seeds) + "]"
    assert seeds in text
    changed = "_deal_client_seeds = [" + ", ".join("'tampered'" for _ in deal.client_seeds) + "]"
    (verdict,) = verify_text(text.replace(seeds, changed))
    assert not verdict.ok and "by the seeds" in verdict.text


def test_a_record_missing_a_seat_is_refused(exported):
    state, deal, text = exported
    fewer = FairDeal(deal.version, deal.hand_number, deal.commitment, deal.client_seeds[1:],
                     deal.server_seed)
    start = text.index("_deal_version")
    end = text.index("\n", text.index("_deal_client_seeds"))
    fields = "\n".join(f"{k} = {v!r}" for k, v in fewer.phh_fields().items())
    (verdict,) = verify_text(text[:start] + fields + text[end:])
    assert not verdict.ok and "but the hand was dealt to seats" in verdict.text


def test_a_hand_without_a_record_is_not_verifiable():
    rng = random.Random(3)
    state, _ = dealt_hand(rng, 1)
    (verdict,) = verify_text(export_phh(state))
    assert not verdict.ok and verdict.text.startswith("not verifiable")


def test_a_broken_record_is_refused_with_its_reason(exported):
    text = exported[2].replace("_deal_hand_number = 12", "_deal_hand_number = 'twelve'")
    (verdict,) = verify_text(text)
    assert not verdict.ok
    assert "fair-deal record cannot be read: The record's hand number" in verdict.text


@pytest.mark.parametrize("export", [phh_export, stars_export])
def test_when_the_commitment_was_shown_reads_back_and_is_told(export):
    rng = random.Random(11)
    state, deal = dealt_hand(rng, 5)
    seats = [seat for seat, _ in deal.client_seeds]
    for after in ([], seats[:1], seats):
        committed = FairDeal.committed(deal.server_seed, list(deal.client_seeds), 5, SHOWN_AT,
                                       after)
        text = export(state, committed, None)
        (read,) = read_hands(text)
        assert read.fair_deal == committed
        (verdict,) = verify_text(text)
        assert verdict.ok and f"The commitment was shown from {SHOWN_AT}, before the deal" in (
            verdict.text)
    drawn = verify_text(export(state, deal, None))[0].text
    assert "drawn at the deal, knowing the client seeds" in drawn


def test_a_broken_shown_line_is_refused():
    rng = random.Random(12)
    state, deal = dealt_hand(rng, 6)
    committed = FairDeal.committed(deal.server_seed, list(deal.client_seeds), 6, SHOWN_AT, [])
    text = stars_export(state, committed, None)
    assert "seeds set after it: none" in text
    (verdict,) = verify_text(text.replace("seeds set after it: none", "seeds set after: all"))
    assert not verdict.ok and "cannot read the fair-deal line" in verdict.text
