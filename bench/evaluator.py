"""Benchmark the evaluator against its peers on the same hands, in one process.

    .venv/bin/python bench/evaluator.py            # about two minutes
    .venv/bin/python bench/evaluator.py --quick    # smaller samples, a few seconds
    .venv/bin/python bench/evaluator.py --only omaha   # one section (or several)

Peers: treys, phevaluator (its public API), eval7 and pokerkit. Each figure is the best of a
few runs (wall clock; the machine may be shared). Slow peers are measured on fewer hands and
compared per hand. The issue's targets are printed next to the figures; nothing here passes
or fails, it only reports.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
import warnings
from collections.abc import Callable
from itertools import combinations
from pathlib import Path

import numpy as np
import phevaluator
import pokerkit
import treys

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

with warnings.catch_warnings():  # eval7 imports pyparsing names that are deprecated
    warnings.simplefilter("ignore", DeprecationWarning)
    import eval7  # noqa: E402

from evaluator import DECK, evaluate, evaluate_batch, hand_equity  # noqa: E402
from evaluator.omaha import evaluate_omaha  # noqa: E402
from evaluator.omaha_batch import evaluate_omaha_batch  # noqa: E402
from evaluator.omaha_odds import omaha_hand_equity  # noqa: E402
from evaluator.range_equity import range_equity  # noqa: E402
from evaluator.ranges import format_range, parse_range  # noqa: E402

TEXT = [str(card) for card in DECK]  # card id -> "As" (the same ids as phevaluator)


def best_of(runs: int, action: Callable[[], object]) -> float:
    """The fastest of ``runs`` wall-clock timings of ``action``, in seconds."""
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        action()
        best = min(best, time.perf_counter() - start)
    return best


def random_hands(count: int, size: int, seed: int) -> np.ndarray:
    """``count`` uniform random hands of ``size`` distinct card ids, as uint8 (count, size)."""
    rng = np.random.default_rng(seed)
    hands = rng.integers(0, 52, size=(count, size))
    while True:
        clash = np.flatnonzero((np.diff(np.sort(hands, axis=1), axis=1) == 0).any(axis=1))
        if not len(clash):
            return hands.astype(np.uint8)
        hands[clash] = rng.integers(0, 52, size=(len(clash), size))


def rate(count: int, seconds: float) -> str:
    per_second = count / seconds
    if per_second >= 1e6:
        return f"{per_second / 1e6:8.2f} M/s"
    return f"{per_second / 1e3:8.1f} k/s"


def line(label: str, figure: str, note: str = "") -> None:
    print(f"  {label:<46}{figure:>14}  {note}")


def section(title: str) -> None:
    print(f"\n{title}\n" + "-" * len(title))


# --- tables ---------------------------------------------------------------------------------
LOAD_PROBE = """
import os, time, json
def rss():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
t0 = time.perf_counter()
import numpy
t1 = time.perf_counter(); before = rss()
from evaluator import evaluate, evaluate_batch
t2 = time.perf_counter()
evaluate("As Ks Qs Js Ts 2c 3d")
t3 = time.perf_counter()
evaluate_batch([[0, 4, 8, 12, 17, 21, 25]])
t4 = time.perf_counter()
from evaluator.tables import tables
from evaluator.batch import batch_tables
t, b = tables(), batch_tables()
arrays = [t.flush, *t.rank_sums.values(), *t.rank_values.values(), *t._rank_arrays.values(),
          *(v for v in vars(b).values() if isinstance(v, numpy.ndarray)), *b._ranks.values()]
unique = {id(a): a for a in arrays}.values()
print(json.dumps({"numpy": t1 - t0, "import": t2 - t1, "scalar": t3 - t2, "batch": t4 - t3,
                  "rss": rss() - before, "bytes": sum(a.nbytes for a in unique)}))
