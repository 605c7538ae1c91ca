"""A long nine-way hand through real servers: under `make run`'s own command (daphne with its
16 KB read limits) the table plays through, every socket gets every version, and no frame is
refused; and a frame past the read limit still reaches the page under every server.

Until the frames carried only what changed (games/projection.py) and daphne's read limit was
kept off what it sends (pokersite/daphne_sends.py), such a hand froze the table: the server
logged PayloadExceededError, every socket closed and reconnected, and the snapshots the pages
asked for were refused the same way.
"""

import asyncio
from dataclasses import replace

import pytest

from games import services, snapshots
from games.models import Table
from games.projection import NOTHING_SENT, public_view
from games.services import hosting
from tests.games.conftest import make_user
from tests.games.live import LiveSocket, session_key_for, subprocess_env
from tests.servers import MAX_MESSAGE_BYTES, SERVERS, daphne_process, make_run_command

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]

PLAYERS = 9
RAISES = 60


def nine_players_and_a_host_who_changed_a_lot(names: list[str]) -> tuple[Table, list]:
    table = Table.objects.create(
        name="Long night", small_blind=1, big_blind=2, min_buy_in=40, max_buy_in=1000,
        max_seats=PLAYERS,
    )
    users = [make_user(name) for name in names]
    table.host = users[0]
    table.save(update_fields=["host"])
    for number, user in enumerate(users, start=1):
        services.sit(table.id, user, number, 1000)
    for change in range(20):  # twenty notices, in every snapshot
        hosting.update_settings(table.id, users[0], {"action_seconds": 31 + change})
    services.start_next_hand(table.id)
    return table, users


async def open_everyone(base: str, table: Table, users: list) -> list[LiveSocket]:
    keys = [await session_key_for(user) for user in users]
    return [await LiveSocket.open(base, table.id, key) for key in keys]


async def play_the_hand(sockets: list[LiveSocket], seats: dict[int, LiveSocket]) -> int:
    """Whoever is to act (by their own page's view) raises the minimum ``RAISES`` times in
    all, then checks or calls; every socket waits for each new version. The versions seen."""
    raises = RAISES
    versions = 1
    while not sockets[0].table["hand"]["complete"]:
        actor = seats[sockets[0].table["hand"]["to_act"]]
        legal = actor.table["hand"]["legal"]
        version = actor.table["version"]
        if raises and legal["raise"] is not None:
            move = {"action": "raise", "amount": legal["raise"]["min"]}
            raises -= 1
        else:
            move = {"action": "check" if legal["call"] is None else "call"}
        await actor.send({"type": "act", "version": version, **move})
        for socket in sockets:
            frame = await socket.receive_until(
                lambda f, seen=version: f["type"] == "error" or f["version"] > seen
            )
            assert frame["type"] == "update" and frame["version"] == version + 1, frame
        versions += 1
    return versions


def test_a_long_nine_way_hand_plays_through_under_make_runs_own_command(tmp_path):
    table, users = nine_players_and_a_host_who_changed_a_lot(
        [f"player{i}" for i in range(PLAYERS)]
    )
    spectator = make_user("sam")
    log_path = tmp_path / "server.log"
    with daphne_process(subprocess_env(), log_path=log_path, command=make_run_command) as (
        base, _process,
    ):

        async def scenario():
            sockets = await open_everyone(base, table, [*users, spectator])
            seats = {number: s for number, s in enumerate(sockets[:PLAYERS], start=1)}
            versions = await play_the_hand(sockets, seats)
            for socket in sockets:
                await socket.close()  # a normal close each: none was cut off on the way
            return sockets, versions

        sockets, versions = asyncio.run(scenario())
    assert versions > RAISES + 3 * PLAYERS
    snapshot = snapshots.load(table.id)
    everything = public_view(replace(snapshot, since=NOTHING_SENT)).view
    assert len(str(everything).encode()) > MAX_MESSAGE_BYTES  # the old frame: refused
    watcher = sockets[-1]
    # The spectator's page put the whole hand's log and the notices together from frames
    # that never grew with it.
    assert watcher.table["log"] == everything["log"]
    assert watcher.table["notices"] == everything["notices"]
    for socket in sockets:
        assert max(socket.sizes) < MAX_MESSAGE_BYTES, max(socket.sizes)
        assert [row["sequence"] for row in socket.table["log"]] == [
            row["sequence"] for row in everything["log"]
        ]
    assert "PayloadExceeded" not in log_path.read_text(errors="replace")


@pytest.mark.parametrize("server", ["make run", *SERVERS])
def test_a_frame_past_the_read_limit_still_reaches_the_page(server, tmp_path):
    """Players with the longest names the site stores (150 characters) make a snapshot of
    about twice the read limit: it reaches the page, under `make run`'s command and under
    every server the docs name with their read limits."""
    names = [f"{i}-" + "n" * 148 for i in range(PLAYERS)]
    table, users = nine_players_and_a_host_who_changed_a_lot(names)
    log_path = tmp_path / "server.log"
    how = {"command": make_run_command} if server == "make run" else {"server": server}
    with daphne_process(subprocess_env(), log_path=log_path, **how) as (base, _process):

        async def first_frame():
            key = await session_key_for(users[1])
            socket = await LiveSocket.open(base, table.id, key)
            await socket.close()
            return socket

        socket = asyncio.run(first_frame())
    assert socket.sizes[0] > MAX_MESSAGE_BYTES, socket.sizes
    assert socket.table["hand"]["number"] == 1
    assert [n["seq"] for n in socket.table["notices"]] == list(range(1, 21))
