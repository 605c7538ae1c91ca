"""Where a sit-and-go stands, as its page says it: the status line, the table's link, and
where to take the viewer when it starts. The page draws it and asks for it again while the
tournament registers (``GET /tournaments/<id>/now/``, static/js/tournament.js), so that
everyone on the page is told of the start and a registered player is taken to their seat.
"""

from typing import Any

from django.urls import reverse

from games.models import Seat, Tournament


def page_status(tournament: Tournament, entrants: int, user, is_host: bool) -> dict[str, Any]:
    """``{"status", "text", "table_url", "go"}``: ``text`` the status line, ``table_url``
    the table's address while it runs (else null), ``go`` where the page takes this viewer
    when it sees the start (their table, for a player still in; else null).

    >>> t = Tournament(name="Friday", max_players=4, status="registering")
    >>> page_status(t, 1, None, False)["text"]
    'Registering · 1 of 4 registered; it starts when full.'
    """
    status = tournament.status
    said: dict[str, Any] = {"status": status, "table_url": None, "go": None}
    if status == Tournament.Status.REGISTERING:
        host = " or when you press Start" if is_host else ""
        said["text"] = (f"Registering · {entrants} of {tournament.max_players} registered; "
                        f"it starts when full{host}.")
        return said
    if status == Tournament.Status.FINISHED:
        ended = "ended by a deal" if tournament.ended_by == "deal" else "played to the end"
        said["text"] = f"{tournament.get_status_display()} · {ended}"
        return said
    if tournament.table_id is None:  # its table was deleted (the admin): nothing to open
        said["text"] = tournament.get_status_display()
        return said
    url = reverse("table", kwargs={"table_id": tournament.table_id})
    seated = bool(user is not None and user.is_authenticated
                  and Seat.objects.filter(table_id=tournament.table_id, user=user,
                                          stack__gt=0).exists())
    said.update(table_url=url, go=url if seated else None)
    said["text"] = ("Running · it has started: your seat is waiting at its table"
                    if seated else "Running · it has started")
    return said
