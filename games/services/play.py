"""Playing hands: actions, the clock (deadlines, time banks, timeouts) and dealing.

Players quote the version they saw when they act, so a stale click is refused instead of
applied twice.
"""

import dataclasses
import random
from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.auth.models import User
from django.utils import timezone

from games import plain_sql
from games.engine import (
    Action,
    ActionKind,
    Entry,
    HandSetup,
    HandState,
    IllegalAction,
    SeatInput,
    TableConfig,
    plan_hand,
    start_hand,
)
from games.engine.lineup import Lineup
from games.models import Hand, Seat, Table
from games.runout import runout_pause
from games.services import tournament_table
from games.services.change import table_change
from games.services.fair_deals import committed_deal
from games.services.hand_records import (
    finish_hand,
    record_events,
    record_finished_events,
    record_new_hand,
)
from games.services.writer import (
    Locked,
    ServiceError,
    is_bot,
    next_hand_delay,
    practice_person_here,
    schedule_next_hand,
    table_config,
)
from games.table_games import (
    bomb_pot_boards,
    bomb_pot_due,
    next_game,
    ranked_game,
    runouts,
    seven_deuce_bounty,
    straddle_blinds,
    straddle_spots,
)

# After this many timeouts in a row a player is sat out.
TIMEOUTS_BEFORE_SITTING_OUT = 2


def bot_think_time() -> timedelta:
    """A bot's human-like pause before it acts: BOT_THINK_SECONDS, give or take half."""
    return timedelta(seconds=settings.BOT_THINK_SECONDS * random.uniform(0.5, 1.5))



def act(table_id: int, user: User, kind: str, amount: int | None, version: int) -> None:
    """``user`` acts at their turn; ``version`` is the table they decided on (a version
    older than their turn is refused: StaleVersion)."""
    with table_change(table_id, version) as locked:
        hand, state = locked.hand, locked.state
        seat = locked.seat_of(user)
        if hand is None or state is None:
            raise ServiceError("There is no hand in progress.")
        if seat.number not in state.seats:
            raise ServiceError("You are not in this hand.")
        if state.actor != seat.number:
            actor = next((s for s in locked.seats if s.number == state.actor), None)
            name = actor.user.get_username() if actor else f"seat {state.actor}"
            raise ServiceError(f"It is not your turn: {name} is to act.")
        try:
            events = state.apply(Action(seat.number, ActionKind(kind), amount))
        except IllegalAction as error:
            raise ServiceError(str(error)) from None
        record_events(locked, events)
        if seat.consecutive_timeouts:
            seat.consecutive_timeouts = 0
            seat.save(update_fields=["consecutive_timeouts"])
        advance_hand(locked, timezone.now())


def choose_runouts(table_id: int, user: User, agree: bool, version: int) -> None:
    """An all-in player answers whether to run the board twice (the table's run it twice
    is "ask"): one "no" deals it once. ``version`` is the table they saw, as for ``act``
    (another player's answer does not make it stale)."""
    with table_change(table_id, version, answer=True) as locked:
        hand, state = locked.hand, locked.state
        seat = locked.seat_of(user)
        if hand is None or state is None:
            raise ServiceError("There is no hand in progress.")
        try:
            events = state.choose_runouts(seat.number, agree)
        except IllegalAction as error:
            raise ServiceError(str(error)) from None
        record_events(locked, events)
        advance_hand(locked, timezone.now())


def show_cards(table_id: int, user: User) -> None:
    """The player who took the last pot uncontested turns their cards up for everyone, while
    that hand is still on show (before the next deal)."""
    with table_change(table_id) as locked:
        hand = locked.last_hand
        if locked.hand is not None or hand is None or hand.status != Hand.Status.COMPLETE:
            raise ServiceError("Cards are shown by choice between hands, after the last one.")
        player = hand.players.filter(user=user).first()
        if player is None:
            raise ServiceError("You were not in the last hand.")
        state = HandState.from_dict(hand.state)
        try:
            events = state.show_cards(player.seat)
        except IllegalAction as error:
            raise ServiceError(str(error)) from None
        hand.state = state.to_dict()
        plain_sql.update(hand, ["state"])
        player.shown = True
        plain_sql.update(player, ["shown"])
        record_finished_events(locked, hand, events)


