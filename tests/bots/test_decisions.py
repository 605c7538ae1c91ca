"""The bots' decision functions: legal, made from their own view only, sensible."""

import dataclasses
import random
import re

import pytest

from games.bots.decision import Decision
from games.bots.roster import BOT_STYLES
from games.bots.selfplay import bot_decision, play_hand
from games.bots.situation import Situation
from games.bots.styles import tight_aggressive
from games.engine import (
    FULL_DECK,
    UNKNOWN,
    Action,
    ActionKind,
    SeatInput,
    TableConfig,
    shuffled_deck,
    start_hand,
)
from games.engine.deal_order import deck_that_deals

CONFIG = TableConfig(small_blind=1, big_blind=2)
CARD = re.compile(r"^[2-9TJQKA][cdhs]$")


def cards_in(value) -> set[str]:
    """Every card-like string anywhere inside a dataclass, tuple or dict."""
    if dataclasses.is_dataclass(value):
        return cards_in(dataclasses.asdict(value))
    if isinstance(value, dict):
        return set().union(*(cards_in(v) for v in value.values()), set())
    if isinstance(value, list | tuple | set | frozenset):
        return set().union(*(cards_in(v) for v in value), set())
    return {value} if isinstance(value, str) and CARD.match(value) else set()


def random_table(rng: random.Random, size: int):
    seats = [SeatInput(n, f"p{n}", rng.randint(20, 400)) for n in range(1, size + 1)]
    styles = {n: rng.choice(sorted(BOT_STYLES)) for n in range(1, size + 1)}
    return seats, styles


def test_every_style_plays_only_legal_actions_and_keeps_the_chips():
    rng = random.Random(16)
    for _ in range(150):
        seats, styles = random_table(rng, rng.randint(2, 9))
        state = play_hand(
            CONFIG, seats, styles, shuffled_deck(rng), button=1, rng=rng
        )  # an illegal action raises IllegalAction
        assert state.is_complete
        assert sum(state.result.finishing_stacks.values()) == sum(s.stack for s in seats)


def test_a_decision_sees_only_its_own_hole_cards_and_the_board():
    rng = random.Random(7)
    seen = []
    for _ in range(60):
        seats, styles = random_table(rng, 6)
        deck = shuffled_deck(rng)
        state = start_hand(CONFIG, seats, deck, button=1)
        while state.actor is not None:
            seat = state.actor
            situation, decision = bot_decision(state, styles[seat], 2, rng)
            own = set(state.player(seat).hole)
            board = set(state.board)
            assert situation.hole == state.player(seat).hole
            assert cards_in(situation) <= own | board, (seat, cards_in(situation))
            undealt = set(deck) - board - {c for p in state.players for c in p.hole}
            assert not cards_in(situation) & undealt
            seen.append(seat)
            state.apply(Action(seat, decision.kind, decision.amount))
    assert len(set(seen)) == 6


def test_the_situation_refuses_a_view_that_shows_someone_elses_cards():
    state = start_hand(CONFIG, [SeatInput(1, "a", 100), SeatInput(2, "b", 100)], FULL_DECK, 1)
    with pytest.raises(ValueError, match="seat 2's hidden cards"):
        Situation.from_view(state.view(2), 1, big_blind=2)
    with pytest.raises(ValueError, match="not seat 1's own view"):
        Situation.from_view(state.view(None), 1, big_blind=2)
    whole = {**state.view(1), "deck": list(state.deck)}
    with pytest.raises(ValueError, match="not seat 1's own view"):
        Situation.from_view(whole, 1, big_blind=2)


def test_decision_functions_take_a_situation_and_a_random_source_only():
    for style in (s.decide for s in BOT_STYLES.values()):
        hints = style.__annotations__
        assert hints[next(iter(hints))] in ("Situation", Situation)
        assert style.__code__.co_argcount <= 3


def stacked_deck(hole_1: str, hole_2: str, board: str = "") -> list[str]:
    """Heads-up with the button on seat 1: seat 1 gets ``hole_1``, seat 2 ``hole_2``, then
    the flop, turn and river of ``board`` (each after a burn card)."""
    holes = [hole_2.split(), hole_1.split()]  # seat 2 (left of the button) is dealt first
    deck = deck_that_deals(holes, board.split())
    rest = iter([x for x in FULL_DECK if x not in deck])
    return [next(rest) if x == UNKNOWN else x for x in deck] + list(rest)


def heads_up(hole_1: str, hole_2: str, board: str = "", stack: int = 200):
    seats = [SeatInput(1, "a", stack), SeatInput(2, "b", stack)]
    return start_hand(CONFIG, seats, stacked_deck(hole_1, hole_2, board), button=1)


def test_tight_aggressive_raises_aces_and_folds_seven_two_to_a_big_raise():
    state = heads_up("As Ad", "7c 2d")
    assert state.player(1).hole == ("As", "Ad")
    situation = Situation.from_view(state.view(1), 1, 2)
    decision = tight_aggressive(situation, random.Random(1))
    assert decision == Decision(ActionKind.RAISE, 6)
    state.apply(Action(1, ActionKind.RAISE, 60))
    situation = Situation.from_view(state.view(2), 2, 2)
    assert tight_aggressive(situation, random.Random(1)).kind is ActionKind.FOLD


def test_tight_aggressive_bets_the_nuts_on_the_river_and_folds_nine_high_to_it():
    state = heads_up("Ah Kh", "9c 8d", board="2h 7h Jc 3s Qh")
    for seat, kind in [(1, "call"), (2, "check")] + [(2, "check"), (1, "check")] * 2:
        state.apply(Action(seat, ActionKind(kind)))
    state.apply(Action(2, ActionKind.CHECK))
    assert state.street.value == "river" and state.actor == 1
    situation = Situation.from_view(state.view(1), 1, 2)
    decision = tight_aggressive(situation, random.Random(3))
    assert decision == Decision(ActionKind.BET, 2 * situation.pot // 3)
    state.apply(Action(1, decision.kind, decision.amount))
    situation = Situation.from_view(state.view(2), 2, 2)
    assert tight_aggressive(situation, random.Random(3)).kind is ActionKind.FOLD


def test_the_calling_station_never_folds_when_it_can_call():
    rng = random.Random(5)
    calls = 0
    for _ in range(40):
        seats = [SeatInput(n, f"p{n}", 200) for n in (1, 2, 3)]
        styles = {1: "random", 2: "calling_station", 3: "random"}

        def watch(seat, situation, decision):
            nonlocal calls
            if seat == 2:
                assert decision.kind is not ActionKind.FOLD
                calls += decision.kind is ActionKind.CALL

        play_hand(CONFIG, seats, styles, shuffled_deck(rng), 1, rng, watch)
    assert calls > 10


def test_the_random_bot_uses_every_kind_of_action():
    rng = random.Random(11)
    kinds = set()
    for _ in range(60):
        seats = [SeatInput(n, f"p{n}", 300) for n in (1, 2, 3)]
        play_hand(
            CONFIG, seats, dict.fromkeys((1, 2, 3), "random"), shuffled_deck(rng), 1, rng,
            lambda seat, situation, decision: kinds.add(decision.kind),
        )
    assert kinds == set(ActionKind)
