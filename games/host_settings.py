"""Every setting a host (or staff) may change: one declaration each.

The rest is derived from these: the protocol's parser of the host's ``settings`` command
(games/protocol.py), the writer's checks and the table log's words (games/services/hosting.py),
the fields of the table's view (games/projection.py), the admin's table form, and the schema
the host's panel draws its form from (the table page's ``hostSettings``, static/js/host.js).
A new setting is its model field (and migration) and one declaration here; ``manage.py
check`` fails when a declaration names no field of the right kind (games/services/checks.py).
"""

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal

from games.dealers_choice import rotation_text
from games.engine.games import GAMES
from games.table_games import (
    DEALERS_CHOICE,
    RunItTwice,
    ShortDeckRanking,
    game_choices,
    game_label,
)
from games.table_limits import MAX_ACTION_SECONDS, MAX_SEATS, MIN_ACTION_SECONDS, MIN_SEATS

Kind = Literal["number", "flag", "choice", "list", "text", "user"]


@dataclass(frozen=True)
class HostSetting:
    """One setting. ``low``/``high``: a number's range (``high`` None: no bound of its own);
    ``checked_here``: the writer checks that range with ``named`` in its sentence (False: the
    cross-field limits of games/table_limits.py check it). ``choices``: a choice's or a list's
    ``(value, label)`` pairs. ``told``: its words in the table's log when changed (None: not
    told). ``felt``: changed from the felt's panel (False: forms and the admin only).
    ``shown_when``: the panel shows it only while another setting has a value."""

    name: str
    kind: Kind
    label: str
    low: int = 0
    high: int | None = None
    checked_here: bool = False
    named: str = ""
    choices: Callable[[], list[tuple[str, str]]] | None = None
    told: Callable[[Any], str] | None = None
    felt: bool = True
    help: str = ""
    shown_when: tuple[str, str] | None = None


def _plain(name: str) -> Callable[[Any], str]:
    return lambda value: f"{name}: {value}"


def _yes_no(what: str) -> Callable[[Any], str]:
    return lambda value: f"{what}: " + ("allowed" if value else "not allowed")


def _game_words(value: Any) -> str:
    return "game: " + ("dealer's choice" if value == DEALERS_CHOICE else game_label(str(value)))


def _dealt_games() -> list[tuple[str, str]]:
    return [(code, game.label) for code, game in GAMES.items()]


def _limit(name: str, label: str, low: int, high: int | None = None) -> HostSetting:
    return HostSetting(name, "number", label, low=low, high=high,
                       told=_plain(name.replace("_", " ")))


HOST_SETTINGS: tuple[HostSetting, ...] = (
    HostSetting("name", "text", "Table name", felt=False),
    # The limits: games/table_limits.py checks them together (blinds in order, and so on).
    _limit("small_blind", "Small blind", 1),
    _limit("big_blind", "Big blind", 1),
    _limit("ante", "Ante", 0),
    _limit("min_buy_in", "Minimum buy-in", 1),
    _limit("max_buy_in", "Maximum buy-in", 1),
    _limit("action_seconds", "Seconds to act", MIN_ACTION_SECONDS, MAX_ACTION_SECONDS),
    _limit("max_seats", "Seats", MIN_SEATS, MAX_SEATS),
    HostSetting("is_private", "flag", "Private (only people with the invite link can find it)",
                felt=False),
    HostSetting("coach_allowed", "flag", "The coach may advise at this table", felt=False),
    HostSetting("needs_approval", "flag", "I approve new players"),
    HostSetting("host", "user", "Host", felt=False),
    HostSetting("game", "choice", "Game", choices=game_choices, told=_game_words),
    HostSetting(
        "dealers_choice_games", "list", "Dealer's choice: the games in order, an orbit each",
        choices=_dealt_games, shown_when=("game", DEALERS_CHOICE),
        told=lambda value: f"dealer's choice games: {rotation_text(value)}",
        help="At least two games, each once; the game changes when the button passes the "
             "lowest seat again.",
    ),
    HostSetting("run_it_twice", "choice", "Run it twice", choices=lambda: RunItTwice.choices,
                told=lambda value: f"run it twice: {RunItTwice(str(value)).label.lower()}"),
    HostSetting(
        "short_deck_ranking", "choice", "Short deck", choices=lambda: ShortDeckRanking.choices,
        told=lambda value: f"short deck: {ShortDeckRanking(str(value)).label.lower()}",
        help="Short deck's order of three of a kind and a straight.",
    ),
    HostSetting(
        "seven_deuce_big_blinds", "number", "7-2 bounty (big blinds, 0: off)", high=20,
        checked_here=True, named="7-2 bounty (big blinds)",
        told=lambda value: (f"7-2 bounty: {value} big blinds (hold'em hands)" if value
                            else "7-2 bounty: off"),
        help="Whoever wins a hold'em hand with 7-2 collects this many big blinds from each "
             "player dealt in.",
    ),
    HostSetting("straddles_allowed", "flag", "Players may straddle under the gun",
                told=_yes_no("straddles under the gun")),
    HostSetting("button_straddles_allowed", "flag", "Players may straddle on the button",
                told=_yes_no("straddles on the button")),
    HostSetting(
        "bomb_pot_every", "number", "Bomb pot every N hands (0: none)", high=100,
        checked_here=True, named="hands between bomb pots",
        told=lambda value: f"bomb pot every {value} hands" if value
        else "no bomb pots on a schedule",
    ),
    HostSetting("bomb_pot_big_blinds", "number", "Bomb pot antes (big blinds)", low=1, high=20,
                checked_here=True, named="bomb pot antes",
                told=lambda value: f"bomb pot antes: {value} big blinds"),
    HostSetting(
        "bomb_pot_boards", "number", "Bomb pot boards (1 or 2)", low=1, high=2,
        checked_here=True, named="boards of a bomb pot",
        told=lambda value: "bomb pots dealt with " + ("two boards" if value == 2
                                                      else "one board"),
        help="Two boards: each pays half of every pot.",
    ),
)
SETTINGS_BY_NAME = {setting.name: setting for setting in HOST_SETTINGS}
FELT_SETTINGS = tuple(setting for setting in HOST_SETTINGS if setting.felt)
# The most items a list setting may hold, and the longest item, before any lookup is made.
MOST_LIST_ITEMS = 32
LONGEST_LIST_ITEM = 16


