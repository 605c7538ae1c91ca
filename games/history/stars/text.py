"""PokerStars hand-history text into PHH fields, so the engine replays it like any PHH hand.

Why our own reader: the parsers on PyPI either wrap hands in their own object models
(pkrhistoryparser, pokerdf's DataFrames, a Rust extension) or are pokerkit, which stays a test
oracle. What the engine needs is small: seats, forced bets and each action's "to" amount, in
order. So this module reads the text line by line into a ``stars_fields.TextHand``,
``stars_fields.phh_fields`` makes PHH data of it (``variant``, ``antes``,
``blinds_or_straddles``, ``starting_stacks``, ``actions``...), ``games.engine.replay_phh_data``
plays it, and ``stars_check.reconcile`` checks the text's own figures (uncalled bets, amounts
collected, total pot, rake) against the replay: ``replay_stars`` does all of it.

Amounts are read exactly (``Decimal``): "$0.25" stays 25 cents. Every line is understood or
ignored on purpose (``stars_lines``: chat, the table coming and going, the clock, tournament
news, bounties); a line that is neither is refused with its number, never skipped: skipping
an action would change the hand. A player marked "is sitting out" is dealt in when they post
or act (tournaments deal them cards and fold them), else left out. Unsupported, each refused
with a sentence: other games, a dead small blind ("posts small & big blinds").

A board run twice ("*** FIRST RIVER ***", "*** SECOND RIVER ***") is PHH's ``_runout_count``;
only the first showdown's shows and mucks are actions (the second repeats them), and each
board's collected lines are checked against what that board paid in the replay. Our own
double board ("Hand was dealt two boards") is ``_starting_board_count = 2``.
"""

from __future__ import annotations

from decimal import Decimal

from games.engine import PHHError, PHHReplay
from games.history.imports.site_format import SiteHand, replay_site_hand
from games.history.imports.site_games import (
    OMAHA,
    SHORT_DECK,
    is_pot_limit_omaha,
    refused,
    stars_game,
)
from games.history.imports.site_time import played_at
from games.history.stars import lines as L
from games.history.stars.bounty import read_bounty_line
from games.history.stars.fair_lines import read_stars_line
from games.history.stars.fields import (
    POKERSTARS,
    UNKNOWN_CARD,
    Dialect,
    TextHand,
    amount,
    phh_fields,
)
from games.history.stars.tournament import read_tournament


def split_hands(text: str, dialect: Dialect = POKERSTARS) -> list[str]:
    """Each hand of a PokerStars file, its lines stripped of surrounding spaces (archive files
    indent every line) and archive separators (``*** # 2 ***``) left out. Text before the
    first hand comes back as a part of its own, so that it is refused rather than lost.

    >>> len(split_hands("PokerStars Hand #1: x\\n\\n\\nPokerStars Hand #2: y\\n"))
    2
    >>> split_hands(" *** # 1 ***\\n PokerStars Hand #1: x\\n  Table 'T'\\n")
    ["PokerStars Hand #1: x\\nTable 'T'\\n"]
    """
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\ufeff", "")
    hands: list[list[str]] = [[]]
    for raw in text.split("\n"):
        line = raw.strip()
        if L.ARCHIVE_SEPARATOR.match(line):
            continue
        if dialect.header.match(line):
            hands.append([])
        hands[-1].append(line)
    parts = ["\n".join(lines).strip() + "\n" for lines in hands]
    return [part for part in parts if part.strip()]


def looks_like_pokerstars(text: str, dialect: Dialect = POKERSTARS) -> bool:
    """Whether a text's first line (archive separators aside) is a PokerStars hand's (or
    the ``dialect``'s)."""
    for raw in text.lstrip("\ufeff").splitlines():
        line = raw.strip()
        if line and not L.ARCHIVE_SEPARATOR.match(line):
            return bool(dialect.header.match(line))
    return False


# A PokerStars hand read into PHH fields: the shape every site's reader gives.
StarsHand = SiteHand


def read_hand(text: str, dialect: Dialect = POKERSTARS) -> StarsHand:
    """Read one hand of PokerStars text (or the ``dialect``'s); PHHError names the line that
    cannot be read.

    >>> hand = read_hand(SAMPLE)
    >>> hand.data["blinds_or_straddles"], hand.data["starting_stacks"], hand.hero
    ([Decimal('0.01'), Decimal('0.02'), Decimal('0')], [Decimal('0.80'), Decimal('0.80'), \
Decimal('0.80')], 'Hero')
    >>> hand.data["actions"][3:], hand.figures.rake
    (['p3 cbr 0.06', 'p1 f', 'p2 f'], Decimal('0'))
    """
    return read_lines([line.strip() for line in text.replace("\r\n", "\n").split("\n")], dialect)


