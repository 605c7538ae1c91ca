"""Bot strength: tight-aggressive and the coach bot against the calling station, the random
bot and each other.

Heads-up, 100 big blinds each at the start of every hand (blinds 1/2, stacks 200), on the
pure engine with the bots' own decision functions (no server). Duplicate decks: every deck
is played twice with the seats swapped, so each bot gets the other's cards and position and
the luck of the deal largely cancels. The figure is the first-named bot's winnings in big
blinds per 100 hands, with a 95% confidence interval over the deck pairs. The coach bot
(``games.bots.coach_bot``) weighs every option by the coach's EV model, about 50 times the
tight-aggressive bot's work per decision, so its matches play fewer hands.

``--before REV`` plays the coach bot's match against the tight-aggressive bot a second time
with the code of an older revision (a temporary git worktree, in a process of its own beside
this one), on the same decks: the coach before and after a change, in one run, with their
difference deck pair by deck pair (the luck of the cards cancels further) (issue 42:
``--before 8169e10``, the coach before its response model). ``--only`` runs only the matches
named.

    .venv/bin/python bench/bots.py [--hands 10000] [--coach-hands 2000] [--seed 16]
                                   [--before REV] [--only coach:tight_aggressive ...]
"""

import argparse
import json
import math
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

# The code played: this checkout's, or an older one's (``--before`` sets it for its process).
CODE = os.environ.get("BENCH_BOTS_CODE") or str(Path(__file__).resolve().parent.parent)
sys.path.insert(0, CODE)

try:  # the bots' roster (games/bots/roster.py); an older revision decides in styles.py
    from games.bots.roster import decide
except ImportError:
    from games.bots.styles import decide  # type: ignore[no-redef,attr-defined]
from games.bots.situation import Situation  # noqa: E402
from games.engine import Action, SeatInput, TableConfig, shuffled_deck, start_hand  # noqa: E402

CONFIG = TableConfig(small_blind=1, big_blind=2)
STACK = 200


def play(deck: list[str], styles: dict[int, str], rng: random.Random) -> dict[int, int]:
    """One heads-up hand, button on seat 1; each seat's net chips."""
    seats = [SeatInput(1, "one", STACK), SeatInput(2, "two", STACK)]
    state = start_hand(CONFIG, seats, deck, button=1)
    while state.actor is not None:
        seat = state.actor
        situation = Situation.from_view(state.view(seat), seat, CONFIG.big_blind)
        decision = decide(styles[seat], situation, rng)
        state.apply(Action(seat, decision.kind, decision.amount))
    return {s: v - STACK for s, v in state.result.finishing_stacks.items()}