"""


def bench_tables() -> None:
    section("Tables (fresh process, best of 3)")
    runs = []
    for _ in range(3):
        done = subprocess.run([sys.executable, "-c", LOAD_PROBE], cwd=ROOT, capture_output=True,
                              text=True, check=True)
        runs.append(json.loads(done.stdout))
    best = {key: min(run[key] for run in runs) for key in runs[0]}
    line("import evaluator (no NumPy, no tables)", f"{best['import'] * 1e3:8.1f} ms")
    line("import numpy (not ours, for scale)", f"{best['numpy'] * 1e3:8.1f} ms")
    line("first evaluate(): build scalar tables", f"{best['scalar'] * 1e3:8.1f} ms",
         "target < 1 s")
    line("first evaluate_batch(): dense 7-card table", f"{best['batch'] * 1e3:8.1f} ms")
    line("table arrays (NumPy nbytes)", f"{best['bytes'] / 2**20:8.1f} MB", "target < 64 MB")
    line("resident memory growth, all of the above", f"{best['rss'] / 2**20:8.1f} MB")


# --- one hand at a time ---------------------------------------------------------------------
def bench_single(count: int) -> float:
    section(f"One 7-card hand per call from Python ({count:,} random hands)")
    hands = random_hands(count, 7, seed=1).tolist()
    ours_cards = [[DECK[i] for i in hand] for hand in hands]
    treys_cards = [[treys.Card.new(TEXT[i]) for i in hand] for hand in hands]
    eval7_cards = [[eval7.Card(TEXT[i]) for i in hand] for hand in hands]
    treys_evaluator = treys.Evaluator()
    ph_evaluate = phevaluator.evaluate_cards
    e7_evaluate = eval7.evaluate

    def ours() -> None:
        for cards in ours_cards:
            evaluate(cards)

    def ours_ids() -> None:
        for ids in hands:
            evaluate(ids)

    few = max(count // 10, 1000)

    def run_treys() -> None:
        for cards in treys_cards[:few]:
            treys_evaluator.evaluate(cards[:2], cards[2:])

    def run_phevaluator() -> None:
        for ids in hands:
            ph_evaluate(*ids)

    def run_eval7() -> None:
        for cards in eval7_cards:
            e7_evaluate(cards)

    pk_hands = [("".join(TEXT[i] for i in h[:2]), "".join(TEXT[i] for i in h[2:]))
                for h in hands[:2000]]

    def run_pokerkit() -> None:
        for hole, board in pk_hands:
            pokerkit.StandardHighHand.from_game(hole, board)

    ours_time = best_of(5, ours) / count
    results = {
        "treys Evaluator.evaluate": best_of(3, run_treys) / few,
        "phevaluator evaluate_cards": best_of(3, run_phevaluator) / count,
        "eval7 evaluate": best_of(3, run_eval7) / count,
        "pokerkit StandardHighHand.from_game": best_of(1, run_pokerkit) / len(pk_hands),
    }
    line("ours: evaluate(list of Card)", rate(1, ours_time), f"{ours_time * 1e6:.2f} us/hand")
    ids_time = best_of(3, ours_ids) / count
    line("ours: evaluate(list of int ids)", rate(1, ids_time), f"{ids_time * 1e6:.2f} us/hand")
    for name, seconds in results.items():
        target = "  (target >= 6x treys)" if name.startswith("treys") else ""
        line(name, rate(1, seconds), f"ours is {seconds / ours_time:5.1f}x faster{target}")
    return results["phevaluator evaluate_cards"]


# --- many hands at once ---------------------------------------------------------------------
def bench_batch(count: int) -> None:
    section(f"Many 7-card hands: evaluate_batch on {count:,} hands vs peers per hand")
    hands = random_hands(count, 7, seed=2)
    wide = hands.astype(np.int64)
    evaluate_batch(hands[:10])
    figures = {
        "ours: evaluate_batch(uint8 ids)": best_of(5, lambda: evaluate_batch(hands)),
        "ours: evaluate_batch(uint8, check=False)":
            best_of(5, lambda: evaluate_batch(hands, check=False)),
        "ours: evaluate_batch(int64 ids)": best_of(5, lambda: evaluate_batch(wide)),
    }
    for name, seconds in figures.items():
        note = "target >= 50 M/s" if name == "ours: evaluate_batch(uint8 ids)" else ""
        line(name, rate(count, seconds), note)
    ours_rate = count / figures["ours: evaluate_batch(uint8 ids)"]
    sample = hands[: max(count // 5, 1000)].tolist()
    ph7 = phevaluator.evaluate_7cards
    e7_cards = [[eval7.Card(TEXT[i]) for i in hand] for hand in sample]
    peers = {
        "phevaluator evaluate_7cards per hand": best_of(3, lambda: [ph7(*h) for h in sample]),
        "eval7 evaluate per hand": best_of(3, lambda: [eval7.evaluate(c) for c in e7_cards]),
    }
    for name, seconds in peers.items():
        peer_rate = len(sample) / seconds
        target = "  (target >= 20x phevaluator)" if name.startswith("phe") else ""
        line(name, rate(len(sample), seconds), f"ours is {ours_rate / peer_rate:5.1f}x{target}")


# --- Omaha ----------------------------------------------------------------------------------
OMAHA_PROBE = """
import time
from evaluator import evaluate
from evaluator.omaha import evaluate_omaha
evaluate("As Ks Qs Js Ts 2c 3d")
t0 = time.perf_counter()
evaluate_omaha("As Ks Qs Js", "Ts 2c 3d 4h 5h")
print(time.perf_counter() - t0)
"""


def bench_omaha(count: int) -> None:
    section(f"One Omaha hand per call: best two of the hole + three of the board ({count:,} hands)")
    builds = [float(subprocess.run([sys.executable, "-c", OMAHA_PROBE], cwd=ROOT, check=True,
                                   capture_output=True, text=True).stdout) for _ in range(3)]
    line("first evaluate_omaha(): build its tables", f"{min(builds) * 1e3:8.1f} ms",
         "fresh process, best of 3")
    sizes = {4: random_hands(count, 9, seed=3), 5: random_hands(count // 4, 10, seed=4),
             6: random_hands(count // 4, 11, seed=5)}
    deals = {n: [([DECK[i] for i in h[:n]], [DECK[i] for i in h[n:]]) for h in hands.tolist()]
             for n, hands in sizes.items()}
    for n in sizes:  # build each size's tables before timing
        evaluate_omaha(*deals[n][0])
    four = deals[4]
    ours = best_of(5, lambda: [evaluate_omaha(h, b) for h, b in four]) / len(four)
    sevens = [h[:2] + b for h, b in four]
    holdem = best_of(5, lambda: [evaluate(cards) for cards in sevens]) / len(four)
    line("ours: evaluate_omaha, 4 hole cards", rate(1, ours), f"{ours * 1e6:.2f} us/hand")
    line("ours: evaluate, hold'em 7 cards (same boards)", rate(1, holdem),
         f"{holdem * 1e6:.2f} us/hand; Omaha costs {ours / holdem:.2f}x a hold'em hand")
    hands = sizes[4]
    evaluate_omaha_batch(hands[:10, :4], hands[:10, 4:])
    batch = best_of(5, lambda: evaluate_omaha_batch(hands[:, :4], hands[:, 4:])) / len(hands)
    unchecked = best_of(5, lambda: evaluate_omaha_batch(hands[:, :4], hands[:, 4:],
                                                        check=False)) / len(hands)
    sevens_batch = np.ascontiguousarray(np.concatenate([hands[:, :2], hands[:, 4:]], axis=1))
    evaluate_batch(sevens_batch[:10])
    holdem_batch = best_of(5, lambda: evaluate_batch(sevens_batch)) / len(hands)
    line("ours: evaluate_omaha_batch, 4 hole cards", rate(1, batch),
         f"{batch * 1e9:.0f} ns/hand")
    line("ours: evaluate_omaha_batch, check=False", rate(1, unchecked),
         f"{unchecked * 1e9:.0f} ns/hand")
    line("ours: evaluate_batch, hold'em 7 cards", rate(1, holdem_batch),
         f"{holdem_batch * 1e9:.0f} ns/hand; Omaha costs {batch / holdem_batch:.1f}x")
    for n in (5, 6):
        seconds = best_of(3, lambda d=deals[n]: [evaluate_omaha(h, b) for h, b in d])
        per = seconds / len(deals[n])
        line(f"ours: evaluate_omaha, {n} hole cards", rate(1, per), f"{per * 1e6:.2f} us/hand")
    pk_deals = [("".join(map(str, h)), "".join(map(str, b))) for h, b in four[:1000]]

    def run_pokerkit() -> None:
        for hole, board in pk_deals:
            pokerkit.OmahaHoldemHand.from_game(hole, board)

    theirs = best_of(1, run_pokerkit) / len(pk_deals)
    line("pokerkit OmahaHoldemHand.from_game", rate(1, theirs),
         f"ours is {theirs / ours:5.0f}x faster ({len(pk_deals):,} hands)")


# --- equity ---------------------------------------------------------------------------------
def eval7_equity_seconds(holes: list[str], boards_to_time: int) -> tuple[float, int]:
    """eval7.evaluate looped over the first boards, extrapolated to every board."""
    hole_cards = [[eval7.Card(t) for t in (h[:2], h[2:])] for h in holes]
    used = {t for h in holes for t in (h[:2], h[2:])}
    deck = [eval7.Card(t) for t in TEXT if t not in used]
    all_boards = combinations(deck, 5)
    boards = [list(b) for _, b in zip(range(boards_to_time), all_boards, strict=False)]
    total = sum(1 for _ in combinations(range(len(deck)), 5))
    e7 = eval7.evaluate

    def loop() -> None:
        for board in boards:
            values = [e7(h + board) for h in hole_cards]
            best = max(values)
            values.count(best)

    return best_of(2, loop) * total / len(boards), total


def bench_equity(boards_to_time: int) -> None:
    section("Exact preflop equity (every board)")
    heads_up = ["AhAs", "KdKc"]
    start = time.perf_counter()
    result = hand_equity(heads_up)
    cold = time.perf_counter() - start
    warm = best_of(5, lambda: hand_equity(heads_up))
    aces = result[0]
    line("ours: AhAs vs KdKc, first call (builds combos)", f"{cold:8.3f} s")
    line("ours: AhAs vs KdKc", f"{warm:8.3f} s", "target <= 0.25 s")
    print(f"  {'':<46}{'':>14}  {result.boards:,} boards; AhAs wins {aces.wins:,}, "
          f"ties {aces.ties:,}, loses {aces.losses:,}")
    e7_time, total = eval7_equity_seconds(heads_up, boards_to_time)
    line(f"eval7 evaluate looped ({boards_to_time:,} boards, scaled)", f"{e7_time:8.3f} s",
         f"ours is {e7_time / warm:5.1f}x faster  (target >= 6x)")
    three = ["AhAs", "KdKc", "7c8c"]
    three_time = best_of(3, lambda: hand_equity(three))
    line("ours: AhAs vs KdKc vs 7c8c", f"{three_time:8.3f} s", "target <= 1 s")
    e7_three, _ = eval7_equity_seconds(three, boards_to_time)
    line("eval7 evaluate looped, three hands (scaled)", f"{e7_three:8.3f} s",
         f"ours is {e7_three / three_time:5.1f}x faster")
    mc = best_of(3, lambda: hand_equity(heads_up, samples=1_000_000, seed=1))
    line("ours: Monte Carlo, 1,000,000 boards", f"{mc:8.3f} s")
    six = ["AhAs", "KdKc", "7c8c", "QsJs", "2d2h", "Tc9d"]
    six_time = best_of(3, lambda: hand_equity(six))
    line("ours: six hands (C(40,5) = 658,008 boards)", f"{six_time:8.3f} s")


def pokerkit_omaha_seconds(hands: list[str], board: str, samples: int) -> tuple[float, list]:
    """pokerkit's ``calculate_equities`` with its Omaha hand type (Monte Carlo only)."""
    ranges = [[list(pokerkit.Card.parse(hand))] for hand in hands]
    cards = list(pokerkit.Card.parse(board.replace(" ", ""))) if board else []
    found: list[float] = []

    def run() -> None:
        found[:] = pokerkit.calculate_equities(
            ranges, cards, 4, 5, pokerkit.Deck.STANDARD, (pokerkit.OmahaHoldemHand,),
            sample_count=samples)

    return best_of(1, run), found