def setting_text(name: str, value: object) -> str:
    """A changed setting in words for the table's log.

    >>> setting_text("game", "PO"), setting_text("big_blind", 4)
    ('game: Pot-limit Omaha', 'big blind: 4')
    >>> setting_text("seven_deuce_big_blinds", 5), setting_text("seven_deuce_big_blinds", 0)
    ("7-2 bounty: 5 big blinds (hold'em hands)", '7-2 bounty: off')
    >>> setting_text("game", "DC")
    "game: dealer's choice"
    >>> setting_text("dealers_choice_games", ["FT", "NT"])
    "dealer's choice games: Fixed-limit hold'em, then No-limit hold'em, an orbit each"
    """
    told = SETTINGS_BY_NAME[name].told
    return told(value) if told else f"{name.replace('_', ' ')}: {value}"


def is_told(name: str) -> bool:
    """Whether players are told of a change of ``name`` in the table's log."""
    return SETTINGS_BY_NAME[name].told is not None


def number_settings_problem(values: dict[str, Any]) -> str | None:
    """Why a number setting among ``values`` is out of the range its declaration checks, in a
    sentence; None if none is.

    >>> number_settings_problem({"bomb_pot_boards": 3})
    'The boards of a bomb pot must be 1 to 2, not 3.'
    >>> number_settings_problem({"bomb_pot_every": 10, "small_blind": 0}) is None
    True
    """
    for setting in HOST_SETTINGS:
        if setting.kind != "number" or not setting.checked_here or setting.name not in values:
            continue
        value, low, high = values[setting.name], setting.low, setting.high
        if (not isinstance(value, int) or isinstance(value, bool) or value < low
                or (high is not None and value > high)):
            return f"The {setting.named} must be {low} to {high}, not {value!r}."
    return None


def choice_problem(values: dict[str, Any]) -> str | None:
    """Why a choice setting among ``values`` is not one of its choices; None if none is.

    >>> choice_problem({"run_it_twice": "sometimes"})
    "Run it twice must be one of off, always, ask, not 'sometimes'."
    """
    for setting in HOST_SETTINGS:
        if setting.kind != "choice" or setting.name not in values or setting.choices is None:
            continue
        allowed = [value for value, _label in setting.choices()]
        if values[setting.name] not in allowed:
            return (f"{setting.name.replace('_', ' ').capitalize()} must be one of "
                    f"{', '.join(allowed)}, not {values[setting.name]!r}.")
    return None


@cache
def settings_schema() -> tuple[dict[str, Any], ...]:
    """What the host's panel draws its form from (the table page's ``hostSettings``,
    docs/protocol.md): the felt's settings in order, each with its kind, label, range or
    choices. The values are the table's own fields of the same names."""
    schema = []
    for setting in FELT_SETTINGS:
        field: dict[str, Any] = {"name": setting.name, "kind": setting.kind,
                                 "label": setting.label}
        if setting.kind == "number":
            field.update(low=setting.low, high=setting.high)
        if setting.choices is not None:
            field["choices"] = [[value, str(label)] for value, label in setting.choices()]
        if setting.help:
            field["help"] = setting.help
        if setting.shown_when:
            field["shown_when"] = list(setting.shown_when)
        schema.append(field)
    return tuple(schema)
