"""``manage.py runclock``: the table clock as a process of its own (like Channels' runworker).

One such process per deployment enforces every table's deadlines, plays bots' turns and
deals the next hands; the web processes then run with ``TABLE_CLOCK=off`` and only serve
sockets. Several may run at once (each change is locked and versioned), so a restart or a
second copy is safe. Frames it publishes reach the sockets through Redis, so it needs
``REDIS_URL``: the in-memory channel layer cannot reach another process.
"""

import asyncio
import signal

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from games.live.background import start_runtime


class Command(BaseCommand):
    help = (
        "Run the table clock (deadlines, bots, the next deal) and send its frames, until "
        "stopped; for deployments whose web processes run with TABLE_CLOCK=off."
    )

    def handle(self, *args, **options):
        if not settings.REDIS_URL:
            raise CommandError(
                "runclock needs REDIS_URL: without Redis the channel layer lives inside one "
                "process, and the frames this clock publishes would reach no socket. Without "
                "Redis, run one server process with TABLE_CLOCK=on instead."
            )
        asyncio.run(self.run())

    async def run(self) -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(signum, stop.set)
        runtime = start_runtime("runclock", clock=True, sockets=False)
        self.stdout.write("The table clock is running; stop it with Ctrl-C or SIGTERM.")
        await stop.wait()
        await runtime.stop()
        self.stdout.write("The table clock stopped.")
