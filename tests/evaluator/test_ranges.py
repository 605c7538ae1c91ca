"""Range notation: every form parses to the classes and weights it names, errors quote the
bad part, canonical text round-trips, top-n% follows the preflop order, cards are removed."""

from __future__ import annotations

from math import comb

import numpy as np
import pytest

from evaluator import parse_cards
from evaluator.preflop import ORDER
from evaluator.range_spot import prepare
from evaluator.ranges import (
    ALL_CLASSES,
    Range,
    class_combos,
    format_range,
    grid_classes,
    parse_range,
    top_classes,
)

PARSED = [  # text, the classes it names (whole), combos counted by weight
    ("AA", {"AA"}, 6),
    ("TT+", {"TT", "JJ", "QQ", "KK", "AA"}, 30),
    ("99-66", {"99", "88", "77", "66"}, 24),
    ("22-44", {"22", "33", "44"}, 18),
    ("A5s-A2s", {"A5s", "A4s", "A3s", "A2s"}, 16),
    ("K9s-KJs", {"K9s", "KTs", "KJs"}, 12),
    ("KQo", {"KQo"}, 12),
    ("AKs", {"AKs"}, 4),
    ("KAs", {"AKs"}, 4),
    ("QJ", {"QJs", "QJo"}, 16),
    ("ATs+", {"ATs", "AJs", "AQs", "AKs"}, 16),
    ("K9o+", {"K9o", "KTo", "KJo", "KQo"}, 48),
    ("AT+", {"ATs", "AJs", "AQs", "AKs", "ATo", "AJo", "AQo", "AKo"}, 64),
    ("A5-A3", {"A5s", "A4s", "A3s", "A5o", "A4o", "A3o"}, 48),
    ("random", set(ALL_CLASSES), 1326),
    ("any", set(ALL_CLASSES), 1326),
    ("tt+, aks", {"TT", "JJ", "QQ", "KK", "AA", "AKs"}, 34),
    ("QQ+ AKs;AKo", {"QQ", "KK", "AA", "AKs", "AKo"}, 34),
    ("0.5(AKo)", set(), 6),
    ("50%(AKo, KQs)", set(), 8),
    ("AA, 25%(KK)", {"AA"}, 7.5),
    ("random, 0(72o)", set(ALL_CLASSES) - {"72o"}, 1314),
    ("AhKh", set(), 1),
    ("AhKh, KdAd", set(), 2),
    ("AA, AsAh", {"AA"}, 6),
    ("", set(), 0),
]


def whole_classes(r: Range) -> set[str]:
    return {name for name, share in r.classes().items() if share == 1.0
            and all(r.weight(*c) == 1.0 for c in class_combos(name))}


@pytest.mark.parametrize(("text", "classes", "count"), PARSED)
def test_it_reads_every_notation(text, classes, count):
    r = parse_range(text)
    actual = (whole_classes(r), r.combo_count)
    assert actual == (classes, count), f"{text!r}: expected {(classes, count)}, got {actual}"


WEIGHTS = [  # text, combo, expected weight
    ("0.5(AKo)", "AhKd", 0.5),
    ("0.5(AKo)", "AhKh", 0.0),
    ("50%(AKo)", "AcKs", 0.5),
    ("AKo, 0.25(AhKd)", "AhKd", 0.25),
    ("0.25(AhKd), AKo", "AhKd", 1.0),
    (".3(QQ)", "QsQd", 0.3),
    ("AhKh", "KhAh", 1.0),
    ("AhKh", "AdKd", 0.0),
    ("10% (JJ)", "JcJd", 0.1),
]


@pytest.mark.parametrize(("text", "combo", "weight"), WEIGHTS)
def test_weights_apply_to_their_group_and_the_last_mention_wins(text, combo, weight):
    actual = parse_range(text).weight(*parse_cards(combo))
    assert actual == pytest.approx(weight), f"{text!r} {combo}: expected {weight}, got {actual}"


def test_spanish_suit_letters_read_explicit_combos_when_asked():
    assert list(parse_range("ATKT", suits="es")) == [tuple(parse_cards("Ac Kc"))]
    assert list(parse_range("AhKh")) == [tuple(parse_cards("Ah Kh"))]


BAD = [  # text, the part the error must quote, and words it must say
    ("AKx", "'AKx'", "expected a hand"),
    ("AA, XX", "'XX'", "expected a hand"),
    ("AAs", "'AAs'", "a pair is written without s or o"),
    ("AhAh", "'AhAh'", "expected a hand"),
    ("A5s-K2s", "'A5s-K2s'", "same first rank"),
    ("A5s-A2o", "'A5s-A2o'", "same first rank and suitedness"),
    ("AA-KQ", "'AA-KQ'", "span"),
    ("A5s-A2s+", "'A5s-A2s+'", "span"),
    ("AKs-AAs", "'AKs-AAs'", ""),
    ("1.5(AKo)", "'1.5'", "bad weight"),
    ("150%(AKo)", "'150%'", "bad weight"),
    ("150%", "'150%'", "bad weight"),
    ("0.5(AKo", "'0.5('", "never closed"),
    ("AKo)", "')'", "no '('"),
    ("0.5(0.5(AA))", "'0.5'", "do not nest"),
    ("(AKo)", "'(AKo)'", "bad range part"),
]


