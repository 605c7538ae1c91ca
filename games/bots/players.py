"""Bot players: users flagged with a style, seated like anyone (games/services/practice.py
seats the ones ``bots_for`` picks: ``seat_bots``, ``start_practice``).

A bot's name (games/bots/roster.py, ``bot_name``) ends in " (bot)", which no person can
take, so it reads as a bot everywhere a name is shown: the felt, the hand log, My hands,
the replayer and the exports.
"""

from functools import partial

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User

from games import chips
from games.bots.roster import BOT_STYLES, STRENGTHS, bot_name
from games.models import Player, Seat, Table
from games.services import practice
from games.services.writer import ServiceError

STRENGTH_CHOICES = [(strength.key, strength.label) for strength in STRENGTHS.values()]


def bot_user(style: str, index: int):
    """The ``index``-th bot of ``style``, made on first use."""
    user, made = get_user_model().objects.get_or_create(username=bot_name(style, index))
    if made:
        user.set_unusable_password()
        user.save(update_fields=["password"])
    player = chips.ensure_player(user)
    if player.bot_style != style:
        player.bot_style = style
        player.save(update_fields=["bot_style"])
    return user


def bot_buy_in(table: Table) -> int:
    """A hundred big blinds, within the table's buy-in range."""
    return max(table.min_buy_in, min(table.max_buy_in, 100 * table.big_blind))


def bots_for(
    table: Table, seats: list[Seat], count: int, strength: str
) -> list[tuple[int, User, int]]:
    """Up to ``count`` bots of ``strength`` (a key of STRENGTHS) for the empty seats of the
    locked ``table`` (``seats``: those taken), each with a seat number, a bankroll that
    covers its buy-in (refilled by a recorded adjustment: the room's chips stay accounted
    for) and the buy-in. games/services/practice.py seats them, in the table's change."""
    if strength not in STRENGTHS:
        raise ServiceError(f"Unknown bot strength {strength!r}.")
    taken = {s.number for s in seats if s.pk is not None}
    seated_users = {s.user_id for s in seats if s.pk is not None}
    free = [n for n in range(1, table.max_seats + 1) if n not in taken][:count]
    if not free:
        raise ServiceError("There is no empty seat for a bot.")
    buy_in = bot_buy_in(table)
    chosen = []
    styles = STRENGTHS[strength].styles
    for i, number in enumerate(free):
        style = styles[i % len(styles)]
        user = next(
            (u for u in (bot_user(style, k) for k in range(len(BOT_STYLES[style].names)))
             if u.id not in seated_users),
            None,
        )
        if user is None:  # more seats than names: see roster.py
            raise ServiceError("There are no more bots of that strength to seat.")
        seated_users.add(user.id)
        if Player.objects.get(user=user).bankroll < buy_in:
            chips.adjust(user, buy_in * 10, reason="Bot bankroll refill", staff=None)
        chosen.append((number, user, buy_in))
    return chosen


def seat_bots(table_id: int, count: int, strength: str) -> list[Seat]:
    """Seat up to ``count`` bots of ``strength`` in the table's empty seats, in one change;
    a bot short of chips has its bankroll refilled by a recorded adjustment first."""
    return practice.seat_picked(table_id, partial(bots_for, count=count, strength=strength))


def start_practice(user: User, bots: int, strength: str) -> Table:
    """A private practice table for ``user`` and ``bots`` bots of ``strength``."""
    return practice.start_practice(
        user, bots, partial(bots_for, count=bots, strength=strength))
