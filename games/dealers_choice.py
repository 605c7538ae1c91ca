"""Dealer's choice: the games the host picked, in the host's order, an orbit each.

The host's rotation is a list of the engine's game codes (``Table.dealers_choice_games``),
read against the registry (``games.engine.games.GAMES``): a game added there can be chosen
here with no change to this module. A rotation holds at least two games, each once.

The game changes when the button passes the lowest-numbered seat again (the new button's
seat is not after the last one's), so every player deals each game once before it changes.

>>> codes = list(GAMES)[:2]
>>> rotation_problem(codes) is None, rotation_problem(codes[:1]) is not None
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence

from games.engine.games import GAMES, Game

MIN_GAMES = 2
# Longer than any rotation can be, so a list of nonsense is refused before it is read.
MOST_CODES = 32


def every_game() -> list[str]:
    """Every game of the registry, in its order: a new table's rotation (a callable default,
    so a game added to the registry joins new tables' rotations with no migration).

    >>> every_game() == list(GAMES)
    True
    """
    return list(GAMES)


def rotation_problem(codes: object) -> str | None:
    """Why ``codes`` cannot be a rotation, in a sentence for the host; None when it can.

    >>> nt, po = list(GAMES)[:2]
    >>> rotation_problem([nt])
    "Dealer's choice needs at least two games; you chose one: No-limit hold'em."
    >>> rotation_problem([nt, po, nt])
    "Dealer's choice deals each game once an orbit: No-limit hold'em is chosen twice."
    >>> rotation_problem([nt, "XX"])  # doctest: +ELLIPSIS
    "Dealer's choice deals only the room's games (NT, PO, ...), not 'XX'."
    >>> rotation_problem("NT,PO")
    "Dealer's choice games must be a list of game codes, not 'NT,PO'."
    """
    if not isinstance(codes, list | tuple) or len(codes) > MOST_CODES:
        shown = repr(codes) if len(repr(codes)) <= 40 else f"{repr(codes)[:37]}..."
        return f"Dealer's choice games must be a list of game codes, not {shown}."
    for code in codes:
        if not isinstance(code, str) or code not in GAMES:
            known = ", ".join(GAMES)
            return f"Dealer's choice deals only the room's games ({known}), not {code!r}."
    seen: set[str] = set()
    for code in codes:
        if code in seen:
            return (f"Dealer's choice deals each game once an orbit: {GAMES[code].label} is "
                    "chosen twice.")
        seen.add(code)
    if len(codes) < MIN_GAMES:
        chosen = ", ".join(GAMES[code].label for code in codes) or "none"
        count = "one" if len(codes) == 1 else "none"
        return (f"Dealer's choice needs at least two games; you chose {count}"
                + (f": {chosen}." if codes else "."))
    return None


def rotation(codes: Sequence[str]) -> tuple[Game, ...]:
    """The games of a stored rotation, in order. A code the registry no longer deals is
    skipped; a rotation left with fewer than two games deals every game instead.

    >>> [game.code for game in rotation(["PO", "NT"])]
    ['PO', 'NT']
    >>> [game.code for game in rotation(["PO", "gone"])] == list(GAMES)
    True
    """
    games = tuple(GAMES[code] for code in dict.fromkeys(codes) if code in GAMES)
    return games if len(games) >= MIN_GAMES else tuple(GAMES.values())


def orbit_game(
    games: Sequence[Game], last_game: str | None, last_button: int | None, new_button: int
) -> Game:
    """The game of the next hand: the last hand's game, or the next one in the rotation when
    a new orbit begins; the first game for the first hand, or after a hand of a game the
    rotation does not deal (the host changed it).

    >>> nt, po, ft = (GAMES[code] for code in ("NT", "PO", "FT"))
    >>> orbit_game([po, nt], None, None, 3).code  # the first hand: the first game
    'PO'
    >>> orbit_game([po, nt], "PO", 2, 5).code, orbit_game([po, nt], "PO", 5, 1).code
    ('PO', 'NT')
    >>> orbit_game([po, nt], "NT", 5, 1).code, orbit_game([po, nt], "FT", 2, 5).code
    ('PO', 'PO')
    """
    codes = [game.code for game in games]
    if last_game not in codes or last_button is None:
        return games[0]
    at = codes.index(last_game)
    if new_button <= last_button:  # a new orbit
        at = (at + 1) % len(codes)
    return games[at]


def game_after(games: Sequence[Game], code: str | None) -> Game:
    """The game the orbit after one of ``code`` deals (the first, when the rotation does not
    deal ``code``).

    >>> nt, po, ft = (GAMES[code] for code in ("NT", "PO", "FT"))
    >>> game_after([nt, po, ft], "PO").code, game_after([nt, po, ft], "FT").code
    ('FT', 'NT')
    """
    codes = [game.code for game in games]
    if code not in codes:
        return games[0]
    return games[(codes.index(code) + 1) % len(codes)]


def rotation_text(codes: Sequence[str]) -> str:
    """The rotation in words.

    >>> rotation_text(["PO", "NT"])
    "Pot-limit Omaha, then No-limit hold'em, an orbit each"
    """
    return ", then ".join(game.label for game in rotation(codes)) + ", an orbit each"
