"""Which game a table deals and whether it runs the board twice: the host's settings
(``Table.game``, ``Table.run_it_twice``) turned into the engine's terms for the next hand.

The host picks any game of the engine's registry (``games.engine.games.GAMES``, stored by
its PHH code) or dealer's choice, which deals each game of ``DEALERS_CHOICE_GAMES`` in turn,
an orbit each: the game changes when the button passes the lowest-numbered seat again (the
new button's seat is not after the last one's), so every player deals each game once
before it changes.
"""

from __future__ import annotations

from django.db import models

from games.engine.deal_order import cards_needed
from games.engine.games import GAMES, NO_LIMIT_HOLDEM, POT_LIMIT_OMAHA, Game

DEALERS_CHOICE = "DC"
DEALERS_CHOICE_GAMES = (NO_LIMIT_HOLDEM, POT_LIMIT_OMAHA)
"""The games dealer's choice rotates through, in order."""


def game_choices() -> list[tuple[str, str]]:
    """The host's choice of game: every game the engine deals, then dealer's choice
    (``Table.game``'s choices; a callable, so a new game needs no migration).

    >>> [code for code, _label in game_choices()]
    ['NT', 'PO', 'FT', 'PO/8', 'PO5', 'PO5/8', 'DC']
    """
    return [(code, game.label) for code, game in GAMES.items()] + [
        (DEALERS_CHOICE, "Dealer's choice (hold'em and Omaha, each an orbit)")]


class RunItTwice(models.TextChoices):
    """Whether an all-in before the river runs the rest of the board twice."""

    OFF = "off", "Off"
    ALWAYS = "always", "Always"
    ASK = "ask", "Ask the all-in players (all must agree)"


def game_label(setting: str) -> str:
    """The host's game as the table's line names it.

    >>> game_label("PO"), game_label("DC")
    ('Pot-limit Omaha', "Dealer's choice")
    """
    if setting == DEALERS_CHOICE:
        return "Dealer's choice"
    return GAMES[setting].label


def next_game(
    setting: str, last_game: str | None, last_button: int | None, new_button: int
) -> Game:
    """The game of the next hand: the table's game, or under dealer's choice the last
    hand's game, the next one when a new orbit begins (see the module docstring).

    >>> next_game("FT", None, None, 1).code
    'FT'
    >>> next_game("DC", None, None, 3).code  # the first hand: the first game
    'NT'
    >>> next_game("DC", "NT", 2, 5).code, next_game("DC", "NT", 5, 1).code
    ('NT', 'PO')
    >>> next_game("DC", "PO", 5, 1).code, next_game("DC", "FT", 2, 5).code
    ('NT', 'NT')
    """
    if setting != DEALERS_CHOICE:
        return GAMES[setting]
    rotation = [game.code for game in DEALERS_CHOICE_GAMES]
    if last_game not in rotation or last_button is None:
        return DEALERS_CHOICE_GAMES[0]  # the first hand, or one of a game it does not deal
    at = rotation.index(last_game)
    if new_button <= last_button:  # a new orbit
        at = (at + 1) % len(rotation)
    return DEALERS_CHOICE_GAMES[at]


def runouts(setting: str) -> tuple[int, bool]:
    """``(runouts, ask_runouts)`` for ``start_hand``.

    >>> runouts("off"), runouts("always"), runouts("ask")
    ((1, False), (2, False), (2, True))
    """
    if setting == RunItTwice.OFF:
        return 1, False
    return 2, setting == RunItTwice.ASK


def setting_text(name: str, value: object) -> str:
    """A changed setting in words for the table's log.

    >>> setting_text("game", "PO"), setting_text("big_blind", 4)
    ('game: Pot-limit Omaha', 'big blind: 4')
    >>> setting_text("seven_deuce_big_blinds", 5), setting_text("seven_deuce_big_blinds", 0)
    ("7-2 bounty: 5 big blinds (hold'em hands)", '7-2 bounty: off')
    """
    if name == "game":
        return f"game: {dict(game_choices())[str(value)]}"
    if name == "run_it_twice":
        return f"run it twice: {RunItTwice(str(value)).label.lower()}"
    if name == "straddles_allowed":
        return "straddles under the gun: " + ("allowed" if value else "not allowed")
    if name == "bomb_pot_every":
        return f"bomb pot every {value} hands" if value else "no bomb pots on a schedule"
    if name == "bomb_pot_big_blinds":
        return f"bomb pot antes: {value} big blinds"
    if name == "seven_deuce_big_blinds":
        return f"7-2 bounty: {value} big blinds (hold'em hands)" if value else "7-2 bounty: off"
    if name == "bomb_pot_boards":
        return "bomb pots dealt with " + ("two boards" if value == 2 else "one board")
    if name == "button_straddles_allowed":
        return "straddles on the button: " + ("allowed" if value else "not allowed")
    return f"{name.replace('_', ' ')}: {value}"


