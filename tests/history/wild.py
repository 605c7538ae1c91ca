"""The real files from the wild (issue "Hand histories from the wild"): one folder per site
under ``shared/realhands/wild`` beside the clone, each with a ``sources.tsv`` naming where
each file came from. Not in the repository: a site's tests skip, saying so, without it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.history.site_corpus import SiteCorpus

ROOT = Path(__file__).resolve().parents[2]


def _checkouts() -> list[Path]:
    """This clone, and the main checkout when it is a git worktree (its ``.git`` file points
    into the main checkout's ``.git/worktrees/``): ``shared/`` lies beside the main one."""
    found = [ROOT]
    marker = ROOT / ".git"
    if marker.is_file():
        gitdir = Path(marker.read_text().removeprefix("gitdir:").strip())
        if gitdir.parent.name == "worktrees":
            found.append(gitdir.parent.parent.parent)
    return found


WILD = next((c.parent / "shared" / "realhands" / "wild" for c in _checkouts()
             if (c.parent / "shared" / "realhands" / "wild").is_dir()),
            ROOT.parent / "shared" / "realhands" / "wild")


def wild_corpus(site: str) -> SiteCorpus:
    """A site's wild folder as a corpus: every file (named "<source>-<file>"), not the
    ``sources.tsv`` beside them."""
    return SiteCorpus(WILD / site, "*-*")


def needs_wild(site: str) -> pytest.MarkDecorator:
    return pytest.mark.skipif(not (WILD / site).is_dir(),
                              reason=f"no {WILD / site} (the wild files lie beside the clone)")
