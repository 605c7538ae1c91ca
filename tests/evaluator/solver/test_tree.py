"""The bet tree: every amount is legal (a raise at least the last bet, nobody above the
effective stack), the raise cap and the all-in threshold hold, and lines end as they must."""

from __future__ import annotations

import itertools

import pytest

from evaluator.solver.tree import NodeKind, Sizes, TreeConfig, build_tree

CONFIGS = [
    TreeConfig(),
    TreeConfig(first=Sizes(bets=(0.25, 0.5, 1.0, 2.0), raises=(0.5, 1.0)),
               second=Sizes(bets=(0.5,), raises=(0.6,), all_in=False), raise_cap=3),
    TreeConfig(first=Sizes(bets=(), all_in=False), second=Sizes(bets=(0.75,)), raise_cap=0),
    TreeConfig(all_in_threshold=0.2, raise_cap=2),
]
STACKS = [(200, 300), (10, 10), (1000, 40), (0, 50)]


@pytest.mark.parametrize(("config", "stacks"), list(itertools.product(CONFIGS, STACKS)))
def test_every_amount_in_the_tree_is_legal(config, stacks):
    tree = build_tree(100, stacks, config)
    effective = min(stacks)
    for n, kind in enumerate(tree.kind):
        c0, c1 = tree.contributions[n]
        assert 0 <= c0 <= effective and 0 <= c1 <= effective, tree.line(n)
        if kind == NodeKind.SHOWDOWN:
            assert c0 == c1, tree.line(n)  # called or checked down
        if kind == NodeKind.FOLD:
            folder = tree.folder[n]
            assert tree.contributions[n][folder] < tree.contributions[n][1 - folder]
        if kind != NodeKind.DECISION:
            assert not tree.children[n]
            continue
        actor = tree.player[n]
        facing = tree.contributions[n][1 - actor] - tree.contributions[n][actor]
        raises = [tree.contributions[child][actor] for child, action
                  in zip(tree.children[n], tree.actions[n], strict=True)
                  if action.startswith(("Raise", "Bet"))]
        assert raises == sorted(set(raises)), tree.line(n)  # smallest first, each once
        for total in raises:
            if total < effective:  # a short all-in may raise by less
                assert total - tree.contributions[n][1 - actor] >= facing, tree.line(n)
        moves = [a.split()[0] for a in tree.actions[n]]
        assert moves[0] == ("Fold" if facing > 0 else "Check")
        # Players alternate.
        for child in tree.children[n]:
            if tree.kind[child] == NodeKind.DECISION:
                assert tree.player[child] == 1 - actor


@pytest.mark.parametrize("cap", [0, 1, 2, 4])
def test_no_line_raises_more_often_than_the_cap(cap):
    sizes = Sizes(bets=(0.5,), raises=(0.5,), all_in=False)
    tree = build_tree(100, (100_000, 100_000), TreeConfig(first=sizes, second=sizes,
                                                          raise_cap=cap))
    most = max(sum(a.startswith("Raise") for a in tree.line(n)) for n in range(len(tree.kind)))
    assert most == cap


def test_a_bet_above_the_all_in_threshold_becomes_all_in():
    sizes = Sizes(bets=(0.5, 0.75), all_in=False)
    # Stacks of 100 into a pot of 100: 75 is 75% of the stack, above a 67% threshold.
    tree = build_tree(100, (100, 100), TreeConfig(first=sizes, second=sizes))
    assert tree.actions[0] == ["Check", "Bet 50", "Bet 100 (all-in)"]
    tree = build_tree(100, (100, 100), TreeConfig(first=sizes, second=sizes,
                                                  all_in_threshold=0.8))
    assert tree.actions[0] == ["Check", "Bet 50", "Bet 75"]


def test_checks_and_calls_end_in_a_showdown_for_the_stake_put_in():
    tree = build_tree(100, (200, 200), TreeConfig())
    check_check = tree.children[tree.children[0][0]][0]
    assert tree.kind[check_check] == NodeKind.SHOWDOWN and tree.stake(check_check) == 50
    bet = tree.children[0][1]
    fold, call = tree.children[bet][:2]
    assert tree.line(call) == ["Bet 33", "Call 33"] and tree.stake(call) == 50 + 33
    assert tree.folder[fold] == 1 and tree.stake(fold) == 50  # the folder loses half the pot


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"pot": 0, "stacks": (10, 10)}, "the pot must be positive"),
    ({"pot": 10, "stacks": (-1, 10)}, "two stacks of zero or more"),
])
def test_bad_spots_are_refused_with_a_reason(kwargs, message):
    with pytest.raises(ValueError, match=message):
        build_tree(config=TreeConfig(), **kwargs)


@pytest.mark.parametrize(("make", "message"), [
    (lambda: Sizes(bets=(0.5, -1)), "a bet size must be a positive fraction"),
    (lambda: Sizes(raises=(0,)), "a raise size must be a positive fraction"),
    (lambda: TreeConfig(all_in_threshold=1.5), "the all-in threshold"),
    (lambda: TreeConfig(raise_cap=-1), "the raise cap cannot be negative"),
])
def test_bad_sizes_are_refused_with_a_reason(make, message):
    with pytest.raises(ValueError, match=message):
        make()


def test_a_tree_too_big_to_solve_is_refused():
    sizes = Sizes(bets=tuple(0.1 * k for k in range(1, 30)), raises=(0.1, 0.2, 0.3))
    with pytest.raises(ValueError, match="more than 5000 nodes"):
        build_tree(100, (10**9, 10**9), TreeConfig(first=sizes, second=sizes, raise_cap=6))
