"""Each replay step's stacks, bets and pots are the engine's own after that event; counted
again here from the events alone (what each player paid, got back and won), on random
hands of every kind: antes seat by seat, Omaha, run it twice, the 7-2 bounty."""

import random

import pytest

from games.engine import EventKind, start_hand
from games.history.replay.replayer import PAYS, build_replay
from tests.engine.helpers import (
    play_random,
    random_ante_setup,
    random_omaha_setup,
    random_setup,
)

STREET_ENDS = {EventKind.DEAL_BOARD, EventKind.SHOW, EventKind.MUCK, EventKind.WIN}


def random_hand(seed: int):
    rng = random.Random(seed)
    kind = seed % 5
    setup = [random_setup, random_ante_setup, random_omaha_setup, random_setup,
             random_setup][kind](rng)
    extra = {"runouts": 2} if kind == 3 else {"bounty": setup.config.big_blind} if kind == 4 else {}
    state = start_hand(setup.config, list(setup.seats), list(setup.deck), setup.button,
                       antes=setup.antes, **extra)
    return play_random(state, rng)


def counted(state):
    """(stacks, bets, chips put in) after each group of events a step shows, by hand."""
    stacks = {p.seat: p.starting_stack for p in state.players}
    bets = dict.fromkeys(stacks, 0)
    put_in = dict.fromkeys(stacks, 0)
    after = []
    for k, e in enumerate(state.events):
        if e.kind in PAYS:
            stacks[e.seat] -= e.amount
            put_in[e.seat] += e.amount
            if e.to is not None:
                bets[e.seat] = e.to
        elif e.kind is EventKind.RETURN_UNCALLED:
            stacks[e.seat] += e.amount
            bets[e.seat] -= e.amount
            put_in[e.seat] -= e.amount
        elif e.kind is EventKind.WIN:
            stacks[e.seat] += e.amount
        elif e.kind is EventKind.BOUNTY:
            stacks[e.seat] += e.amount
            stacks[e.payer] -= e.amount
        if e.kind in STREET_ENDS:
            bets = dict.fromkeys(bets, 0)
        following = state.events[k + 1] if k + 1 < len(state.events) else None
        hole_deal_goes_on = (e.kind is EventKind.DEAL_HOLE and following is not None
                             and following.kind is EventKind.DEAL_HOLE)
        if not hole_deal_goes_on:  # the replayer shows the whole deal of hole cards as one step
            after.append((dict(stacks), dict(bets), sum(put_in.values())))
    return after


@pytest.mark.parametrize("seed", range(120))
def test_every_steps_chips_are_the_counted_ones(seed):
    state = random_hand(seed)
    steps = build_replay(state, None, {}, reveal_all=True)["steps"]
    expected = counted(state)
    assert len(steps) == len(expected) + 1, seed
    first = steps[0]
    assert {s["number"]: s["stack"] for s in first["seats"]} == {
        p.seat: p.starting_stack for p in state.players}
    assert first["hand"]["total_pot"] == 0
    for step, (stacks, bets, total) in zip(steps[1:], expected, strict=True):
        where = f"seed {seed}, step {step['label']!r}"
        assert {s["number"]: s["stack"] for s in step["seats"]} == stacks, where
        assert {s["number"]: s["bet"] for s in step["seats"]} == bets, where
        assert step["hand"]["total_pot"] == total, where
        # The pots hold every chip put in but the bets still in front.
        assert sum(p["amount"] for p in step["hand"]["pots"]) == total - sum(bets.values()), where
    final = {s["number"]: s["stack"] for s in steps[-1]["seats"]}
    assert final == state.stacks()
