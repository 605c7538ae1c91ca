"""Range equity: exact results equal eval7's exact hand-vs-range routine and a brute-force
count; Monte Carlo lands within its standard error; bad spots are refused with a reason."""

from __future__ import annotations

import warnings
from fractions import Fraction
from itertools import combinations, product
from math import comb

import numpy as np
import pytest

with warnings.catch_warnings():  # eval7 imports pyparsing's deprecated names
    warnings.simplefilter("ignore", DeprecationWarning)
    import eval7

from evaluator import DECK, format_cards, hand_equity, parse_cards
from evaluator.range_equity import RangeCalculation, range_equity
from evaluator.ranges import ALL_CLASSES, parse_range

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")  # eval7 on pyparsing


def eval7_hand_vs_range(hand: str, villain: str, board: str) -> float:
    """Hero's exact equity by eval7. Its exact routine needs a complete board, so shorter
    boards are completed every way and each river weighted by the villain combos it leaves."""
    hero = [eval7.Card(str(c)) for c in parse_cards(hand)]
    options = eval7.HandRange(villain).hands
    held = [frozenset(parse_cards(f"{a}{b}")) for (a, b), _ in options]
    known = parse_cards(board)
    used = set(parse_cards(hand)) | set(known)
    deck = [c for c in DECK if c not in used]
    total = weighted = 0.0
    for rest in combinations(deck, 5 - len(known)):
        out = used | set(rest)
        left = sum(1 for combo in held if not combo & out)
        if left:
            river = [eval7.Card(str(c)) for c in (*known, *rest)]
            weighted += left * eval7.py_hand_vs_range_exact(hero, options, river)
            total += left
    return weighted / total


def random_spot(rng: np.random.Generator) -> tuple[str, str, str]:
    cards = [DECK[int(i)] for i in rng.permutation(52)]
    hand = format_cards(cards[:2], sep="")
    board = format_cards(cards[2 : 2 + int(rng.choice([3, 4, 5]))])
    names = rng.choice(ALL_CLASSES, size=int(rng.integers(1, 12)), replace=False)
    villain = ", ".join(str(n) for n in names)
    return hand, villain, board


SPOTS = [random_spot(np.random.default_rng(seed)) for seed in range(50)]


@pytest.mark.parametrize(("hand", "villain", "board"), SPOTS)
def test_hand_vs_range_equals_eval7_exact(hand, villain, board):
    left = parse_range(villain).without(parse_cards(hand) + parse_cards(board)).weights
    assert left, f"{villain} has no combo left against {hand} on {board}: choose other seeds"
    ours = range_equity([hand, villain], board=board)
    expected = eval7_hand_vs_range(hand, villain, board)
    assert ours.exact
    assert ours[0].equity == pytest.approx(expected, abs=2e-6), \
        f"{hand} vs {villain} on {board}: expected {expected:.6f}, got {ours[0].equity:.6f}"
    assert ours[0].equity + ours[1].equity == pytest.approx(1.0)


def brute_force(ranges: list[str], board: str, dead: str = ""):
    """Weighted (deals, wins, ties, tie credit) per player and per combo, one deal and one
    board at a time, with eval7's evaluator and exact fractions."""
    known, gone = parse_cards(board), parse_cards(dead)
    parsed = [parse_range(r).without(known + gone) for r in ranges]
    options = [[(c, Fraction(str(w))) for c, w in r.weights.items()] for r in parsed]
    totals = [[Fraction(0)] * 4 for _ in ranges]
    per_combo: list[dict] = [{} for _ in ranges]
    for deal in product(*options):
        held = [card for combo, _ in deal for card in combo]
        if len(set(held)) != len(held):
            continue
        weight = Fraction(1)
        for _, w in deal:
            weight *= w
        deck = [c for c in DECK if c not in {*held, *known, *gone}]
        for rest in combinations(deck, 5 - len(known)):
            river = [eval7.Card(str(c)) for c in (*known, *rest)]
            values = [eval7.evaluate([eval7.Card(str(c)) for c in combo] + river)
                      for combo, _ in deal]
            best = max(values)
            top = [i for i, v in enumerate(values) if v == best]
            for i, (combo, _) in enumerate(deal):
                row = [weight, 0, 0, 0]
                if i in top and len(top) == 1:
                    row[1] = weight
                elif i in top:
                    row[2], row[3] = weight, weight / len(top)
                totals[i] = [a + b for a, b in zip(totals[i], row, strict=True)]
                mine = per_combo[i].setdefault(combo, [Fraction(0)] * 4)
                per_combo[i][combo] = [a + b for a, b in zip(mine, row, strict=True)]
    return totals, per_combo


