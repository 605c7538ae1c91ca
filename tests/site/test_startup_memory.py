"""What a server process makes at start-up is kept out of the garbage collector's scans
(pokersite/asgi.py freezes it), so a full collection during play walks only what play made."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

COUNTS_AFTER_START_UP = """
import gc, os
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pokersite.settings")
import pokersite.asgi
print(gc.get_freeze_count(), len(gc.get_objects()))
"""


def test_a_full_collection_after_start_up_walks_almost_nothing():
    # A process of its own: this one's imports and fixtures are not a server's start-up.
    done = subprocess.run(
        [sys.executable, "-c", COUNTS_AFTER_START_UP],
        cwd=ROOT, capture_output=True, text=True, check=True, timeout=120,
    )
    frozen, tracked = map(int, done.stdout.split())
    assert frozen > 50_000  # Django, the routes, the evaluator's tables...
    assert tracked < 1_000  # ...and nearly nothing left for the collector to walk
