"""The table's games and house rules explained to someone meeting them at the table (issue
40: the 7-2 bounty, straddles, Omaha's "exactly two" and dealer's choice were not explained).

Each explanation is read from what decides it: a game's from its declaration (``Game.rules``
in games/engine/games.py), the house rules' from the table's settings, in the words the
settings mean. The page shows them as they come (static/js/table.js, "House rules").

>>> [rule["topic"] for rule in house_rules({"game": "PO", "seven_deuce_big_blinds": 5})]
['game', 'seven_deuce']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.dealers_choice import rotation
from games.engine.games import GAMES, Game, Limit
from games.table_games import DEALERS_CHOICE, RunItTwice

LIMIT_WORDS = {
    Limit.NO_LIMIT: "A bet may be anything from the big blind to all your chips.",
    Limit.POT_LIMIT: "A bet or raise may be at most the pot.",
    Limit.FIXED_LIMIT: "Every bet and raise is the street's fixed size.",
}


def game_rules(game: Game) -> str:
    """The game's own sentence, or one made from its declaration when it has none.

    >>> game_rules(GAMES["PO"]).startswith("Four hole cards each")
    True
    >>> from dataclasses import replace
    >>> game_rules(replace(GAMES["PO"], rules=""))
    'Four hole cards each; your hand uses exactly 2 of them with the board. A bet or raise...'
    """
    if game.rules:
        return game.rules
    count = {2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six"}.get(game.hole_cards, "One")
    used = ("any of them" if game.hole_cards_used is None
            else f"exactly {game.hole_cards_used} of them")
    return (f"{count} hole cards each; your hand uses {used} with the board. "
            f"{LIMIT_WORDS[game.betting.limit]}")


def _rule(topic: str, title: str, text: str, **more: Any) -> dict[str, Any]:
    return {"topic": topic, "title": title, "text": text, **more}


def _games(table: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The game dealt, or every game of dealer's choice (then how it turns)."""
    setting = table.get("game") or next(iter(GAMES))
    if setting != DEALERS_CHOICE:
        game = GAMES[setting]
        return [_rule("game", game.label, game_rules(game), game=game.code)]
    games = rotation(table.get("dealers_choice_games") or ())
    order = ", then ".join(game.label for game in games)
    return [
        _rule("dealers_choice", "Dealer's choice",
              "The game changes every orbit: each is dealt until the button has gone once "
              f"round the table, in this order: {order}, then {games[0].label} again."),
        *(_rule("game", game.label, game_rules(game), game=game.code) for game in games),
    ]


def _straddles(table: Mapping[str, Any]) -> list[dict[str, Any]]:
    utg, button = table.get("straddles_allowed"), table.get("button_straddles_allowed")
    if not (utg or button):
        return []
    where = " or ".join(
        ([ "on the button"] if button else []) + (["under the gun (the seat after the big "
                                                    "blind)"] if utg else []))
    return [_rule(
        "straddle", "Straddles",
        f"A player {where} may straddle: press Straddle to post two big blinds before the "
        "cards are dealt, a live bet that others must call or raise. Preflop the straddler "
        "acts last (with a button straddle, the small blind acts first). One straddle a "
        "hand, the button's first.")]


def _bounty(table: Mapping[str, Any]) -> list[dict[str, Any]]:
    big_blinds = table.get("seven_deuce_big_blinds") or 0
    if not big_blinds:
        return []
    return [_rule(
        "seven_deuce", "7-2 bounty",
        "Win a pot holding seven-deuce (a 7 and a 2, any suits) and show it: every other "
        f"player dealt in pays you {big_blinds} big blind{'s' if big_blinds != 1 else ''} "
        "(at most what they have left), folded or not. Everyone folded to you? Your 7-2 is "
        "shown to collect. Hands of two hole cards only (not Omaha).")]


def _bomb_pots(table: Mapping[str, Any]) -> list[dict[str, Any]]:
    every = table.get("bomb_pot_every") or 0
    if not every:
        return []
    boards = (" with two boards, each paying half of every pot"
              if table.get("bomb_pot_boards") == 2 else "")
    return [_rule(
        "bomb_pot", "Bomb pots",
        f"Every {every} hands everyone antes {table.get('bomb_pot_big_blinds')} big blinds, "
        f"there are no blinds and the hand starts on the flop{boards}.")]


def _run_it_twice(table: Mapping[str, Any]) -> list[dict[str, Any]]:
    setting = table.get("run_it_twice") or RunItTwice.OFF
    if setting == RunItTwice.OFF:
        return []
    when = " if every all-in player agrees" if setting == RunItTwice.ASK else ""
    return [_rule(
        "run_it_twice", "Run it twice",
        "When players are all in before the river, the rest of the board is dealt twice"
        f"{when}, and each board pays half of the pot.")]


def house_rules(table: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The explanations for a table (its settings as the snapshot holds them): the games,
    then each house rule in force. A tournament's table deals its game only: no bounty,
    straddles or bomb pots there.

    >>> rules = house_rules({"game": "DC", "dealers_choice_games": ["PO", "NT"],
    ...                      "straddles_allowed": True})
    >>> [(rule["topic"], rule.get("game")) for rule in rules]
    [('dealers_choice', None), ('game', 'PO'), ('game', 'NT'), ('straddle', None)]
    >>> rules[0]["text"]  # doctest: +ELLIPSIS
    "...in this order: Pot-limit Omaha, then No-limit hold'em, then Pot-limit Omaha again."
    >>> [rule["topic"] for rule in house_rules({"game": "NT", "seven_deuce_big_blinds": 5,
    ...                                         "tournament": {"level": 1}})]
    ['game']
    """
    rules = _games(table)
    if table.get("tournament"):
        return rules
    return rules + _bounty(table) + _straddles(table) + _bomb_pots(table) + _run_it_twice(table)
