"""WebSocket clients of the live benchmark: sockets that record every frame, and bots.

Every socket (spectator, bot, or a socket of the bare broadcast) is a ``Recorder``: it notes
each frame's version and arrival time, counts version gaps, and says when it was dropped.
A ``Bot`` is a recorder that also sits down and plays: on its turn (``hand.legal`` present
for its seat) it picks a legal action with its own seeded RNG, waits its think time (or,
in the burst scenario, until the next shared tick plus a little), and sends it quoting the
version it saw.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import re
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field

import websockets
from websockets.exceptions import WebSocketException

# Spectators only need a frame's type and version; reading them with a regular expression
# keeps the client cheap enough to listen on 500 sockets (full JSON is the fallback).
TYPE_AT_START = re.compile(r'"type":\s*"(\w+)"')
FIRST_VERSION = re.compile(r'"version":\s*(\d+)')
# A sit is confirmed only by a frame of our own ("you" is null in updates for watchers), which
# a loaded server may take seconds to send: so a sit is repeated only after an error (a few
# seconds later) or after a long silence, never in a loop of "you already have a seat".
SIT_REFUSED_RETRY_SECONDS = 5.0
SIT_UNANSWERED_RETRY_SECONDS = 30.0
SAMPLES_KEPT = 5
BURST_SPREAD_SECONDS = 0.1  # bots acting on one tick act within this much of it


def seconds_to_tick(now: float, epoch: float, tick: float) -> float:
    """Seconds from ``now`` until the next multiple of ``tick`` after ``epoch``.

    ``seconds_to_tick(11.0, 10.0, 1.5)`` -> 0.5 (the tick at 11.5); a tick never lies in the
    past, so an answer that comes late waits for the following one.
    """
    return tick - ((now - epoch) % tick)


def peek(text: str) -> tuple[str | None, int | None]:
    """The ``type`` and ``version`` of a frame without decoding all of it.

    ``peek('{"type": "update", "version": 7, "table": {}}')`` -> ``("update", 7)``.
    The table view repeats the frame's version, so the first one found is right either way.
    """
    kind, version = TYPE_AT_START.search(text, 0, 200), FIRST_VERSION.search(text, 0, 400)
    if kind and version:
        return kind.group(1), int(version.group(1))
    frame = json.loads(text)
    return frame.get("type"), frame.get("version")


@dataclass
class Action:
    """One ``act`` sent by a bot, with what is needed to time it."""

    table: int
    process: int
    t0: float
    seen_version: int  # the newest version this bot had seen when it sent the action
    failed: bool = False  # an error frame came back for it: nothing changed


@dataclass
class Run:
    """What all sockets of one scenario share: the measuring window and the counters."""

    acting: bool = True  # bots act while this is set
    measuring: bool = False  # frames, actions and errors are counted while this is set
    closing: bool = False  # set before we close sockets ourselves: closes after it are no drops
    epoch: float = field(default_factory=time.perf_counter)  # shared ticks count from here
    frames: int = 0
    frame_chars: int = 0
    actions: list[Action] = field(default_factory=list)
    errors: Counter = field(default_factory=Counter)
    errors_outside: Counter = field(default_factory=Counter)  # warm-up, grace, standing up
    drops: Counter = field(default_factory=Counter)
    connect_failures: Counter = field(default_factory=Counter)

    def error(self, reason: str) -> None:
        # Counted by sentence, numbers blanked, so "version 41"/"version 42" count as one.
        counter = self.errors if self.measuring else self.errors_outside
        counter[re.sub(r"\d+", "N", reason)[:100]] += 1


class Recorder:
    """A socket that records the version and arrival time of every frame it receives."""

    def __init__(self, run: Run, url: str, origin: str, cookie: str, table: int, process: int):
        self.run, self.url, self.origin, self.cookie = run, url, origin, cookie
        self.table, self.process = table, process
        self.versions: list[int] = []
        self.times: list[float] = []
        self.gaps = 0  # updates more than one version ahead of the last frame
        self.missed_versions = 0
        self.out_of_order = 0  # frames not newer than the last one
        self.dropped = False
        self.connection = None

    async def connect(self, limit: asyncio.Semaphore) -> bool:
        async with limit:
            try:
                self.connection = await websockets.connect(
                    self.url,
                    origin=self.origin,
                    additional_headers={"Cookie": self.cookie} if self.cookie else None,
                    compression=None,  # keep the client cheap; the server does not compress
                    ping_interval=None,  # a slow server must not be dropped by our keepalive
                    open_timeout=30,
                    close_timeout=2,
                    max_queue=1024,
                )
            except (OSError, TimeoutError, WebSocketException) as error:
                self.run.connect_failures[f"{type(error).__name__}: {error}"[:100]] += 1
                return False
        return True

    async def listen(self) -> None:
        """Read frames until the socket closes; a close we did not ask for is a drop."""
        code = None
        try:
            async for text in self.connection:
                self.on_frame(text, time.perf_counter())
        except WebSocketException as error:
            code = getattr(getattr(error, "rcvd", None), "code", None)
        finally:
            if not self.run.closing:
                self.dropped = True
                code = code or getattr(self.connection, "close_code", None)
                self.run.drops[f"close code {code}"] += 1

    def on_frame(self, text: str, now: float) -> tuple[str | None, int | None]:
        kind, version = peek(text)
        if self.run.measuring:
            self.run.frames += 1
            self.run.frame_chars += len(text)
        if kind == "error":
            self.on_error(json.loads(text).get("reason", ""))
        elif version is not None:
            self.record(kind, version, now)
        return kind, version

    def record(self, kind: str, version: int, now: float) -> None:
        last = self.versions[-1] if self.versions else None
        if last is not None and version <= last:
            self.out_of_order += 1
            return
        if kind == "update" and last is not None and version > last + 1:
            self.gaps += 1
            self.missed_versions += version - last - 1
        self.versions.append(version)
        self.times.append(now)

    def on_error(self, reason: str) -> None:
        self.run.error(reason)

    async def send(self, message: str) -> None:
        with contextlib.suppress(WebSocketException):  # the listener counts the drop
            await self.connection.send(message)


def personal_part(text: str) -> dict[tuple, object]:
    """An update's ``mine`` patches by path, decoded without the public view before them.

    The server appends ``mine`` last (games/projection.py, ``with_personal``), and a JSON
    string cannot hold ``,"mine":`` unescaped, so its last occurrence starts the part.
    ``personal_part('{"type":"update","table":{},"mine":[[["you"],{"seat":2}]]}')``
    -> ``{("you",): {"seat": 2}}``; an update without ``mine`` (watching) -> ``{}``.
    """
    at = text.rfind(',"mine":')
    patches = json.loads(text[at + len(',"mine":'):-1]) if at >= 0 else []
    return {tuple(path): value for path, value in patches}


class Bot(Recorder):
    """A seated player: sits at its seat, acts on its turn, sits again when busted."""

    def __init__(
        self,
        *args,
        seat: int,
        think: tuple[float, float],
        seed: str,
        tick: float | None = None,
        **kwargs,
    ):
        super().__init__(*args, **kwargs)
        self.seat, self.think, self.tick = seat, think, tick
        self.rng = random.Random(seed)
        self.view_version = -1
        self.you: dict = {}  # updates with nothing personal carry "you": null; keep the last
        self.legal: dict | None = None  # our choices in the newest view: our turn
        self.saw_hand = False  # a hand reached our view since we connected
        self.acted_after = -1  # act again only on a view newer than this
        self.retried_at = -1  # the view version of the last retry after an error
        self.busy = False  # thinking or sending
        self.sit_sent_at: float | None = None  # a sit (or sit_back) waiting for an answer
        self.sit_refused_at = -SIT_REFUSED_RETRY_SECONDS
        self.last_action: Action | None = None
        self.tasks: set[asyncio.Task] = set()  # the loop keeps only weak references to tasks
        self.name = uuid.uuid4().hex[:12]  # request ids: unique across bots and runs
        self.requests = 0

    def on_frame(self, text: str, now: float) -> tuple[str | None, int | None]:
        kind, version = super().on_frame(text, now)
        if kind not in ("update", "snapshot") or version is None or version <= self.view_version:
            return kind, version
        self.view_version = version
        # A player's browser decodes only its own frames; six bots in one client process
        # decoding whole views would charge the shared cores for what is not the server's.
        # What a bot acts on (you, hand.legal) is all in an update's personal part.
        if kind == "snapshot":
            view = json.loads(text)["table"]
            you, hand = view.get("you"), view.get("hand") or {}
            self.legal, dealt = hand.get("legal"), bool(hand)
        else:
            mine = personal_part(text)
            you, self.legal = mine.get(("you",)), mine.get(("hand", "legal"))
            dealt = any(path[0] == "hand" for path in mine)
        self.you = you or self.you
        if self.you.get("seat") is not None and not self.you.get("sitting_out"):
            self.sit_sent_at = None
        self.saw_hand = self.saw_hand or dealt
        self.consider()
        return kind, version

    def on_error(self, reason: str) -> None:
        super().on_error(reason)
        if self.sit_sent_at is not None:  # our sit (or sit_back) was refused, most likely
            self.sit_sent_at, self.sit_refused_at = None, time.perf_counter()
        if self.last_action is not None:
            self.last_action.failed = True
            self.last_action = None
            # Not stuck until the 30 s clock: once per view, allow one more try on it.
            if self.retried_at != self.view_version:
                self.retried_at = self.view_version
                self.acted_after = -1
            self.consider()

    def consider(self) -> None:
        """Decide what to do with the newest view: sit, come back, act, or nothing."""
        if not self.run.acting or self.busy:
            return
        you = self.you
        if you.get("seat") is None or you.get("sitting_out"):
            if self.may_sit():
                self.sit_sent_at, self.last_action = time.perf_counter(), None
                if you.get("seat") is None:
                    sit = {"type": "sit", "seat": self.seat, "buy_in": 200, "post_now": True}
                else:
                    sit = {"type": "sit_back"}
                self.spawn(self.command(sit))
            return
        legal = self.legal
        if legal and legal.get("seat") == you["seat"] and self.view_version > self.acted_after:
            self.busy = True
            self.spawn(self.act(self.view_version, legal))

    def may_sit(self) -> bool:
        now = time.perf_counter()
        if self.sit_sent_at is not None:
            return now - self.sit_sent_at >= SIT_UNANSWERED_RETRY_SECONDS
        return now - self.sit_refused_at >= SIT_REFUSED_RETRY_SECONDS

    async def command(self, message: dict) -> None:
        """Send a command with a fresh ``request_id`` (the server refuses repeated ids)."""
        self.requests += 1
        await self.send(json.dumps({**message, "request_id": f"{self.name}-{self.requests}"}))

    def spawn(self, coroutine) -> None:
        task = asyncio.get_running_loop().create_task(coroutine)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def act(self, version: int, legal: dict) -> None:
        try:
            low, high = self.think
            if self.tick:  # every table's actor acts in the same 100 ms after the tick
                wait = seconds_to_tick(time.perf_counter(), self.run.epoch, self.tick)
                await asyncio.sleep(wait + self.rng.uniform(0, BURST_SPREAD_SECONDS))
            elif high > 0:
                await asyncio.sleep(self.rng.uniform(low, high))
            if not self.run.acting:
                return
            action, amount = self.choose(legal, safe=self.retried_at == self.view_version)
            message = {"type": "act", "action": action, "version": version}
            if amount is not None:
                message["amount"] = amount
            # Frames seen while thinking belong to the turn we are answering.
            self.acted_after = self.view_version
            record = Action(self.table, self.process, time.perf_counter(), self.view_version)
            self.last_action = record
            if self.run.measuring:
                self.run.actions.append(record)
            await self.command(message)
        finally:
            self.busy = False

    def choose(self, legal: dict, safe: bool = False) -> tuple[str, int | None]:
        """Mostly check or call; sometimes a minimum bet or raise; now and then a fold."""
        roll = self.rng.random()
        if not safe and roll < 0.15:
            for kind in ("bet", "raise"):
                if legal.get(kind):
                    return kind, legal[kind]["min"]
        if not safe and roll > 0.93 and legal.get("fold") and not legal.get("check"):
            return "fold", None
        if legal.get("check"):
            return "check", None
        if legal.get("call"):
            return "call", None
        if legal.get("all_in"):
            return "all_in", None
        return "fold", None
