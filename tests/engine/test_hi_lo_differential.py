"""Omaha hi/lo and five-card Omaha against pokerkit (the test-only oracle).

PHH and pokerkit name no pot-limit Omaha hi/lo, so the split is checked two ways:

- Random hands played to the end by the engine; the test builds the pots from what each
  player put in, finds the best high (pokerkit's ``OmahaHoldemHand``) and the best low
  (``OmahaEightOrBetterLowHand``) of each pot's players and splits it by the rules written
  here: half to the high, half to the low (the high takes all without a low), the odd chip
  to the high half, a half's odd chips to its first winner left of the button, consecutive
  pots won by the same players of both halves paid as one (the engine's rule for every
  game). The stacks must be the engine's.
- pokerkit's own ``PotLimitOmahaHoldem`` declared with five hole cards (``PO5``), or with
  the low as a second hand type (``PO/8``, ``PO5/8``; tests/engine/helpers.py), plays the
  same hands decision by decision and settles them: identical stacks. pokerkit halves a pot
  whenever anyone shown has a low, even a side pot whose players have none (its low half
  then goes to the hands without a low); such hands are counted, not compared (the first
  check covers them).

ENGINE_DIFF_HANDS (default 2,000) and ENGINE_DIFF_SEED set the slow runs.
"""

from __future__ import annotations

import os
import random
from dataclasses import dataclass

import pytest
from pokerkit import OmahaEightOrBetterLowHand, OmahaHoldemHand

from games.engine import FIVE_CARD_OMAHA, FIVE_CARD_OMAHA_HI_LO, POT_LIMIT_OMAHA_HI_LO, HandState
from games.engine.games import Game
from tests.engine.helpers import Divergence, play_both, play_random, random_game_setup

HANDS = int(os.environ.get("ENGINE_DIFF_HANDS", "2000"))
SEED = int(os.environ.get("ENGINE_DIFF_SEED", "20261121"))
HI_LO = [POT_LIMIT_OMAHA_HI_LO, FIVE_CARD_OMAHA_HI_LO]


@dataclass
class Seen:
    """Spots worth comparing, counted."""

    showdowns: int = 0
    splits: int = 0  # pots split high and low
    quartered: int = 0  # a half shared by tied hands
    side_pots: int = 0
    odd_halves: int = 0  # a split pot of an odd number of chips


def _pots(committed: list[int], live: list[bool]) -> list[tuple[int, tuple[int, ...]]]:
    pots: list[tuple[int, tuple[int, ...]]] = []
    previous = 0
    for level in sorted({c for c in committed if c > 0}):
        amount = sum(min(c, level) - min(c, previous) for c in committed)
        eligible = tuple(i for i, c in enumerate(committed) if c >= level and live[i])
        if pots and pots[-1][1] == eligible:
            pots[-1] = (pots[-1][0] + amount, eligible)
        else:
            pots.append((amount, eligible))
        previous = level
    return pots


def _best(hands: dict[int, object], eligible: tuple[int, ...]) -> tuple[int, ...]:
    mine = [i for i in eligible if hands.get(i) is not None]
    if not mine:
        return ()
    top = max(hands[i] for i in mine)  # type: ignore[type-var]
    return tuple(i for i in mine if hands[i] == top)


def _share(amount: int, winners: tuple[int, ...], into: list[int]) -> None:
    quotient, odd = divmod(amount, len(winners))
    for k, i in enumerate(winners):
        into[i] += quotient + (odd if k == 0 else 0)


