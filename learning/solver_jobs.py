"""Solve this spot: a spot read from a query, solved off the request in a worker thread,
its answer cached by spot, as plain data for the page and the JSON.

A spot travels in the query so a link shares it: ``board`` (4 cards: a turn, every river
card dealt; 5: a river), ``range`` twice (the first acts first: out of position), ``pot``,
``stack`` (once for both, or twice: the smaller plays), ``bets`` and ``raises`` (percent of
the pot, comma separated), ``allin`` (``0`` leaves the all-in option out), ``target``
(exploitability, percent of the pot); for reading the answer, ``line`` (the actions before
the decision shown, e.g. ``check`` or ``bet 60``), ``hero`` (a hand of the acting player)
and ``played`` (what they did: ``check``, ``bet 60``, ``call``...).

Jobs: one per spot (``Spot.key``), at most ``MAX_RUNNING`` at once, the last ``MAX_KEPT``
kept in this process (a finished one is the cache). A job stops at the target, at
``MAX_SECONDS``, or when cancelled. A turn's rivers are sized more simply (the largest bet
and all-in; raises all-in only) to keep its memory in bounds.
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

import numpy as np

from evaluator.cards import format_cards, to_cards
from evaluator.ranges import Combo, class_of, format_range, grid_classes, parse_range
from evaluator.solver.answers import node_answer
from evaluator.solver.cfr import Progress, Solution
from evaluator.solver.payoffs import Payoffs
from evaluator.solver.river import river_spot, solve_river
from evaluator.solver.tree import NodeKind, Sizes, Tree, TreeConfig
from evaluator.solver.turn import solve_turn, turn_spot

MAX_RUNNING: Final = 2
MAX_KEPT: Final = 32
MAX_SECONDS: Final = 600.0
MAX_STACK_TO_POT: Final = 50.0  # deeper than this the tree is all-ins and nothing to learn


@dataclass(frozen=True)
class Spot:
    """A spot as the query gave it, checked (see the module)."""

    board: str
    ranges: tuple[str, str]
    pot: float
    stack: float
    bets: tuple[float, ...]
    raises: tuple[float, ...]
    all_in: bool
    target: float

    @property
    def street(self) -> str:
        return "turn" if len(self.board.split()) == 4 else "river"

    @property
    def key(self) -> str:
        return repr(self)

    def query(self) -> dict[str, Any]:
        """The query that gives this spot back (the share link)."""
        return {"board": self.board, "range": list(self.ranges), "pot": f"{self.pot:g}",
                "stack": f"{self.stack:g}", "bets": _percents(self.bets),
                "raises": _percents(self.raises), "allin": "1" if self.all_in else "0",
                "target": f"{self.target:g}"}

    def config(self) -> TreeConfig:
        sizes = Sizes(bets=self.bets, raises=self.raises, all_in=self.all_in)
        return TreeConfig(first=sizes, second=sizes)

    def river_config(self) -> TreeConfig:
        """A turn's rivers: the largest bet and all-in, raises all-in only."""
        sizes = Sizes(bets=(max(self.bets),) if self.bets else (), raises=(), all_in=True)
        return TreeConfig(first=sizes, second=sizes)


def _percents(values: tuple[float, ...]) -> str:
    return ",".join(f"{100 * v:g}" for v in values)


def _number(params: Mapping[str, Any], name: str, default: str, low: float,
            high: float) -> float:
    text = str(params.get(name) or default).strip()
    try:
        value = float(text)
    except ValueError:
        raise ValueError(f"{name} must be a number, got {text!r}") from None
    if not (math.isfinite(value) and low <= value <= high):
        raise ValueError(f"{name} must be from {low:g} to {high:g}, got {text}")
    return value


def _sizes(params: Mapping[str, Any], name: str, default: str) -> tuple[float, ...]:
    text = str(params.get(name, default)).strip()
    sizes = []
    for part in filter(None, (p.strip().rstrip("%") for p in text.split(","))):
        try:
            value = float(part)
        except ValueError:
            raise ValueError(f"{name}: {part!r} is not a percentage of the pot") from None
        if not 0 < value <= 1000:
            raise ValueError(f"{name}: each size is a percentage of the pot from 1 to 1000, "
                             f"got {part}")
        sizes.append(round(value / 100, 4))
    if len(sizes) > 4:
        raise ValueError(f"{name}: at most 4 sizes, got {len(sizes)}")
    return tuple(sorted(set(sizes)))


