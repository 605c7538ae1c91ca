r'''PokerNow's downloadable log (``poker_now_log_<game>.csv``), cut into hands and read by the
PokerStars reader once each row is rewritten into its words (``pokernow_words``).

The log is a CSV, newest row first::

    entry,at,order
    "-- ending hand #70 --",2022-08-20T04:40:37.624Z,166097043762402
    """K Godel @ TN11URmFSv"" collected 0.50 from pot",2022-08-20T04:40:37.624Z,...
    "Uncalled bet of 0.50 returned to ""K Godel @ TN11URmFSv""",...
    """K Godel @ TN11URmFSv"" raises to 0.75",...
    """Jean @ QLHzuQRo1C"" posts a big blind of 0.25",...
    "Your hand is J♥, 3♣",...
    "Player stacks: #1 ""K Godel @ TN11URmFSv"" (51.68) | #10 ""Jean @ QLHzuQRo1C"" (17.13)",...
    "-- starting hand #70  (No Limit Texas Hold'em) (dealer: ""K Godel @ TN11URmFSv"") --",...

``split`` sorts the rows by ``order`` (oldest first) and keeps each hand's rows, from its
"starting hand" row to its "ending hand" row, as a CSV of its own; rows between hands (seat
requests, stack changes, blind changes) change no hand and are left out. Times are UTC
(``at``). PokerNow takes no rake, so each "collected" amount must be exactly what the
replay pays.

Who the log was downloaded by: "Your hand is J♥, 3♣" names the cards, not the player. The
hero is the one player dealt into every hand that shows such a row, never dealt into a hand
without one, and never showing other cards; ``split`` finds them over the whole log and
writes them on a last line of each hand's part, ``# hero: "name @ id"``, so that a stored
hand reads the same later. A hand read alone knows its hero only when they show their cards.
'''

from __future__ import annotations

import csv
import dataclasses
import io
import re
from decimal import Decimal

from games.engine import PHHError
from games.history.imports.formats import pokernow_words as W
from games.history.imports.site_format import SiteFormat, SiteHand, first_line
from games.history.stars.fields import Dialect
from games.history.stars.text import read_lines

COLUMNS = "entry,at,order"
HERO = "# hero: "
BIG_BLIND = "# table's big blind: "
NOTES = (HERO, BIG_BLIND)
POKERNOW_TEXT = Dialect("PokerNow", re.compile(r"^PokerNow Hand #(\d+):"), "PokerNow Hand #")
Row = tuple[str, str, str]  # entry, at, order


def owns(text: str) -> bool:
    """A PokerNow log begins with its CSV's column names.

    >>> owns("entry,at,order\\n"), owns("PokerStars Hand #1:")
    (True, False)
    """
    return first_line(text) == COLUMNS


def _rows(text: str) -> list[Row]:
    lines = [line for line in text.lstrip("\ufeff").splitlines() if not line.startswith(NOTES)]
    rows = list(csv.reader(io.StringIO("\n".join(lines))))
    if not rows or ",".join(rows[0]) != COLUMNS:
        raise PHHError(f"Not a PokerNow log: it must begin with \"{COLUMNS}\".")
    body = [row for row in rows[1:] if row]
    for number, row in enumerate(body, start=2):
        if len(row) != 3 or not row[2].isdigit():
            raise PHHError(f"PokerNow log, row {number}: expected an entry, a time and an "
                           f"order, got {row!r}.")
    return sorted(((e, at, order) for e, at, order in body), key=lambda r: int(r[2]))


def _hands(rows: list[Row]) -> list[list[Row]]:
    """Each hand's rows, oldest first; a hand the log cuts short keeps what it has."""
    hands: list[list[Row]] = []
    open_hand = False
    for row in rows:
        if row[0].startswith("-- starting hand #"):
            hands.append([row])
            open_hand = True
        elif open_hand:
            hands[-1].append(row)
            open_hand = not row[0].startswith("-- ending hand #")
        elif row[0].startswith("-- ending hand #"):
            hands.append([row])  # its start is older than the log: refused when read
    return hands