def read_lines(lines: list[str], dialect: Dialect = POKERSTARS) -> StarsHand:
    """``read_hand`` of a hand's lines; empty lines do not count (the line numbers of
    refusals count the others), so a site whose reader rewrites its lines one for one into
    PokerStars' words (``formats.winamax``) has its own line numbers in its refusals."""
    lines = [line for line in lines if line]
    if not lines or not dialect.header.match(lines[0]):
        raise PHHError(f"Not a {dialect.venue} hand: it must begin with "
                       f"\"{dialect.opening}\".")
    hand = TextHand(dialect=dialect)
    _header(hand, lines[0])
    table = L.TABLE.match(lines[1]) if len(lines) > 1 else None
    if table is None:
        raise PHHError(f"Hand #{hand.number}, line 2: expected \"Table '...' N-max Seat #N is "
                       "the button\".")
    hand.table, hand.button = table.group(1), int(table.group(3))
    hand.max_seats = int(table.group(2) or 0)
    section = "seats"
    for number, line in enumerate(lines[2:], start=3):
        where = f"Hand #{hand.number}, line {number}"
        if line.startswith("*** "):
            section = _section(hand, line, where) or section
        elif section == "seats" and line.startswith("Seat "):
            _seat(hand, line, where)
        elif section == "summary":
            _summary(hand, line, where)
        else:
            _line(hand, line, where)
        hand.numbers += [number] * (len(hand.lines) - len(hand.numbers))
    return phh_fields(hand)


def replay_stars(text: str) -> tuple[StarsHand, PHHReplay]:
    """Read one hand, replay it, and check the text's figures against the replay."""
    hand = read_hand(text)
    return hand, replay_site_hand(hand)


def _header(hand: TextHand, line: str) -> None:
    match = hand.dialect.header.match(line)
    assert match is not None
    hand.number = match.group(1)
    game = line[match.end():].split(" - ")[0].strip()
    six_plus = L.SIX_PLUS.match(game) and L.BUTTON_STAKES.search(line)
    if L.POT_LIMIT_OMAHA.search(game) and is_pot_limit_omaha(game):
        hand.variant = OMAHA
    elif six_plus:  # PokerStars' 6+ hold'em: the engine's short deck, the button's blind
        hand.variant = SHORT_DECK
    elif stars_game(game) is not None:  # the other Omahas, named as our export names them
        hand.variant = stars_game(game) or OMAHA
    elif "Hold'em No Limit" not in line or L.OTHER_HOLDEM.search(line):
        raise refused(f"Hand #{hand.number}", game)
    capped = L.CAPPED.search(line)
    if capped:
        raise PHHError(f"Hand #{hand.number}: unsupported game (capped no-limit hold'em, "
                       f"{capped.group(1)} cap); the engine plays no-limit without a cap.")
    stakes = L.STAKES.findall(line)
    if six_plus:  # the button's blind is the big blind; no small blind is posted
        button = L.BUTTON_STAKES.findall(line)
        stakes = [(button[-1][0], button[-1][0])]
    if not stakes:
        raise PHHError(f"Hand #{hand.number}: the blinds are missing from the first line.")
    small, big = stakes[-1]
    hand.small_blind = amount(small, f"Hand #{hand.number}")
    hand.big_blind = amount(big, f"Hand #{hand.number}")
    hand.symbol = big[0] if big[0] in "$€£₹" else ""
    hand.played_at, hand.zone = played_at(line)
    try:
        hand.tournament = read_tournament(line)
    except ValueError as error:
        raise PHHError(f"Hand #{hand.number}: {error}") from None


def _section(hand: TextHand, line: str, where: str) -> str | None:
    run = L.RUN_SECTION.match(line)
    if run:
        index = L.RUN_NAMES.index(run.group(1))
        hand.run_named = True
        if run.group(2).startswith("SHOW"):  # GGPoker writes "SHOWDOWN"
            hand.run = index
            return "showdown"
        hand.runouts = max(hand.runouts, index + 1)
        hand.first_river = hand.first_river or (index == 0 and run.group(2) == "RIVER")
        hand.interleaved = hand.interleaved or (index > 0 and not hand.first_river)
        line = f"*** {run.group(2)} ***{line[run.end():]}"  # read as the street it deals
    board = L.BOARD.match(line)
    if board:
        hand.lines.append(("d", "d db " + "".join(board.group(2).split())))
        hand.street_bet, hand.level = {}, Decimal(0)
        return "street"
    if line.startswith(("*** HOLE CARDS", "*** PRE-FLOP")):  # Winamax: "PRE-FLOP"
        return "hole"
    if line.startswith("*** ANTE/BLINDS"):  # Winamax's title before the posts
        return None
    if line.startswith(("*** SHOW DOWN", "*** SHOWDOWN")):  # GGPoker writes it as one word
        return "showdown"
    if line.startswith("*** SUMMARY"):
        return "summary"
    raise PHHError(f"{where}: unknown section {line!r}.")