def _straddle(locked: Locked, lineup: Lineup) -> dict[int, int] | None:
    """The forced bets with a live straddle when the player on the button or under the gun
    asked for one where the table allows it (the button's first: one straddle a hand); the
    straddler's choice is used up by this hand. None: the usual blinds."""
    table = locked.table
    if table.is_tournament:
        return None
    numbers = sorted(s.seat for s in lineup.seats)
    order = [n for n in numbers if n > lineup.button] + [n for n in numbers if n <= lineup.button]
    spots = straddle_spots(order, table.straddles_allowed, table.button_straddles_allowed)
    chairs = {s.number: s for s in locked.seats}
    chair = next((chairs[n] for n in spots if n in chairs and chairs[n].straddle_next), None)
    if chair is None:
        return None
    chair.straddle_next = False
    chair.save(update_fields=["straddle_next"])
    posts = {s.seat for s in lineup.seats if s.entry is Entry.POST_BB}
    return straddle_blinds(order, table.small_blind, table.big_blind, chair.number, posts)


def _hand_config(locked: Locked, button: int) -> TableConfig:
    """The table's config with the game of the next hand (games/table_games.py)."""
    table, last = locked.table, locked.last_hand
    last_game = last.state.get("config", {}).get("variant", "NT") if last else None
    game = ranked_game(
        next_game(table.game, table.dealers_choice_games, last_game, table.button, button),
        table.short_deck_ranking)
    return dataclasses.replace(table_config(table), game=game)


def _answer_for_bots_and_absent(locked: Locked) -> None:
    """While the players are asked to run it twice: bots agree at once; players leaving
    after the hand, or sat out by the table, decline at once (nobody waits for them)."""
    hand, state = locked.hand, locked.state
    assert hand is not None and state is not None
    for seat in locked.seats:
        if seat.number not in state.runout_voters:
            continue
        if is_bot(seat):
            record_events(locked, state.choose_runouts(seat.number, True))
        elif seat.leave_after_hand or (seat.sitting_out and seat.consecutive_timeouts > 0):
            record_events(locked, state.choose_runouts(seat.number, False))


# ---------------------------------------------------------------- the clock


def advance_hand(locked: Locked, now: datetime) -> None:
    """Save the hand after engine actions: next deadline, or finish it (the change that
    called it then publishes the new version)."""
    hand, state, table = locked.hand, locked.state, locked.table
    assert hand is not None and state is not None  # called only while a hand is live
    _play_for_absent(locked)
    if state.runout_voters:
        _answer_for_bots_and_absent(locked)
    hand.state = state.to_dict()
    hand.board = "".join(state.board)
    hand.turn_version = table.version + 1  # the version this change will publish
    hand.on_time_bank = False
    if state.is_complete:
        hand.bot_acts_at = None
        finish_hand(locked, hand, state, now)
        # Pages reveal an all-in run-out street by street: the result is seen after it.
        schedule_next_hand(table, now, next_hand_delay() + runout_pause(state))
    else:
        # The clock also runs while the players are asked to run it twice.
        hand.action_deadline = now + timedelta(seconds=table.action_seconds)
        actor = next((s for s in locked.seats if s.number == state.actor), None)
        hand.bot_acts_at = now + bot_think_time() if actor and is_bot(actor) else None
        plain_sql.update(
            hand,
            ["state", "board", "action_deadline", "turn_version", "on_time_bank", "bot_acts_at"],
        )


def _play_for_absent(locked: Locked) -> None:
    """Players who will not answer check when free, else fold, at once, without a clock:
    those leaving after the hand, and those the table sat out after timeouts while still in
    it. A player who chose to sit out plays this hand on (docs/protocol.md: sitting out
    starts from the next hand); their own clock runs as usual."""
    hand, state = locked.hand, locked.state
    if hand is None or state is None:
        return
    # At a tournament, a player who is away is blinded out: dealt in, folded at once.
    tournament = locked.table.is_tournament
    absent = {
        seat.number for seat in locked.seats
        if seat.leave_after_hand
        or (seat.sitting_out and (tournament or seat.consecutive_timeouts > 0))
    }
    while state.actor is not None and state.actor in absent:
        record_events(locked, state.apply(state.timeout_action()))


def time_bank_seconds() -> int:
    """Extra seconds a player gets once per hand when their clock runs out (TIME_BANK_SECONDS)."""
    return max(0, int(settings.TIME_BANK_SECONDS))


