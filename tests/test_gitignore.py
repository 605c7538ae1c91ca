"""A developer's working files stay out of git: the SQLite database and the journal files
SQLite writes beside it in WAL mode (`-wal`, `-shm`) while the site runs."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SQLITE_FILES = ["db.sqlite3", "db.sqlite3-wal", "db.sqlite3-shm", "db.sqlite3-journal"]


@pytest.mark.skipif(
    shutil.which("git") is None or not (ROOT / ".git").exists(),
    reason="needs git and a checkout",
)
@pytest.mark.parametrize("name", SQLITE_FILES)
def test_git_ignores_the_sqlite_database_and_its_journal_files(name):
    # --no-index: the answer comes from .gitignore alone, whatever is already tracked.
    result = subprocess.run(
        ["git", "check-ignore", "--quiet", "--no-index", name], cwd=ROOT, check=False
    )
    assert result.returncode == 0, f"{name} is not ignored by .gitignore"