def read_spot(params: Any) -> Spot:
    """The spot a query asks for; a ValueError names what is wrong."""
    board_text = str(params.get("board", "")).strip()
    try:
        cards = to_cards(board_text)
    except ValueError as error:
        raise ValueError(f"board: {error}") from None
    if len(cards) not in (4, 5) or len(set(cards)) != len(cards):
        raise ValueError(f"board: a turn (4 cards) or a river (5 different cards), got "
                         f"{len(cards)}")
    ranges = [str(text).strip() for text in params.getlist("range")] \
        if hasattr(params, "getlist") else list(params.get("range", []))
    if len(ranges) != 2 or not all(ranges):
        raise ValueError("range: two ranges are needed, the first player's (out of "
                         "position, acts first) and the second's")
    canonical = []
    for number, text in enumerate(ranges, 1):
        try:
            parsed = parse_range(text)
        except ValueError as error:
            raise ValueError(f"range {number}: {error}") from None
        if not len(parsed.without(cards)):
            raise ValueError(f"range {number}: no hand is left once the board's cards are "
                             "removed")
        canonical.append(format_range(parsed))
    pot = _number(params, "pot", "", 0.01, 1e9)
    stacks = (params.getlist("stack") if hasattr(params, "getlist")
              else [params.get("stack", "")])
    stack = min(_number({"stack": s}, "stack", "", 0, 1e9) for s in stacks or [""])
    if stack > MAX_STACK_TO_POT * pot:
        raise ValueError(f"stack: at most {MAX_STACK_TO_POT:g} times the pot")
    bets = _sizes(params, "bets", "33,75")
    raises = _sizes(params, "raises", "100")
    all_in = str(params.get("allin", "1")) not in ("0", "")
    if not bets and not all_in:
        raise ValueError("bets: give a bet size or allow all-in, or nobody can bet")
    target = _number(params, "target", "0.5", 0.05, 10)
    return Spot(format_cards(cards), (canonical[0], canonical[1]), pot, stack, bets, raises,
                all_in, target)


@dataclass
class Job:
    """One spot's solve: its progress, then its answer (or why it stopped)."""

    spot: Spot
    state: str = "running"  # running, done, cancelled, error
    iteration: int = 0
    exploitability: float | None = None
    first: float | None = None  # the first exploitability measured (for the progress bar)
    seconds: float = 0.0
    error: str = ""
    cancel: threading.Event = field(default_factory=threading.Event)
    done: threading.Event = field(default_factory=threading.Event)
    solved: Any = None  # (the spot's payoffs and tree, the solution) when done

    @property
    def fraction(self) -> float:
        """How far along, on a log scale from the first exploitability to the target."""
        if self.state == "done":
            return 1.0
        if self.exploitability is None or self.first is None or self.first <= self.spot.target:
            return 0.0
        span = math.log(self.first / self.spot.target)
        gone = math.log(self.first / max(self.exploitability, self.spot.target))
        return max(0.0, min(1.0, gone / span))

    def status(self) -> dict[str, Any]:
        return {"state": self.state, "progress": round(self.fraction, 4),
                "iteration": self.iteration,
                "exploitability": None if self.exploitability is None
                else round(self.exploitability, 4),
                "target": self.spot.target, "seconds": round(self.seconds, 2),
                "error": self.error}


_jobs: OrderedDict[str, Job] = OrderedDict()
_lock = threading.Lock()


def start(spot: Spot) -> Job:
    """The spot's job: the one running or done, or a new one (a cancelled or failed one is
    started again)."""
    with _lock:
        job = _jobs.get(spot.key)
        if job is not None and job.state in ("running", "done"):
            _jobs.move_to_end(spot.key)
            return job
        running = sum(j.state == "running" for j in _jobs.values())
        if running >= MAX_RUNNING:
            raise ValueError(f"{running} solves are running here already: try again when "
                             "one has finished")
        job = Job(spot)
        _jobs[spot.key] = job
        while len(_jobs) > MAX_KEPT:
            _, old = _jobs.popitem(last=False)
            old.cancel.set()
    threading.Thread(target=_run, args=(job,), daemon=True, name="solver").start()
    return job


def find(spot: Spot) -> Job | None:
    with _lock:
        return _jobs.get(spot.key)


def _run(job: Job) -> None:
    spot = job.spot

    def report(progress: Progress) -> bool:
        job.iteration, job.exploitability = progress.iteration, progress.exploitability
        job.seconds = progress.seconds
        if job.first is None:
            job.first = progress.exploitability
        return not job.cancel.is_set()

    try:
        if spot.street == "river":
            river = river_spot(spot.board, spot.ranges, spot.pot, (spot.stack, spot.stack),
                               config=spot.config())
            solution = solve_river(river, target=spot.target, time_limit=MAX_SECONDS,
                                   progress=report, stop=job.cancel.is_set)
            job.solved = (river.combos, river.payoffs, solution)
        else:
            turn = turn_spot(spot.board, spot.ranges, spot.pot, (spot.stack, spot.stack),
                             config=spot.config(), river=spot.river_config())
            solution = solve_turn(turn, target=spot.target, time_limit=MAX_SECONDS,
                                  progress=report, stop=job.cancel.is_set)
            job.solved = (turn.combos, turn.payoffs, solution)
        job.iteration, job.exploitability = solution.iterations, solution.exploitability
        job.seconds = solution.seconds
        job.state = "cancelled" if solution.stopped == "cancelled" else "done"
    except (ValueError, MemoryError) as error:
        job.error, job.state = str(error), "error"
    finally:
        job.done.set()


