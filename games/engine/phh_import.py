"""PHH into the engine: replay a no-limit hold'em ('NT') or pot-limit Omaha ('PO') hand
history, as real files hold them.

Player k sits in seat k and the last player has the button. Amounts are exact (see
``phh_fields``: decimals become whole minor units). Unknown hole cards (``????``) are fine:
cards shown with ``sm`` fill them in, and a player whose cards are still unknown at the
showdown gave them up unseen (``pK sm ????`` in the HandHQ files: a loser who mucked), as
pokerkit treats them. A player who shows both cards (``pK sm AsKd``) shows in the replay
too, even a loser the rules would muck, or a winner nobody called (the engine's ``shows``).
When nobody's cards in a pot are known, the hand is replayed up to the showdown and
``PHHReplay.unsettled`` says why it stops there. Like pokerkit, a missing check is supplied
(and a missing fold, when the next line belongs to someone else).

``finishing_stacks`` in the file must match the replay, or fall short of it only for players
who won chips: that difference is the site's rake (``PHHReplay.rake``).

A ``.phhs`` file holds many hands as TOML tables ``[1]``, ``[2]``...; ``split_phhs`` cuts it
into one text per hand so that one broken hand does not sink the others.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from games.engine.cards import UNKNOWN, split_cards
from games.engine.deal_order import deck_that_deals
from games.engine.phh_fields import (
    Amounts,
    PHHError,
    amounts_of,
    bounty_of,
    load_toml,
    stakes_of,
)
from games.engine.setup import HandSetup
from games.engine.state import HandState, start_hand
from games.engine.types import (
    Action,
    ActionKind,
    EventKind,
    IllegalAction,
    LegalActions,
    SeatInput,
)


@dataclass(frozen=True)
class PHHReplay:
    """A replayed hand history: the engine state and the results in the file's order.

    ``finishing_stacks`` are the engine's, in units (empty when ``unsettled``); ``rake``
    maps seat to the units the site kept from that player's winnings; ``fields`` are the
    file's other fields (venue, table, hand, time...), amounts left out.
    """

    state: HandState
    players: tuple[str, ...]
    finishing_stacks: tuple[int, ...]
    amounts: Amounts = field(default_factory=lambda: Amounts(1))
    rake: dict[int, int] = field(default_factory=dict)
    unsettled: str | None = None
    fields: dict[str, Any] = field(default_factory=dict)

    @property
    def settled(self) -> bool:
        return self.unsettled is None

    def net_after_rake(self) -> dict[int, int]:
        """Seat -> units won or lost, the rake taken out (settled hands only).

        >>> r = replay_phh(FOLDED)
        >>> r.net_after_rake()
        {1: 1, 2: -1}
        """
        assert self.state.result is not None
        net = self.state.result.net(self.state.starting_stacks())
        return {seat: value - self.rake.get(seat, 0) for seat, value in net.items()}


FOLDED = """variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ['d dh p1 ????', 'd dh p2 ????', 'p2 f']
"""

_LABEL = re.compile(r"p([1-9][0-9]*)$")
_SECTION = re.compile(r"^\[\s*([^\[\]\s]+)\s*\]\s*(?:#.*)?$", re.M)


def split_phhs(text: str) -> list[tuple[str, str]]:
    """(name, text) of each hand in a ``.phhs`` file; one ("", text) for a single hand.

    >>> [name for name, _ in split_phhs("[1]\\nvariant = 'NT'\\n[2]\\nvariant = 'NT'\\n")]
    ['1', '2']
    """
    headers = list(_SECTION.finditer(text))
    if not headers:
        return [("", text)]
    head = text[: headers[0].start()]
    if any(line.strip() and not line.strip().startswith("#") for line in head.splitlines()):
        raise PHHError("Text before the first hand's [section] header of a .phhs file.")
    sections = []
    for k, match in enumerate(headers):
        end = headers[k + 1].start() if k + 1 < len(headers) else len(text)
        sections.append((match.group(1).strip("'\""), text[match.end() : end]))
    return sections


def _player(word: str, n: int) -> int:
    known = _labels(n).get(word)  # "p1".."pn" looked up: the regular expression is for the rest
    if known is not None:
        return known
    m = _LABEL.match(word)
    if not m or int(m.group(1)) > n:
        raise PHHError(f"{word!r} is not a player of this hand.")
    return int(m.group(1)) - 1


# How many words a dealer's line has: "d dh p1 AsKd", "d db 2c7d9h"; any other, two.
_DEALER_WORDS = {"dh": 4, "db": 3}


@functools.cache
def _labels(n: int) -> dict[str, int]:
    """Player label -> index for a hand of ``n`` players: {"p1": 0, "p2": 1, ...}."""
    return {f"p{k + 1}": k for k in range(n)}


def _lines(data: dict[str, Any]) -> list[list[str]]:
    actions = data["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise PHHError("'actions' must be a list of strings.")
    lines = []
    for text in actions:
        words = text.split("#", 1)[0].split()
        if not words:
            continue
        # Every action has an actor and a verb; dealing names its cards (and hole cards,
        # the player). Checked here so the replay can rely on the shape.
        expected = _DEALER_WORDS.get(words[1], 2) if len(words) > 1 else 2
        if len(words) < 2 or (words[0] == "d" and len(words) != expected):
            raise PHHError(f"Malformed action {text.strip()!r}.")
        lines.append(words)
    return lines


@dataclass(frozen=True)
class Boards:
    """The boards a file deals: the first, the others (a board run again, or a double
    board's second), and which board each ``d db`` line dealt (0: the first)."""

    board: list[str]
    others: list[list[str]]
    which: list[int]


def board_counts(data: dict[str, Any]) -> tuple[int, int]:
    """``(boards, runouts)`` from PHH's user-defined fields (phh.board_fields); (1, 1) when
    absent. PHHError names a bad value.

    >>> board_counts({"_runout_count": 2}), board_counts({})
    ((1, 2), (1, 1))
    """
    values = []
    for name, allowed in (("_starting_board_count", (1, 2)), ("_runout_count", (1, 2, 3, 4))):
        value = data.get(name, 1)
        if type(value) is not int or value not in allowed:
            listed = ", ".join(str(a) for a in allowed)
            raise PHHError(f"'{name}' must be one of {listed}, not {value!r}.")
        values.append(value)
    if values[0] == 2 and values[1] != 1:
        raise PHHError("A hand dealt two boards is not run again: '_runout_count' must be 1.")
    return values[0], values[1]


def _next_street(board: list[str], cards: list[str], text: str) -> None:
    """Add ``cards`` to ``board`` when they are its next street (3, then 1 and 1)."""
    if len(cards) != (3 if not board else 1) or len(board) >= 5:
        raise PHHError(f"'d db {text}' is not the next street's cards.")
    board.extend(cards)


def _split_boards(dealt: list[tuple[str, list[str]]], boards: int, runouts: int) -> Boards:
    """Each ``d db`` line's board: a double board's lines alternate, first board first; a
    board run again is dealt after the first board's river, each run the same streets."""
    first: list[str] = []
    if boards == 2:
        second: list[str] = []
        for k, (text, cards) in enumerate(dealt):
            _next_street(second if k % 2 else first, cards, text)
        if len(second) != len(first):
            raise PHHError("The second board must be dealt street by street with the first.")
        return Boards(first, [second] if second else [], [k % 2 for k in range(len(dealt))])
    lines = 0
    while lines < len(dealt) and len(first) < 5:
        _next_street(first, dealt[lines][1], dealt[lines][0])
        lines += 1
    extra = dealt[lines:]
    if not extra:
        return Boards(first, [], [0] * len(dealt))
    per = len(extra) // max(runouts - 1, 1)
    shared = 5 - sum(len(cards) for _text, cards in extra[:per])
    if runouts == 1 or len(extra) % (runouts - 1) or shared not in (0, 3, 4):
        raise PHHError("More board cards than one board holds, and no '_runout_count' or "
                       "'_starting_board_count' that deals them.")
    others = []
    for run in range(runouts - 1):
        board = first[:shared]
        for text, cards in extra[run * per:(run + 1) * per]:
            _next_street(board, cards, text)
        if len(board) != 5:
            raise PHHError("Each run of the board must be dealt to the river.")
        others.append(board)
    which = [0] * lines + [1 + k // per for k in range(len(extra))]
    return Boards(first, others, which)


def _prescan(
    lines: list[list[str]], n: int, hole_cards: int = 2, boards: int = 1, runouts: int = 1,
) -> tuple[list[list[str]], Boards, set[int], set[int]]:
    """Hole cards per player (``hole_cards`` each), the boards, who mucks and who shows,
    from the whole action list."""
    holes = [[UNKNOWN] * hole_cards for _ in range(n)]
    dealt = [False] * n
    board_lines: list[tuple[str, list[str]]] = []
    mucks: set[int] = set()
    shows: set[int] = set()
    try:
        for words in lines:  # each has two words at least (_lines)
            dealer = words[0] == "d"
            if dealer and words[1] == "dh" and len(words) == 4:
                k = _player(words[2], n)
                cards = split_cards(words[3])
                if len(cards) != hole_cards or dealt[k]:
                    raise PHHError(
                        f"Player p{k + 1} must be dealt {hole_cards} hole cards once.")
                dealt[k] = True
                holes[k] = cards
            elif dealer and words[1] == "db" and len(words) == 3:
                board_lines.append((words[2], split_cards(words[2])))
            elif not dealer and words[1] == "sm":
                k = _player(words[0], n)
                if len(words) == 2:
                    mucks.add(k)
                elif words[2] != "-":
                    shown = split_cards(words[2])
                    if len(shown) != hole_cards:
                        raise PHHError(f"p{k + 1} must show {hole_cards} cards.")
                    for j, card in enumerate(shown):
                        if card == UNKNOWN:
                            continue
                        if holes[k][j] not in (UNKNOWN, card):
                            raise PHHError(f"p{k + 1} shows {words[2]} but was dealt others.")
                        holes[k][j] = card
                    if UNKNOWN not in shown:
                        shows.add(k)
    except ValueError as error:
        if isinstance(error, PHHError):
            raise
        raise PHHError(str(error)) from None
    # Cards nobody recorded cannot be shown: such a player gave them up unseen.
    mucks |= {k for k in range(n) if UNKNOWN in holes[k]}
    if shows & mucks:
        k = min(shows & mucks)
        raise PHHError(f"p{k + 1} both shows and mucks.")
    try:
        dealt_boards = _split_boards(board_lines, boards, runouts)
    except ValueError as error:
        if isinstance(error, PHHError):
            raise
        raise PHHError(str(error)) from None
    return holes, dealt_boards, mucks, shows


def _deck(holes: list[list[str]], boards: Boards) -> list[str]:
    deck = deck_that_deals(holes, boards.board, runs=boards.others)
    known = [c for c in deck if c != UNKNOWN]
    if len(set(known)) != len(known):
        twice = next(c for c in known if known.count(c) > 1)
        raise PHHError(f"The card {twice} appears twice.")
    return deck


def replay_phh(text: str) -> PHHReplay:
    """Read one PHH hand of a game the engine deals and replay it through the engine.

    Raises PHHError for a file that is invalid, inconsistent or unsupported.

    >>> replay_phh(FOLDED).finishing_stacks
    (101, 99)
    """
    return replay_phh_data(load_toml(text))


def replay_phh_data(data: dict[str, Any], places: int = 0) -> PHHReplay:
    """``replay_phh`` for a hand already read (``phh_fields.load_toml``), in units of at
    least ``places`` decimal places (``phh_fields.amounts_of``).

    >>> replay_phh_data(load_toml(FOLDED)).state.is_complete
    True
    """
    amounts = amounts_of(data, places)
    stakes = stakes_of(data, amounts)
    bounty = bounty_of(data, amounts)
    n = len(stakes.stacks)
    lines = _lines(data)
    board_count, runouts = board_counts(data)
    holes, boards, mucks, shows = _prescan(
        lines, n, stakes.config.game.hole_cards, board_count, runouts)
    seats = [SeatInput(k + 1, f"p{k + 1}", stakes.stacks[k], stakes.entries[k]) for k in range(n)]
    try:
        deck = _deck(holes, boards)
        setup = HandSetup(mucks=frozenset(k + 1 for k in mucks), blinds=stakes.blinds,
                          shows=frozenset(k + 1 for k in shows), antes=stakes.antes, bounty=bounty,
                          runouts=runouts, boards=board_count)
        state = start_hand(stakes.config, seats, deck, n, setup)
    except (ValueError, IllegalAction) as error:
        raise PHHError(_players_named(str(error))) from None
    _play(state, lines, boards, amounts, n)
    names = data.get("players")
    players = tuple(str(x) for x in names) if isinstance(names, list) and len(names) == n else ()
    fields = {k: v for k, v in data.items() if k not in ("actions", "players")}
    if state.unsettled is not None:
        return PHHReplay(
            state, players, (), amounts, {}, _players_named(state.unsettled), fields
        )
    if not state.is_complete:
        raise PHHError("The hand history ends before the hand is over.")
    assert state.result is not None
    finishing = tuple(state.result.finishing_stacks[k + 1] for k in range(n))
    rake = _rake(data, state, finishing, amounts)
    return PHHReplay(state, players, finishing, amounts, rake, None, fields)


def _play(state: HandState, lines: list[list[str]], boards: Boards, amounts: Amounts,
          n: int) -> None:
    pending_auto: list[int] = _autos(state, 0)
    board_seen = 0
    board = boards.board
    which = iter(boards.which)
    for words in lines:
        try:
            if words[0] == "d":
                if words[1] == "db" and next(which):
                    continue  # another board: the engine deals it with the first
                if words[1] == "db":
                    board_seen += len(split_cards(words[2]))
                    _repair_until(state, board=board_seen)
                    pending_auto = []
                    if state.board[:board_seen] != board[:board_seen]:
                        raise PHHError("The board does not follow the betting.")
                elif words[1] != "dh":
                    raise PHHError(f"Unsupported dealer action {' '.join(words)!r}.")
                continue
            k = _player(words[0], n)
            verb = words[1]
            if verb == "sm":
                continue
            if verb == "cc" and len(words) == 2 and pending_auto and pending_auto[0] == k + 1:
                pending_auto.pop(0)
                continue
            if verb not in ("f", "cc", "cbr") or (verb == "cbr") != (len(words) == 3):
                raise PHHError(f"Unsupported or malformed action {' '.join(words)!r}.")
            _repair_until(state, actor=k + 1)
            before = len(state.events)
            legal = state.legal_actions()
            assert legal is not None  # _repair_until left seat k + 1 to act
            # A failed action refuses the hand: no copy kept to undo it.
            state.apply(_action(legal, k + 1, verb, words, amounts), legal, undo=False)
            pending_auto = _autos(state, before)
        except IllegalAction as error:
            sentence = error.worded(lambda units: str(amounts.money(units)))  # the file's unit
            raise PHHError(f"{' '.join(words)}: {_players_named(sentence)}") from None


def _rake(
    data: dict[str, Any], state: HandState, finishing: tuple[int, ...], amounts: Amounts
) -> dict[int, int]:
    """What the site kept: the file's finishing stacks short of the replay's, for winners."""
    if data.get("finishing_stacks") is None:
        return {}
    expected = amounts.field(data, "finishing_stacks", len(finishing))
    winners = {e.seat for e in state.events if e.kind is EventKind.WIN}
    rake: dict[int, int] = {}
    for k, (ours, theirs) in enumerate(zip(finishing, expected, strict=True)):
        if ours == theirs:
            continue
        if theirs > ours or k + 1 not in winners:
            shown = [str(amounts.money(x)) for x in expected]
            replayed = [str(amounts.money(x)) for x in finishing]
            raise PHHError(
                f"The file's finishing stacks [{', '.join(shown)}] differ from the "
                f"replay's [{', '.join(replayed)}]."
            )
        rake[k + 1] = ours - theirs
    return rake


def _autos(state: HandState, start: int) -> list[int]:
    return [
        e.seat for e in state.events[start:] if e.auto and e.seat is not None
    ]


def _repair_until(state: HandState, *, board: int = 0, actor: int | None = None) -> None:
    """Supply missing checks (and folds), as pokerkit does, until ``board`` cards are out
    or ``actor`` is to act."""
    while len(state.board) < board or (actor is not None and state.actor != actor):
        legal = state.legal_actions()
        if legal is None:
            raise PHHError("An action comes after the hand is over, or out of turn.")
        state.apply(state.timeout_action(legal), legal, undo=False)


def _action(
    legal: LegalActions, seat: int, verb: str, words: list[str], amounts: Amounts
) -> Action:
    if verb == "f":
        return Action(seat, ActionKind.FOLD)
    if verb == "cc":
        return Action(seat, ActionKind.CALL if legal.call else ActionKind.CHECK)
    try:
        amount = amounts.units(_decimal(words[2]), repr(" ".join(words)))
    except ArithmeticError:
        raise PHHError(f"{words[2]!r} is not an amount.") from None
    kind = ActionKind.BET if legal.bet is not None else ActionKind.RAISE
    return Action(seat, kind, amount)


def _decimal(word: str) -> Decimal:
    value = Decimal(word)
    if not value.is_finite():
        raise ArithmeticError(word)
    return value


def _players_named(message: str) -> str:
    return re.sub(r"[Ss]eat (\d+)", lambda m: f"p{m.group(1)}", message)
