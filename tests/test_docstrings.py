"""Every example in a docstring of the project's own code runs and gives what it shows."""

import doctest
import importlib
import pkgutil

import pytest

PACKAGES = ["evaluator", "games", "learning", "pokersite", "clubs"]
# Modules that do something on import (settings, the ASGI entry point) or hold no code.
SKIP = ("migrations", "pokersite.settings", "pokersite.asgi")


def project_modules() -> list[str]:
    names = []
    for package in PACKAGES:
        names.append(package)
        path = importlib.import_module(package).__path__
        for info in pkgutil.walk_packages(path, prefix=f"{package}."):
            if not any(part in info.name for part in SKIP):
                names.append(info.name)
    return sorted(names)


@pytest.mark.parametrize("name", project_modules())
def test_docstring_examples_run(name):
    module = importlib.import_module(name)
    failed, _attempted = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failed == 0, name
