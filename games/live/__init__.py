"""The live runtime: the table and lobby sockets, and the work that runs beside them.

The sockets (``consumers``, ``lobby_socket``, ``guarded_socket``, ``command_queue``,
``flood``, ``version_order``, ``routing``) parse frames and call the services; the runtime
(``runtime``: the outbox, the watched tables, the clock's own state and the background
tasks of this process, in one object) is started once per process by ``background``:
the ASGI lifespan, daphne's reactor, or ``manage.py runclock``.
"""
