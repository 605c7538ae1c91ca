"""Hold'em ranges: the usual notation, weights, card removal, and canonical text.

Facts, written once:

- There are 1,326 two-card *combos* in 169 *classes*: 13 pairs (``AA``, 6 combos each), 78
  suited (``AKs``, 4 each) and 78 offsuit (``AKo``, 12 each) hands. A combo is written high
  card first (``AhKh``); a class's first rank is its higher one.
- The 13x13 grid: row ``i`` and column ``j`` count ranks from the ace (``A K Q ... 2``);
  the diagonal holds the pairs, above it (``j > i``) the suited hands, below it the offsuit.
- A range maps combos to weights in (0, 1]. Notation (parts separated by commas, spaces or
  semicolons, any case): ``AA`` and ``TT+`` (tens or better) and ``99-66``; ``AKs``, ``AKo``
  and ``QJ`` (both); ``ATs+`` (the kicker up to one below the top card: ATs-AKs), ``A5s-A2s``;
  explicit combos ``AhKh``; ``random`` (or ``any``) for all 1,326; ``15%`` or ``top 15%`` for
  the top of the preflop order (:func:`top_classes`, :mod:`evaluator.preflop`); and weights
  ``0.5(AKo, KQs)`` or ``50%(AKo)``. A combo named twice keeps its last weight, so
  ``random, 0(72o)`` leaves out seven-deuce; weight 0 removes.
- Weights follow Equilab: a combo of weight ``w`` is held ``w`` as often as one of weight 1,
  so a deal of combos to the players has the product of their weights as its probability
  (before card removal; see :mod:`evaluator.range_equity`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from evaluator.cards import DECK, RANK_CHARS, RANK_PATTERN, Card, parse_cards
from evaluator.preflop import ORDER

RANKS: Final = RANK_CHARS[::-1]  # grid order: row/column 0 is the ace
_PAIR: Final = re.compile(f"({RANK_PATTERN})\\1", re.IGNORECASE)
_TWO: Final = re.compile(f"({RANK_PATTERN})({RANK_PATTERN})([so]?)", re.IGNORECASE)  # AKs, QJ
Combo = tuple[Card, Card]


def _rank_index(char: str) -> int:
    """Card rank (0 = deuce .. 12 = ace) of a rank letter."""
    return RANK_CHARS.index(char.upper())


def class_name(high: int, low: int, suited: bool) -> str:
    """The class of two ranks (0 = deuce .. 12 = ace): ``class_name(12, 11, True) == "AKs"``.

    >>> class_name(8, 8, False), class_name(3, 12, False)
    ('TT', 'A5o')
    """
    high, low = max(high, low), min(high, low)
    if high == low:
        return RANK_CHARS[high] * 2
    return RANK_CHARS[high] + RANK_CHARS[low] + ("s" if suited else "o")


def class_of(combo: Combo) -> str:
    """The class of a combo: ``class_of((Card("Ah"), Card("Kh"))) == "AKs"``.

    >>> class_of((Card("2c"), Card("Td")))
    'T2o'
    """
    a, b = combo
    return class_name(a.rank, b.rank, a.suit == b.suit)


def class_combos(name: str) -> list[Combo]:
    """Every combo of a class, high card first (a pair: the higher suit first).

    >>> [f"{a}{b}" for a, b in class_combos("AKs")]
    ['AcKc', 'AdKd', 'AhKh', 'AsKs']
    >>> len(class_combos("QQ")), len(class_combos("T9o"))
    (6, 12)
    """
    return list(_class_combos(name))


@lru_cache(maxsize=512)  # a wide range names over a hundred classes on every request
def _class_combos(name: str) -> tuple[Combo, ...]:
    match = _TWO.fullmatch(name)
    if match is None:
        raise ValueError(f"not a hand class: {name!r} (expected e.g. AA, AKs, AKo)")
    high, low = _rank_index(match.group(1)), _rank_index(match.group(2))
    kind = match.group(3).lower()
    if high == low and kind:
        raise ValueError(f"a pair has no suitedness: {name!r}")
    if high < low:
        high, low = low, high
    combos: list[Combo] = []
    for s1 in range(4):
        for s2 in range(4):
            if high == low and s2 <= s1:
                continue
            if high != low and ((kind == "s") != (s1 == s2)) and kind:
                continue
            combos.append(_combo(DECK[4 * high + s1], DECK[4 * low + s2]))
    return tuple(combos)


def grid_classes() -> list[list[str]]:
    """The 13x13 grid of class names, row by row from the ace (see the module's facts).

    >>> grid = grid_classes()
    >>> grid[0][:3], grid[1][0], grid[12][12]
    (['AA', 'AKs', 'AQs'], 'AKo', '22')
    """
    return [[class_name(12 - i, 12 - j, j > i) for j in range(13)] for i in range(13)]


ALL_CLASSES: Final = tuple(name for row in grid_classes() for name in row)
COMBO_COUNT: Final = 1326


def top_classes(percent: float) -> list[str]:
    """The first classes of the preflop order (:data:`evaluator.preflop.ORDER`) holding at
    least ``percent`` % of all combos.

    >>> top_classes(2)
    ['AA', 'KK', 'QQ', 'JJ', 'TT']
    >>> len(top_classes(100)), top_classes(0)
    (169, [])
    """
    if not 0 <= percent <= 100:
        raise ValueError(f"a top range is 0% to 100%, got {percent:g}%")
    target = percent / 100 * COMBO_COUNT
    chosen: list[str] = []
    held = 0
    for name in ORDER:
        if held >= target - 1e-9:
            break
        chosen.append(name)
        held += len(class_combos(name))
    return chosen


@dataclass(frozen=True)
class Range:
    """Weighted combos, in the order first named; weights are in (0, 1].

    >>> r = parse_range("KK+, 0.5(AKs)")
    >>> len(r), r.combo_count, r.weight(Card("Ah"), Card("Kh"))
    (16, 14.0, 0.5)
    """

    weights: dict[Combo, float]

    def __len__(self) -> int:
        return len(self.weights)

    def __iter__(self) -> Iterator[Combo]:
        return iter(self.weights)

    def __contains__(self, combo: object) -> bool:
        return combo in self.weights

    def weight(self, first: Card, second: Card) -> float:
        """The weight of a combo (0 when it is not in the range), in either card order."""
        return self.weights.get(_combo(first, second), 0.0)

    @property
    def combo_count(self) -> float:
        """Combos counted by weight: ``parse_range("0.5(AA)").combo_count == 3.0``."""
        return float(sum(self.weights.values()))

    @property
    def weighted(self) -> bool:
        """Whether any combo has a weight below 1."""
        return any(w != 1.0 for w in self.weights.values())

    def without(self, cards: Iterable[Card]) -> Range:
        """The combos that hold none of ``cards`` (card removal: board, dead, other hands).

        >>> len(parse_range("AA").without(parse_cards("As 2c")))
        3
        """
        out = set(cards)
        return Range({c: w for c, w in self.weights.items() if c[0] not in out
                      and c[1] not in out})

    def classes(self) -> dict[str, float]:
        """Each class present and the share of its combos held, counted by weight.

        >>> parse_range("AA, AhKh, 0.5(KQo)").classes()
        {'AA': 1.0, 'AKs': 0.25, 'KQo': 0.5}
        """
        held: dict[str, float] = {}
        for combo, w in self.weights.items():
            name = class_of(combo)
            held[name] = held.get(name, 0.0) + w
        return {name: total / _class_size(name) for name, total in held.items()}

    def text(self) -> str:
        """Canonical notation (see :func:`format_range`)."""
        return format_range(self)


def _class_size(name: str) -> int:
    """Combos in a class: 6 for a pair, 4 suited, 12 offsuit."""
    return 6 if len(name) == 2 else 4 if name.endswith("s") else 12


def _combo(first: Card, second: Card) -> Combo:
    return (first, second) if first.id > second.id else (second, first)


_PART: Final = re.compile(
    r"""\s*(?:
        (?P<weight>\d*\.?\d+\s*%?)\s*\(      # 0.5( or 50%(
      | (?P<close>\))
      | (?P<top>(?:top\s*)?\d*\.?\d+\s*%)   # 15% or top 15%
      | (?P<item>[^\s,;()]+)
      | (?P<sep>[,;])
    )""",
    re.IGNORECASE | re.VERBOSE,
)


def _weight(text: str) -> float:
    number = text.replace(" ", "")
    percent = number.endswith("%")
    value = float(number.rstrip("%")) / (100 if percent else 1)
    if not 0 <= value <= 1:
        raise ValueError(f"bad weight {text!r}: expected 0 to 1 or 0% to 100%")
    return value


def _pair_rank(text: str) -> int | None:
    match = _PAIR.fullmatch(text)
    return _rank_index(match.group(1)) if match else None


def _classes_in(item: str) -> list[str]:
    """The classes one part names (``TT+``, ``A5s-A2s``, ``AT+``, ``QJ``)."""
    plus = item.endswith("+")
    body = item[:-1] if plus else item
    if "-" in body:
        left, _, right = body.partition("-")
        low_pair, high_pair = _pair_rank(left), _pair_rank(right)
        if low_pair is not None and high_pair is not None and not plus:
            low, high = sorted((low_pair, high_pair))
            return [class_name(r, r, False) for r in range(low, high + 1)]
        first, second = _TWO.fullmatch(left), _TWO.fullmatch(right)
        if first is None or second is None or plus:
            raise ValueError("expected a span like 99-66 or A5s-A2s")
        if first.group(1).upper() != second.group(1).upper() or \
                first.group(3).lower() != second.group(3).lower():
            raise ValueError("both ends of a span need the same first rank and suitedness")
        top = _rank_index(first.group(1))
        ends = sorted((_rank_index(first.group(2)), _rank_index(second.group(2))))
        if ends[1] >= top:
            raise ValueError("the second rank must be below the first")
        kinds = [first.group(3).lower()] if first.group(3) else ["s", "o"]
        return [class_name(top, r, k == "s") for r in range(ends[0], ends[1] + 1) for k in kinds]
    pair = _pair_rank(body)
    if pair is not None:
        return [class_name(r, r, False) for r in range(pair, 13 if plus else pair + 1)]
    match = _TWO.fullmatch(body)
    if match is None:
        raise ValueError("expected a hand like AA, TT+, AKs, AKo, QJ, ATs+, A5s-A2s or AhKh")
    high, low = _rank_index(match.group(1)), _rank_index(match.group(2))
    if high == low:
        raise ValueError("a pair is written without s or o, like AA or TT+")
    if high < low:
        high, low = low, high
    kinds = [match.group(3).lower()] if match.group(3) else ["s", "o"]
    lows = range(low, high) if plus else range(low, low + 1)
    return [class_name(high, r, k == "s") for r in lows for k in kinds]


def _combos_in(item: str, suits: str) -> list[Combo]:
    lowered = item.lower()
    if lowered in ("random", "any", "all"):
        return [c for name in ALL_CLASSES for c in class_combos(name)]
    if len(item) == 4 and not item.endswith("+") and "-" not in item:
        try:
            cards = parse_cards(item, suits=suits)
        except ValueError:
            cards = []
        if len(cards) == 2:
            return [_combo(*cards)]
    return [c for name in _classes_in(item) for c in class_combos(name)]


def parse_range(text: str, suits: str = "en") -> Range:
    """Read a range; a bad part is a ``ValueError`` that quotes it (see the module's facts).

    >>> r = parse_range("TT+, A5s-A2s, KQo, 50%(AKo), AhKh")
    >>> len(r), r.combo_count
    (71, 65.0)
    >>> parse_range("AKx")
    Traceback (most recent call last):
    ValueError: bad range part 'AKx': expected a hand like AA, TT+, AKs, AKo, QJ, ATs+, \
A5s-A2s or AhKh
    """
    if not isinstance(text, str):
        raise ValueError(f"expected range text, got {type(text).__name__}")
    weights: dict[Combo, float] = {}
    group: float | None = None
    group_text = ""
    position = 0
    text = text.strip()
    while position < len(text):
        match = _PART.match(text, position)
        if match is None:  # only a stray character the pattern cannot start on
            raise ValueError(f"bad range part {text[position:].split()[0]!r}")
        position = match.end()
        kind = match.lastgroup
        part = match.group(kind or "sep").strip()
        if kind == "weight":
            if group is not None:
                raise ValueError(f"bad range part {part!r}: weights do not nest")
            group, group_text = _weight(part), part
        elif kind == "close":
            if group is None:
                raise ValueError("bad range part ')': no '(' to close")
            group = None
        elif kind == "top":
            share = _weight(re.sub(r"(?i)top", "", part).strip())
            for name in top_classes(100 * share):
                for combo in class_combos(name):
                    _put(weights, combo, 1.0 if group is None else group)
        elif kind == "item":
            try:
                combos = _combos_in(part, suits)
            except ValueError as error:
                raise ValueError(f"bad range part {part!r}: {error}") from None
            for combo in combos:
                _put(weights, combo, 1.0 if group is None else group)
    if group is not None:
        raise ValueError(f"bad range part {group_text + '('!r}: the '(' is never closed")
    return Range(weights)


def _put(weights: dict[Combo, float], combo: Combo, weight: float) -> None:
    weights.pop(combo, None)  # the last mention decides, and orders
    if weight > 0:
        weights[combo] = weight


def format_range(r: Range) -> str:
    """Canonical text: whole classes grouped (``TT+``, ``A5s-A2s``), weights in groups,
    partial classes as combos. Parsing it gives the same range.

    >>> format_range(parse_range("AA KK QQ 55 44 AKs AQs AJs A5s A4s KQo 0.5(T9s) AhKd"))
    'QQ+, 55-44, AJs+, A5s-A4s, KQo, AhKd, 0.5(T9s)'
    """
    by_weight: dict[float, list[str]] = {}
    loose: dict[float, list[str]] = {}
    seen: set[str] = set()
    for combo in sorted(r.weights, key=lambda c: (-c[0].id, -c[1].id)):
        name = class_of(combo)
        if name in seen:
            continue
        seen.add(name)
        members = class_combos(name)
        found = {r.weights.get(c, 0.0) for c in members}
        if len(found) == 1 and 0.0 not in found:
            by_weight.setdefault(found.pop(), []).append(name)
        else:
            for c in members:
                if c in r.weights:
                    loose.setdefault(r.weights[c], []).append(f"{c[0]}{c[1]}")
    parts: list[str] = []
    for w in sorted(set(by_weight) | set(loose), reverse=True):
        names = _compress(by_weight.get(w, [])) + loose.get(w, [])
        joined = ", ".join(names)
        parts.append(joined if w == 1.0 else f"{w:g}({joined})")
    return ", ".join(parts)


def _compress(names: list[str]) -> list[str]:
    """Classes (any order) as short spans: pairs, then each first rank's suited/offsuit."""
    present = set(names)
    out: list[str] = []
    pairs = [r for r in range(12, -1, -1) if class_name(r, r, False) in present]
    out += _spans(pairs, 12, lambda r: class_name(r, r, False), pair=True)
    for high in range(12, 0, -1):
        for kind in "so":
            lows = [r for r in range(high - 1, -1, -1)
                    if class_name(high, r, kind == "s") in present]
            out += _spans(lows, high - 1, lambda r, h=high, k=kind: class_name(h, r, k == "s"),
                          pair=False)
    return out


def _spans(ranks: list[int], top: int, name: object, pair: bool) -> list[str]:
    """Descending ranks as runs: a run from ``top`` down is ``X+``, others ``X-Y`` or ``X``."""
    assert callable(name)
    runs: list[list[int]] = []
    for r in ranks:
        if runs and runs[-1][-1] == r + 1:
            runs[-1].append(r)
        else:
            runs.append([r])
    out: list[str] = []
    for run in runs:
        first, last = name(run[0]), name(run[-1])
        if run[0] == top and len(run) > 1:
            out.append(f"{last}+")
        elif len(run) == 1:
            out.append(first)
        else:
            out.append(f"{first}-{last}")
    return out
