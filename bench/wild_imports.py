"""Real hand histories from the wild through the upload's own path, counted per site.

    .venv/bin/python bench/wild_imports.py                 # ../shared/realhands/wild
    .venv/bin/python bench/wild_imports.py --reasons       # and every refusal's reason
    .venv/bin/python bench/wild_imports.py --site ipoker --show "could not be read"

Every file of each site's folder (one folder per site, ``sources.tsv`` naming where each file
came from) is decoded, cut and read as an upload is (``decoding.decode_text``,
``reading.clean``, ``split_upload``, ``read_part``), and each imported hand is made into the
row the upload stores (``uploads.record``, not saved). Each hand pasted alone into "Review a
hand" (``imports.read_phh``) is read too: that page must refuse, never fail.

Counted per site: hands, imported, refused (by reason, amounts and names left out) and
crashes: an exception out of the upload's path or the review's (anything but a refusal), and
a refusal that only names an exception ("The hand could not be read (KeyError)."), which is
a crash the reader swallowed.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import traceback
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pokersite.settings")

import django  # noqa: E402

django.setup()

from games.engine import PHHError  # noqa: E402
from games.history.imports.decoding import decode_text  # noqa: E402
from games.history.imports.reading import clean, read_part, split_upload  # noqa: E402
from games.history.imports.review_a_hand import read_phh  # noqa: E402
from games.history.imports.uploads import fingerprint, record  # noqa: E402
from games.models import ImportBatch  # noqa: E402
from tests.history.wild import WILD  # noqa: E402 - from a worktree too

SWALLOWED = re.compile(r"could not be read \(\w+\)")


@dataclass
class Tally:
    hands: int = 0
    imported: int = 0
    refused: Counter[str] = field(default_factory=Counter)
    crashes: list[str] = field(default_factory=list)


def reason(error: str) -> str:
    """A refusal without its hand, line and amounts, to count refusals by reason."""
    kind = re.sub(r"^Hand #\S+?(?:, line \d+)?: ", "", error)
    return re.sub(r"[$€£]?\d[\d,.]*", "N", kind)[:90]


def survey(folder: Path) -> Tally:
    tally = Tally()
    batch = ImportBatch(owner_id=0, hero_name="")
    for path in sorted(p for p in folder.iterdir() if p.is_file() and p.name != "sources.tsv"):
        try:
            parts = split_upload(clean(decode_text(path.read_bytes())))
        except PHHError as error:
            tally.refused[f"(whole file) {reason(str(error))}"] += 1
            continue
        except Exception as error:  # noqa: BLE001 - a crash is what is counted here
            tally.crashes.append(f"{path.name}: split: {error!r}")
            continue
        for source, name, text in parts:
            tally.hands += 1
            where = f"{path.name} {text.splitlines()[0][:60]!r}"
            try:
                hand = read_part(source, name, text)
                if hand.replayed is not None:
                    record(hand, batch, fingerprint(text))
            except Exception:  # noqa: BLE001
                tally.crashes.append(f"{where}: upload: {traceback.format_exc(limit=-2)}")
                continue
            try:
                read_phh(text)
            except PHHError:
                pass
            except Exception:  # noqa: BLE001
                tally.crashes.append(f"{where}: review: {traceback.format_exc(limit=-2)}")
                continue
            if hand.error and SWALLOWED.search(hand.error):
                tally.crashes.append(f"{where}: {hand.error}")
            elif hand.error:
                tally.refused[reason(hand.error)] += 1
            else:
                tally.imported += 1
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("folder", nargs="?", type=Path, default=WILD)
    parser.add_argument("--site", help="one site's folder only")
    parser.add_argument("--reasons", action="store_true", help="print each refusal's reason")
    args = parser.parse_args()
    sites = sorted(p for p in args.folder.iterdir() if p.is_dir())
    if args.site:
        sites = [p for p in sites if p.name == args.site]
    print(f"{'site':12} {'hands':>6} {'imported':>9} {'refused':>8} {'crashes':>8}")
    tallies = {site.name: survey(site) for site in sites}
    for name, t in tallies.items():
        print(f"{name:12} {t.hands:6d} {t.imported:9d} {t.refused.total():8d} "
              f"{len(t.crashes):8d}")
    for name, t in tallies.items():
        if args.reasons and t.refused:
            print(f"\n{name}, refused:")
            for kind, count in t.refused.most_common():
                print(f"  {count:5d}  {kind}")
        if t.crashes:
            print(f"\n{name}, crashes:")
            for crash in t.crashes:
                print(f"  {crash}")


if __name__ == "__main__":
    main()
