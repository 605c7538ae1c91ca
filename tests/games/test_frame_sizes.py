"""A frame carries what changed, so its size does not grow with the hand (issue: a table froze
once a hand's frame passed daphne's 16 KB limit).

Built as the writer builds them (games/projection.py's ``update_frames`` from the snapshot
of each change): a nine-way hand of a hundred raises at a table whose host changed its
settings twenty times (each a notice), then checked and called down to the showdown.
"""

from dataclasses import replace

import pytest

from games import services, snapshots
from games.engine import ActionKind
from games.models import Table
from games.projection import NOTHING_SENT, SNAPSHOT_LOG_ROWS, public_view, update_frames
from games.services import hosting, writer
from tests.games.conftest import make_user
from tests.games.sockets import PageHistory

pytestmark = pytest.mark.django_db

PLAYERS = 9
RAISES = 100
# An action's frame at a nine-seat table: its nine seats, the hand's middle, the table's
# settings and the rows and notices it added (about 6.5 KB here; the showdown's, with nine
# hands shown and their rows, about 9 KB). Asserted of every one, as the hand grows.
MOST_BYTES_PER_ACTION = 10 * 1024


@pytest.fixture
def long_hand_table():
    """Nine players (the first hosts) with deep stacks, twenty notices, a hand dealt."""
    table = Table.objects.create(
        name="Long night", small_blind=1, big_blind=2, min_buy_in=40, max_buy_in=1000,
        max_seats=PLAYERS,
    )
    users = [make_user(f"player{i}") for i in range(PLAYERS)]
    table.host = users[0]
    table.save(update_fields=["host"])
    for number, user in enumerate(users, start=1):
        services.sit(table.id, user, number, 1000)
    for change in range(20):
        hosting.update_settings(table.id, users[0], {"action_seconds": 31 + change})
    services.start_next_hand(table.id)
    return table, users


def writers_snapshots(monkeypatch) -> list:
    """Every snapshot the writer takes from now on, which its change's frames are built from."""
    built = []
    take = writer.snapshot_of

    def taking(locked, also=()):
        built.append(take(locked, also))
        return built[-1]

    monkeypatch.setattr(writer, "snapshot_of", taking)
    return built


def play_one(table, users, raises_left: int) -> bool:
    """The player to act raises the minimum while ``raises_left``, else checks or calls.
    False when the hand is over."""
    snapshot = snapshots.load(table.id)
    state = snapshot.hand.state
    if state.is_complete:
        return False
    legal = state.legal_actions()
    user = next(u for u in users if u.id == snapshot.hand.users[state.actor])
    if raises_left and legal.raise_to is not None:
        services.act(table.id, user, "raise", legal.raise_to.min, snapshot.version)
    elif legal.allows(ActionKind.CHECK):
        services.act(table.id, user, "check", None, snapshot.version)
    else:
        services.act(table.id, user, "call", None, snapshot.version)
    return True


def test_an_actions_frame_stays_a_few_kilobytes_however_long_the_hand(
    long_hand_table, monkeypatch
):
    table, users = long_hand_table
    built = writers_snapshots(monkeypatch)
    raises = RAISES
    while play_one(table, users, raises):
        raises = max(0, raises - 1)
    assert raises == 0
    sizes = []
    page = PageHistory()
    page.take({"type": "snapshot", "table": public_view(replace(built[0], since=None)).view})
    for snapshot in built:
        frames = update_frames(snapshot)
        sizes.append(len(frames.public) + max(len(part) for part in frames.personal.values()))
        whole = page.take({"type": "update", "table": public_view(snapshot).view})
    # The whole hand's log and notices, as one view of the finished hand holds them...
    everything = public_view(replace(built[-1], since=NOTHING_SENT)).view
    full_log = [row["text"] for row in everything["log"]]
    assert len(full_log) > RAISES + 3 * PLAYERS
    assert len(everything["notices"]) == 20
    assert len(str(everything).encode()) > 16 * 1024  # the old whole frame's size, and more
    # ...is what a page put together from the updates, which never grew with the hand.
    assert [row["text"] for row in whole["log"]] == full_log[-len(whole["log"]):]
    assert whole["notices"] == everything["notices"]
    assert len(sizes) == len(built) > RAISES
    assert max(sizes) <= MOST_BYTES_PER_ACTION, max(sizes)
    # The hundredth raise's frame is no bigger than the first's, give or take a few rows.
    assert sizes[RAISES] - sizes[1] < 512, (sizes[1], sizes[RAISES])


def test_a_snapshot_holds_the_hands_last_rows_and_every_notice(long_hand_table):
    table, users = long_hand_table
    raises = RAISES
    for _ in range(RAISES):
        play_one(table, users, raises)
        raises -= 1
    snapshot = snapshots.load(table.id)
    view = public_view(snapshot).view
    rows = len(snapshot.hand.state.events)
    assert len(view["log"]) == SNAPSHOT_LOG_ROWS
    assert view["log_from"] == rows - SNAPSHOT_LOG_ROWS
    assert view["log"][-1]["sequence"] == snapshot.hand.state.events[-1].seq
    assert len(view["notices"]) == 20


def test_an_update_carries_only_the_notices_and_rows_its_change_added(
    long_hand_table, monkeypatch
):
    table, users = long_hand_table
    built = writers_snapshots(monkeypatch)
    rows = len(snapshots.load(table.id).hand.state.events)
    hosting.update_settings(table.id, users[0], {"action_seconds": 90})
    play_one(table, users, 0)  # under the gun calls
    told, called = (public_view(snapshot).view for snapshot in built)
    assert [n["text"] for n in told["notices"]] == [
        "player0 (host) changed the table from the next hand: action seconds: 90."
    ]
    assert (told["log"], told["log_from"]) == ([], rows)
    assert called["notices"] == []
    assert called["log_from"] == rows
    assert [row["kind"] for row in called["log"]] == ["call"]
