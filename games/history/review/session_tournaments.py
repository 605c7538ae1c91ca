"""The tournaments of a session review: which tournament each hand was played in, and each
tournament's result (its prize less its buy-in), read from the database for the review page.
The counting itself is ``session.review``'s."""

from __future__ import annotations

from collections.abc import Iterable

from django.urls import reverse

from games.history.review.session import TournamentResult
from games.history.tournament_hands import tournament_of_hand
from games.models import Hand, ImportedHand, TournamentEntry


def played_key(hand: Hand) -> str:
    """A played hand's tournament key ("p<id>"), "" for a cash hand."""
    tournament = tournament_of_hand(hand)
    return f"p{tournament.id}" if tournament else ""


def imported_key(hand: ImportedHand) -> str:
    """An imported hand's tournament key ("i<site>#<number>"), "" for a cash hand."""
    return f"i{hand.site}#{hand.tournament}" if hand.tournament else ""


def results(user, keys: Iterable[str]) -> list[TournamentResult]:
    """The result of each tournament named by ``keys``: ours from the player's entry (a
    prize once they have finished, less everything they paid in: the buy-in, re-entries,
    rebuys and the add-on), imported ones unknown (a hand history names no prize)."""
    keys = sorted(set(keys))
    ids = [int(k[1:]) for k in keys if k.startswith("p")]
    entries = TournamentEntry.objects.filter(user=user, tournament_id__in=ids).select_related(
        "tournament").order_by("tournament__started_at", "tournament_id")
    found = []
    for entry in entries:
        tournament = entry.tournament
        finished = entry.status == TournamentEntry.Status.FINISHED
        found.append(TournamentResult(
            key=f"p{tournament.id}", label=tournament.name,
            url=reverse("tournament", args=[tournament.id]), buy_in=entry.paid,
            prize=entry.prize if finished else None, place=entry.place_text,
        ))
    for key in keys:
        if key.startswith("i"):
            site, _, number = key[1:].partition("#")
            found.append(TournamentResult(key, f"{site} tournament #{number}", "", None, None))
    return found