def bench_omaha_equity(quick: bool) -> None:
    section("Omaha equity of known hands (omaha_hand_equity) beside pokerkit")
    samples = 200 if quick else 1_000  # pokerkit deals about 100 a second here
    spots = [
        ("heads-up preflop", ["AhAsKdKc", "QhJhTs9s"], ""),
        ("three-way preflop", ["AhAsKdKc", "QhJhTs9s", "2c3c4d5d"], ""),
        ("three-way on the flop", ["AhAsKdKc", "QhJhTs9s", "2c3c4d5d"], "7c 8h 6d"),
    ]
    omaha_hand_equity(spots[0][1], board="2c 7d 8h")  # warm: the tables
    for name, hands, board in spots:
        exact = omaha_hand_equity(hands, board=board)
        ours = best_of(3, lambda h=hands, b=board: omaha_hand_equity(h, board=b))
        ours_mc = best_of(3, lambda h=hands, b=board: omaha_hand_equity(
            h, board=b, samples=samples, seed=1))
        theirs, their_equity = pokerkit_omaha_seconds(hands, board, samples)
        shown = ", ".join(f"{h.equity:.2%}" for h in exact)
        print(f"\n  {name}: {' vs '.join(hands)} {board}: {exact.boards:,} run-outs; "
              f"equity {shown}")
        line("ours: exact, every run-out", f"{ours:8.4f} s")
        line(f"ours: Monte Carlo, {samples:,} run-outs", f"{ours_mc:8.4f} s")
        line(f"pokerkit calculate_equities, {samples:,} samples", f"{theirs:8.3f} s",
             f"ours is {theirs / ours_mc:6.0f}x faster per sample; "
             f"{theirs / ours:6.1f}x: our exact answer vs its sample; its equity "
             + ", ".join(f"{e:.1%}" for e in their_equity))


