"""The README stays true: every document it sends readers to is in the repository, and
docs/configuration.md (where the README sends them for settings) names every environment
variable the code reads."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text()
CONFIGURATION = (ROOT / "docs" / "configuration.md").read_text()
# The site reads its settings through pokersite/env.py's helpers; tests call those helpers
# on made-up names (tests/site/test_settings_env.py), so only the site's calls count.
HELPERS = {"env_str", "env_bool", "env_int", "env_float", "env_list", "env_rates",
           "env_throttle_rate"}


def _first_string(call: ast.Call) -> str | None:
    if call.args and isinstance(call.args[0], ast.Constant) and isinstance(
        call.args[0].value, str
    ):
        return call.args[0].value
    return None


def _reads(tree: ast.AST, *, helpers: bool) -> set[str]:
    """Names read with os.environ.get / os.getenv / os.environ[...] (and the helpers)."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            dotted = ast.unparse(func)
            if dotted in ("os.environ.get", "os.getenv") or (
                helpers and isinstance(func, ast.Name) and func.id in HELPERS
            ):
                name = _first_string(node)
                if name:
                    names.add(name)
        elif (
            isinstance(node, ast.Subscript)
            and ast.unparse(node.value) == "os.environ"
            and isinstance(node.slice, ast.Constant)
            and isinstance(node.slice.value, str)
        ):
            names.add(node.slice.value)
    return names


def variables_read() -> dict[str, str]:
    """Every environment variable the code reads -> a file that reads it."""
    found: dict[str, str] = {}
    for folder, helpers in (("pokersite", True), ("games", True), ("evaluator", True),
                            ("bench", True), ("tests", False)):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for name in _reads(ast.parse(path.read_text()), helpers=helpers):
                found.setdefault(name, str(path.relative_to(ROOT)))
    return found


def test_the_scan_finds_the_variables_it_should():
    found = variables_read()
    for name in ("DATABASE_URL", "TABLE_CLOCK", "DATABASE_POOL_SIZE", "CHROMIUM_PATH",
                 "TEST_SERVER_START_SECONDS"):
        assert name in found, name


def test_the_configuration_page_lists_every_environment_variable_the_code_reads():
    assert "`docs/configuration.md`" in README
    missing = {name: path for name, path in variables_read().items()
               if f"`{name}`" not in CONFIGURATION}
    assert not missing, f"not in docs/configuration.md: {missing}"


def test_every_document_the_readme_names_is_in_the_repository():
    named = set(re.findall(r"`([\w./-]+\.md)`", README))
    assert named, "the README names no document"
    missing = sorted(name for name in named if not (ROOT / name).exists())
    assert not missing, missing


def test_every_picture_the_readme_shows_is_in_the_repository():
    pictures = re.findall(r"\]\(([\w./-]+\.png)\)", README)
    assert len(pictures) >= 3, pictures
    assert [p for p in pictures if not (ROOT / p).is_file()] == []