def hero_of(hands: list[list[Row]]) -> str | None:
    """The player the log was downloaded by, as ``"name @ id"`` (None when not one alone)."""
    dealt: set[str] | None = None
    others: set[str] = set()
    named: dict[str, str] = {}
    for hand in hands:
        entries = [row[0] for row in hand]
        stacks = next((e for e in entries if e.startswith("Player stacks: ")), "")
        ids = set()
        for _, quoted, _ in W.STACKS.findall(stacks):
            ids.add(W.player_id(quoted))
            named[W.player_id(quoted)] = quoted
        mine = next((W.cards(e) for e in entries if e.startswith("Your hand is ")), None)
        if mine is None:
            others |= ids
            continue
        dealt = ids if dealt is None else dealt & ids
        for entry in entries:
            shown = re.match(r'^"(.+?)" shows a (.*)$', entry)
            if shown and sorted(W.cards(shown.group(2))) != sorted(mine):
                others.add(W.player_id(shown.group(1)))
    left = (dealt or set()) - others
    return named[left.pop()] if len(left) == 1 else None


def split(text: str) -> list[str]:
    """Each hand of a log as a CSV of its own rows, oldest first, the hero on a last line.

    >>> log = ('entry,at,order\\n"-- ending hand #1 --",2022-01-01T00:00:09.000Z,3\\n'
    ...        '"-- starting hand #1  (No Limit Texas Hold\\'em) (dead button) --",'
    ...        '2022-01-01T00:00:00.000Z,1\\n')
    >>> [line[:24] for line in split(log)[0].splitlines()]
    ['entry,at,order', '-- starting hand #1  (No', '-- ending hand #1 --,202']
    """
    rows = _rows(text)
    hands = _hands(rows)
    if not hands:
        raise PHHError("The PokerNow log holds no hand (no \"-- starting hand\" row).")
    hero = hero_of(hands)
    blinds = table_big_blinds(rows)
    parts = []
    for hand in hands:
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(COLUMNS.split(","))
        writer.writerows(hand)
        # A bomb pot posts no blind: its big blind is the table's, noted from the log.
        bomb_pot = any("(bomb pot bet)" in row[0] for row in hand)
        big = blinds.get(hand[0][2]) if bomb_pot else None
        parts.append(out.getvalue() + (f'{HERO}"{hero}"\n' if hero else "")
                     + (f"{BIG_BLIND}{big}\n" if big is not None else ""))
    return parts


def table_big_blinds(rows: list[Row]) -> dict[str, Decimal]:
    """The table's big blind when each hand starts (by its first row's ``order``): the last
    one posted in full, or set by the admin ("The game's big blind was changed from 2 to 4.")
    before it."""
    big: Decimal | None = None
    at_start = {}
    for entry, _, order in rows:
        changed = re.match(r"^The game's big blind was changed from \S+ to (\d+(?:\.\d+)?)\.$",
                           entry)
        posted = re.match(r'^".+?" posts a big blind of (\d+(?:\.\d+)?)$', entry)
        if changed or posted:
            big = Decimal((changed or posted).group(1))  # type: ignore[union-attr]
        elif entry.startswith("-- starting hand #") and big is not None:
            at_start[order] = big
    return at_start


def hand_number(text: str) -> str:
    """The number of a hand's "starting hand" row ("?" when it has none).

    >>> hand_number('entry,at,order\\n"-- starting hand #12 (id: ab1)  (x) (dead button) --",t,1')
    '12'
    """
    match = re.search(r"-- (?:starting|ending) hand #(\d+)", text)
    return match.group(1) if match else "?"


