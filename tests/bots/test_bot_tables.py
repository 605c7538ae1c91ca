"""Bots at live tables: seated and acting through the single writer, on the table clock."""

import json
import os
import re
from datetime import timedelta

import pytest
from django.utils import timezone

from games import services, snapshots
from games.bots import driver
from games.bots.players import seat_bots
from games.models import Hand, HandAction, LedgerEntry, Seat, Table
from games.outbound.housekeeping import Housekeeping
from games.projection import update_frames
from games.table_clock import due_work, run_due_work
from tests.games.conftest import chips_in_room, issued_chips

pytestmark = pytest.mark.django_db
CARD = re.compile(r"\b[2-9TJQKA][cdhs]\b")
# Hands in the long (slow) bot run: 300 by default (about 25 seconds), BOT_RUN_HANDS to
# change it. Every hand is checked the same way; more hands meet the rare spots (a bot
# busting and replaced, a side pot) more often.
LONG_RUN_HANDS = int(os.environ.get("BOT_RUN_HANDS", "300"))


def tick(seconds: float = 1, housekeeping: Housekeeping | None = None) -> None:
    """One clock tick, a little in the future (but before any action deadline); with
    ``housekeeping``, the slow scans run at their pace, as on a running clock."""
    run_due_work(timezone.now() + timedelta(seconds=seconds), housekeeping)


def live_hand(table):
    return Hand.objects.filter(table=table, status=Hand.Status.IN_PROGRESS).first()


def test_bots_take_seats_through_the_writer_and_are_flagged_as_bots(table, alice):
    services.sit(table.id, alice, 1, 200)
    seats = seat_bots(table.id, 3, "mixed")
    assert [s.number for s in seats] == [2, 3, 4]
    names = [s.user.get_username() for s in seats]
    assert all(name.endswith(" (bot)") for name in names)
    assert [s.user.player.bot_style for s in seats] == [
        "tight_aggressive", "calling_station", "tight_aggressive"
    ]
    buy_ins = LedgerEntry.objects.filter(kind=LedgerEntry.Kind.BUY_IN, table=table)
    assert buy_ins.count() == 4
    table.refresh_from_db()
    assert table.version == 2  # alice sat down, then the three bots in one change
    assert issued_chips() == chips_in_room()


def test_a_bot_acts_once_its_pause_has_passed_and_not_before(table, alice, settings):
    settings.BOT_THINK_SECONDS = 5
    services.sit(table.id, alice, 1, 200)
    seat_bots(table.id, 1, "easy")
    services.start_next_hand(table.id)
    hand = live_hand(table)
    bot_seat = Seat.objects.get(table=table, number=2)
    # Heads-up the button (first hand: the lowest seat, alice) posts the small blind and
    # acts first; after alice calls, the bot is to act.
    table.refresh_from_db()
    services.act(table.id, alice, "call", None, table.version)
    hand.refresh_from_db()
    assert hand.bot_acts_at is not None
    pause = (hand.bot_acts_at - timezone.now()).total_seconds()
    assert 1.5 < pause <= 7.5
    run_due_work(timezone.now())
    assert not HandAction.objects.filter(hand=hand, seat=bot_seat.number, kind="check").exists()
    tick(8)
    assert HandAction.objects.filter(hand=hand, seat=bot_seat.number, kind="check").exists()
    hand.refresh_from_db()
    assert hand.state["street"] == "flop" and hand.bot_acts_at is not None  # it acts first
    table.refresh_from_db()
    with pytest.raises(services.ServiceError, match="not your turn"):
        services.act(table.id, alice, "check", None, table.version)


def test_the_clock_lists_a_due_bot_turn_once_the_bots_joining_it_from_above(
    table, alice, settings
):
    """The services import nothing of the bots: games/apps.py adds the bots' turns to the
    clock's work at start-up, and adding them again does not make a second turn."""
    settings.BOT_THINK_SECONDS = 5
    services.sit(table.id, alice, 1, 200)
    seat_bots(table.id, 1, "easy")
    services.start_next_hand(table.id)
    table.refresh_from_db()
    services.act(table.id, alice, "call", None, table.version)
    later = timezone.now() + timedelta(seconds=8)

    def bot_turns() -> list[tuple[int, ...]]:
        items = due_work(later)
        return [item.args for item in items
                if getattr(item, "func", None) is driver.play_bot_turn]

    assert bot_turns() == [(table.id,)]


def test_a_bot_that_read_an_old_version_is_refused_and_does_not_act_twice(
    table, alice, quick_bots, monkeypatch
):
    services.sit(table.id, alice, 1, 200)
    seat_bots(table.id, 1, "easy")
    services.start_next_hand(table.id)
    table.refresh_from_db()
    services.act(table.id, alice, "call", None, table.version)
    # Another process's clock takes the bot's turn while this one is thinking.
    real_decision = driver.bot_decision

    def slow_decision(*args):
        result = real_decision(*args)
        driver.bot_decision = real_decision
        assert driver.play_bot_turn(table.id)  # the other process acts first
        return result

    monkeypatch.setattr(driver, "bot_decision", slow_decision)
    assert driver.play_bot_turn(table.id) is False
    assert HandAction.objects.filter(seat=2, kind="check").count() == 1


