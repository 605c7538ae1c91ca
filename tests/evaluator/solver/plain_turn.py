"""An independent turn solver for the tests: plain Python, one hand at a time, no NumPy.

It walks the same turn tree (:mod:`evaluator.solver.tree`) and builds each river's tree
itself from the pot and stacks a line leaves; every river card is dealt by a loop over the
52 cards, every pair of hands scored with the scalar evaluator on the five cards, and
pairs sharing a card (or holding the river card) skipped one by one. Discounting as
Brown and Sandholm's Discounted CFR (alpha 1.5, beta 0, gamma 2, alternating updates), as
in plain_cfr.py, so after the same iterations it must hold the same average strategies.
"""

from __future__ import annotations

from evaluator import evaluate
from evaluator.solver.tree import NodeKind, Tree, TreeConfig, build_tree

DEALT = 44  # river cards a pair of hands leaves: written here, not imported


class PlainTurn:
    def __init__(self, tree: Tree, river: TreeConfig, board, hands, weights) -> None:
        self.tree, self.board, self.hands, self.weights = tree, board, hands, weights
        self.rivers = {}
        for n, kind in enumerate(tree.kind):
            if kind == NodeKind.SHOWDOWN:
                put = tree.contributions[n][0]
                left = tree.stack - put
                self.rivers[n] = build_tree(tree.pot + 2 * put, (left, left), river,
                                            first=tree.first)
        self.cards = [c for c in range(52) if c not in {b.id for b in board}]
        self.value = {}  # (player, i, river card) -> strength on the five cards
        for p in (0, 1):
            for i, hand in enumerate(hands[p]):
                for r in self.cards:
                    if r not in {c.id for c in hand}:
                        from evaluator.cards import Card
                        self.value[p, i, r] = evaluate([*hand, *board, Card(r)])
        self.regrets, self.sums = {}, {}
        self.t = 0

    def ids(self, p, i):
        return {c.id for c in self.hands[p][i]}

    def tree_at(self, where):
        return self.tree if where is None else self.rivers[where[0]]

    def key(self, where, node, i):
        return (where, node, i)

    def strategy(self, where, node, i):
        n = len(self.tree_at(where).children[node])
        regrets = self.regrets.get((where, node, i), [0.0] * n)
        positive = [r if r > 1e-9 else 0.0 for r in regrets]  # below: rounding
        total = sum(positive)
        return [x / total for x in positive] if total > 0 else [1 / n] * n

    def average(self, where, node, i):
        n = len(self.tree_at(where).children[node])
        sums = self.sums.get((where, node, i), [0.0] * n)
        total = sum(sums)
        return [s / total for s in sums] if total > 0 else [1 / n] * n

    def terminal(self, where, node, player, i, reach):
        tree = self.tree_at(where)
        c0, c1 = tree.contributions[node]
        mine = self.ids(player, i)
        total = 0.0
        for j, r in enumerate(reach):
            if r == 0 or mine & self.ids(1 - player, j):
                continue
            if tree.kind[node] == NodeKind.FOLD:
                folder = tree.folder[node]
                stake = tree.pot / 2 + (c0, c1)[folder]
                total += r * (-stake if folder == player else stake)
            else:
                card = where[1]
                a, b = self.value[player, i, card], self.value[1 - player, j, card]
                total += r * ((a > b) - (a < b)) * (tree.pot / 2 + c0)
        return total

    def chance(self, node, player, i, reach, visit):
        total = 0.0
        mine = self.ids(player, i)
        for card in self.cards:
            if card in mine:
                continue
            dealt = [0.0 if card in self.ids(1 - player, j) else r for j, r in enumerate(reach)]
            total += visit((node, card), 0, dealt)
        return total / DEALT

    def iterate(self) -> None:
        self.t += 1
        t = self.t
        self.positive = (t - 1) ** 1.5 / ((t - 1) ** 1.5 + 1)
        self.negative = 0.5 if t > 1 else 0.0
        self.keep = ((t - 1) / t) ** 2
        for player in (0, 1):
            for i, w in enumerate(self.weights[player]):
                self.update(None, 0, player, i, w, list(self.weights[1 - player]))

    def update(self, where, node, player, i, own, reach):
        tree = self.tree_at(where)
        if tree.kind[node] == NodeKind.SHOWDOWN and where is None:
            return self.chance(node, player, i, reach,
                               lambda w, n, r: self.update(w, n, player, i, own, r))
        if tree.kind[node] != NodeKind.DECISION:
            return self.terminal(where, node, player, i, reach)
        children = tree.children[node]
        if tree.player[node] != player:
            total = 0.0
            for a, child in enumerate(children):
                after = [r * self.strategy(where, node, j)[a] if r else 0.0
                         for j, r in enumerate(reach)]
                total += self.update(where, child, player, i, own, after)
            return total
        sigma = self.strategy(where, node, i)
        values = [self.update(where, child, player, i, own * sigma[a], reach)
                  for a, child in enumerate(children)]
        value = sum(s * v for s, v in zip(sigma, values, strict=True))
        n = len(children)
        regrets = self.regrets.setdefault((where, node, i), [0.0] * n)
        sums = self.sums.setdefault((where, node, i), [0.0] * n)
        for a in range(n):
            regrets[a] *= self.positive if regrets[a] > 0 else self.negative
            regrets[a] += values[a] - value
            sums[a] = sums[a] * self.keep + own * sigma[a]
        return value

    def best_response(self, player: int) -> float:
        """Chips a best response of ``player`` expects against the average strategies."""
        total = dealt = 0.0
        for i, w in enumerate(self.weights[player]):
            reach = list(self.weights[1 - player])
            total += w * self.best(None, 0, player, i, reach)
            dealt += w * sum(r for j, r in enumerate(reach)
                             if not self.ids(player, i) & self.ids(1 - player, j))
        return total / dealt

    def best(self, where, node, player, i, reach):
        tree = self.tree_at(where)
        if tree.kind[node] == NodeKind.SHOWDOWN and where is None:
            return self.chance(node, player, i, reach,
                               lambda w, n, r: self.best(w, n, player, i, r))
        if tree.kind[node] != NodeKind.DECISION:
            return self.terminal(where, node, player, i, reach)
        children = tree.children[node]
        if tree.player[node] == player:
            return max(self.best(where, child, player, i, reach) for child in children)
        total = 0.0
        for a, child in enumerate(children):
            after = [r * self.average(where, node, j)[a] if r else 0.0
                     for j, r in enumerate(reach)]
            total += self.best(where, child, player, i, after)
        return total
