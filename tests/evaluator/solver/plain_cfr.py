"""An independent river solver for the tests: plain Python, one hand at a time, no NumPy.

It walks the same bet tree (:mod:`evaluator.solver.tree`), but scores every pair of hands
with the scalar evaluator (``evaluate``) and loops over the other player's hands at every
showdown and fold, so it shares no code with the vectorized payoffs. The discounting
follows Brown and Sandholm's Discounted CFR as the solver's docstring states it (alpha 1.5,
beta 0, gamma 2, alternating updates), so after the same number of iterations both must
hold the same average strategy.
"""

from __future__ import annotations

from evaluator import evaluate
from evaluator.solver.tree import NodeKind, Tree


class PlainRiver:
    """Hands as lists of two ``Card``s, weights as lists of floats."""

    def __init__(self, tree: Tree, board, hands, weights) -> None:
        self.tree, self.hands, self.weights = tree, hands, weights
        values = [[evaluate([*h, *board]) for h in hs] for hs in hands]
        # outcome[i][j]: +1 when player 0's hand i beats player 1's hand j, None if they
        # share a card.
        self.outcome = [[None if set(a) & set(b) else
                         (values[0][i] > values[1][j]) - (values[0][i] < values[1][j])
                         for j, b in enumerate(hands[1])] for i, a in enumerate(hands[0])]
        self.regrets = {}
        self.sums = {}
        for n in tree.decisions:
            for i in range(len(hands[tree.player[n]])):
                self.regrets[n, i] = [0.0] * len(tree.children[n])
                self.sums[n, i] = [0.0] * len(tree.children[n])
        self.t = 0

    def result(self, player: int, i: int, j: int):
        """+1, 0, -1 for ``player``'s hand i against the other's hand j; None if blocked."""
        if player == 0:
            return self.outcome[i][j]
        o = self.outcome[j][i]
        return None if o is None else -o

    def terminal(self, node: int, player: int, i: int, reach: list[float]) -> float:
        tree = self.tree
        c0, c1 = tree.contributions[node]
        total = 0.0
        for j, r in enumerate(reach):
            o = self.result(player, i, j)
            if o is None:
                continue
            if tree.kind[node] == NodeKind.FOLD:
                folder = tree.folder[node]
                stake = tree.pot / 2 + (c0, c1)[folder]
                total += r * (-stake if folder == player else stake)
            else:
                total += r * o * (tree.pot / 2 + c0)
        return total

    def strategy(self, node: int, i: int) -> list[float]:
        positive = [r if r > 1e-9 else 0.0 for r in self.regrets[node, i]]  # below: rounding
        total = sum(positive)
        return [p / total for p in positive] if total > 0 else [1 / len(positive)] * len(positive)

    def average(self, node: int, i: int) -> list[float]:
        sums = self.sums[node, i]
        total = sum(sums)
        return [s / total for s in sums] if total > 0 else [1 / len(sums)] * len(sums)

    def iterate(self) -> None:
        self.t += 1
        t = self.t
        self.positive = (t - 1) ** 1.5 / ((t - 1) ** 1.5 + 1)
        self.negative = 0.5 if t > 1 else 0.0
        self.keep = ((t - 1) / t) ** 2
        for player in (0, 1):
            for i, w in enumerate(self.weights[player]):
                self.update(0, player, i, w, list(self.weights[1 - player]))

    def update(self, node: int, player: int, i: int, own: float, reach: list[float]) -> float:
        tree = self.tree
        if tree.kind[node] != NodeKind.DECISION:
            return self.terminal(node, player, i, reach)
        children = tree.children[node]
        if tree.player[node] != player:
            total = 0.0
            for a, child in enumerate(children):
                after = [r * self.strategy(node, j)[a] for j, r in enumerate(reach)]
                total += self.update(child, player, i, own, after)
            return total
        sigma = self.strategy(node, i)
        values = [self.update(child, player, i, own * sigma[a], reach)
                  for a, child in enumerate(children)]
        value = sum(s * v for s, v in zip(sigma, values, strict=True))
        regrets, sums = self.regrets[node, i], self.sums[node, i]
        for a in range(len(children)):
            regrets[a] *= self.positive if regrets[a] > 0 else self.negative
            regrets[a] += values[a] - value
            sums[a] = sums[a] * self.keep + own * sigma[a]
        return value

    def best_response(self, player: int, strategies) -> float:
        """Chips a best response of ``player`` expects against ``strategies[node][a][j]``."""
        total = dealt = 0.0
        for i, w in enumerate(self.weights[player]):
            reach = list(self.weights[1 - player])
            total += w * self.best(0, player, i, reach, strategies)
            dealt += w * sum(r for j, r in enumerate(reach)
                             if self.result(player, i, j) is not None)
        return total / dealt

    def best(self, node, player, i, reach, strategies) -> float:
        tree = self.tree
        if tree.kind[node] != NodeKind.DECISION:
            return self.terminal(node, player, i, reach)
        children = tree.children[node]
        if tree.player[node] == player:
            return max(self.best(child, player, i, reach, strategies) for child in children)
        total = 0.0
        for a, child in enumerate(children):
            after = [r * strategies[node][a][j] for j, r in enumerate(reach)]
            total += self.best(child, player, i, after, strategies)
        return total