@pytest.mark.parametrize(("text", "part", "words"), BAD)
def test_a_bad_part_is_a_value_error_quoting_it(text, part, words):
    with pytest.raises(ValueError) as error:
        parse_range(text)
    message = str(error.value)
    assert part in message and words in message, f"{text!r}: got {message!r}"


def test_the_grid_has_pairs_on_the_diagonal_suited_above_offsuit_below():
    grid = grid_classes()
    assert [grid[i][i] for i in range(13)] == [r * 2 for r in "AKQJT98765432"]
    assert grid[0][12] == "A2s" and grid[12][0] == "A2o" and grid[3][4] == "JTs"
    assert sorted(ALL_CLASSES) == sorted({n for row in grid for n in row})
    assert sum(len(class_combos(n)) for n in ALL_CLASSES) == 1326


def random_range(rng: np.random.Generator) -> Range:
    names = rng.choice(ALL_CLASSES, size=int(rng.integers(1, 40)), replace=False)
    weights = {}
    for name in names:
        w = float(rng.choice([1.0, 1.0, 0.5, 0.25]))
        combos = class_combos(str(name))
        if rng.random() < 0.3:  # part of a class: a few combos
            combos = combos[: int(rng.integers(1, len(combos)))]
        for combo in combos:
            weights[combo] = w
    return Range(weights)


@pytest.mark.parametrize("seed", range(40))
def test_canonical_text_parses_back_to_the_same_range(seed):
    r = random_range(np.random.default_rng(seed))
    text = format_range(r)
    again = parse_range(text)
    assert again.weights == r.weights, f"{text!r} read back differently"


def test_canonical_text_groups_spans():
    cases = [("AA KK QQ", "QQ+"), ("99 88 77", "99-77"), ("AKs AQs AJs", "AJs+"),
             ("A5s A4s A3s", "A5s-A3s"), ("AKo KQo", "AKo, KQo"), ("QJ", "QJs, QJo"),
             ("AhKh", "AhKh"), ("0.5(AA)", "0.5(AA)")]
    for text, expected in cases:
        assert format_range(parse_range(text)) == expected, text


def test_the_preflop_order_holds_each_class_once_aces_first():
    assert len(ORDER) == 169 and set(ORDER) == set(ALL_CLASSES)
    assert ORDER[:3] == ("AA", "KK", "QQ") and ORDER[-1] in ("32o", "42o", "72o", "52o", "62o")


@pytest.mark.parametrize("percent", [0.5, 5, 10, 15, 33.3, 50, 100])
def test_top_percent_is_the_shortest_prefix_of_the_order_reaching_it(percent):
    chosen = top_classes(percent)
    assert chosen == list(ORDER[: len(chosen)])
    combos = [len(class_combos(n)) for n in chosen]
    target = percent / 100 * 1326
    assert sum(combos) >= target - 1e-9 and sum(combos[:-1]) < target
    assert parse_range(f"top {percent}%").combo_count == sum(combos)
    assert parse_range(f"{percent}%").combo_count == sum(combos)


CARD_REMOVAL = [  # ranges, board, dead -> combos left per player, fixed players
    (["AhKh", "AA, KK"], "", "", [1, 6], [True, False]),
    (["QQ", "AA"], "Qs 2c 3d", "Ah", [3, 3], [False, False]),
    (["AsKs", "QQ+, AKs"], "Qh", "", [1, 12], [True, False]),
    (["AsKs", "QQ+, AKs"], "Qh Qd", "Ac", [1, 7], [True, False]),
    (["AKs", "AK", "0.5(QQ)"], "Ks", "", [3, 12, 6], [False, False, False]),
]


@pytest.mark.parametrize(("ranges", "board", "dead", "left", "fixed"), CARD_REMOVAL)
def test_board_dead_cards_and_hands_leave_the_other_ranges(ranges, board, dead, left, fixed):
    spot = prepare(ranges, board=board, dead=dead)
    actual = ([len(r) for r in spot.ranges], spot.fixed)
    assert actual == (left, fixed), f"{ranges} {board!r} {dead!r}: got {actual}"


def test_a_hand_leaves_a_range_that_then_becomes_a_hand_too():
    spot = prepare(["AhAd", "AA", "KK"])
    assert [len(r) for r in spot.ranges] == [1, 1, 6] and spot.fixed == [True, True, False]
    assert len(spot.deck) == 48 and spot.boards == comb(46, 5)
