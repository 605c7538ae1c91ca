"""The live runtime: the table and lobby sockets, and the work that runs beside them.

The sockets (``consumers``, ``lobby_socket``, what both share in ``guarded_socket``,
``flood``, ``command_queue``, ``version_order``; ``routing``) parse frames and call the
services. Beside them run the outbox (``outbox``), liveness (``liveness``) and the table
clock (``clock``). What a process keeps while it runs (the outbox, the watched tables,
presence, the clock's state, the tasks) is one object, ``runtime.LiveRuntime``, started
once per process by ``background.start_runtime``: from the ASGI lifespan, daphne's
reactor, or ``manage.py runclock``.

The rest of the games app imports only the way out: ``broadcast`` and ``lobby_feed`` (what
a change sends after its commit) and ``presence`` (who has a table open).
"""