# --- ranges ---------------------------------------------------------------------------------
def eval7_range_seconds(hero: str, villain: str, board: str, boards_to_time: int) -> float:
    """eval7's compiled exact routine (``py_hand_vs_range_exact``) takes a complete board, so
    an exact answer calls it once per river for each hero combo: timed on the first
    ``boards_to_time`` calls and scaled to all of them."""
    heroes = [list(map(eval7.Card, (str(a), str(b)))) for a, b in parse_range(hero)]
    options = eval7.HandRange(format_range(parse_range(villain))).hands
    known = [eval7.Card(t) for t in board.split()]
    calls = []
    for cards in heroes:
        used = {str(c) for c in (*cards, *known)}
        deck = [eval7.Card(t) for t in TEXT if t not in used]
        for rest in combinations(deck, 5 - len(known)):
            if len(calls) < boards_to_time:
                calls.append((cards, known + list(rest)))
    total = sum(
        sum(1 for _ in combinations(range(52 - 2 - len(known)), 5 - len(known))) for _ in heroes
    )
    run = eval7.py_hand_vs_range_exact

    def loop() -> None:
        for cards, river in calls:
            run(cards, options, river)

    return best_of(2, loop) * total / len(calls)


def eval7_multiway_seconds(ranges: list[str], board: str, pairs_to_time: int) -> float:
    """eval7 has no multiway range routine: its evaluator looped over every deal and board,
    timed on the first ``pairs_to_time`` (deal, board) pairs and scaled."""
    from itertools import product

    options = [[tuple(map(eval7.Card, (str(a), str(b)))) for a, b in parse_range(r)]
               for r in ranges]
    known = [eval7.Card(t) for t in board.split()]
    known_text = set(board.split())
    deals = [d for d in product(*options)
             if len({str(c) for hand in d for c in hand} | known_text) == 2 * len(d) + len(known)]
    deck_size = 52 - len(known) - 2 * len(ranges)
    per_deal = sum(1 for _ in combinations(range(deck_size), 5 - len(known)))
    work = []
    for deal in deals:
        used = {str(c) for hand in deal for c in hand} | known_text
        deck = [eval7.Card(t) for t in TEXT if t not in used]
        for rest in combinations(deck, 5 - len(known)):
            work.append((deal, known + list(rest)))
            if len(work) >= pairs_to_time:
                break
        if len(work) >= pairs_to_time:
            break
    e7 = eval7.evaluate

    def loop() -> None:
        for deal, river in work:
            values = [e7(list(hand) + river) for hand in deal]
            best = max(values)
            values.count(best)

    return best_of(2, loop) * len(deals) * per_deal / len(work)