def find_node(tree: Tree, line: str) -> int:
    """The decision node after ``line`` (``check, bet 60``: words, and amounts matched to
    the nearest size in the tree); a ValueError names the step that does not fit."""
    node = 0
    for step in filter(None, (s.strip().lower() for s in line.split(","))):
        if tree.kind[node] != NodeKind.DECISION:
            raise ValueError(f"line: the hand is over before {step!r}")
        word, _, amount = step.partition(" ")
        labels = [a.lower() for a in tree.actions[node]]
        choices = [i for i, label in enumerate(labels) if label.split(" ")[0] == word]
        if not choices:
            raise ValueError(f"line: {step!r} is not one of {', '.join(tree.actions[node])}")
        if amount and len(choices) > 1:
            try:
                wanted = float(amount.replace("to", "").strip())
            except ValueError:
                raise ValueError(f"line: {amount!r} is not an amount") from None
            choices.sort(key=lambda i: abs(_amount(labels[i]) - wanted))
        node = tree.children[node][choices[0]]
    if tree.kind[node] != NodeKind.DECISION:
        raise ValueError("line: the hand is over after it, there is no decision to show")
    return node


def _amount(label: str) -> float:
    for word in label.replace("(all-in)", "").split():
        try:
            return float(word)
        except ValueError:
            continue
    return 0.0


def answer_data(job: Job, line: str = "", hero: str = "", played: str = "") -> dict[str, Any]:
    """The solved spot at the decision after ``line``: each action's frequency and EV for
    the whole range, the 13x13 grid, and (``hero``) one hand's strategy and EV and where
    ``played`` sits against it. EVs are chips won from the start of the street."""
    combos, payoffs, solution = job.solved
    payoffs_: Payoffs = payoffs
    sol: Solution = solution
    node = find_node(sol.tree, line)
    answer = node_answer(sol, payoffs_, node)
    player = answer.player
    hands: list[Combo] = combos[player]
    weights = answer.hand_weights
    values = np.nan_to_num(answer.values)
    actions = []
    for a, label in enumerate(answer.actions):
        taken = weights * answer.strategy[a]
        actions.append({"label": label, "frequency": round(float(answer.frequencies[a]), 4),
                        "ev": round(float(weights @ values[a]), 3),
                        "ev_taken": None if taken.sum() <= 0 else
                        round(float(taken @ values[a] / taken.sum()), 3)})
    range_ev = float((weights * answer.strategy * values).sum())
    classes: dict[str, list[int]] = {}
    for i, combo in enumerate(hands):
        classes.setdefault(class_of(combo), []).append(i)
    grid = []
    for row in grid_classes():
        cells = []
        for name in row:
            rows = classes.get(name, [])
            share = float(weights[rows].sum()) if rows else 0.0
            if not rows or share <= 0:
                cells.append({"class": name, "combos": len(rows), "strategy": None})
                continue
            w = weights[rows] / share
            strategy = answer.strategy[:, rows] @ w
            cells.append({"class": name, "combos": len(rows),
                          "strategy": [round(float(s), 4) for s in strategy],
                          "ev": round(float((answer.strategy[:, rows] * values[:, rows]).sum(
                              axis=0) @ w), 3)})
        grid.append(cells)
    data: dict[str, Any] = {
        "street": job.spot.street, "spot": job.spot.query(), "line": sol.tree.line(node),
        "player": player, "position": "out of position" if player == 0 else "in position",
        "actions": actions, "range_ev": round(range_ev, 3), "grid": grid,
        "exploitability": round(sol.exploitability, 4), "iterations": sol.iterations,
        "stopped": sol.stopped, "seconds": round(sol.seconds, 2), "hero": None,
    }
    if hero:
        data["hero"] = _hero(hands, answer.actions, answer.strategy, answer.values, hero,
                             played)
    return data


def _hero(hands: list[Combo], actions: list[str], strategy: Any, values: Any, hero: str,
          played: str) -> dict[str, Any]:
    try:
        cards = to_cards(hero)
    except ValueError as error:
        raise ValueError(f"hero: {error}") from None
    wanted = frozenset(cards)
    rows = [i for i, combo in enumerate(hands) if frozenset(combo) == wanted]
    if len(cards) != 2 or not rows:
        raise ValueError(f"hero: {hero!r} is not a hand of the acting player's range here")
    i = rows[0]
    evs = [None if math.isnan(v) else round(float(v), 3) for v in values[:, i]]
    found: dict[str, Any] = {"hand": format_cards(sorted(cards, key=lambda c: -c.id)),
             "strategy": [round(float(s), 4) for s in strategy[:, i]], "evs": evs,
             "best": actions[int(np.nanargmax(values[:, i]))], "played": None}
    if played:
        word = played.strip().lower().split(" ")[0]
        matches = [a for a, label in enumerate(actions) if label.lower().split(" ")[0] == word]
        if not matches:
            raise ValueError(f"played: {played!r} is not one of {', '.join(actions)}")
        amount = _amount(played.lower())
        a = min(matches, key=lambda m: abs(_amount(actions[m].lower()) - amount))
        best = max(e for e in evs if e is not None)
        mine = evs[a]
        found["played"] = {"label": actions[a], "frequency": found["strategy"][a],
                           "ev": mine, "loss": None if mine is None else round(best - mine, 3)}
    return found

