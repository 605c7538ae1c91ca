"""The amounts a PokerStars text states, checked against the engine's replay of its actions.

The replay decides every amount: what each player put in, the uncalled bet returned, who wins
what. The text's own figures are then checked against it, and a hand whose figures cannot be
reconciled is refused with the difference named, never stored wrong:

- "Uncalled bet (X) returned to P": the replay returns exactly X to P. Files that leave the
  line out (2005-07 files, HM1 exports; a bettor who lost the showdown) lose nothing: the
  replay returns the bet all the same.
- "P collected X from pot": P wins at least X in the replay; what P wins beyond it is the
  rake the site kept from P (only winners pay rake).
- "Total pot T | Rake R": those rakes add up to R, and T is the replay's pot (HM1 exports
  write the pot after rake, T + R: accepted too). GGPoker also keeps a jackpot (and
  "Bingo", "Fortune", "Tax") from the pot: the rakes add up to R and those together, and
  what is stored as the rake per winner is everything the site kept.
- The summary's "collected (X)" / "won (X)" agree with the collected lines.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal

from games.engine import EventKind, PHHError, PHHReplay
from games.engine.phh_fields import decimal_places
from games.history.money import Money


@dataclass
class Figures:
    """The amounts the text states, by player name, as read (the site's money)."""

    uncalled: dict[str, Decimal] = field(default_factory=dict)
    collected: dict[str, Decimal] = field(default_factory=dict)
    summary_won: dict[str, Decimal] = field(default_factory=dict)
    total_pot: Decimal | None = None
    rake: Decimal | None = None
    # What the site kept besides the rake, by the name the text gives it (GGPoker's
    # "Jackpot", "Bingo"...): the winners collect the pot less the rake and these.
    fees: dict[str, Decimal] = field(default_factory=dict)
    # Winamax: a player's "collected" amount holds the bet returned to them uncalled.
    uncalled_collected: bool = False
    # 888: a collected amount holds the returned bet in some hands and not in others; it is
    # then exactly the winnings with the returned bet, or the winnings less a rake.
    uncalled_maybe_collected: bool = False
    # A board run twice: each board's collected amounts (0: the first board), by name.
    collected_by_board: dict[int, dict[str, Decimal]] = field(default_factory=dict)
    # What the refusal calls ``rake`` when the site writes none and it is known otherwise.
    rake_named: str = "the text's rake"

    def add(self, kind: dict[str, Decimal], name: str, amount: Decimal) -> None:
        kind[name] = kind.get(name, Decimal(0)) + amount

    def places(self) -> int:
        """The finest decimal place of the stated amounts. A won amount may be finer than
        every bet (round bets, "collected $5.73": the rake took the cents), so the replay
        counts in that unit, and every amount is still checked exactly.

        >>> Figures(collected={"A": Decimal("5.73")}, rake=Decimal("0.27")).places()
        2
        """
        stated = [*self.uncalled.values(), *self.collected.values(),
                  *self.summary_won.values(), *self.fees.values(),
                  *(v for board in self.collected_by_board.values() for v in board.values()),
                  *(v for v in (self.total_pot, self.rake) if v is not None)]
        return max((decimal_places(v) for v in stated), default=0)


def reconcile(replayed: PHHReplay, figures: Figures, where: str) -> PHHReplay:
    """The replay with the site's rake per winner, once the text's figures agree with it;
    PHHError naming the first difference otherwise. An unsettled replay (nobody's cards
    known at the showdown) has no amounts to check and comes back as it is."""
    if not replayed.settled:
        return replayed
    cash = Money.of_fields(replayed.fields, replayed.amounts.scale)
    seat_of = {name: k + 1 for k, name in enumerate(replayed.players)}

    def units(by_name: dict[str, Decimal], what: str) -> dict[int, int]:
        for name, value in by_name.items():
            if name not in seat_of:  # a reader that did not catch it must still refuse
                raise PHHError(f"{where}: the text gives {name} {what} of "
                               f"{cash.format(replayed.amounts.units(value, where))}, but "
                               f"{name} is not dealt in.")
        return {seat_of[name]: replayed.amounts.units(value, f"{where}: {what}")
                for name, value in by_name.items()}

    returned, won = _replayed_amounts(replayed)
    # What the text's collected amounts stand for: the winnings, or (Winamax) the winnings
    # and the uncalled bet together; the rake is what the site kept of the winnings.
    paid = {seat: won.get(seat, 0) + (returned.get(seat, 0) if figures.uncalled_collected else 0)
            for seat in set(won) | (set(returned) if figures.uncalled_collected else set())}
    if figures.uncalled_maybe_collected:
        for name, value in (figures.collected or figures.summary_won).items():
            seat = seat_of[name]
            whole = won.get(seat, 0) + returned.get(seat, 0)
            if replayed.amounts.units(value, f"{where}: a collected amount") == whole:
                paid[seat] = whole
    for seat, amount in units(figures.uncalled, "an uncalled bet").items():
        if amount != returned.get(seat, 0):
            raise PHHError(f"{where}: the text returns {cash.format(amount)} uncalled to "
                           f"{replayed.players[seat - 1]}; the replay returns "
                           f"{cash.format(returned.get(seat, 0))}.")
    collected = units(figures.collected, "a collected amount")
    in_summary = units(figures.summary_won, "a summary amount")
    for seat, amount in in_summary.items():
        if collected and collected.get(seat, 0) != amount:
            raise PHHError(f"{where}: the summary says {replayed.players[seat - 1]} won "
                           f"{cash.format(amount)}, the hand says "
                           f"{cash.format(collected.get(seat, 0))}.")
    collected = collected or in_summary
    _check_boards(replayed, units, figures, where)
    for seat, got in collected.items():
        due = paid.get(seat, 0)
        if got > due:
            whole = due + returned.get(seat, 0)
            also = (f" ({cash.format(whole)} with the bet it returns)"
                    if figures.uncalled_maybe_collected and whole != due else "")
            raise PHHError(f"{where}: {replayed.players[seat - 1]} collects {cash.format(got)} "
                           f"in the text; the replay pays {cash.format(due)}{also}.")
    rake = {seat: due - collected.get(seat, 0) for seat, due in paid.items()
            if due > collected.get(seat, 0)}
    pot = sum(p.committed for p in replayed.state.players)
    kept = sum(rake.values())
    if figures.rake is not None:
        stated = replayed.amounts.units(figures.rake, f"{where}: the rake")
        fees = {name: replayed.amounts.units(value, f"{where}: the {name.lower()}")
                for name, value in figures.fees.items() if value}
        taken = stated + sum(fees.values())
        # GGPoker's "Tax" is sometimes taken from the pot and sometimes settled with the
        # taxed player outside it (the collected lines then leave it in): both add up.
        if kept not in (taken, taken - fees.get("Tax", 0)):
            also = "".join(f" and {name.lower()} {cash.format(units)}"
                           for name, units in fees.items())
            raise PHHError(f"{where}: {figures.rake_named} is {cash.format(stated)}{also}, but "
                           f"its collected amounts leave {cash.format(kept)} of the "
                           f"{cash.format(pot)} pot to the site.")
    if figures.total_pot is not None:
        total = replayed.amounts.units(figures.total_pot, f"{where}: the total pot")
        if figures.uncalled_collected:  # Winamax's pot holds the bet that came back
            pot += sum(returned.values())
        if total not in (pot, pot - kept):  # HM1 exports write the pot after rake
            raise PHHError(f"{where}: the text's total pot is {cash.format(total)}; the "
                           f"replay's is {cash.format(pot)}.")
    return dataclasses.replace(replayed, rake=rake)


def _check_boards(replayed: PHHReplay, units: Callable[[dict[str, Decimal], str], dict[int, int]],
                  figures: Figures, where: str) -> None:
    """Each board of a hand run twice pays at least what the text collects on it (the rest
    is the rake); PHHError names the board and the player otherwise."""
    cash = Money.of_fields(replayed.fields, replayed.amounts.scale)
    paid: dict[tuple[int, int], int] = {}
    for e in replayed.state.events:
        if e.kind is EventKind.WIN and e.seat is not None:
            paid[e.board, e.seat] = paid.get((e.board, e.seat), 0) + e.amount
    for board, by_name in sorted(figures.collected_by_board.items()):
        for seat, got in units(by_name, "a collected amount").items():
            due = paid.get((board, seat), 0)
            if got > due:
                raise PHHError(f"{where}: {replayed.players[seat - 1]} collects "
                               f"{cash.format(got)} on the {ORDINALS[board]} board in the "
                               f"text; the replay pays {cash.format(due)} there.")


ORDINALS = ("first", "second", "third", "fourth")


def _replayed_amounts(replayed: PHHReplay) -> tuple[dict[int, int], dict[int, int]]:
    """(seat -> chips returned uncalled, seat -> chips won) in the replay."""
    returned: dict[int, int] = {}
    won: dict[int, int] = {}
    for e in replayed.state.events:
        if e.seat is None:
            continue
        if e.kind is EventKind.RETURN_UNCALLED:
            returned[e.seat] = returned.get(e.seat, 0) + e.amount
        elif e.kind is EventKind.WIN:
            won[e.seat] = won.get(e.seat, 0) + e.amount
    return returned, won