SMALL = [  # ranges, board, dead
    (["AhKh", "QQ+, AKs"], "Qs 7h 2h", ""),
    (["AK", "QQ, JJ"], "Qd 9c 4s 2h", ""),
    (["0.5(AK), AQs", "QQ+, 0.25(JJ)"], "Ts 7c 2d 3h", ""),
    (["JTs", "AA, 0.5(KK)", "98s, 22"], "Jd 8s 2c 5h", "Ah"),
    (["AhAs", "KK", "QQ", "JJ"], "2c 7d 9h Tc", ""),
    (["T9s, 0.75(76s)", "AA", "random"], "9c 6c 2d 2s 4h", ""),
    (["55", "AKo"], "Ks 5d 3c", "Ac Ad"),
]


@pytest.mark.parametrize(("ranges", "board", "dead"), SMALL)
def test_range_vs_range_equals_a_brute_force_count(ranges, board, dead):
    totals, per_combo = brute_force(ranges, board, dead)
    ours = range_equity(ranges, board=board, dead=dead)
    assert ours.exact
    for i, player in enumerate(ours):
        expected = [float(x) for x in totals[i]]
        actual = [player.deals, player.wins, player.ties, player.tie_credit]
        assert actual == pytest.approx(expected, rel=1e-12), \
            f"{ranges} on {board} player {i + 1}: expected {expected}, got {actual}"
        for combo in player.combos:
            want = [float(x) for x in per_combo[i][combo.cards]]
            got = [combo.deals, combo.wins, combo.ties, combo.tie_credit]
            assert got == pytest.approx(want, rel=1e-12), f"player {i + 1} {combo.text}"
        listed = {c.cards for c in player.combos}
        assert listed == {c for c, v in per_combo[i].items() if v[0] > 0}


def test_unweighted_counts_are_whole_numbers_equal_to_hand_vs_hand_equity():
    ours = range_equity(["AhAs", "KdKc"])
    plain = hand_equity(["AhAs", "KdKc"])
    assert ours.deals == plain.boards == 1_712_304
    assert (ours[0].wins, ours[0].ties, ours[1].wins) == (plain[0].wins, plain[0].ties,
                                                          plain[1].wins)


def test_hand_vs_range_preflop_counts_every_deal_on_every_board():
    ours = range_equity(["AsKs", "QQ+, AKs"])
    combos = 6 + 3 + 3 + 3  # QQ, KK and AA without the king and ace of spades, AKs
    assert ours.exact and ours.deals == combos * comb(48, 5)
    by_combo = {c.text: c for c in ours[1].combos}
    kings = by_combo["KhKd"]
    pair = hand_equity(["AsKs", "KhKd"])
    assert kings.wins == pair[1].wins and kings.ties == pair[1].ties


def test_monte_carlo_lands_within_its_standard_error_and_repeats_with_its_seed():
    exact = range_equity(["AK", "QQ+, AQs"], board="Qh 7d 2c")
    sampled = range_equity(["AK", "QQ+, AQs"], board="Qh 7d 2c", samples=60_000, seed=7)
    again = range_equity(["AK", "QQ+, AQs"], board="Qh 7d 2c", samples=60_000, seed=7)
    assert not sampled.exact and sampled.deals == 60_000
    for e, s in zip(exact, sampled, strict=True):
        assert s.std_error and abs(s.equity - e.equity) < 4 * s.std_error, (e.equity, s.equity)
    assert [p.equity for p in again] == [p.equity for p in sampled]


