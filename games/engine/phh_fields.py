"""Reading a PHH hand's fields: exact amounts, the table's stakes and the forced bets.

Real hand histories count in money: ``starting_stacks = [200.30, 81.60]``. TOML reads such
numbers as floats, which cannot hold 0.10 exactly, so every number is read as a ``Decimal``
and the hand is played in whole minor units: the file's smallest decimal place (cents for
``200.30``, tenths for ``0.5``, whole units when every amount is whole). ``Amounts.scale``
says how many units make one of the file's, so ``$1.25`` at scale 100 is 125 chips.

What the engine cannot play is refused with the field and the value named, e.g. the
``inf`` stacks some converted files hold.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from games.engine.config_rules import MAX_SEATS
from games.engine.games import GAMES, Game, Ranking
from games.engine.types import Entry, TableConfig

# The 7-2 bounty of a hand (games/engine/bounty.py): PHH has no field for it, and allows
# user-defined ones, named with a leading underscore.
BOUNTY_FIELD = "_seven_deuce_bounty"
RANKING_FIELD = "_ranking"  # a game's other ranking (games.py's Game.rankings), by its value
AMOUNT_FIELDS = ("antes", "blinds_or_straddles", "min_bet", "starting_stacks", "finishing_stacks",
                 BOUNTY_FIELD)
MAX_PLACES = 6
_CBR = re.compile(r"^\s*p[0-9]+\s+cbr\s+(\S+)")


class PHHError(ValueError):
    """A hand history that is invalid, inconsistent with itself, or not supported."""


def load_toml(text: str) -> dict[str, Any]:
    """TOML with every non-integer number read exactly, as a Decimal.

    >>> load_toml("stack = 0.10")
    {'stack': Decimal('0.10')}
    """
    try:
        return tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as error:
        raise PHHError(f"Not valid TOML: {error}.") from None


def _word(value: Decimal) -> str:
    if value.is_nan():
        return "nan"
    return "inf" if value > 0 else "-inf"


def _numbers(data: dict[str, Any], key: str) -> list[int | Decimal]:
    """Each number of an amount field; PHHError for anything else."""
    value = data.get(key)
    if value is None:
        return []
    values = value if isinstance(value, list) else [value]
    for k, v in enumerate(values):
        if type(v) is int:  # the usual case, checked first: nothing more to ask of it
            continue
        if isinstance(v, bool) or not isinstance(v, int | Decimal):
            raise PHHError(f"{_where(value, key, k)} must be a number, not {v!r}.")
        if isinstance(v, Decimal) and not v.is_finite():
            raise PHHError(
                f"{_where(value, key, k)} is {_word(v)}: a hand can only be replayed from "
                f"real amounts, and this file does not record one."
            )
    return list(values)


def _where(value: Any, key: str, k: int) -> str:
    """How a refusal names the ``k``-th number of field ``key``: "'antes' (p2)"."""
    return f"'{key}' (p{k + 1})" if isinstance(value, list) else f"'{key}'"


def decimal_places(value: int | Decimal) -> int:
    """How many decimal places an amount needs: ``Decimal("5.70")`` needs 1."""
    if isinstance(value, int) or value == value.to_integral_value():
        return 0
    exponent = value.normalize().as_tuple().exponent
    assert isinstance(exponent, int)
    return max(0, -exponent)


@dataclass(frozen=True)
class Amounts:
    """The file's amounts as whole units: ``scale`` units make one of the file's.

    >>> Amounts(100).units(Decimal("1.25"), "'min_bet'"), Amounts(100).money(125)
    (125, Decimal('1.25'))
    """

    scale: int

    def units(self, value: int | Decimal, where: str) -> int:
        if type(value) is int:  # most amounts: whole already, no Decimal needed
            return value * self.scale
        scaled = Decimal(value) * self.scale
        whole = int(scaled)  # toward zero: equal to ``scaled`` only when it is whole
        if scaled != whole:
            raise PHHError(f"{where} has more decimal places than the rest of the hand.")
        return whole

    def money(self, units: int) -> Decimal:
        return Decimal(units) / self.scale

    def field(self, data: dict[str, Any], key: str, n: int | None) -> list[int]:
        """An amount list (a single number stands for every player) in units."""
        value = data.get(key)
        if isinstance(value, int | Decimal) and not isinstance(value, bool) and n is not None:
            value = [value] * n
        if not isinstance(value, list):
            raise PHHError(f"'{key}' must be a list of amounts.")
        if n is not None and len(value) != n:
            raise PHHError(f"'{key}' has {len(value)} entries for {n} players.")
        numbers = _numbers({key: value}, key)
        return [v * self.scale if type(v) is int else self.units(v, _where(value, key, k))
                for k, v in enumerate(numbers)]


def amounts_of(data: dict[str, Any], places: int = 0) -> Amounts:
    """The scale that makes every amount of the hand whole (inf and the like refused), and
    at least ``places`` decimal places: a site's text may state amounts finer than every
    field (a won amount in cents when each bet is round: the rake took the cents).

    >>> amounts_of({"starting_stacks": [Decimal("200.30"), 81], "min_bet": 1}).scale
    10
    >>> amounts_of({"starting_stacks": [1, 81]}, places=2).scale
    100
    >>> amounts_of({"starting_stacks": [Decimal("inf"), 81]})
    Traceback (most recent call last):
    ...
    games.engine.phh_fields.PHHError: 'starting_stacks' (p1) is inf: a hand can only be \
