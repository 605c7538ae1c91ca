"""The coach's response model beside the bots' own answers (issue 42).

Heads-up spots from hands the bots play, each size the coach weighs put in on a copy of the
hand, and the opponent's answer asked of a bot style with holdings drawn from the coach's
range of that opponent (``games/bots/response_check.py``). Prints, per band of sizes (as a
share of the pot after calling), the model's fold share beside the bot's over the same
holdings, the mean absolute difference per size, and how often the two agree hand by hand.
The calling station folds nothing: the model is fitted to the tight-aggressive bot, the one
that answers by price (docs/coach.md, "The response model against the bots").

    .venv/bin/python bench/responses.py [--spots 60] [--per-size 60] [--seed 7]
                                        [--style tight_aggressive]
"""

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.bots.response_check import (  # noqa: E402
    BANDS,
    band_of,
    bet_spots,
    by_band,
    check_spot,
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--spots", type=int, default=60)
    parser.add_argument("--per-size", type=int, default=60)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--style", default="tight_aggressive")
    args = parser.parse_args()
    started = time.perf_counter()
    rng = random.Random(args.seed)
    checks = [c for spot in bet_spots(args.spots, args.seed)
              for c in check_spot(spot, args.style, rng, args.per_size)]
    print(f"{args.style}: {args.spots} spots, {len(checks)} sizes, {args.per_size} holdings "
          f"each, seed {args.seed}")
    print(f"{'size (pots)':<14} {'sizes':>6} {'model folds':>12} {'bot folds':>10} {'diff':>7}")
    for index, predicted, observed, count in by_band(checks):
        low, high = BANDS[index]
        name = f"{low:g}-{high:g}" if high != float("inf") else f"over {low:g}"
        print(f"{name:<14} {count:>6} {predicted:>12.3f} {observed:>10.3f} "
              f"{predicted - observed:>+7.3f}")
    fitted = [c for c in checks if band_of(c.pot_share) < len(BANDS) - 1]
    mae = sum(abs(c.predicted - c.observed) for c in fitted) / max(1, len(fitted))
    agree = sum(c.agreement for c in fitted) / max(1, len(fitted))
    print(f"up to 2 pots: mean |model - bot| per size {mae:.3f}, "
          f"the same answer hand by hand {agree:.1%}")
    print(f"{time.perf_counter() - started:.1f} s")


if __name__ == "__main__":
    main()
