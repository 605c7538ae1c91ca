"""The way out of a change, and the process state it goes through: below the services.

After a change commits, what it sends leaves through here: a version's frames to the
table's sockets (``broadcast``, through the process's ``outbox``), the lobby's rows
(``lobby_feed``), the end of a browser session at logout. ``presence`` says who has a table
open (the writer and Web Push ask it); ``database_threads`` runs database work for the event
loop. Everything a process keeps while it runs is one object, ``runtime.LiveRuntime``
(``runtime.current()``); the live package (games/live/) starts it and its loops, and
consumes the rest: nothing here imports the sockets, the loops or the services.
"""