def timeout(table_id: int, now: datetime | None = None) -> bool:
    """If the actor's deadline has passed: start their time bank if they have not used it in
    this hand, else check for them when free, or fold."""
    now = now or timezone.now()
    with table_change(table_id) as locked:
        hand, state = locked.hand, locked.state
        if hand is None or hand.action_deadline is None or hand.action_deadline > now:
            locked.leave_unchanged()
            return False
        assert state is not None  # a live hand always has its state
        if state.runout_voters:
            # Out of time to answer "run it twice?": whoever has not answered declines.
            for number in list(state.runout_voters):
                record_events(locked, state.choose_runouts(number, False), timed_out=True)
            advance_hand(locked, now)
            return True
        seat = next(s for s in locked.seats if s.number == state.actor)
        if time_bank_seconds() and seat.time_bank_used_in_hand != hand.number:
            # Their clock ran out: the time bank (once a hand) before the table acts for them.
            seat.time_bank_used_in_hand = hand.number
            seat.save(update_fields=["time_bank_used_in_hand"])
            hand.action_deadline = now + timedelta(seconds=time_bank_seconds())
            hand.on_time_bank = True
            hand.save(update_fields=["action_deadline", "on_time_bank"])
            return True
        record_events(locked, state.apply(state.timeout_action()), timed_out=True)
        seat.consecutive_timeouts += 1
        if seat.consecutive_timeouts >= TIMEOUTS_BEFORE_SITTING_OUT:
            seat.sitting_out = True
        seat.save(update_fields=["consecutive_timeouts", "sitting_out"])
        advance_hand(locked, now)
        return True


def start_next_hand(
    table_id: int, deck: list[str] | None = None, now: datetime | None = None
) -> Hand | None:
    """Deal the next hand if the table is open, idle and has two players ready.

    ``deck`` is for tests and replays; live play deals the fair deck of the server seed the
    table committed to before the deal and the dealt-in players' client seeds at the deal
    (games/services/fair_deals.py).
    """
    now = now or timezone.now()
    with table_change(table_id) as locked:
        return _deal(locked, now, deck)


def _deal(locked: Locked, now: datetime, deck: list[str] | None) -> Hand | None:
    table = locked.table
    if locked.hand is not None or table.status != Table.Status.OPEN:
        locked.leave_unchanged()
        return None
    level = None  # a tournament's blind level, for the hand's record
    if table.is_tournament:
        # Everyone with chips is dealt in, away or not, bots alone too: it plays to its end.
        seats = [s for s in locked.seats if s.stack > 0]
        level = tournament_table.before_deal(locked, now)
        if level is None:
            seats = []  # a deal among the players waits for their answers
    else:
        seats = [s for s in locked.seats if not s.sitting_out and s.stack > 0]
        if all(is_bot(s) for s in locked.seats):
            seats = []  # nobody but bots: stop dealing
        elif table.is_practice and not practice_person_here(table):
            seats = []  # its person left, or sits out: the bots do not play on alone
    lineup = plan_hand(
        [SeatInput(s.number, s.user_id, s.stack, Entry(s.entry)) for s in seats], table.button
    )
    table.next_hand_at = None
    if lineup is None:
        return None  # published: the planned deal is off
    dealt = {s.seat for s in lineup.seats}
    config = _hand_config(locked, lineup.button)
    # Live play deals the fair deck (docs/fairness.md) over the game's deck; a test's or
    # replay's deck proves nothing.
    fair = None if deck else committed_deal(
        table, [s for s in seats if s.number in dealt], table.hands_played + 1,
        len(config.game.deck),
    )
    deck = fair.deck() if fair else deck
    assert deck is not None  # given, or made from the fair record
    runs, ask = runouts(table.run_it_twice)
    bomb = not table.is_tournament and bomb_pot_due(
        table.bomb_pot_next, table.bomb_pot_every, table.hands_played + 1
    )
    antes = {s.seat: table.bomb_pot_big_blinds * table.big_blind for s in lineup.seats}
    # A game of a button blind (short deck) takes no straddles: its blinds are the engine's.
    blinds = None if bomb or config.game.button_blind else _straddle(locked, lineup)
    bounty = seven_deuce_bounty(table.seven_deuce_big_blinds, config.big_blind, config.game,
                                table.is_tournament)
    boards = bomb_pot_boards(table.bomb_pot_boards, bomb, len(lineup.seats), config.game)
    if boards == 2:  # each board pays half already: a double board is not run again
        runs, ask = 1, False
    setup = HandSetup(runouts=runs, ask_runouts=ask, antes=antes if bomb else None,
                      bomb_pot=bomb, blinds=blinds, bounty=bounty, boards=boards)
    state = start_hand(config, lineup.seats, deck, lineup.button, setup)
    table.bomb_pot_next = False  # the host's "bomb pot next hand" is this one
    Seat.objects.filter(table=table, number__in=dealt).update(entry=Seat.Entry.PLAYING)
    for seat in seats:  # the same on the objects, which the table memory keeps
        if seat.number in dealt:
            seat.entry = Seat.Entry.PLAYING
    table.button = lineup.button
    table.hands_played += 1
    hand = record_new_hand(
        locked, state, {s.number: s for s in seats if s.number in dealt}, fair, level
    )
    advance_hand(locked, now)
    return hand
