"""The 7-2 bounty in PHH: written as the user-defined field ``_seven_deuce_bounty`` (PHH allows
fields named with a leading underscore), read back by our import, and still read by pokerkit,
which keeps it in ``user_defined_fields`` and plays the hand without it."""

import warnings

import pytest

from games.engine import (
    Action,
    ActionKind,
    PHHError,
    SeatInput,
    TableConfig,
    export_phh,
    replay_phh,
    start_hand,
)
from games.engine.phh import phh_actions
from tests.engine.helpers import stacked_deck


def seven_deuce_hand(bounty: int = 10, shows: tuple[int, ...] = ()):  # type: ignore[no-untyped-def]
    """Three players, button 3 holds 7-2 and wins at showdown: sevens and deuces."""
    deck = stacked_deck(["AsQd", "KhJd", "7c2d"], "7s2s9hTc4c")
    seats = [SeatInput(n, f"p{n}", 100) for n in (1, 2, 3)]
    state = start_hand(TableConfig(1, 2), seats, deck, button=3, bounty=bounty, shows=shows)
    state.apply(Action(3, ActionKind.CALL))
    state.apply(Action(1, ActionKind.FOLD))
    while state.actor is not None:
        state.apply(Action(state.actor, ActionKind.CHECK))
    assert state.result is not None
    # Hand-counted: pot 5 to seat 3 (100 - 2 + 5 = 103), then 10 from seats 1 and 2.
    assert state.result.finishing_stacks == {1: 89, 2: 88, 3: 123}
    return state


def test_the_bounty_is_written_as_a_user_defined_field_and_replays():
    state = seven_deuce_hand()
    text = export_phh(state)
    assert "_seven_deuce_bounty = 10\n" in text
    assert "finishing_stacks = [89, 88, 123]" in text  # position order: seats 1, 2, 3
    again = replay_phh(text)
    assert again.state.bounty == 10
    assert again.finishing_stacks == (89, 88, 123)
    assert [(b.collector, b.payer, b.amount) for b in again.state.result.bounties] == \
        [(3, 1, 10), (3, 2, 10)]


def test_pokerkit_reads_the_file_and_keeps_the_field():
    from pokerkit import HandHistory

    text = export_phh(seven_deuce_hand())
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        history = HandHistory.loads(text)
        states = list(history)
    assert history.user_defined_fields == {"_seven_deuce_bounty": 10}
    # pokerkit has no bounty: its stacks are ours before the payments (10 from each to p3).
    assert list(states[-1].stacks) == [99, 98, 103]


def test_a_hand_without_the_bounty_writes_no_field():
    text = export_phh(_plain())
    assert "_seven_deuce" not in text


def _plain():  # type: ignore[no-untyped-def]
    deck = stacked_deck(["AsQd", "KhJd", "7c2d"], "7s2s9hTc4c")
    seats = [SeatInput(n, f"p{n}", 100) for n in (1, 2, 3)]
    state = start_hand(TableConfig(1, 2), seats, deck, button=3)
    state.apply(Action(3, ActionKind.FOLD))
    state.apply(Action(1, ActionKind.FOLD))
    return state


def test_an_uncontested_winner_who_shows_is_paid_on_import():
    # Seat 3 (7-2) raises, both fold; the file says p3 showed: the bounty is paid.
    deck = stacked_deck(["AsQd", "KhJd", "7c2d"], "7s2s9hTc4c")
    seats = [SeatInput(n, f"p{n}", 100) for n in (1, 2, 3)]
    state = start_hand(TableConfig(1, 2), seats, deck, button=3, bounty=4, shows={3})
    state.apply(Action(3, ActionKind.RAISE, 6))
    state.apply(Action(1, ActionKind.FOLD))
    state.apply(Action(2, ActionKind.FOLD))
    assert "p3 sm 7c2d" in phh_actions(state)
    # Seat 3 wins the blinds (1 + 2) and 4 from each: 100 + 3 + 8 = 111.
    assert state.result.finishing_stacks == {1: 95, 2: 94, 3: 111}
    assert replay_phh(export_phh(state)).finishing_stacks == (95, 94, 111)


@pytest.mark.parametrize(("value", "message"), [
    ("-5", "'_seven_deuce_bounty' must not be negative."),
    ("'ten'", "'_seven_deuce_bounty' must be a number, not 'ten'."),
])
def test_a_bad_bounty_is_refused_by_name(value, message):
    text = export_phh(seven_deuce_hand()).replace("_seven_deuce_bounty = 10",
                                                  f"_seven_deuce_bounty = {value}")
    with pytest.raises(PHHError) as error:
        replay_phh(text)
    assert str(error.value) == message


def test_a_bounty_on_an_omaha_file_is_refused():
    text = (
        "variant = 'PO'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
        "starting_stacks = [100, 100]\nactions = ['d dh p1 AsKdQcJh', 'd dh p2 7c2d3h4s', "
        "'p2 f']\n_seven_deuce_bounty = 5\n"
    )
    with pytest.raises(PHHError, match="hold'em only"):
        replay_phh(text)
