"""The single writer: every change of table state goes through a function of this package.

Players, the host, staff (the admin included), bots and the clock all call these; nothing
else writes tables, seats or hands. Each change has one shape, ``table_change`` (change.py):
it locks the table row for its transaction, checks the quoted version, bumps the version,
and broadcasts the new version once it is committed.

- change.py: the shape of every change, and the one way a table is made (``new_table``);
- writer.py: locking, publishing, the rules every change shares;
- play.py: actions, the clock and dealing; seating.py: sitting down, standing up, rebuying;
- hosting.py: what the host (or staff) does to run the table;
- chat.py: table chat; commands.py: the socket's commands, each to its service;
- hand_records.py: writing hands, called by play.py;
- practice.py: practice tables (a person and bots in one change), bots taking seats;
- tournaments.py: a sit-and-go's registration and start; tournament_table.py: its levels,
  busts, places and prizes at the table (called by the deal and the hand's end).
"""

from games.services.change import table_change
from games.services.commands import perform
from games.services.play import (
    act,
    bot_think_time,
    choose_runouts,
    show_cards,
    start_next_hand,
    time_bank_seconds,
    timeout,
)
from games.services.seating import set_sitting_out, sit, stand
from games.services.writer import (
    ServiceError,
    StaleVersion,
    is_bot,
    next_hand_delay,
    schedule_next_hand,
)

__all__ = [
    "ServiceError",
    "StaleVersion",
    "act",
    "bot_think_time",
    "choose_runouts",
    "is_bot",
    "next_hand_delay",
    "perform",
    "schedule_next_hand",
    "set_sitting_out",
    "show_cards",
    "sit",
    "stand",
    "start_next_hand",
    "table_change",
    "time_bank_seconds",
    "timeout",
]