def test_weighted_monte_carlo_follows_the_weights():
    exact = range_equity(["AhAs", "0.1(KK), QQ"])
    sampled = range_equity(["AhAs", "0.1(KK), QQ"], samples=80_000, seed=3)
    assert abs(sampled[0].equity - exact[0].equity) < 4 * sampled[0].std_error


def test_it_counts_exactly_until_the_work_passes_the_limit():
    small = RangeCalculation(["AK", "QQ+"], board="Qh 7d 2c")
    assert small.exact and small.work > 0
    big = RangeCalculation(["AK", "QQ+"], board="Qh 7d 2c", exact_limit=small.work - 1,
                           default_samples=1000)
    assert not big.exact and big.samples == 1000
    assert list(big.steps())[-1] == 1.0 and big.result().deals == 1000


def test_six_players_with_ranges():
    result = range_equity(["AA", "KK", "QQ", "AKs", "random", "22"], board="2c 7d 9h",
                          samples=20_000, seed=1)
    assert len(result) == 6 and sum(p.equity for p in result) == pytest.approx(1.0)


BAD = [
    (["AA"], "", "", "2 to 6 ranges"),
    (["AA"] * 7, "", "", "2 to 6 ranges"),
    (["AA", "AKx"], "", "", "player 2: bad range part 'AKx'"),
    (["AA", ""], "", "", "player 2: the range is empty"),
    (["AA", "KsKh"], "Ks", "", "player 2: no hand of the range is left"),
    (["AA", "AA", "AA"], "", "", "no deal is possible"),
    (["AhAs", "KK"], "2c 3c 4c 5c 6c 7c", "", "at most 5 cards"),
    (["AhAs", "KK"], "2c", "2c", "duplicate card 2c"),
    (["AhAs", "KK"], "2x", "", "bad card '2x'"),
]


