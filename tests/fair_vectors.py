"""The fair-deal test vectors, read from docs/fairness.md: the Python and browser tests check
the same block the documentation shows."""

import json
import re
from pathlib import Path

DOC = Path(__file__).resolve().parent.parent / "docs" / "fairness.md"


def fair_vectors() -> list[dict]:
    (block,) = re.findall(r"```json\n(.*?)```", DOC.read_text(), re.S)
    return json.loads(block)
