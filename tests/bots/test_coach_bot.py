"""The coach bot (games/bots/coach_bot.py): legal play, the chart before the flop, the
model's best option after it; ``make bench-bots`` measures how it fares."""

import random

from games.bots.coach_bot import coach_style
from games.bots.grading import options
from games.bots.players import seat_bots
from games.bots.selfplay import play_hand
from games.bots.situation import Legal, Opponent, Situation
from games.engine import SeatInput, TableConfig, shuffled_deck
from games.engine.types import ActionKind, AmountRange

K = ActionKind


def test_the_coach_bot_plays_whole_hands_legally_and_keeps_every_chip():
    rng = random.Random(4)
    seats = [SeatInput(n, f"p{n}", 200) for n in range(1, 7)]
    styles = {1: "coach", 2: "calling_station", 3: "coach", 4: "tight_aggressive",
              5: "random", 6: "coach"}
    for number in range(6):
        state = play_hand(TableConfig(1, 2), seats, styles, shuffled_deck(rng),
                          button=number % 6 + 1, rng=rng)
        assert state.is_complete
        assert sum(state.result.finishing_stacks.values()) == 1200


def first_in(hole):
    legal = Legal(frozenset({K.FOLD, K.CALL, K.RAISE, K.ALL_IN}), 2, None, AmountRange(4, 200),
                  200)
    opponents = tuple(Opponent(s, 200 - b, b, False, ()) for s, b in
                      ((1, 1), (2, 2), (4, 0), (5, 0), (6, 0)))
    return Situation(3, hole, (), "preflop", 3, 0, 200, 2, opponents, legal, 0,
                     button=6, blinds=(1, 2), seats=(1, 2, 3, 4, 5, 6))


def test_before_the_flop_it_plays_the_chart_at_the_charts_size():
    rng = random.Random(1)
    raised = coach_style(first_in(("Kh", "Qd")), rng)
    assert (raised.kind, raised.amount) == (K.RAISE, 6)  # UTG opens KQo to 3 big blinds
    assert coach_style(first_in(("7h", "2d")), rng).kind is K.FOLD


def test_after_the_flop_it_takes_the_option_the_model_rates_highest():
    legal = Legal(frozenset({K.FOLD, K.CHECK, K.BET, K.ALL_IN}), 0, AmountRange(2, 200), None,
                  200)
    spot = Situation(1, ("As", "Ad"), ("2c", "7d", "9h", "Jc", "3s"), "river", 20, 0, 200, 2,
                     (Opponent(2, 200, 0, False, (("preflop", "call"),)),), legal, 0)
    best = max(options(spot), key=lambda o: o.ev)
    decision = coach_style(spot, random.Random(1))
    assert decision.kind.value == best.kind and decision.amount == best.to


def test_a_host_can_seat_coach_bots(table):
    seated = seat_bots(table.id, 2, "coach")
    names = [seat.user.get_username() for seat in seated]
    assert names == ["Coco (bot)", "Cosmo (bot)"]
    assert {seat.user.player.bot_style for seat in seated} == {"coach"}
