"""The precomputed heads-up preflop table: its counts equal a direct count of every board,
it agrees with itself under seat swaps and suit renamings on every matchup, and range
equity through it equals range equity by enumeration, per player and per combo."""

from __future__ import annotations

import os
from itertools import product

import numpy as np
import pytest

from evaluator import DECK, hand_equity
from evaluator.range_equity import RangeCalculation, range_equity
from evaluator.range_table import (
    BOARDS,
    CLASSES,
    COMBOS,
    PAIRS,
    SUIT_RENAMINGS,
    headsup_table,
    representative,
)

IDS = np.array(PAIRS)
DISJOINT = ~(IDS[:, None, :, None] == IDS[None, :, None, :]).any(axis=(2, 3))  # 1326 x 1326


def whole_table():
    """Wins, ties and losses of every combo against every combo (zero where they clash)."""
    table = headsup_table()
    assert table is not None, "evaluator/data/headsup_preflop.npz is missing"
    a, b = np.nonzero(DISJOINT)
    counts = table.counts(a, b)
    full = np.zeros((3, COMBOS, COMBOS), dtype=np.int64)
    for k in range(3):
        full[k, a, b] = counts[k]
    return full


def text(combo: int) -> str:
    high, low = PAIRS[combo]
    return f"{DECK[high]}{DECK[low]}"


def test_every_matchup_counts_every_board_once_and_swapping_seats_swaps_the_counts():
    wins, ties, losses = whole_table()
    assert ((wins + ties + losses) == BOARDS * DISJOINT).all()
    assert (wins == losses.T).all() and (ties == ties.T).all()


def test_renaming_suits_changes_no_count_on_any_matchup():
    wins, ties, _ = whole_table()
    for renaming in SUIT_RENAMINGS:
        moved = 4 * (IDS // 4) + np.array(renaming)[IDS % 4]
        high, low = moved.max(axis=1), moved.min(axis=1)
        image = high * (high - 1) // 2 + low
        assert (wins[np.ix_(image, image)] == wins).all(), renaming
        assert (ties[np.ix_(image, image)] == ties).all(), renaming


def _sampled_matchups(count: int, seed: int) -> list[tuple[int, int]]:
    """``count`` class matchups drawn at random, each as a random pair of disjoint combos."""
    rng = np.random.default_rng(seed)
    wanted = rng.choice(CLASSES * CLASSES, size=count, replace=False)
    klass = np.array([_class(c) for c in range(COMBOS)])
    out = []
    for pair in wanted:
        first, second = divmod(int(pair), CLASSES)
        a = int(rng.choice(np.flatnonzero(klass == first)))
        b = int(rng.choice(np.flatnonzero((klass == second) & DISJOINT[a])))
        out.append((a, b))
    return out


def _class(combo: int) -> int:
    from evaluator.range_table import class_index

    return class_index(*PAIRS[combo])


@pytest.mark.parametrize(("a", "b"), _sampled_matchups(16, seed=26))
def test_table_equals_a_direct_count_on_sampled_matchups(a, b):
    """16 of the 28,561 class matchups, each as one random combo matchup, counted by
    evaluator.odds (its own board enumeration); the slow test below checks them all."""
    table = headsup_table()
    assert table is not None
    wins, ties, losses = (int(x[0]) for x in table.counts(np.array([a]), np.array([b])))
    direct = hand_equity([text(a), text(b)])
    assert (wins, ties, losses) == (direct[0].wins, direct[0].ties, direct[1].wins), \
        f"{text(a)} vs {text(b)}"


# The whole check below costs about 40 minutes of one core: CI runs one part in thirteen
# (every thirteenth class: pairs, suited and offsuit hands alike, about 3 minutes);
# EVALUATOR_TABLE_CHECK=all runs every part (after rebuilding the table, say).
TABLE_CHECK_PARTS = 13
TABLE_CHECK_RUN = (
    range(TABLE_CHECK_PARTS) if os.environ.get("EVALUATOR_TABLE_CHECK") == "all" else range(1)
)


@pytest.mark.slow
@pytest.mark.parametrize("part", TABLE_CHECK_RUN)
def test_table_equals_direct_enumeration_on_every_class_matchup(part):
    """Each class's representative against every combo it does not touch (so every class
    matchup, with every suit pattern), enumerated board by board without the table:
    all 1,712,304 boards of 1,225 matchups per class; this part's classes only."""
    wins, ties, _ = whole_table()
    for klass in range(part, CLASSES, TABLE_CHECK_PARTS):
        rep = representative(klass)
        others = [c for c in range(COMBOS) if DISJOINT[rep, c]]
        villain = ", ".join(text(c) for c in others)
        result = range_equity([text(rep), villain], precomputed=False, exact_limit=10**15)
        index = {text(o): o for o in others}
        assert len(result[1].combos) == len(others)
        for combo in result[1].combos:
            c = index[combo.text]
            assert combo.deals == BOARDS
            assert (combo.deals - combo.wins - combo.ties, combo.ties) == \
                (wins[rep, c], ties[rep, c]), f"{text(rep)} vs {combo.text}"


SPOTS = [
    ["AKs", "QQ+, AKs"],
    ["AsKs", "QQ+, AKs"],
    ["QQ+, AKs", "JJ-88, AQs"],
    ["0.5(AK), 22", "0.25(T9s), KQo, AhAd"],
    ["72o", "AhKh"],
    ["AcAd", "AhAs"],
]


@pytest.mark.parametrize("ranges", SPOTS)
def test_range_equity_by_table_equals_enumeration_per_player_and_per_combo(ranges):
    fast = RangeCalculation(ranges)
    plain = RangeCalculation(ranges, precomputed=False)
    assert type(fast._run).__name__ == "TableRun" and type(plain._run).__name__ == "ExactRun"
    assert list(fast.steps()) == [1.0] and list(plain.steps())[-1] == 1.0
    a, b = fast.result(), plain.result()
    assert a.exact and b.exact and a.deals == b.deals
    for i, (x, y) in enumerate(zip(a, b, strict=True), 1):
        assert [x.deals, x.wins, x.ties] == [y.deals, y.wins, y.ties], f"player {i}"
        assert x.tie_credit == pytest.approx(y.tie_credit, rel=1e-12)
        mine = {c.cards: (c.deals, c.wins, c.ties, round(c.tie_credit, 6)) for c in x.combos}
        theirs = {c.cards: (c.deals, c.wins, c.ties, round(c.tie_credit, 6)) for c in y.combos}
        assert mine == theirs, f"player {i}: per-combo counts differ"


@pytest.mark.parametrize(("ranges", "board", "dead"), [
    (["AKs", "QQ+"], "", "2c"),
    (["AKs", "QQ+"], "2c 3d 4h", ""),
    (["AKs", "QQ+", "JJ"], "", ""),
])
def test_the_table_is_used_only_heads_up_preflop_with_no_dead_card(ranges, board, dead):
    calc = RangeCalculation(ranges, board=board, dead=dead)
    assert type(calc._run).__name__ == "ExactRun"


def test_every_class_has_a_representative_of_that_class():
    for klass, (first, second) in enumerate(product(range(13), repeat=2)):
        high, low = PAIRS[representative(klass)]
        ranks = sorted((high // 4, low // 4), reverse=True)
        assert ranks == sorted((first, second), reverse=True)
        assert (high % 4 == low % 4) == (first > second)
