"""The examples in the engine's docstrings run."""

import doctest
import importlib

import pytest

MODULES = [
    "games.engine",
    "games.engine.cards",
    "games.engine.lineup",
    "games.engine.phh",
    "games.engine.pots",
    "games.engine.replay",
    "games.engine.showdown",
    "games.engine.state",
    "games.engine.types",
    "games.engine.view",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    failures, _tests = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failures == 0