def pokerkit_seconds(ranges: list[str], board: str, samples: int) -> tuple[float, list[float]]:
    """pokerkit's ``calculate_equities`` (Monte Carlo only) on ``samples`` deals."""
    parsed = [pokerkit.parse_range(format_range(parse_range(r))) for r in ranges]
    cards = pokerkit.Card.parse(board.replace(" ", "")) if board else ()
    found: list[float] = []

    def run() -> None:
        found[:] = pokerkit.calculate_equities(
            parsed, cards, 2, 5, pokerkit.Deck.STANDARD, (pokerkit.StandardHighHand,),
            sample_count=samples)

    return best_of(1, run), found


def bench_ranges(quick: bool) -> None:
    section("Range equity, exact (every deal of the ranges on every board)")
    spots = [
        ("AsKs vs QQ+, AKs, preflop", ["AsKs", "QQ+, AKs"], ""),
        ("AQo vs 15% (55+, A5s+, ...), flop Kh 7d 2c", ["AQo", "15%"], "Kh 7d 2c"),
        ("AK, AQs vs QQ+ vs JTs, 99-77, flop Kh 7d 2c",
         ["AK, AQs", "QQ+", "JTs, 99-77"], "Kh 7d 2c"),
    ]
    samples = 500 if quick else 4_000
    for name, ranges, board in spots:
        range_equity(ranges, board=board)  # warm: tables and the board combinations
        ours = best_of(2 if quick else 3, lambda r=ranges, b=board: range_equity(r, board=b))
        result = range_equity(ranges, board=board)
        shown = ", ".join(f"{p.equity:.2%}" for p in result)
        print(f"\n  {name}: {result.deals:,} deals x boards; equity {shown}")
        line("ours: range_equity, exact", f"{ours:8.3f} s")
        plain = best_of(2 if quick else 3,
                        lambda r=ranges, b=board: range_equity(r, board=b, symmetric=False))
        line("ours: the same without suit symmetry", f"{plain:8.3f} s")
        if len(ranges) == 2:
            e7 = eval7_range_seconds(ranges[0], ranges[1], board, 5_000 if quick else 40_000)
            label = "eval7 hand_vs_range_exact per river (scaled)"
        else:
            e7 = eval7_multiway_seconds(ranges, board, 20_000 if quick else 100_000)
            label = "eval7 evaluate looped (no multiway; scaled)"
        line(label, f"{e7:8.3f} s", f"ours is {e7 / ours:5.1f}x faster  (target >= 5x); "
             f"{e7 / plain:.1f}x without symmetry")
        pk_time, pk_equity = pokerkit_seconds(ranges, board, samples)
        line(f"pokerkit calculate_equities, {samples:,} samples", f"{pk_time:8.3f} s",
             f"ours counts all in 1/{pk_time / ours:.0f} of that; pokerkit: "
             + ", ".join(f"{e:.1%}" for e in pk_equity))
        ours_samples = 50_000 if quick else 200_000
        sampled = best_of(1, lambda r=ranges, b=board, n=ours_samples: range_equity(
            r, board=b, samples=n, seed=1))
        line(f"ours: Monte Carlo, {ours_samples:,} samples", f"{sampled:8.3f} s",
             f"per sample {pk_time / samples / (sampled / ours_samples):5.0f}x pokerkit")
    count = 200_000 if quick else 1_000_000
    mc = best_of(1 if quick else 2,
                 lambda: range_equity(["AK", "random", "random"], samples=count, seed=1))
    line(f"ours: AK vs random vs random, {count:,} samples", f"{mc:8.3f} s")