def seven_deuce_bounty(big_blinds: int, big_blind: int, game: Game,
                       tournament: bool) -> int:
    """The 7-2 bounty of the next hand in chips (``start_hand``'s ``bounty``): the host's
    number of big blinds at the hand's big blind, for hold'em hands of a cash table (dealer's
    choice deals Omaha hands without it; a tournament's chips are its prize pool's).

    >>> seven_deuce_bounty(5, 20, NO_LIMIT_HOLDEM, False)
    100
    >>> seven_deuce_bounty(5, 20, POT_LIMIT_OMAHA, False), seven_deuce_bounty(0, 20,
    ...     NO_LIMIT_HOLDEM, False)
    (0, 0)
    """
    if tournament or game.hole_cards != 2:
        return 0
    return big_blinds * big_blind


def bomb_pot_due(asked: bool, every: int, number: int) -> bool:
    """Whether hand ``number`` of the table is a bomb pot: the host asked for one, or it is
    the table's every-``every``-hands one (0: none on a schedule).

    >>> [bomb_pot_due(False, 3, n) for n in range(1, 7)]
    [False, False, True, False, False, True]
    >>> bomb_pot_due(True, 0, 5), bomb_pot_due(False, 0, 5)
    (True, False)
    """
    return asked or (every > 0 and number % every == 0)


def bomb_pot_boards(setting: int, bomb_pot: bool, players: int, game: Game) -> int:
    """The boards of the next hand: the table's bomb pot boards for a bomb pot, when the
    game's deck holds two boards for this many players (ten of Omaha: it does not), else one.

    >>> omaha, holdem = POT_LIMIT_OMAHA, NO_LIMIT_HOLDEM
    >>> bomb_pot_boards(2, True, 9, omaha), bomb_pot_boards(2, True, 10, omaha)
    (2, 1)
    >>> bomb_pot_boards(2, False, 6, holdem), bomb_pot_boards(1, True, 6, holdem)
    (1, 1)
    """
    needed = cards_needed(players, game.hole_cards, boards=2)
    if not bomb_pot or setting != 2 or needed > len(game.deck):
        return 1
    return 2


def straddle_spots(order: list[int], utg: bool, button: bool) -> list[int]:
    """The seats that may straddle this hand, the one whose straddle is taken first: the
    button (``button``: the table allows button straddles), then the player under the gun
    (``utg``). ``order`` is the dealt seats from the small blind on; heads-up nobody may.
    Three-handed the button is under the gun: one seat either way.

    >>> straddle_spots([4, 6, 1, 2], True, True), straddle_spots([4, 6, 1], True, True)
    ([2, 1], [1])
    >>> straddle_spots([4, 6, 1, 2], True, False), straddle_spots([4, 6], True, True)
    ([1], [])
    """
    if len(order) < 3:
        return []
    spots = ([order[-1]] if button else []) + ([order[2]] if utg else [])
    return list(dict.fromkeys(spots))


def straddle_blinds(
    order: list[int], small_blind: int, big_blind: int, straddler: int | None,
    posts: set[int],
) -> dict[int, int] | None:
    """The forced bets of a hand with a live straddle of two big blinds, under the gun or on
    the button, as ``start_hand``'s ``blinds`` (seat -> chips; a negative amount is a new
    player's post): ``order`` is the dealt seats from the small blind on (three or more).
    None when nobody straddles.

    The engine's rule (pokerkit's, and PHH's ``blinds_or_straddles``): preflop the player
    after the biggest blind or straddle acts first. So the player under the gun who
    straddles acts last, and with a button straddle (the "Mississippi" straddle of home
    games) the small blind acts first, then the big blind, and the button last.

    >>> straddle_blinds([4, 6, 1, 2], 1, 2, 1, {2})
    {4: 1, 6: 2, 1: 4, 2: -2}
    >>> straddle_blinds([4, 6, 1, 2], 1, 2, 2, set())
    {4: 1, 6: 2, 2: 4}
    >>> straddle_blinds([4, 6, 1], 1, 2, None, set()) is None
    True
    """
    if straddler is None or len(order) < 3 or straddler not in (order[2], order[-1]):
        return None
    blinds = {order[0]: small_blind, order[1]: big_blind, straddler: 2 * big_blind}
    for seat in order[2:]:
        if seat in posts and seat != straddler:
            blinds[seat] = -big_blind  # posts to play: live, not a blind
    return blinds
