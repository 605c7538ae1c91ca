"""Bot players: users flagged with a style, seated through ``services.sit`` like anyone.

A bot's name ends in " (bot)", which no person can take (nicknames are letters, digits,
dots, dashes and underscores), so it reads as a bot everywhere a name is shown: the felt,
the hand log, My hands, the replayer and the exports.
"""

from django.contrib.auth import get_user_model
from django.db import transaction

from games import chips, services
from games.models import Player, Seat, Table

NAMES = {
    "tight_aggressive": ["Tess", "Toby", "Tara", "Theo", "Tina", "Tariq", "Thea", "Ted"],
    "calling_station": ["Cal", "Cora", "Cody", "Cleo", "Carl", "Cass", "Chip", "Cyd"],
    "random": ["Randy", "Rita", "Rex", "Rosa", "Rudi", "Rae", "Ron", "Ruby"],
    "coach": ["Coco", "Cosmo", "Coral", "Colm", "Connie", "Conrad", "Coby", "Corin"],
}
# How strong the bots are: which styles take the seats, in turn.
STRENGTHS = {
    "easy": ["calling_station"],
    "mixed": ["tight_aggressive", "calling_station"],
    "hard": ["tight_aggressive"],
    "random": ["random"],
    "coach": ["coach"],
}
STRENGTH_CHOICES = [
    ("easy", "Easy: calling stations"),
    ("mixed", "Mixed: some tight, some loose"),
    ("hard", "Hard: tight-aggressive"),
    ("coach", "Coach: plays by the coach's own advice"),
    ("random", "Random: any legal action (for testing)"),
]


def bot_name(style: str, index: int) -> str:
    """The name a bot plays under: no person can take it.

    >>> bot_name("calling_station", 0)
    'Cal (bot)'
    """
    return f"{NAMES[style][index]} (bot)"


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


@transaction.atomic
def seat_bots(table_id: int, count: int, strength: str) -> list[Seat]:
    """Seat up to ``count`` bots of ``strength`` (a key of STRENGTHS) in the empty seats.

    Each bot buys in through ``services.sit``; a bot short of chips has its bankroll
    refilled by a recorded adjustment first, so the room's chips stay accounted for.
    """
    if strength not in STRENGTHS:
        raise services.ServiceError(f"Unknown bot strength {strength!r}.")
    table = Table.objects.get(pk=table_id)
    taken = set(Seat.objects.filter(table=table).values_list("number", flat=True))
    seated_users = set(Seat.objects.filter(table=table).values_list("user_id", flat=True))
    free = [n for n in range(1, table.max_seats + 1) if n not in taken][:count]
    if not free:
        raise services.ServiceError("There is no empty seat for a bot.")
    buy_in = bot_buy_in(table)
    seats = []
    styles = STRENGTHS[strength]
    for i, number in enumerate(free):
        style = styles[i % len(styles)]
        user = next(
            u for u in (bot_user(style, k) for k in range(len(NAMES[style])))
            if u.id not in seated_users
        )
        seated_users.add(user.id)
        if Player.objects.get(user=user).bankroll < buy_in:
            chips.adjust(user, buy_in * 10, reason="Bot bankroll refill", staff=None)
        seat = services.sit(table_id, user, number, buy_in, approved=True)
        assert seat is not None  # approved: seated at once, never a request to the host
        seats.append(seat)
    return seats
