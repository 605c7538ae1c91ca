"""The package: a light import, lazy tables, the table facts (its docstring examples run in
tests/test_docstrings.py)."""

from __future__ import annotations

import subprocess
import sys

import evaluator
from evaluator.tables import RANK_KEYS, Category, tables


def test_importing_the_package_loads_no_numpy_and_builds_no_tables():
    code = (
        "import sys, evaluator, evaluator.hands as h\n"
        "assert 'numpy' not in sys.modules and 'django' not in sys.modules\n"
        "assert not h._KEYS\n"
        "assert evaluator.evaluate('As Ks Qs Js Ts').strength == 7462\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0, done.stderr


def test_the_public_api_is_exported():
    for name in evaluator.__all__:
        assert getattr(evaluator, name) is not None, name


def test_tables_stay_under_64_megabytes():
    t = tables()
    arrays = [t.flush, *t.rank_sums.values(), *t.rank_values.values()]
    arrays += [t.rank_array(n) for n in (5, 6, 7)]
    assert sum(a.nbytes for a in arrays) < 64 * 2**20


def test_rank_keys_give_unique_sums_for_each_hand_size():
    for n in (5, 6, 7):
        sums = tables().rank_sums[n]
        assert len(set(sums.tolist())) == len(sums) == {5: 6175, 6: 18395, 7: 49205}[n]
    assert len(RANK_KEYS) == 13


def test_strength_ranges_of_each_category():
    ranges = {Category.HIGH_CARD: (1, 1277), Category.ONE_PAIR: (1278, 4137),
              Category.TWO_PAIR: (4138, 4995), Category.THREE_OF_A_KIND: (4996, 5853),
              Category.STRAIGHT: (5854, 5863), Category.FLUSH: (5864, 7140),
              Category.FULL_HOUSE: (7141, 7296), Category.FOUR_OF_A_KIND: (7297, 7452),
              Category.STRAIGHT_FLUSH: (7453, 7461), Category.ROYAL_FLUSH: (7462, 7462)}
    classes = tables().classes
    for category, (low, high) in ranges.items():
        assert classes[low][0] == classes[high][0] == category
        assert low == 1 or classes[low - 1][0] != category
        assert high == 7462 or classes[high + 1][0] != category
