"""Reviewing someone's PHH hand: read it, replay it through the engine, never store it.

Imports are not stored: the uploaded or pasted text is replayed on the spot and the page
shows it in the same replayer as a played hand. The uploader knows every card in their own
file, so all known cards are shown from the start. A file the engine cannot take (another
variant, broken TOML, an impossible action) is refused with the engine's sentence.
"""

from __future__ import annotations

import tomllib
from typing import Any

from games.engine import PHHError, replay_phh
from games.history.imports.decoding import decode_text
from games.history.imports.formats import format_of
from games.history.imports.reading import fair_deal_of
from games.history.money import Money
from games.history.replay.equity import street_equities
from games.history.replay.replayer import build_replay
from games.history.stars.fair_lines import replayer_part

MAX_CHARS = 100_000


def read_phh(text: str) -> Any:
    """Replay one PHH hand (or one hand of a site's text: ``formats``); PHHError with a clear
    sentence when that cannot be done."""
    if not text.strip():
        raise PHHError("The hand history is empty.")
    if len(text) > MAX_CHARS:
        raise PHHError(f"The hand history is too long (more than {MAX_CHARS:,} characters).")
    site_format = format_of(text)
    if site_format is not None:
        hands = site_format.split(text)
        if len(hands) > 1:
            raise PHHError(f"This text holds {len(hands)} hands; import them into My hands "
                           "above, or review one hand at a time.")
        return site_format.replay(hands[0])[1]
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise PHHError(f"Not valid TOML: {error}.") from None
    sections = [v for v in data.values() if isinstance(v, dict)]
    if "variant" not in data and sections and all("variant" in s for s in sections):
        raise PHHError(
            f"This file holds {len(sections)} hands (a .phhs file); import them into My hands "
            "above, or review one hand at a time."
        )
    try:
        replayed = replay_phh(text)
    except PHHError:
        raise
    except ValueError as error:  # a value the engine refused with its own sentence
        raise PHHError(str(error)) from None
    except (IndexError, KeyError, TypeError, AttributeError):
        # A last resort: the engine's reader names the problems it knows of; anything it
        # misses is still refused cleanly rather than failing the page.
        raise PHHError("An action line is incomplete or malformed.") from None
    return replayed


def decode_upload(raw: bytes) -> str:
    """An uploaded file's text, whatever encoding it came in (``decoding.decode_text``)."""
    return decode_text(raw)


def imported_replay(text: str) -> dict[str, Any]:
    """The replayer's data for one PHH hand (raises PHHError)."""
    replayed = read_phh(text)
    state = replayed.state
    n = len(state.players)
    names = {k + 1: (replayed.players[k] if replayed.players else f"p{k + 1}") for k in range(n)}
    money = Money.of_fields(replayed.fields, replayed.amounts.scale)
    data = build_replay(state, None, names, reveal_all=True, money=money.format,
                        rake=sum(replayed.rake.values()))
    known = frozenset(p.seat for p in state.players if "??" not in p.hole)
    data["equity"] = street_equities(state, known, names)
    data["max_seats"] = n
    data["money"] = money.to_json()
    deal = fair_deal_of(replayed.fields)
    data["fair_deal"] = replayer_part(deal, list(state.deck))
    return data