def _seat(hand: TextHand, line: str, where: str) -> None:
    match = L.SEAT.match(line)
    if not match:
        raise PHHError(f"{where}: cannot read the seat line {line!r}.")
    seat, name, chips, rest = match.groups()
    hand.seats[name] = int(seat)
    hand.stacks[name] = amount(chips, where)
    if "sitting out" in rest or "out of hand" in rest:
        hand.absent.add(name)


def _who(hand: TextHand, line: str) -> tuple[str, str] | None:
    """(player, the rest) for "player: rest", the longest matching name first."""
    for name in sorted(hand.seats, key=len, reverse=True):
        if line.startswith(name + ": "):
            return name, line[len(name) + 2:]
    return None


def _line(hand: TextHand, line: str, where: str) -> None:
    """A line between the seats and the summary: an action, a figure, or noise."""
    dealt = L.DEALT.match(line)
    if dealt:
        cards = dealt.group(2).split()
        if len(cards) != hand.variant.hole_cards:
            raise PHHError(f"{where}: {dealt.group(1)} is dealt {len(cards)} cards; "
                           f"{hand.variant.label} deals {hand.variant.hole_cards}.")
        hand.hero = dealt.group(1)
        hand.holes[dealt.group(1)] = "".join(cards)
        return
    if L.DEALT_FACE_DOWN.match(line) and line[len("Dealt to "):].strip() in hand.seats:
        return  # GGPoker names every player dealt in, showing the hero's cards only
    said = _who(hand, line)
    if said is not None and _action(hand, *said, where):
        hand.active.add(said[0])
        return
    figures = hand.figures
    uncalled = L.UNCALLED.match(line)
    if uncalled and uncalled.group(2) in hand.seats:
        figures.add(figures.uncalled, uncalled.group(2), amount(uncalled.group(1), where))
        return
    collected = L.COLLECTED.match(line)
    if collected and collected.group(1) in hand.seats:
        won = amount(collected.group(2), where)
        figures.add(figures.collected, collected.group(1), won)
        if hand.runouts > 1:
            figures.add(figures.collected_by_board.setdefault(hand.run, {}),
                        collected.group(1), won)
        return
    cashed = L.CASHED_OUT.match(line)
    if (cashed and cashed.group(1) in hand.seats) or L.is_noise(line) or (
        said is not None and said[1] in L.QUIET_ACTIONS
    ):
        return
    dialect = hand.dialect
    for pattern, sentence in dialect.refused:
        if pattern.match(line):
            raise PHHError(f"{where}: {sentence} ({line!r}).")
    if dialect.noise is not None and dialect.noise.match(line):
        return
    raise PHHError(f"{where}: cannot read {line!r}.")


def _action(hand: TextHand, name: str, rest: str, where: str) -> bool:
    """Read "name: rest" as a post or an action; False when it is neither."""
    all_in = rest.endswith(L.ALL_IN)
    rest = rest.removesuffix(L.ALL_IN)
    if all_in:
        hand.all_in.add(name)
    bet = hand.street_bet.get(name, Decimal(0))
    if hand.run and (rest.startswith("shows ") or rest == "mucks hand"):
        pass  # a later board's showdown repeats the first one's shows and mucks
    elif rest.startswith("posts "):
        _post(hand, name, rest[len("posts "):], where)
    elif rest == "folds" or rest.startswith("folds ["):
        # PokerStars folds a sitting-out player even after their blind put them all-in:
        # such a player gives up their cards, as a muck at the showdown does.
        hand.lines.append((name, "sm" if name in hand.all_in else "f"))
    elif rest == "checks":
        hand.lines.append((name, "cc"))
    elif rest.startswith("calls "):
        to = bet + amount(rest[len("calls "):], where)
        # Calling a big blind that was short and all-in, PokerStars asks for the whole big
        # blind: a short stack's call beyond the posted bets is an all-in raise to the engine.
        hand.lines.append((name, f"cbr {to}" if all_in and to > hand.level else "cc"))
        _bet_to(hand, name, to)
    elif rest.startswith("bets "):
        to = amount(rest[len("bets "):], where)
        hand.lines.append((name, f"cbr {to}"))
        _bet_to(hand, name, to)
    elif rest.startswith("raises ") and " to " in rest:
        to = amount(rest.split(" to ", 1)[1], where)
        hand.lines.append((name, f"cbr {to}"))
        _bet_to(hand, name, to)
    elif rest.startswith("shows ") and (name, "f") in hand.lines:
        pass  # GGPoker: cards shown by a player who had folded change nothing
    elif rest.startswith("shows "):
        hand.lines.append((name, "sm " + _shown(hand, name, rest, where)))
    elif rest == "mucks hand":
        hand.lines.append((name, "sm"))
    else:
        return False
    return True


