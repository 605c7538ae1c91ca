"""Models of the games app, split by area: tables and seats, hands, chips, chat,
who has a table open, what the session review reads of each hand."""

from games.models.chat import ChatMessage, ChatMute, Emote
from games.models.chips import LedgerEntry, Player
from games.models.facts import HandFacts
from games.models.hands import Hand, HandAction, HandPlayer
from games.models.imports import ImportBatch, ImportedHand, ImportPart
from games.models.notes import PlayerNote
from games.models.push import PushSubscription
from games.models.receipts import CommandReceipt
from games.models.tables import Seat, Table
from games.models.tournaments import Tournament, TournamentEntry

__all__ = [
    "ChatMessage",
    "ChatMute",
    "CommandReceipt",
    "Emote",
    "Hand",
    "HandAction",
    "HandFacts",
    "HandPlayer",
    "ImportBatch",
    "ImportPart",
    "ImportedHand",
    "LedgerEntry",
    "Player",
    "PlayerNote",
    "PushSubscription",
    "Seat",
    "Table",
    "Tournament",
    "TournamentEntry",
]
