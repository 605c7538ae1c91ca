"""Benchmark the river solver (issue 46) beside a dense-matrix baseline, in one run.

    .venv/bin/python bench/solver.py            # the issue's spot, about half a minute
    .venv/bin/python bench/solver.py --board "Ah Kd 7c 7s 2h" --pot 60 --stack 150
    .venv/bin/python bench/solver.py --board "Ks Qs 7h 5h 2s"   # suit symmetry: c and d
    .venv/bin/python bench/solver.py --turn    # a turn (every river card): a few minutes

The spot: a heads-up river, full ranges (every combo the board leaves, 1,081 a side), bets
of 33%, 75% and all-in for both players, raises of the pot and all-in, one raise, solved to
0.5% of the pot in exploitability on one core (BLAS threads are set to one before NumPy
loads). The baseline is the same discounted CFR with the showdown and fold sums taken as
matrix-vector products over combos-by-combos matrices (``SortedPayoffs.dense()``): the cost
the linear-time sweep over strength-sorted hands removes. When the board and ranges allow
suit symmetry, a third row solves one row per class of hands. Memory: tracemalloc's peak
during a second, untimed solve (NumPy reports its arrays to it: the regrets, the strategy
sums and the temporaries), and the bytes of the payoff tables built before it. Nothing
passes or fails.
"""

from __future__ import annotations

import os

for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ[_name] = "1"

import argparse  # noqa: E402
import platform  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
import tracemalloc  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from evaluator.solver.cfr import solve  # noqa: E402
from evaluator.solver.payoffs import SortedPayoffs  # noqa: E402
from evaluator.solver.river import river_spot  # noqa: E402
from evaluator.solver.tree import Sizes, TreeConfig  # noqa: E402
from evaluator.solver.turn import River, turn_spot  # noqa: E402

SIZES = Sizes(bets=(0.33, 0.75), raises=(1.0,), all_in=True)
CONFIG = TreeConfig(first=SIZES, second=SIZES, raise_cap=1)


def table_bytes(payoffs) -> int:
    """The bytes of every array the payoffs hold (their tables), recursively."""
    seen: set[int] = set()

    def walk(value) -> int:
        if id(value) in seen:
            return 0
        seen.add(id(value))
        if isinstance(value, np.ndarray):
            return value.nbytes
        if isinstance(value, (list, tuple)):
            return sum(walk(v) for v in value)
        if hasattr(value, "__dict__"):
            return sum(walk(v) for v in vars(value).values())
        return 0

    return walk(payoffs)


def run(name: str, tree, payoffs, target: float) -> dict[str, float]:
    start, cpu = time.perf_counter(), time.process_time()
    answer = solve(tree, payoffs, target=target, max_iterations=5000)
    seconds = time.perf_counter() - start
    cpu = time.process_time() - cpu  # one thread: the time on one core, whatever the load
    tracemalloc.start()
    solve(tree, payoffs, target=target, max_iterations=answer.iterations)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"{name:<32} {seconds:8.2f} s ({cpu:6.2f} s cpu) {answer.iterations:6d} it "
          f"{1000 * seconds / answer.iterations:8.2f} ms/it "
          f"{answer.exploitability:7.3f} % pot {peak / 2**20:6.1f} MiB "
          f"{table_bytes(payoffs) / 2**20:7.1f} MiB "
          f"value {answer.value:+.3f}")
    return {"seconds": seconds, "cpu": cpu, "iterations": answer.iterations, "peak": peak,
            "exploitability": answer.exploitability, "value": answer.value}


TURN_RIVER = TreeConfig(first=Sizes(bets=(0.75,), raises=(), all_in=True),
                        second=Sizes(bets=(0.75,), raises=(), all_in=True))


def in_hand_order(river: River) -> River:
    """A river as the solver laid it out before its hands were sorted by strength."""
    payoffs = river.payoffs
    assert isinstance(payoffs, SortedPayoffs)
    orders = [np.argsort(river.rows[p], kind="stable") for p in (0, 1)]
    o0, o1 = orders
    return River(river.card, (river.rows[0][o0], river.rows[1][o1]), SortedPayoffs(
        (payoffs.strengths[0][o0], payoffs.strengths[1][o1]),
        (payoffs.cards[0][o0], payoffs.cards[1][o1]),
        (payoffs.weights[0][o0], payoffs.weights[1][o1])))