def pairs(hero: str, villain: str, hands: int, seed: int) -> list[float]:
    """``hero``'s result on each deck pair (hands/2 of them), in bb/100."""
    deals, rng = random.Random(seed), random.Random(seed + 1)
    per_pair = []
    for _ in range(hands // 2):
        deck = shuffled_deck(deals)
        first = play(deck, {1: hero, 2: villain}, rng)[1]
        second = play(deck, {1: villain, 2: hero}, rng)[2]
        per_pair.append((first + second) / 2 / CONFIG.big_blind * 100)  # bb/100 per hand
    return per_pair


def interval(values: list[float]) -> tuple[float, float]:
    """The mean and its 95% confidence half-width."""
    return statistics.fmean(values), 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def match(hero: str, villain: str, hands: int, seed: int) -> tuple[float, float, float]:
    """bb/100 of ``hero`` against ``villain`` over ``hands`` hands (hands/2 deck pairs),
    with its 95% confidence half-width, and the seconds it took."""
    started = time.perf_counter()
    mean, half = interval(pairs(hero, villain, hands, seed))
    return mean, half, time.perf_counter() - started


class Before(NamedTuple):
    """A match played by an older revision's code: its process and its worktree."""

    process: subprocess.Popen[str]
    root: Path
    folder: Path


def before(revision: str, hero: str, villain: str, hands: int, seed: int) -> Before:
    """Start the match with the code at ``revision`` (this script, that checkout's
    ``games``) in a process of its own; ``result`` reads it and removes the worktree."""
    root = Path(__file__).resolve().parent.parent
    folder = Path(tempfile.mkdtemp(prefix="bench-bots-"))
    tree = folder / "before"
    subprocess.run(["git", "-C", str(root), "worktree", "add", "--detach", "-q", str(tree),
                    revision], check=True)
    process = subprocess.Popen(
        [sys.executable, "-P", str(Path(__file__).resolve()), "--pairs-of", f"{hero}:{villain}",
         "--coach-hands", str(hands), "--seed", str(seed)],
        cwd=tree, env={**os.environ, "BENCH_BOTS_CODE": str(tree)}, stdout=subprocess.PIPE,
        text=True)
    return Before(process, root, folder)


def result(started: Before) -> tuple[list[float], float]:
    """The per-pair results and seconds of a match started by ``before``; its worktree
    removed."""
    out, _ = started.process.communicate()
    subprocess.run(["git", "-C", str(started.root), "worktree", "remove", "--force",
                    str(started.folder / "before")], check=True)
    started.folder.rmdir()
    if started.process.returncode:
        raise SystemExit(f"the match at the older revision failed "
                         f"({started.process.returncode})")
    found = json.loads(out.strip().splitlines()[-1])
    return found["pairs"], found["seconds"]


def line(label: str, hands: int, figures: tuple[float, float, float | None]) -> str:
    mean, half, seconds = figures
    ci = f"[{mean - half:+.1f}, {mean + half:+.1f}]"
    took = "" if seconds is None else f"{seconds:>8.1f}"
    return f"{label:<40} {hands:>7,} {mean:>+9.1f} {ci:>20} {took}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000, help="hands per match (even)")
    parser.add_argument("--coach-hands", type=int, default=2_000,
                        help="hands per match of the coach bot (even)")
    parser.add_argument("--seed", type=int, default=16)
    parser.add_argument("--before", metavar="REV",
                        help="also the coach against tight-aggressive at this revision")
    parser.add_argument("--only", nargs="+", metavar="HERO:VILLAIN",
                        help="only these matches (e.g. coach:tight_aggressive)")
    parser.add_argument("--pairs-of", metavar="HERO:VILLAIN", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.pairs_of:  # ``before``'s process: one match's per-pair results, as JSON
        hero, villain = args.pairs_of.split(":")
        started = time.perf_counter()
        found = pairs(hero, villain, args.coach_hands, args.seed)
        print(json.dumps({"pairs": found, "seconds": time.perf_counter() - started}))
        return
    matches = [("tight_aggressive", v, args.hands) for v in ("calling_station", "random")]
    matches += [("coach", v, args.coach_hands)
                for v in ("calling_station", "random", "tight_aggressive")]
    if args.only:
        matches = [m for m in matches if f"{m[0]}:{m[1]}" in args.only]
        if not matches:
            raise SystemExit(f"no match named {' '.join(args.only)}")
    started = before(args.before, "coach", "tight_aggressive", args.coach_hands, args.seed) \
        if args.before else None
    print("Heads-up, 100 bb stacks, duplicate decks (each deck twice, seats swapped)")
    print(f"{'match':<40} {'hands':>7} {'bb/100':>9} {'95% CI':>20} {'seconds':>8}")
    after: list[float] = []
    for hero, villain, hands in matches:
        begun = time.perf_counter()
        found = pairs(hero, villain, hands, args.seed)
        if (hero, villain) == ("coach", "tight_aggressive"):
            after = found
        print(line(f"{hero} vs {villain}", hands,
                   (*interval(found), time.perf_counter() - begun)), flush=True)
    if started is not None:
        then, seconds = result(started)
        print(line(f"coach at {args.before} vs tight_aggressive", args.coach_hands,
                   (*interval(then), seconds)), flush=True)
        if len(after) == len(then):  # the same decks: the difference pair by pair
            print(line("  difference (now - then), same decks", args.coach_hands,
                       (*interval([a - b for a, b in zip(after, then, strict=True)]), None)))


if __name__ == "__main__":
    main()
