"""A hostile client and the server's memory, for the flood tests (tests/games/test_flood.py).

``flood`` writes frames on one table socket as fast as it can until the server closes it
(or a bound of seconds passes, which only a server that never cuts it off reaches);
``memory`` reads a server process's resident memory from /proc.
"""

import asyncio
import json
import re
from dataclasses import dataclass
from pathlib import Path

import websockets

# What the flooder sends, in turn: a snapshot to read and an action to refuse, each a
# database trip when handled (the two kinds of work a frame can cost).
FLOOD_FRAMES = (
    json.dumps({"type": "sync"}),
    json.dumps({"type": "act", "action": "call", "version": 1}),
)
# How many frames the flooder writes before letting its loop run once: enough to write
# faster than any budget, few enough that it notices the server's close at once.
FRAMES_PER_TURN = 64


@dataclass
class Flood:
    sent: int  # frames the flooder managed to write
    close_code: int | None  # the code the server closed the socket with


async def flood(base: str, table_id: int, session_key: str, seconds: float) -> Flood:
    """Write ``FLOOD_FRAMES`` on a table socket as fast as possible until it is closed."""
    connection = await websockets.connect(
        f"ws://{base}/ws/tables/{table_id}/",
        origin=f"http://{base}",
        additional_headers={"Cookie": f"sessionid={session_key}"},
    )
    # A script that reads its replies (unread, they would stop the client reading the
    # server's close frame).
    reader = asyncio.create_task(_read_all(connection))
    loop = asyncio.get_running_loop()
    stop_at = loop.time() + seconds
    sent = 0
    try:
        while loop.time() < stop_at:
            await connection.send(FLOOD_FRAMES[sent % len(FLOOD_FRAMES)])
            sent += 1
            if sent % FRAMES_PER_TURN == 0:
                await asyncio.sleep(0)
    except websockets.ConnectionClosed:
        pass
    else:
        await connection.close()
    await connection.wait_closed()
    await reader
    return Flood(sent=sent, close_code=connection.close_code)


async def _read_all(connection) -> None:
    try:
        async for _frame in connection:
            pass
    except websockets.ConnectionClosed:
        pass


def serving_pid(pid: int) -> int:
    """The process that serves the sockets: ``pid`` itself (daphne, uvicorn), or its one
    worker when it has children (hypercorn runs its worker in a process of its own)."""
    children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    return serving_pid(int(children[-1])) if children else pid


def memory_kb(pid: int, field: str = "VmRSS") -> int:
    """A memory figure of process ``pid`` in kB: VmRSS now, or VmHWM, its peak."""
    status = Path(f"/proc/{pid}/status").read_text()
    match = re.search(rf"^{field}:\s+(\d+) kB", status, re.MULTILINE)
    assert match, f"no {field} in /proc/{pid}/status"
    return int(match.group(1))


def reset_peak_memory(pid: int) -> None:
    """Start VmHWM again from the current RSS (Linux's clear_refs, for our own child), so
    that the peak read later is the peak since now."""
    Path(f"/proc/{pid}/clear_refs").write_text("5")


FLOOD_LOG = re.compile(r"socket (\S+) closed for flooding after (\d+) frames")


def flood_closes(log_text: str) -> list[tuple[str, int]]:
    """(channel name, frames read) for each socket the server closed for flooding."""
    return [(channel, int(frames)) for channel, frames in FLOOD_LOG.findall(log_text)]