replayed from real amounts, and this file does not record one.
    """
    numbers: list[int | Decimal] = []
    for key in AMOUNT_FIELDS:
        numbers += _numbers(data, key)
    actions = data.get("actions")
    if isinstance(actions, list):
        for line in actions:
            match = _CBR.match(line) if isinstance(line, str) else None
            if match:
                try:
                    bet = Decimal(match.group(1))
                except ArithmeticError:
                    raise PHHError(f"{match.group(1)!r} is not an amount ({line!r}).") from None
                if not bet.is_finite():
                    raise PHHError(f"{line!r} bets {match.group(1)}, which is not an amount.")
                numbers.append(bet)
    # Each distinct amount once: a hand repeats its blinds and bets many times.
    decimals = {v for v in numbers if type(v) is not int}
    places = max([places, *(decimal_places(v) for v in decimals)])
    if places > MAX_PLACES:
        raise PHHError(f"Amounts with more than {MAX_PLACES} decimal places are not supported.")
    return Amounts(10**places)


def bounty_of(data: dict[str, Any], amounts: Amounts) -> int:
    """The hand's 7-2 bounty in units (0 when the file has none).

    >>> bounty_of({"_seven_deuce_bounty": Decimal("0.5")}, Amounts(10)), bounty_of({}, Amounts(1))
    (5, 0)
    """
    if data.get(BOUNTY_FIELD) is None:
        return 0
    (bounty,) = amounts.field(data, BOUNTY_FIELD, 1)
    if bounty < 0:
        raise PHHError(f"'{BOUNTY_FIELD}' must not be negative.")
    return bounty


@dataclass(frozen=True)
class Stakes:
    """The table as the engine plays it, and the forced bets when they are not the usual."""

    config: TableConfig
    stacks: list[int]
    entries: list[Entry]
    blinds: dict[int, int] | None  # seat -> units, None for one small and one big blind
    antes: dict[int, int] | None = None  # seat -> units (dead money), None for config.ante


def stakes_of(data: dict[str, Any], amounts: Amounts) -> Stakes:
    """Stakes, game, stacks and forced bets of a hand of a game the engine deals (PHHError
    when unsupported).

    Seat k is player k; heads-up the two blinds (and antes) apply in reverse, as PHH says.
    Antes the same for everyone, counted by level (``ante_trimming_status = true``, or every
    stack covers them), are the table's ante; any others (a big-blind ante, or short stacks'
    antes without trimming) are given seat by seat, as dead money in the main pot.
    """
    variant = data.get("variant")
    if variant is None and data and all(isinstance(v, dict) for v in data.values()):
        raise PHHError("Unsupported: several hands in one file; give one hand per file.")
    if not isinstance(variant, str) or variant not in GAMES:
        names = ", ".join(f"{game.label[0].lower()}{game.label[1:]} ('{code}')"
                          for code, game in GAMES.items())
        raise PHHError(f"Unsupported variant {variant!r}: only {names}.")
    game = _ranked(GAMES[variant], data.get(RANKING_FIELD))
    bet_fields = ("small_bet", "big_bet") if game.fixed_limit else ("min_bet",)
    for key in ("antes", "blinds_or_straddles", *bet_fields, "starting_stacks", "actions"):
        if key not in data:
            raise PHHError(f"The required field '{key}' is missing.")
    stacks = amounts.field(data, "starting_stacks", None)
    n = len(stacks)
    if not 2 <= n <= 10:
        raise PHHError(f"Unsupported: {n} players (the engine seats 2 to 10).")
    for k, stack in enumerate(stacks):
        if stack <= 0:
            raise PHHError(f"'starting_stacks' (p{k + 1}) must be positive.")
    antes = amounts.field(data, "antes", n)
    for k, value in enumerate(antes):
        if value < 0:
            raise PHHError(f"'antes' (p{k + 1}) must not be negative.")
    trimmed = bool(data.get("ante_trimming_status", False))
    by_level = len(set(antes)) == 1 and (trimmed or min(stacks) >= antes[0])
    ante = antes[0] if by_level else 0
    per_seat = None if by_level else {
        k + 1: a for k, a in enumerate(antes[::-1] if n == 2 else antes)}
    blinds = amounts.field(data, "blinds_or_straddles", n)
    min_bet = _min_bet(data, amounts, game)
    sb, bb = blinds[0], blinds[1]
    extras = blinds[2:]
    if 0 < sb < bb == min_bet and all(x in (0, -bb) for x in extras):
        entries = [Entry.PLAYING] * 2 + [
            Entry.POST_BB if x else Entry.PLAYING for x in extras
        ]
        return Stakes(TableConfig(sb, bb, ante, max_seats=MAX_SEATS, game=game), stacks,
                      entries, None, per_seat)
    # Straddles, posts, a missing small blind, or a minimum bet other than the big blind.
    if n == 2:
        blinds = blinds[::-1]
    positive = [abs(b) for b in blinds if b]
    small = min([min_bet, *positive])
    config = TableConfig(small, min_bet, ante, max_seats=MAX_SEATS, game=game)
    by_seat = {k + 1: b for k, b in enumerate(blinds) if b}
    return Stakes(config, stacks, [Entry.PLAYING] * n, by_seat, per_seat)


def _ranked(game: Game, ranking: object) -> Game:
    """The game under the file's ``_ranking``, if it names one the game is played with."""
    if ranking is None:
        return game
    offered = [r.value for r in game.rankings]
    if ranking not in offered:
        raise PHHError(f"Unsupported ranking {ranking!r}: {game.label} is ranked "
                       + " or ".join(repr(r) for r in offered) + ".")
    return game.ranked(Ranking(ranking))


def _min_bet(data: dict[str, Any], amounts: Amounts, game: Game) -> int:
    """The big blind the engine plays with: PHH's ``min_bet``, or a fixed-limit game's
    ``small_bet`` (its big bet must be what the game's bet sizes make of it)."""
    if not game.fixed_limit:
        (min_bet,) = amounts.field(data, "min_bet", 1)
        if min_bet <= 0:
            raise PHHError("'min_bet' must be positive.")
        return int(min_bet)
    (small,) = amounts.field(data, "small_bet", 1)
    (big,) = amounts.field(data, "big_bet", 1)
    sizes = game.betting.bet_sizes
    if small <= 0 or small % sizes[0] or big * sizes[0] != small * sizes[-1]:
        raise PHHError(f"Unsupported bets: {game.label} plays a big bet of "
                       f"{sizes[-1]}/{sizes[0]} small bets ('small_bet' {small}, "
                       f"'big_bet' {big}).")
    return int(small // sizes[0])
