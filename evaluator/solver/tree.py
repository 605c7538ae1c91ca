"""The river's bet tree: who may check, bet, raise, call or fold, and for how much.

A tree is built from a pot, the two players' stacks (the smaller one is the *effective*
stack: nobody can win more) and :class:`TreeConfig`, which people read as a solver's sizes:

- bets as fractions of the pot (``0.33`` is a third of the pot), for the player who acts
  first (out of position: player 0 unless told otherwise) and for the second player;
- raises as fractions of the pot after calling (``1.0`` raises by the pot once the bet is
  called), the minimum raise being the last bet or raise;
- an all-in option beside the sizes, and an all-in threshold: a bet or raise that would put
  in at least that share of the stack left becomes all-in (no one keeps a stack too small
  to play);
- a raise cap: how many raises one street allows after the first bet.

Amounts are chips added on the river: at every node ``contributions[n]`` holds what each
player has put in since the river card. The tree is stored as flat lists, one entry per node
in depth-first order, so the solver walks it with one array operation per node over all
hands at once.

>>> tree = build_tree(pot=2, stacks=(1, 1), config=TreeConfig(
...     first=Sizes(bets=(0.5,), all_in=False), second=Sizes(bets=(0.5,), all_in=False)))
>>> for n in range(3):
...     print(tree.describe(n))
player 0 to act: Check, Bet 1 (all-in)
player 1 to act: Check, Bet 1 (all-in)
showdown for 0
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum
from typing import Final

MAX_NODES: Final = 5_000  # ~80 MiB of regrets and sums at 1,081 hands a side: a mistake


class NodeKind(IntEnum):
    """What happens at a node."""

    DECISION = 0
    FOLD = 1  # someone folded: ``folder[n]`` loses what they put in
    SHOWDOWN = 2


@dataclass(frozen=True)
class Sizes:
    """One player's sizes: bets and raises as fractions of the pot, and an all-in option.

    >>> Sizes(bets=(0.33, 0.75)).bets
    (0.33, 0.75)
    """

    bets: tuple[float, ...] = (0.33, 0.75)
    raises: tuple[float, ...] = (1.0,)
    all_in: bool = True

    def __post_init__(self) -> None:
        for name, values in (("bet", self.bets), ("raise", self.raises)):
            for value in values:
                if not value > 0:
                    raise ValueError(f"a {name} size must be a positive fraction of the pot, "
                                     f"got {value!r}")


@dataclass(frozen=True)
class TreeConfig:
    """The sizes of both players, the all-in threshold and the raise cap.

    >>> TreeConfig().raise_cap
    1
    """

    first: Sizes = field(default_factory=Sizes)
    second: Sizes = field(default_factory=Sizes)
    all_in_threshold: float = 0.67
    raise_cap: int = 1

    def __post_init__(self) -> None:
        if not 0 < self.all_in_threshold <= 1:
            raise ValueError("the all-in threshold is a share of the stack in (0, 1], got "
                             f"{self.all_in_threshold!r}")
        if self.raise_cap < 0:
            raise ValueError(f"the raise cap cannot be negative, got {self.raise_cap!r}")


@dataclass
class Tree:
    """The nodes as flat lists (index = node id, 0 is the root), depth first.

    ``player[n]`` acts at a decision node (-1 elsewhere); ``children[n]`` and ``actions[n]``
    list the moves; ``contributions[n]`` is what each player put in on the river so far;
    ``folder[n]`` is who folded at a fold node (-1 elsewhere).
    """

    pot: float
    stack: float
    first: int = 0  # who acts first on the river (out of position)
    kind: list[NodeKind] = field(default_factory=list)
    player: list[int] = field(default_factory=list)
    children: list[list[int]] = field(default_factory=list)
    actions: list[list[str]] = field(default_factory=list)
    contributions: list[tuple[float, float]] = field(default_factory=list)
    folder: list[int] = field(default_factory=list)
    parent: list[int] = field(default_factory=list)

    @property
    def decisions(self) -> list[int]:
        """The decision nodes, in depth-first order."""
        return [n for n, k in enumerate(self.kind) if k == NodeKind.DECISION]

    def stake(self, node: int) -> float:
        """What the loser of a showdown at ``node``, or the folder at a fold, gives the other
        player: half the starting pot (each put that in) plus their river chips."""
        c0, c1 = self.contributions[node]
        if self.kind[node] == NodeKind.FOLD:
            return self.pot / 2 + (c0 if self.folder[node] == 0 else c1)
        return self.pot / 2 + c0

    def line(self, node: int) -> list[str]:
        """The actions from the root to ``node``.

        >>> tree = build_tree(pot=10, stacks=(20, 30), config=TreeConfig())
        >>> tree.line(tree.children[tree.children[0][1]][0])
        ['Bet 3.3', 'Fold']
        """
        path: list[str] = []
        while node:
            up = self.parent[node]
            path.append(self.actions[up][self.children[up].index(node)])
            node = up
        return path[::-1]

    def describe(self, node: int) -> str:
        """A node in words."""
        if self.kind[node] == NodeKind.DECISION:
            return f"player {self.player[node]} to act: " + ", ".join(self.actions[node])
        if self.kind[node] == NodeKind.FOLD:
            return f"player {self.folder[node]} folds"
        return f"showdown for {_chips(self.contributions[node][0])}"


def build_tree(pot: float, stacks: tuple[float, float], config: TreeConfig,
               first: int = 0) -> Tree:
    """The bet tree of a river where player ``first`` (0 or 1) acts first and bets
    ``config.first``'s sizes.

    >>> tree = build_tree(pot=100, stacks=(200, 150), config=TreeConfig())
    >>> tree.actions[0]
    ['Check', 'Bet 33', 'Bet 75', 'Bet 150 (all-in)']
    >>> tree.actions[tree.children[0][1]]  # raising by the pot (199) is more than the stack
    ['Fold', 'Call 33', 'Raise to 150 (all-in)']
    >>> len(tree.kind), len(tree.decisions)
    (33, 12)
    """
    if not pot > 0:
        raise ValueError(f"the pot must be positive, got {pot!r}")
    if len(stacks) != 2 or min(stacks) < 0:
        raise ValueError(f"two stacks of zero or more chips are needed, got {stacks!r}")
    if first not in (0, 1):
        raise ValueError(f"the player who acts first is 0 or 1, got {first!r}")
    tree = Tree(pot=float(pot), stack=float(min(stacks)), first=first)
    _grow(tree, config, parent=-1, actor=first, put=(0.0, 0.0), raises=-1, checked=False)
    return tree


def _add(tree: Tree, kind: NodeKind, parent: int, put: tuple[float, float], player: int = -1,
         folder: int = -1) -> int:
    if len(tree.kind) >= MAX_NODES:
        raise ValueError(f"the bet tree has more than {MAX_NODES} nodes: use fewer sizes or "
                         "a lower raise cap")
    tree.kind.append(kind)
    tree.player.append(player)
    tree.children.append([])
    tree.actions.append([])
    tree.contributions.append(put)
    tree.folder.append(folder)
    tree.parent.append(parent)
    return len(tree.kind) - 1


def _link(tree: Tree, parent: int, child: int, action: str) -> None:
    tree.children[parent].append(child)
    tree.actions[parent].append(action)


def _grow(tree: Tree, config: TreeConfig, parent: int, actor: int, put: tuple[float, float],
          raises: int, checked: bool) -> int:
    """Add the decision of ``actor`` and everything below it; ``raises`` counts the bets
    and raises so far minus one (-1: nobody has bet)."""
    node = _add(tree, NodeKind.DECISION, parent, put, player=actor)
    other = 1 - actor
    facing = put[other] - put[actor]
    if facing <= 0:
        child = (_add(tree, NodeKind.SHOWDOWN, node, put) if checked else
                 _grow(tree, config, node, other, put, raises, checked=True))
        _link(tree, node, child, "Check")
    else:
        _link(tree, node, _add(tree, NodeKind.FOLD, node, put, folder=actor), "Fold")
        called = _set(put, actor, put[other])
        _link(tree, node, _add(tree, NodeKind.SHOWDOWN, node, called), f"Call {_chips(facing)}")
    if put[other] >= tree.stack or (facing > 0 and raises >= config.raise_cap):
        return node
    for amount, all_in in _sizes(tree, config, actor, put, facing):
        after = _set(put, actor, amount)
        verb = "Raise to" if facing > 0 else "Bet"
        label = f"{verb} {_chips(amount)}" + (" (all-in)" if all_in else "")
        child = _grow(tree, config, node, other, after, raises + 1, checked)
        _link(tree, node, child, label)
    return node


def _sizes(tree: Tree, config: TreeConfig, actor: int, put: tuple[float, float],
           facing: float) -> list[tuple[float, bool]]:
    """The totals ``actor`` may bet or raise to, smallest first, each once, with whether it
    is all-in."""
    sizes = config.first if actor == tree.first else config.second
    pot_now = tree.pot + put[0] + put[1]
    stack = tree.stack
    behind = stack - put[actor]  # chips the actor still has
    if facing > 0:
        # Heads-up, the amount faced is the last bet or raise: the smallest raise repeats it.
        minimum = put[1 - actor] + facing
        wanted = [max(put[1 - actor] + f * (pot_now + facing), minimum) for f in sizes.raises]
    else:
        wanted = [f * pot_now for f in sizes.bets]
    totals: dict[float, bool] = {}
    for total in wanted:
        if total - put[actor] >= config.all_in_threshold * behind or total >= stack:
            totals[stack] = True
        else:
            totals[round(total, 6)] = False
    if sizes.all_in:
        totals[stack] = True
    return sorted(totals.items())


def _set(put: tuple[float, float], player: int, amount: float) -> tuple[float, float]:
    return (amount, put[1]) if player == 0 else (put[0], amount)


def _chips(amount: float) -> str:
    return f"{amount:g}"