def read_hand(text: str) -> SiteHand:
    """One hand of a PokerNow log (a part of ``split``) read into PHH fields."""
    rows = _rows(text)
    number = hand_number(text)
    where = f"Hand #{number}"
    start = W.START.match(rows[0][0]) if rows else None
    if start is None:
        raise PHHError(f"{where}: the log holds the end of this hand, not its start.")
    if not rows[-1][0].startswith("-- ending hand #"):
        raise PHHError(f"{where}: the log ends before the hand does.")
    rewrite = W.Rewrite(number)
    entries = [row[0] for row in rows]
    stacks = next((k for k, e in enumerate(entries) if e.startswith("Player stacks: ")), None)
    if stacks is None:
        raise PHHError(f"{where}: the \"Player stacks\" row is missing.")
    # The part's line of a row: the column names are line 1, the oldest row line 2.
    noted = re.search(rf"^{BIG_BLIND}(\d+(?:\.\d+)?)$", text, re.M)
    W.head(rewrite, start, entries[stacks], rows[0][1], (2, stacks + 2), entries[stacks + 1:],
           Decimal(noted.group(1)) if noted else None)
    hero = _hero(text, entries, rewrite)
    rewrite.twice = {found.group(1) for entry in entries
                     if (found := W.BOARD.match(entry)) and found.group(2)}
    for k, entry in enumerate(entries[1:-1], start=1):
        if k != stacks:
            W.row(rewrite, entry, k + 2, hero)
    try:
        hand = read_lines(rewrite.lines, POKERNOW_TEXT)
    except PHHError as error:
        raise PHHError(_in_part_lines(str(error), rewrite.origin)) from None
    return _finish(hand, rewrite)


def _hero(text: str, entries: list[str], rewrite: W.Rewrite) -> str | None:
    """The hero as the stacks row names them: from the log (``split``'s last line), else the
    player who shows the cards "Your hand is" names."""
    noted = re.search(rf'^{HERO}"(.+)"$', text, re.M)
    if noted:
        return rewrite.names.get(W.player_id(noted.group(1)))
    mine = next((sorted(W.cards(e)) for e in entries if e.startswith("Your hand is ")), None)
    for entry in entries:
        shown = re.match(r'^"(.+?)" shows a (.*)$', entry)
        if mine and shown and sorted(W.cards(shown.group(2))) == mine:
            return rewrite.names.get(W.player_id(shown.group(1)))
    return None


def _in_part_lines(error: str, origin: list[int]) -> str:
    """The reader's line numbers (of the rewritten lines) as the part's own."""
    def line(match: re.Match[str]) -> str:
        k = int(match.group(1))
        return f", line {origin[k - 1] if 0 < k <= len(origin) else k}:"
    return re.sub(r", line (\d+):", line, error, count=1)


def _finish(hand: SiteHand, rewrite: W.Rewrite) -> SiteHand:
    """Dead small blinds as dead money (antes only they pay), PokerNow's nil rake."""
    data = dict(hand.data)
    if rewrite.dead:
        players = data["players"]
        for name in rewrite.dead:
            if name not in players:
                raise PHHError(f"{hand.where}: {name} posts a missing small blind but is "
                               "not dealt in.")
        antes = [Decimal(a) + rewrite.dead.get(name, Decimal(0))
                 for a, name in zip(_by_player(data), players, strict=True)]
        if len(players) == 2:
            antes.reverse()  # PHH lists heads-up antes in reverse, as it does blinds
        data["antes"], data["ante_trimming_status"] = antes, False
    figures = dataclasses.replace(hand.figures, rake=Decimal(0),
                                  rake_named="PokerNow's rake (it keeps none)")
    lines = tuple(rewrite.origin[k - 1] if k else 0 for k in hand.lines)
    return dataclasses.replace(hand, data=data, figures=figures, lines=lines)


def _by_player(data: dict[str, object]) -> list[Decimal]:
    """Each player's own ante, in the order of ``players`` (PHH reverses heads-up)."""
    antes = [Decimal(str(a)) for a in data["antes"]]  # type: ignore[attr-defined]
    return list(reversed(antes)) if len(antes) == 2 else antes


POKERNOW = SiteFormat("pokernow", "PokerNow", owns, split, read_hand, hand_number, form="log")
