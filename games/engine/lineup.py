"""Between hands: where the button goes and who is dealt in.

Rules (a simplified moving button, no dead button):

- Only seats with chips count. If fewer than two seats are PLAYING (a new table, or everyone
  left but one), nobody waits: every seat with chips plays.
- The button moves to the next PLAYING seat clockwise after the previous button (the first
  hand uses the lowest PLAYING seat). A newly seated player never takes the button.
- The small blind is the next PLAYING seat after the button; new players sitting between the
  button and the small blind sit this hand out (they would dodge the blinds otherwise).
- The big blind is the next seat after the small blind, new or not: a new player there is
  dealt in and posts it, whether they waited or asked to post.
- Further new players: POST_BB ones are dealt in and post a big blind out of position (a
  live bet); WAIT_FOR_BB ones wait.
- If the big blind would land on the button, the hand is heads-up: the button posts the
  small blind, the other player the big blind.

After a hand, pass every seat that was dealt in as PLAYING.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from games.engine.types import Entry, SeatInput


@dataclass(frozen=True)
class Lineup:
    """Who plays the next hand. ``seats`` go straight to ``start_hand`` with ``button``."""

    button: int
    small_blind: int
    big_blind: int
    seats: tuple[SeatInput, ...]
    waiting: tuple[int, ...]

    @property
    def heads_up(self) -> bool:
        return len(self.seats) == 2


def _after(seat: int, seats: Sequence[int]) -> list[int]:
    """``seats`` (sorted) in clockwise order starting just after ``seat``."""
    later = [s for s in seats if s > seat]
    earlier = [s for s in seats if s <= seat]
    return later + earlier


PLAYERS_TO_DEAL = 2  # a hand is dealt to two players or more (start_hand refuses fewer)


def enough_to_deal(ready: int) -> bool:
    """Whether ``ready`` players (with chips, not sitting out) are enough to deal a hand:
    the one rule the table's deal (games/services/writer.py) and the pages' "waiting for
    players" line (games/viewer_status.py) follow.

    >>> enough_to_deal(1), enough_to_deal(2)
    (False, True)
    """
    return ready >= PLAYERS_TO_DEAL


def newcomers_wait(playing_with_chips: int) -> bool:
    """Whether newly seated players wait for the big blind (or post one) next hand, given how
    many seats with chips are PLAYING: with fewer than two, nobody waits.

    >>> newcomers_wait(1), newcomers_wait(2)
    (False, True)
    """
    return enough_to_deal(playing_with_chips)


def plan_hand(seats: Sequence[SeatInput], previous_button: int | None) -> Lineup | None:
    """Decide the button and who is dealt in; None when fewer than two players can play.

    >>> p = [SeatInput(1, "a", 100), SeatInput(3, "b", 100), SeatInput(5, "c", 100)]
    >>> lineup = plan_hand(p, previous_button=1)
    >>> lineup.button, lineup.small_blind, lineup.big_blind
    (3, 5, 1)
    """
    numbers = [s.seat for s in seats]
    if len(set(numbers)) != len(numbers):
        raise ValueError("Two players share a seat.")
    with_chips = sorted((s for s in seats if s.stack > 0), key=lambda s: s.seat)
    playing = [s for s in with_chips if s.entry is Entry.PLAYING]
    if not newcomers_wait(len(playing)):
        playing = [replace(s, entry=Entry.PLAYING) for s in with_chips]
    if not enough_to_deal(len(playing)):
        return None
    by_seat = {s.seat: s for s in with_chips}
    for s in playing:
        by_seat[s.seat] = s
    playing_seats = [s.seat for s in playing]
    newcomers = [s.seat for s in with_chips if by_seat[s.seat].entry is not Entry.PLAYING]

    if previous_button is None:
        button = playing_seats[0]
    else:
        button = _after(previous_button, playing_seats)[0]
    small_blind = _after(button, playing_seats)[0]
    every = sorted(playing_seats + newcomers)
    big_blind = _after(small_blind, every)[0]

    if big_blind == button:
        # Heads-up: nobody new sits between the other player and the button, so every
        # new player is in the dead zone. The button posts the small blind.
        other = small_blind
        chosen = tuple(by_seat[s] for s in sorted((button, other)))
        waiting = tuple(s for s in sorted(by_seat) if s not in (button, other))
        return Lineup(button, button, other, chosen, waiting)

    dealt: list[int] = list(playing_seats)
    if big_blind in newcomers:
        dealt.append(big_blind)
        by_seat[big_blind] = replace(by_seat[big_blind], entry=Entry.PLAYING)
    clockwise = _after(button, every)
    dead_zone = set(clockwise[: clockwise.index(small_blind)])
    for seat in newcomers:
        if seat in dealt or seat in dead_zone:
            continue
        if by_seat[seat].entry is Entry.POST_BB:
            dealt.append(seat)
    chosen = tuple(by_seat[s] for s in sorted(dealt))
    waiting = tuple(s for s in sorted(by_seat) if s not in dealt)
    return Lineup(button, small_blind, big_blind, chosen, waiting)
