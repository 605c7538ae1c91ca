"""888poker's (Pacific, Cassava) amounts and cards, in the words the PokerStars reader reads.

888 writes amounts the way the player's language does, and keeps the currency sign where
that language puts it: ``$1,250``, ``222,75$``, ``0,01 $``, ``1.183.764 $``, ``25 000``,
``99.999,99 $``. A separator followed by three digits groups thousands; one followed by one
or two digits is the decimal point (888 writes cents, never tenths of a cent).

Cards come in the client's language too: German suits (``8Pik``: spades), Spanish suits
(``7p``: picas, spades; ``8t``: tréboles, clubs), and Russian ranks in a file read as cp1252
(``Òd``: the Cyrillic "Т", Туз, the ace; "В", Валет, the jack; "Д", Дама, the queen; "К",
Король, the king), Dutch ranks (``Hc``: heer, the king; ``Vs``: vrouw, the queen; "B", boer,
the jack) and Swedish ones (``Ec``: ess, the ace; ``Kns``: knekt, the jack; ``Dd``: dam,
the queen). The suits and ranks of each hand are checked by the engine (a duplicate card is
refused), so a wrong guess cannot pass silently as two equal cards.
"""

from __future__ import annotations

import re
from decimal import Decimal

from games.engine import PHHError

_GROUPED = re.compile(r"^\d{1,3}(?:[., ]\d{3})*$")
_SUITS = {"Pik": "s", "Kreuz": "c", "Karo": "d", "Herz": "h",  # German
          "p": "s", "t": "c", "c": "c", "d": "d", "h": "h", "s": "s"}  # Spanish, English
# Cyrillic ranks, as written and as cp1252 reads their cp1251 bytes.
_RANKS = {"Т": "A", "Ò": "A", "К": "K", "Ê": "K", "Д": "Q", "Ä": "Q", "В": "J", "Â": "J",
          "10": "T",
          "H": "K", "V": "Q", "B": "J",  # Dutch: heer, vrouw, boer
          "E": "A", "Kn": "J", "D": "Q"}  # Swedish: ess, knekt, dam (kung is K)
_CARD = re.compile(r"^(10|Kn|[2-9TJQKA]|[HVBDE]|[ТКДВÒÊÄÂ])(Pik|Kreuz|Karo|Herz|[pthcds])$")


def number(written: str, where: str) -> Decimal:
    """An 888 amount without its currency sign.

    >>> [str(number(w, "x")) for w in ("$1,250", "222,75$", "1.183.764 $", "25 000",
    ...                                "99.999,99 $", "0,01 €", "2.000")]
    ['1250', '222.75', '1183764', '25000', '99999.99', '0.01', '2000']
    """
    digits = re.sub(r"[$€£\s\u00a0\u202f]", " ", written).strip()
    whole, _, cents = digits, "", ""
    last = max(digits.rfind(","), digits.rfind("."))
    if last >= 0 and len(digits) - last - 1 in (1, 2):
        whole, cents = digits[:last], digits[last + 1:]
    if not _GROUPED.match(whole) or not cents.isdigit() and cents:
        raise PHHError(f"{where}: {written.strip()!r} is not an amount.")
    return Decimal(re.sub(r"[., ]", "", whole) + (f".{cents}" if cents else ""))


def cards(written: str, where: str) -> str:
    """888's ``[ 6c, 4d ]`` (in any of its languages) as PokerStars' ``[6c 4d]``.

    >>> cards("[ 8Pik, QPik ]", "x"), cards("[ 2d, Òd ]", "x"), cards("[ 7p, 8t ]", "x")
    ('[8s Qs]', '[2d Ad]', '[7s 8c]')
    >>> cards("[ Hc, Vs, Bd, 6h ]", "x"), cards("[ Kns, Dd ]", "x")
    ('[Kc Qs Jd 6h]', '[Js Qd]')
    """
    out = []
    for token in written.strip().strip("[]").split(","):
        match = _CARD.match(token.strip())
        if match is None:
            raise PHHError(f"{where}: {token.strip()!r} is not a card.")
        rank, suit = match.groups()
        out.append(_RANKS.get(rank, rank) + _SUITS[suit])
    return "[" + " ".join(out) + "]"