def split_with_pokerkit(state: HandState, seen: Seen) -> dict[int, int]:
    """Each seat's stack after the showdown of ``state``, the split computed here."""
    players = state.players  # position order: the first left of the button first
    board = "".join(state.board)
    live = [not p.folded for p in players]
    highs: dict[int, object] = {}
    lows: dict[int, object] = {}
    for i, p in enumerate(players):
        if live[i]:
            highs[i] = OmahaHoldemHand.from_game("".join(p.hole), board)
            try:
                lows[i] = OmahaEightOrBetterLowHand.from_game("".join(p.hole), board)
            except ValueError:  # pokerkit: no low can be formed
                lows[i] = None
    won = [0] * len(players)
    groups: list[list] = []  # amount, high winners, low winners
    pots = _pots([p.committed for p in players], live)
    seen.side_pots += len(pots) > 1
    for amount, eligible in pots:
        winners = (_best(highs, eligible), _best(lows, eligible))
        if groups and (groups[-1][1], groups[-1][2]) == winners:
            groups[-1][0] += amount
        else:
            groups.append([amount, *winners])
    for amount, high, low in groups:
        if not low:
            _share(amount, high, won)
            continue
        seen.splits += 1
        seen.quartered += len(high) > 1 or len(low) > 1
        seen.odd_halves += amount % 2
        _share(amount - amount // 2, high, won)  # the odd chip to the high half
        _share(amount // 2, low, won)
    return {p.seat: p.starting_stack - p.committed + won[i] for i, p in enumerate(players)}


def compare_splits(game: Game, hands: int, seed: int) -> Seen:
    seen = Seen()
    setups = random_game_setup(game)
    for k in range(hands):
        rng = random.Random(seed + k)
        state = play_random(setups(rng).start(), rng)
        assert state.result is not None
        if not state.result.showdown:
            continue
        seen.showdowns += 1
        expected = split_with_pokerkit(state, seen)
        assert state.result.finishing_stacks == expected, f"seed {seed + k} ({game.code})"
    return seen


@pytest.mark.parametrize("game", HI_LO, ids=lambda g: g.code)
def test_hi_lo_showdowns_split_as_pokerkit_s_hand_types_say(game: Game) -> None:
    seen = compare_splits(game, 150, SEED + 30_000_000)
    assert seen.showdowns > 60 and seen.splits > 10 and seen.side_pots > 10
    assert seen.quartered > 0 and seen.odd_halves > 0


@pytest.mark.slow
@pytest.mark.parametrize("game", HI_LO, ids=lambda g: g.code)
def test_many_hi_lo_showdowns_split_as_pokerkit_s_hand_types_say(game: Game) -> None:
    seen = compare_splits(game, HANDS, SEED + 40_000_000)
    print(f"\n{game.code}: {HANDS} hands, {seen}")
    assert min(seen.splits, seen.side_pots, seen.quartered, seen.odd_halves) > HANDS // 100


def pokerkit_halves_a_pot_without_a_low(state: HandState) -> bool:
    """pokerkit halves every pot once anyone shown has a low, and pays a pot whose players
    have none half to its high and half among the hands without a low; by the rules (and
    here) such a pot goes whole to the high."""
    assert state.result is not None
    lows = any(hand.low for hand in state.result.shown)
    return lows and any(not pot.half for pot in state.result.pots)


def play_against_pokerkit(game: Game, hands: int, seed: int) -> tuple[int, int]:
    """Play ``hands`` random hands in both, decision by decision; returns (hands whose
    stacks were compared, hands pokerkit splits otherwise by design)."""
    seen, compared, apart = Divergence(), 0, 0
    setups = random_game_setup(game)
    for k in range(hands):
        rng = random.Random(seed + k)
        setup = setups(rng)
        try:
            state, pk = play_both(setup, rng, seen)
        except AssertionError as error:
            raise AssertionError(f"seed {seed + k}: {setup.describe()}: {error}") from error
        assert state.result is not None and not pk.status, f"seed {seed + k}"
        if pokerkit_halves_a_pot_without_a_low(state):
            apart += 1
            continue
        ours = [state.result.finishing_stacks[p.seat] for p in state.players]
        assert list(pk.stacks) == ours, f"seed {seed + k}: {setup.describe()}"
        compared += 1
    return compared, apart


@pytest.mark.parametrize("game", [FIVE_CARD_OMAHA, *HI_LO], ids=lambda g: g.code)
def test_a_few_hands_end_with_pokerkit_s_stacks(game: Game) -> None:
    compared, apart = play_against_pokerkit(game, 40, SEED + 50_000_000)
    assert compared >= 30 and (apart == 0 or game.high_low)


@pytest.mark.slow
@pytest.mark.parametrize("game", [FIVE_CARD_OMAHA, *HI_LO], ids=lambda g: g.code)
def test_random_hands_end_with_pokerkit_s_stacks(game: Game) -> None:
    compared, apart = play_against_pokerkit(game, HANDS, SEED + 60_000_000)
    print(f"\n{game.code}: {compared} hands end with pokerkit's stacks; {apart} have a pot "
          "without a low that pokerkit halves")
    assert compared >= HANDS - HANDS // 10 and (apart == 0 or game.high_low)
