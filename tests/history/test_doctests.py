"""The examples in the hand history's docstrings run."""

import doctest
import importlib

import pytest

MODULES = [
    "games.history.equity",
    "games.history.ledger",
    "games.history.masking",
    "games.history.replayer",
    "games.history.sharing",
    "games.history.presenters",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    failures, _tests = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failures == 0