def test_bots_stop_dealing_when_no_person_is_left_but_play_on_with_nobody_connected(
    table, alice, quick_bots
):
    services.sit(table.id, alice, 1, 200)
    seat_bots(table.id, 2, "easy")
    services.set_sitting_out(table.id, alice, True)  # seated, away, no socket anywhere
    for _ in range(40):
        tick()
    table.refresh_from_db()
    assert table.hands_played >= 3
    services.stand(table.id, alice)
    while live_hand(table) is not None:
        tick()
    table.refresh_from_db()
    assert table.next_hand_at is None
    played = table.hands_played
    for _ in range(5):
        tick(10)
    assert services.start_next_hand(table.id) is None
    table.refresh_from_db()
    assert table.hands_played == played


def hidden_cards_in(frame: str, allowed: set[str]) -> set[str]:
    return {card for card in CARD.findall(frame) if card not in allowed}


def check_frames(snapshot) -> None:
    """No frame of this version shows a card its receiver may not see."""
    hand = snapshot.hand
    if hand is None:
        return
    state = hand.state
    public = set(state.board) | {c for p in state.players if p.shown for c in p.hole}
    frames = update_frames(snapshot)
    assert not hidden_cards_in(frames.public, public), hand.number
    for user_id, frame in frames.personal.items():
        own = {c for p in state.players if int(p.player_id) == user_id for c in p.hole}
        assert not hidden_cards_in(frame, public | own), (hand.number, user_id)
        json.loads(frame)


@pytest.mark.parametrize(
    ("hands", "game"),
    [pytest.param(100, "NT"), pytest.param(60, "NS"),
     pytest.param(LONG_RUN_HANDS, "NT", marks=pytest.mark.slow)],
)
def test_long_bot_runs_keep_every_chip_and_show_nobody_a_hidden_card(
    table, alice, quick_bots, monkeypatch, hands, game
):
    styles = {"tight_aggressive": "hard", "calling_station": "easy", "random": "random"}
    Table.objects.filter(pk=table.id).update(game=game, ante=1)  # NS: short deck, antes
    services.sit(table.id, alice, 1, 200)
    services.set_sitting_out(table.id, alice, True)
    for strength in styles.values():
        seat_bots(table.id, 1, strength)

    real_capture, versions = snapshots.capture, []

    def checked_capture(*args, **kwargs):
        snapshot = real_capture(*args, **kwargs)
        check_frames(snapshot)
        versions.append(snapshot.version)
        return snapshot

    monkeypatch.setattr(snapshots, "capture", checked_capture)
    real_decision, decisions = driver.bot_decision, []

    def own_view_only(state, style, big_blind, rng):
        situation, decision = real_decision(state, style, big_blind, rng)
        seat = state.actor
        allowed = set(state.player(seat).hole) | set(state.board)
        assert set(CARD.findall(repr(situation))) <= allowed
        decisions.append(style)
        return situation, decision

    monkeypatch.setattr(driver, "bot_decision", own_view_only)
    played, keeping = 0, Housekeeping()
    while played < hands:
        tick(housekeeping=keeping)
        seated = set(
            Seat.objects.filter(table=table).values_list("user__player__bot_style", flat=True)
        )
        for style, strength in styles.items():
            if style not in seated:  # a busted bot left: another takes its place
                seat_bots(table.id, 1, strength)
        now_played = Table.objects.values_list("hands_played", flat=True).get(pk=table.id)
        if now_played != played and now_played % 100 == 0:
            assert issued_chips() == chips_in_room()
        played = now_played
    services.stand(table.id, alice)  # the last person leaves: the hand ends, none follows
    while live_hand(table) is not None:
        tick()
    # Bots that went broke in the last hand left; seat others, so that "no deal" is not
    # merely "too few players".
    seated = set(Seat.objects.filter(table=table).values_list("user__player__bot_style", flat=True))
    for style, strength in styles.items():
        if style not in seated:
            seat_bots(table.id, 1, strength)
    assert Seat.objects.filter(table=table).count() >= 2
    assert services.start_next_hand(table.id) is None
    assert issued_chips() == chips_in_room()
    complete = Hand.objects.filter(table=table, status=Hand.Status.COMPLETE)
    assert complete.count() >= played
    for hand in complete:
        players = hand.players.all()
        assert sum(p.starting_stack for p in players) == sum(p.finishing_stack for p in players)
    assert set(decisions) == set(styles)
    assert {h.state["config"].get("variant", "NT") for h in complete} == {game}
    assert versions == sorted(versions) and len(versions) > 3 * played