# Issue 26's spots: the three preflop ones it measured OMPEval on, a flop and a turn.
OMPEVAL_SPOTS = [
    ("AKs vs QQ+, AKs, preflop", ["AKs", "QQ+, AKs"], ""),
    ("QQ+, AKs vs JJ-88, AQs, preflop", ["QQ+, AKs", "JJ-88, AQs"], ""),
    ("TT+, AQ+ vs QQ+, AK vs TT, preflop", ["TT+, AQ+", "QQ+, AK", "TT"], ""),
    ("AQo vs 15%, flop Kh 7d 2c", ["AQo", "15%"], "Kh7d2c"),
    ("QQ+, AKs vs JJ-88, AQs, turn Kh 7d 2c 9s", ["QQ+, AKs", "JJ-88, AQs"], "Kh7d2c9s"),
]


def combo_list(text: str) -> str:
    """A range as the comma-separated combos our parser reads in it: OMPEval's own parser
    (inside pokerfast) misreads some ranges silently ("JJ-88,AQs" as "JJ-88")."""
    return ",".join("".join(str(card) for card in combo) for combo in parse_range(text).weights)


def bench_ompeval(quick: bool) -> None:
    section("Range equity, exact, beside OMPEval (pokerfast 0.2.0's wheel, one thread)")
    from pokerfast import equity as pokerfast  # OMPEval compiled into the wheel

    from evaluator.range_equity import RangeCalculation
    from evaluator.range_table import DATA

    print(f"  heads-up preflop table: {DATA.name}, {DATA.stat().st_size:,} bytes on disk")

    for name, ranges, board in OMPEVAL_SPOTS:
        if quick and len(ranges) > 2 and not board:
            continue  # the three-way preflop spot: a few seconds here
        combos = [combo_list(r) for r in ranges]
        pokerfast.equity(combos, board=board, dead="", exact=True, threads=1)  # its tables
        range_equity(ranges, board=board, exact_limit=10**13)  # ours
        runs = 1 if len(ranges) > 2 and not board else 3
        theirs = best_of(runs, lambda c=combos, b=board: pokerfast.equity(
            c, board=b, dead="", exact=True, threads=1))
        ours = best_of(runs, lambda r=ranges, b=board: range_equity(
            r, board=b, exact_limit=10**13))
        mine = [p.equity for p in range_equity(ranges, board=board, exact_limit=10**13)]
        peer = pokerfast.equity(combos, board=board, dead="", exact=True, threads=1)
        agree = max(abs(a - b) for a, b in zip(mine, peer, strict=True)) < 1e-12
        how = {"TableRun": "the precomputed table", "ExactRun": "enumeration"}.get(
            type(RangeCalculation(ranges, board=board, exact_limit=10**13)._run).__name__,
            "Monte Carlo")
        print(f"\n  {name}: equity {', '.join(f'{e:.6f}' for e in mine)} "
              f"({'equal to OMPEval' if agree else 'DIFFERS from OMPEval: ' + str(peer)}), "
              f"ours by {how}")
        line("ours: range_equity, exact", f"{ours:8.4f} s")
        line("OMPEval (pokerfast), exact", f"{theirs:8.4f} s",
             f"ours takes {ours / theirs:7.3g}x its time  (issue 26: within 2x)")


SECTIONS = ["tables", "single", "omaha", "batch", "equity", "omaha_equity", "ranges", "ompeval"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller samples")
    parser.add_argument("--only", nargs="+", choices=SECTIONS, help="run these sections only")
    arguments = parser.parse_args()
    quick, only = arguments.quick, arguments.only or SECTIONS
    print(f"Python {platform.python_version()}, NumPy {np.__version__}, "
          f"{os.cpu_count()} CPUs, {platform.processor() or platform.machine()}")
    started = time.perf_counter()
    if "tables" in only:
        bench_tables()
    if "single" in only:
        bench_single(20_000 if quick else 100_000)
    if "omaha" in only:
        bench_omaha(20_000 if quick else 100_000)
    if "batch" in only:
        bench_batch(200_000 if quick else 1_000_000)
    if "equity" in only:
        bench_equity(20_000 if quick else 100_000)
    if "omaha_equity" in only:
        bench_omaha_equity(quick)
    if "ranges" in only:
        bench_ranges(quick)
    if "ompeval" in only:
        bench_ompeval(quick)
    print(f"\nbenchmark took {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