def _bet_to(hand: TextHand, name: str, to: Decimal) -> None:
    hand.street_bet[name] = to
    hand.level = max(hand.level, to)


def _shown(hand: TextHand, name: str, rest: str, where: str) -> str:
    """The cards a player shows, "??" for one they keep hidden (HM1's ``[XX Qs]``,
    GGPoker's ``[As]``: the cards not shown come first)."""
    cards = L.SHOWN.search(rest) or L.SHOWN_ONE.search(rest)
    if not cards:
        raise PHHError(f"{where}: {name} shows no cards.")
    count = hand.variant.hole_cards
    words = cards.group(1).split()
    if len(words) > count:
        raise PHHError(f"{where}: {name} shows {len(words)} cards; {hand.variant.label} "
                       f"deals {count}.")
    words = [UNKNOWN_CARD] * (count - len(words)) + words
    shown = [c if c not in ("X", "XX", UNKNOWN_CARD) else UNKNOWN_CARD for c in words]
    dealt = hand.holes.get(name, "")
    if sorted(shown) == sorted(dealt[k:k + 2] for k in range(0, len(dealt), 2)):
        return dealt  # GGPoker may show the hero's cards in another order than dealt
    if UNKNOWN_CARD not in shown:
        hand.holes.setdefault(name, "".join(shown))
    return "".join(shown)


def _post(hand: TextHand, name: str, what: str, where: str) -> None:
    for kind in ("small & big blinds", "small blind", "big blind", "button blind", "the ante",
                 "straddle"):
        if what.startswith(kind + " "):
            chips = amount(what[len(kind) + 1:], where)
            break
    else:
        raise PHHError(f"{where}: cannot read the post {what!r}.")
    if kind == "small & big blinds":
        raise PHHError(f"{where}: {name} posts a dead small blind with the big blind, which "
                       "cannot be replayed.")
    if kind == "the ante":
        hand.antes[name] = hand.antes.get(name, Decimal(0)) + chips
    else:
        hand.posts.append((name, kind, chips))
        _bet_to(hand, name, hand.street_bet.get(name, Decimal(0)) + chips)


def _summary(hand: TextHand, line: str, where: str) -> None:
    if read_stars_line(line, hand.fair_deal, where):
        return
    if read_bounty_line(line, hand.fair_deal, amount, where):  # our 7-2 bounty line
        return
    total = L.TOTAL.match(line)
    if total:
        hand.figures.total_pot = amount(total.group(1), where)
        if total.group(2) is not None:
            hand.figures.rake = amount(total.group(2), where)
        for name, fee in L.FEE.findall(line):
            hand.figures.fees[name] = amount(fee, where)
        return
    if line == "Hand was dealt two boards":
        hand.double_board = True
        return
    big = L.SUMMARY_BIG_BLIND.match(line)
    if big and big.group(1) in hand.seats:
        hand.big_blind_seat = big.group(1)
    seat_number = L.SEAT_NUMBER.match(line)
    name_of = {seat: name for name, seat in hand.seats.items()}
    won = L.SUMMARY_WON.match(line)
    if hand.runouts > 1 and seat_number and int(seat_number.group(1)) in name_of:
        for won_here in L.WON_EACH.findall(line):  # a win per board, each in the line
            hand.figures.add(hand.figures.summary_won, name_of[int(seat_number.group(1))],
                             amount(won_here, where))
    elif won and won.group(1) in hand.seats:
        figures = hand.figures
        figures.add(figures.summary_won, won.group(1), amount(won.group(2), where))
    seat = L.SUMMARY_CARDS.match(line)
    cards = seat.group(2).split() if seat else []
    if (seat and seat.group(1) in hand.seats and "X" not in seat.group(2)
            and len(cards) == hand.variant.hole_cards):
        hand.holes.setdefault(seat.group(1), "".join(cards))


SAMPLE = """\
PokerStars Hand #910000001:  Hold'em No Limit ($0.01/$0.02 USD) - 2026/01/01 12:00:00 ET
Table 'Six Max' 6-max Seat #3 is the button
Seat 1: VillainA ($0.80 in chips)
Seat 2: VillainB ($0.80 in chips)
Seat 3: Hero ($0.80 in chips)
VillainA: posts small blind $0.01
VillainB: posts big blind $0.02
*** HOLE CARDS ***
Dealt to Hero [Th Td]
Hero: raises $0.04 to $0.06
VillainA: folds
VillainB: folds
Uncalled bet ($0.04) returned to Hero
Hero collected $0.05 from pot
*** SUMMARY ***
Total pot $0.05 | Rake $0
Seat 3: Hero (button) collected ($0.05)
"""