def turn(board: str, ranges: list[str], pot: float, stack: float, target: float,
         baseline: bool) -> dict[str, float]:
    """A turn spot: the turn with the river's sizes (33%, 75%, all-in, a pot raise and
    all-in), every river with 75% and all-in; ours, the layout before the rivers' hands
    were sorted by strength and read through small tables, then (``baseline``) every
    river's payoffs as dense matrices, in the same run."""
    start = time.perf_counter()
    spot = turn_spot(board, ranges, pot=pot, stacks=(stack, stack), config=CONFIG,
                     river=TURN_RIVER)
    prepare = time.perf_counter() - start
    rivers = spot.payoffs.trees
    print(f"turn {board}, pot {pot:g}, stacks {stack:g}, ranges {' vs '.join(ranges)}: "
          f"{len(spot.combos[0])} and {len(spot.combos[1])} combos; turn tree of "
          f"{len(spot.tree.kind)} nodes, {len(rivers)} lines to a river x 48 cards "
          f"({sum(len(t.kind) for t in rivers.values())} river nodes per card); "
          f"set-up {prepare:.2f} s")
    ours = run("turn, sorted sweep (ours)", spot.tree, spot.payoffs, target)
    sorted_rivers = spot.payoffs.rivers
    spot.payoffs.rivers = [in_hand_order(r) for r in sorted_rivers]
    spot.payoffs.card_tables = False
    before = run("turn, before (hand order, gathers)", spot.tree, spot.payoffs, target)
    spot.payoffs.rivers, spot.payoffs.card_tables = sorted_rivers, True
    print(f"the earlier layout takes {before['cpu'] / ours['cpu']:.2f}x the cpu time "
          f"({before['seconds'] / ours['seconds']:.2f}x the wall time)")
    if baseline:
        dense = [River(r.card, r.rows, r.payoffs.dense()) for r in spot.payoffs.rivers]
        spot.payoffs.rivers = dense  # type: ignore[assignment]
        base = run("turn, dense matrices (baseline)", spot.tree, spot.payoffs, target)
        per = base['seconds'] / base['iterations'] / (ours['seconds'] / ours['iterations'])
        print(f"ratio: the baseline takes {base['seconds'] / ours['seconds']:.1f}x the time "
              f"({per:.1f}x per iteration)")
    return ours


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--board", default="Qs Jh 7d 4c 2s")
    parser.add_argument("--ranges", nargs=2, default=["random", "random"])
    parser.add_argument("--pot", type=float, default=100)
    parser.add_argument("--stack", type=float, default=200)
    parser.add_argument("--target", type=float, default=0.5, help="percent of the pot")
    parser.add_argument("--turn", nargs="?", const="Qs Jh 7d 4c", default=None,
                        help="bench a turn on this board instead (full ranges: ours only; "
                        "then the narrower ranges of --turn-ranges beside the baseline)")
    parser.add_argument("--turn-ranges", nargs=2,
                        default=["22+, A2s+, KTs+, QTs+, JTs, T9s, 98s, ATo+, KJo+",
                                 "55+, A8s+, K9s+, Q9s+, J9s+, T8s+, 97s+, 87s, AJo+, KQo"])
    args = parser.parse_args()
    if args.turn:
        print(f"python {platform.python_version()}, {platform.machine()}, one BLAS thread")
        turn(args.turn, args.turn_ranges, args.pot, args.stack, args.target, baseline=True)
        turn(args.turn, args.ranges, args.pot, args.stack, args.target, baseline=False)
        return
    start = time.perf_counter()
    spot = river_spot(args.board, args.ranges, pot=args.pot, stacks=(args.stack, args.stack),
                      config=CONFIG)
    first = time.perf_counter() - start  # builds the evaluator's tables once per process
    start = time.perf_counter()
    spot = river_spot(args.board, args.ranges, pot=args.pot, stacks=(args.stack, args.stack),
                      config=CONFIG)
    prepare = time.perf_counter() - start
    start = time.perf_counter()
    dense = spot.payoffs.dense()
    dense_prepare = time.perf_counter() - start
    print(f"python {platform.python_version()}, {platform.machine()}, one BLAS thread")
    print(f"board {args.board}, pot {args.pot:g}, stacks {args.stack:g}, ranges "
          f"{' vs '.join(args.ranges)}: {len(spot.combos[0])} and {len(spot.combos[1])} "
          f"combos; tree of {len(spot.tree.kind)} nodes "
          f"({len(spot.tree.decisions)} decisions); target {args.target} % of the pot")
    print(f"set-up: spot (ranges, strengths, sorted gathers) {prepare:.3f} s "
          f"({first:.3f} s the first time, building the evaluator's tables); "
          f"dense matrices {dense_prepare:.3f} s")
    print(f"{'':<32} {'time (cpu)':>25} {'iters':>9} {'per iter':>11} {'exploit.':>13} "
          f"{'solve peak':>10} {'tables':>11}")
    ours = run("sorted sweep (ours)", spot.tree, spot.payoffs, args.target)
    symmetric = river_spot(args.board, args.ranges, pot=args.pot,
                           stacks=(args.stack, args.stack), config=CONFIG, suit_symmetry=True)
    rows = [len(c) for c in symmetric.combos]
    if rows != [len(c) for c in spot.combos]:
        run(f"+ suit symmetry ({rows[0]}/{rows[1]} rows)", symmetric.tree, symmetric.payoffs,
            args.target)
    else:
        print("suit symmetry: none on this board and these ranges")
    base = run("dense matrices (baseline)", spot.tree, dense, args.target)
    print(f"ratio: the baseline takes {base['seconds'] / ours['seconds']:.1f}x the time "
          f"({base['seconds'] / base['iterations'] / (ours['seconds'] / ours['iterations']):.1f}x"
          " per iteration)")


if __name__ == "__main__":
    main()
