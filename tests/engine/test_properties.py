"""Properties over random hands (hypothesis): chips are conserved on every step, exactly one
player acts while betting is open, and ``legal_actions()`` is exactly what ``apply`` takes."""

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engine import (
    FULL_DECK,
    Action,
    ActionKind,
    HandState,
    IllegalAction,
    LegalActions,
    SeatInput,
    TableConfig,
    replay,
    start_hand,
)

PROPERTY_SETTINGS = settings(
    max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@st.composite
def hands(draw: st.DrawFn) -> tuple[TableConfig, list[SeatInput], list[str], int, list[int]]:
    n = draw(st.integers(2, 7))
    bb = draw(st.sampled_from([2, 10, 40]))
    sb = draw(st.integers(1, bb))
    ante = draw(st.sampled_from([0, 0, 1, bb // 2, bb]))
    stack = st.one_of(st.integers(1, 3 * bb), st.integers(3 * bb, 150 * bb))
    stacks = draw(st.lists(stack, min_size=n, max_size=n))
    numbers = sorted(draw(st.lists(st.integers(1, 10), min_size=n, max_size=n, unique=True)))
    button = draw(st.sampled_from(numbers))
    deck = draw(st.permutations(FULL_DECK))
    choices = draw(st.lists(st.integers(0, 2**16), max_size=80))
    seats = [SeatInput(s, f"p{s}", stacks[i]) for i, s in enumerate(numbers)]
    return TableConfig(sb, bb, ante), seats, list(deck), button, choices


def choose(legal: LegalActions, choice: int) -> Action:
    """A legal action picked by ``choice`` (deterministic, so hypothesis can shrink; 0 is a
    check or call)."""
    seat = legal.seat
    passive = ActionKind.CALL if legal.call else ActionKind.CHECK
    options = [Action(seat, passive)] * 5 + [Action(seat, ActionKind.FOLD)]
    span = legal.bet or legal.raise_to
    if span is not None:
        kind = ActionKind.BET if legal.bet is not None else ActionKind.RAISE
        middle = (span.min + span.max) // 2
        options += [Action(seat, kind, span.min)] * 2 + [Action(seat, kind, middle)]
        options += [Action(seat, kind, span.max)]
    if legal.all_in is not None:
        options.append(Action(seat, ActionKind.ALL_IN))
    return options[choice % len(options)]


def chips(state: HandState) -> int:
    on_table = 0 if state.is_complete else sum(p.committed for p in state.players)
    return sum(p.stack for p in state.players) + on_table


def play(spec, each_step=None) -> HandState:  # type: ignore[no-untyped-def]
    config, seats, deck, button, choices = spec
    state = start_hand(config, seats, deck, button)
    for choice in [*choices, *[0] * 200]:
        if each_step:
            each_step(state)
        legal = state.legal_actions()
        if legal is None:
            break
        state.apply(choose(legal, choice))
    if each_step:
        each_step(state)
    assert state.is_complete
    return state


@PROPERTY_SETTINGS
@given(hands())
def test_chips_are_conserved_on_every_step(spec):
    total = sum(s.stack for s in spec[1])

    def check(state: HandState) -> None:
        assert chips(state) == total
        assert all(p.stack >= 0 and p.bet >= 0 and p.committed >= p.bet for p in state.players)

    state = play(spec, check)
    assert state.result is not None
    assert sum(state.result.finishing_stacks.values()) == total
    assert sum(pot.amount for pot in state.result.pots) == state.total_pot
    assert all(sum(p.shares) == p.amount for p in state.result.pots)


@PROPERTY_SETTINGS
@given(hands())
def test_exactly_one_player_acts_while_betting_is_open(spec):
    def check(state: HandState) -> None:
        legal = state.legal_actions()
        if state.is_complete:
            assert state.actor is None and legal is None
            return
        assert state.actor is not None and legal is not None and legal.seat == state.actor
        actor = state.player(state.actor)
        assert not actor.folded and actor.stack > 0
        assert sum(1 for p in state.players if p.seat == state.actor) == 1

    play(spec, check)


def probes(state: HandState, legal: LegalActions) -> list[tuple[Action, bool]]:
    """Candidate actions and whether ``legal`` says each is allowed."""
    seat = legal.seat
    out: list[tuple[Action, bool]] = []
    for kind in ActionKind:
        if kind in (ActionKind.BET, ActionKind.RAISE):
            span = legal.bet if kind is ActionKind.BET else legal.raise_to
            amounts = {None, 0, 1, state.max_bet, state.max_bet + 1,
                       state.player(seat).stack + state.player(seat).bet,
                       state.player(seat).stack + state.player(seat).bet + 1}
            if span is not None:
                amounts |= {span.min - 1, span.min, span.max, span.max + 1}
            for amount in amounts:
                ok = span is not None and amount is not None and span.min <= amount <= span.max
                out.append((Action(seat, kind, amount), ok))
        else:
            out.append((Action(seat, kind), kind in legal.kinds))
            out.append((Action(seat, kind, 5), False))
    others = [p.seat for p in state.players if p.seat != seat]
    out += [(Action(others[0], ActionKind.FOLD), False), (Action(99, ActionKind.CALL), False)]
    return out


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands())
def test_legal_actions_is_exactly_what_apply_accepts(spec):
    def check(state: HandState) -> None:
        legal = state.legal_actions()
        before = state.to_dict()
        if legal is None:
            for seat in state.seats:
                try:
                    state.apply(Action(seat, ActionKind.FOLD))
                except IllegalAction:
                    pass
                else:
                    raise AssertionError("an action was accepted after the hand")
            return
        for action, allowed in probes(state, legal):
            trial = HandState.from_dict(before)
            try:
                trial.apply(action)
            except IllegalAction as refused:
                assert not allowed, (action, str(refused))
                assert trial.to_dict() == before
                assert str(refused).endswith(".")
            else:
                assert allowed, action
        assert state.to_dict() == before

    play(spec, check)


@PROPERTY_SETTINGS
@given(hands())
def test_state_round_trips_through_json_and_replays_exactly(spec):
    config, seats, deck, button, _ = spec
    snapshots: list[dict] = []

    def check(state: HandState) -> None:
        data = json.loads(json.dumps(state.to_dict()))
        assert HandState.from_dict(data).to_dict() == state.to_dict()
        snapshots.append(data)

    state = play(spec, check)
    again = replay(config, seats, deck, state.actions, button)
    assert again == state
    # A state restored mid-hand goes on exactly like the original.
    middle = HandState.from_dict(snapshots[len(snapshots) // 2])
    for action in state.actions[len(middle.actions):]:
        middle.apply(action)
    assert middle == state