@pytest.mark.parametrize(("ranges", "board", "dead", "message"), BAD)
def test_a_bad_spot_is_a_value_error_saying_why(ranges, board, dead, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        range_equity(ranges, board=board, dead=dead)


def test_spanish_cards_are_read_when_asked():
    spanish = range_equity(["APKP", "QQ"], board="QC 7D 2T", suits="es")
    english = range_equity(["AsKs", "QQ"], board="Qh 7d 2c")
    assert spanish[0].equity == english[0].equity


SYMMETRIC = [  # spots where renaming suits leaves everything as it was
    (["AKs", "QQ+, AKs"], "", ""),
    (["AsKs", "QQ+, AKs"], "", ""),
    (["AK", "0.5(QQ+), AJs"], "Kh 7h 2h", ""),
    (["T9s, 22", "random"], "Ah Kh Qh Jh", "2c"),
    (["AA", "KK", "QQ, JJ"], "2c 7d 9h", ""),
    (["AhKh, AsKs", "QQ"], "2c 3d 4h 5s", ""),
    (["AA", "KK", "QQ, JJ"], "2c 2d 2h 2s", ""),  # every renaming: one deal per orbit
    (["AA", "KK, 0.5(T9s)", "QQ", "JJ"], "2c 2d 2h 2s", ""),
]


@pytest.mark.parametrize(("ranges", "board", "dead"), SYMMETRIC)
def test_suit_symmetry_gives_exactly_the_counts_of_plain_enumeration(ranges, board, dead):
    fast = range_equity(ranges, board=board, dead=dead, precomputed=False)
    plain = range_equity(ranges, board=board, dead=dead, symmetric=False, precomputed=False)
    assert fast.exact and plain.exact and fast.deals == plain.deals
    for i, (a, b) in enumerate(zip(fast, plain, strict=True), 1):
        assert [a.deals, a.wins, a.ties] == [b.deals, b.wins, b.ties], f"player {i}"
        assert a.tie_credit == pytest.approx(b.tie_credit, rel=1e-12)
        mine = {c.cards: (c.deals, c.wins, c.ties, round(c.tie_credit, 6)) for c in a.combos}
        theirs = {c.cards: (c.deals, c.wins, c.ties, round(c.tie_credit, 6)) for c in b.combos}
        assert mine == theirs, f"player {i}: per-combo counts differ"


def test_suit_symmetry_is_found_only_where_it_holds():
    from evaluator.range_spot import prepare
    from evaluator.range_symmetry import find_symmetry

    assert len(find_symmetry(prepare(["AKs", "QQ+"])).group) == 24
    assert len(find_symmetry(prepare(["AsKs", "QQ+"])).group) == 6  # spades stay spades
    assert len(find_symmetry(prepare(["AKs", "QQ+, 0.5(AhAd)"])).group) == 4  # {h, d} kept
    assert find_symmetry(prepare(["AKs", "AhKh, 0.5(AdKd), 0.25(AcKc)"])) is None
    assert find_symmetry(prepare(["AK", "QQ"], board="Ks 7h 2d Jc")) is None


def random_multiway_spot(seed: int) -> tuple[list[str], str]:
    """2 to 6 players on a flop (up to three players) or a turn, each with one to three
    random combos, a weight now and then: small enough for the brute-force count."""
    rng = np.random.default_rng(seed)
    players = 2 + seed % 5
    cards = [DECK[int(i)] for i in rng.permutation(52)]
    board_size = 3 if players <= 3 else 4
    board, rest = cards[:board_size], cards[board_size:]
    ranges = []
    for _ in range(players):
        combos = [format_cards(rest[2 * k : 2 * k + 2], sep="")
                  for k in rng.choice(len(rest) // 2, size=int(rng.integers(1, 4)),
                                      replace=False)]
        if rng.random() < 0.3:
            combos[0] = f"0.5({combos[0]})"
        ranges.append(", ".join(combos))
    return ranges, format_cards(board)


@pytest.mark.parametrize("seed", range(10))
def test_random_flop_and_turn_spots_of_2_to_6_players_equal_a_brute_force_count(seed):
    ranges, board = random_multiway_spot(seed)
    try:
        ours = range_equity(ranges, board=board)
    except ValueError as error:  # the combos drawn may leave no deal: say which
        pytest.fail(f"seed {seed}: {ranges} on {board}: {error}")
    totals, per_combo = brute_force(ranges, board)
    assert ours.exact
    for i, player in enumerate(ours):
        expected = [float(x) for x in totals[i]]
        actual = [player.deals, player.wins, player.ties, player.tie_credit]
        assert actual == pytest.approx(expected, rel=1e-12), \
            f"{ranges} on {board} player {i + 1}: expected {expected}, got {actual}"
        for combo in player.combos:
            want = [float(x) for x in per_combo[i][combo.cards]]
            got = [combo.deals, combo.wins, combo.ties, combo.tie_credit]
            assert got == pytest.approx(want, rel=1e-12), f"player {i + 1} {combo.text}"


def test_deal_orbits_count_each_deal_once_with_its_orbit_size():
    from evaluator.range_exact import deals
    from evaluator.range_spot import prepare
    from evaluator.range_symmetry import deal_orbits, find_symmetry

    spot = prepare(["TT+, AQ+", "QQ+, AK", "TT"])
    index, weight = deals(spot, 10**6)
    orbits = deal_orbits(spot, find_symmetry(spot), index, weight)
    assert len(index) == 8_304 and len(orbits.index) == 418
    assert np.bincount(orbits.inverse).sum() == len(index)
    # each whole deal's representative holds the same classes, seat by seat
    for d in range(0, len(index), 97):
        rep = orbits.index[orbits.inverse[d]]
        for p in range(3):
            whole = spot.combos[p][index[d, p]]
            counted = orbits.counted.combos[p][rep[p]]
            assert [c.rank for c in whole] == [c.rank for c in counted]
