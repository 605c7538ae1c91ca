"""Share links: an unguessable token per hand that shows only its public information.

The token is the hand id signed with the site's SECRET_KEY (``django.core.signing``, no
timestamp: a hand always has the same link), so it cannot be guessed or altered, and anyone
holding it (logged in or not) sees the hand as the public would: the board, the betting, and
only the hands shown at showdown.
"""

from __future__ import annotations

from django.core import signing

SALT = "games.history.share"


def share_token(hand_id: int) -> str:
    """The share token of a hand.

    >>> unshare(share_token(12))
    12
    """
    return signing.Signer(salt=SALT).sign_object({"hand": hand_id})


def unshare(token: str) -> int | None:
    """The hand id in a token, or None for a token this site did not sign."""
    try:
        data = signing.Signer(salt=SALT).unsign_object(token)
    except signing.BadSignature:
        return None
    hand = data.get("hand") if isinstance(data, dict) else None
    return hand if isinstance(hand, int) else None
