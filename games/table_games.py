"""Which game a table deals and whether it runs the board twice: the host's settings
(``Table.game``, ``Table.run_it_twice``) turned into the engine's terms for the next hand.

The host picks any game of the engine's registry (``games.engine.games.GAMES``, stored by
its PHH code) or dealer's choice, which deals the games the host picked
(``Table.dealers_choice_games``) in the host's order, an orbit each (games/dealers_choice.py).
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import models

from games.dealers_choice import game_after, orbit_game, rotation
from games.engine.deal_order import cards_needed
from games.engine.games import (  # noqa: F401 (doctests)
    GAMES,
    NO_LIMIT_HOLDEM,
    POT_LIMIT_OMAHA,
    Game,
    Ranking,
)

DEALERS_CHOICE = "DC"


def game_choices() -> list[tuple[str, str]]:
    """The host's choice of game: every game the engine deals, then dealer's choice
    (``Table.game``'s choices; a callable, so a new game needs no migration).

    >>> [code for code, _label in game_choices()]
    ['NT', 'PO', 'FT', 'NS', 'PO/8', 'PO5', 'PO5/8', 'DC']
    """
    return [(code, game.label) for code, game in GAMES.items()] + [
        (DEALERS_CHOICE, "Dealer's choice (the games you pick, an orbit each)")]


class ShortDeckRanking(models.TextChoices):
    """A short-deck table's order of three of a kind and a straight (``Table.
    short_deck_ranking``): the engine's ranking values, so a stored hand's config names it."""

    STRAIGHT_OVER_TRIPS = Ranking.SHORT_DECK.value, "A straight beats three of a kind"
    TRIPS_OVER_STRAIGHT = Ranking.SHORT_DECK_TRIPS.value, "Three of a kind beats a straight"


def ranked_game(game: Game, short_deck_ranking: str) -> Game:
    """The game as this table deals it: short deck in the table's order, others as declared.

    >>> from games.engine.games import SHORT_DECK_HOLDEM
    >>> ranked_game(SHORT_DECK_HOLDEM, "short-deck-trips").ranking.value
    'short-deck-trips'
    >>> ranked_game(NO_LIMIT_HOLDEM, "short-deck-trips") is NO_LIMIT_HOLDEM
    True
    """
    ranking = Ranking(short_deck_ranking)
    return game.ranked(ranking) if ranking in game.rankings else game


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
    setting: str, games: Sequence[str], last_game: str | None, last_button: int | None,
    new_button: int,
) -> Game:
    """The game of the next hand: the table's game, or under dealer's choice the game of
    the rotation ``games`` (codes, in the host's order) for this orbit
    (games/dealers_choice.py).

    >>> next_game("FT", ["NT", "PO"], None, None, 1).code
    'FT'
    >>> next_game("DC", ["PO", "FT"], None, None, 3).code  # the first hand: the first game
    'PO'
    >>> rotation = ["PO", "FT"]
    >>> next_game("DC", rotation, "PO", 2, 5).code, next_game("DC", rotation, "PO", 5, 1).code
    ('PO', 'FT')
    """
    if setting != DEALERS_CHOICE:
        return GAMES[setting]
    return orbit_game(rotation(games), last_game, last_button, new_button)


def game_line(
    setting: str, games: Sequence[str], hand_game: str | None, live: bool
) -> tuple[str, str | None]:
    """What the table's line says of the game, and what the felt says comes next (None:
    nothing but the game dealt now). ``hand_game``: the game of the hand on show (None:
    none yet); ``live``: that hand is being played.

    >>> game_line("PO", ["NT", "PO"], None, False)
    ('Pot-limit Omaha', None)
    >>> game_line("PO", ["NT", "PO"], "NT", True)  # the host changed the game this hand
    ("No-limit hold'em", 'Next hand: Pot-limit Omaha')
    >>> line, next_one = game_line("DC", ["PO", "NT", "FT"], None, False)
    >>> line, next_one
    ("Dealer's choice: Pot-limit Omaha now, No-limit hold'em next orbit", ...)
    >>> next_one
    "Next orbit: No-limit hold'em"
    >>> game_line("DC", ["PO", "NT", "FT"], "FT", True)[1]
    'Next orbit: Pot-limit Omaha'
    >>> game_line("DC", ["PO", "FT"], "NT", True)[0]  # not in the host's new rotation
    "Dealer's choice: No-limit hold'em now, Pot-limit Omaha next hand"
    """
    if setting != DEALERS_CHOICE:
        game = GAMES[setting]
        if live and hand_game is not None and hand_game != game.code:
            return GAMES[hand_game].label, f"Next hand: {game.label}"
        return game.label, None
    games_dealt = rotation(games)
    codes = [game.code for game in games_dealt]
    if live and hand_game is not None and hand_game not in codes:
        first = games_dealt[0].label
        return (f"Dealer's choice: {GAMES[hand_game].label} now, {first} next hand",
                f"Next hand: {first}")
    now = orbit_game(games_dealt, hand_game, 0, 1)  # this orbit's game goes on
    after = game_after(games_dealt, now.code).label
    return f"Dealer's choice: {now.label} now, {after} next orbit", f"Next orbit: {after}"


def runouts(setting: str) -> tuple[int, bool]:
    """``(runouts, ask_runouts)`` for ``start_hand``.

    >>> runouts("off"), runouts("always"), runouts("ask")
    ((1, False), (2, False), (2, True))
    """
    if setting == RunItTwice.OFF:
        return 1, False
    return 2, setting == RunItTwice.ASK


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
    if tournament or game.hole_cards != 2 or "2c" not in game.deck:  # short deck has no deuce
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
