"""Between hands: button movement and who is dealt in."""

from games.engine import Entry, SeatInput, plan_hand

PLAY, WAIT, POST = Entry.PLAYING, Entry.WAIT_FOR_BB, Entry.POST_BB


def seats(*spec: tuple[int, Entry] | int) -> list[SeatInput]:
    out = []
    for item in spec:
        number, entry = item if isinstance(item, tuple) else (item, PLAY)
        out.append(SeatInput(number, f"p{number}", 100, entry))
    return out


def test_the_first_hand_puts_the_button_on_the_lowest_seat():
    lineup = plan_hand(seats(2, 5, 7), previous_button=None)
    assert lineup is not None
    assert (lineup.button, lineup.small_blind, lineup.big_blind) == (2, 5, 7)


def test_the_button_moves_to_the_next_seat_in_the_hand():
    lineup = plan_hand(seats(2, 5, 7), previous_button=2)
    assert lineup is not None and lineup.button == 5
    lineup = plan_hand(seats(2, 5, 7), previous_button=7)
    assert lineup is not None and lineup.button == 2
    # The previous button's player left: the next seat clockwise from that seat.
    lineup = plan_hand(seats(2, 7), previous_button=5)
    assert lineup is not None and lineup.button == 7


def test_heads_up_the_button_is_the_small_blind():
    lineup = plan_hand(seats(3, 8), previous_button=3)
    assert lineup is not None
    assert (lineup.button, lineup.small_blind, lineup.big_blind) == (8, 8, 3)
    assert lineup.heads_up


def test_players_without_chips_are_not_dealt_in():
    table = seats(1, 2, 3)
    table[1] = SeatInput(2, "p2", 0)
    lineup = plan_hand(table, previous_button=None)
    assert lineup is not None and [s.seat for s in lineup.seats] == [1, 3]
    assert plan_hand(table[:2], previous_button=None) is None


def test_a_new_player_waiting_for_the_big_blind_sits_out_until_it_reaches_them():
    table = seats(1, 2, 3, (5, WAIT))
    lineup = plan_hand(table, previous_button=1)  # button 2, blinds 3 and 5
    assert lineup is not None
    assert (lineup.button, lineup.small_blind, lineup.big_blind) == (2, 3, 5)
    assert [s.seat for s in lineup.seats] == [1, 2, 3, 5]
    assert lineup.seats[-1].entry is PLAY  # dealt in as the big blind, no extra post
    lineup = plan_hand(table, previous_button=3)  # button 1, blinds 2 and 3
    assert lineup is not None and lineup.waiting == (5,)


def test_a_new_player_posting_to_play_is_dealt_in_at_once_outside_the_blinds():
    table = seats(1, 2, 3, 4, (6, POST))
    lineup = plan_hand(table, previous_button=4)  # button 1, blinds 2 and 3
    assert lineup is not None and lineup.big_blind == 3
    assert [(s.seat, s.entry) for s in lineup.seats][-1] == (6, POST)


def test_a_new_player_between_the_button_and_the_small_blind_waits():
    table = seats(1, (2, POST), 3, 4)
    lineup = plan_hand(table, previous_button=4)  # button 1; seat 2 would dodge the blinds
    assert lineup is not None
    assert (lineup.button, lineup.small_blind, lineup.big_blind) == (1, 3, 4)
    assert lineup.waiting == (2,)


def test_with_fewer_than_two_players_in_the_game_everyone_starts():
    lineup = plan_hand(seats(4, (6, WAIT), (9, POST)), previous_button=4)
    assert lineup is not None and [s.seat for s in lineup.seats] == [4, 6, 9]
    assert all(s.entry is PLAY for s in lineup.seats)


def test_heads_up_a_new_player_takes_the_big_blind():
    lineup = plan_hand(seats(1, 4, (6, WAIT)), previous_button=4)  # button 1? no: 4 -> 1
    assert lineup is not None
    assert (lineup.button, lineup.small_blind, lineup.big_blind) == (1, 4, 6)
    assert [s.seat for s in lineup.seats] == [1, 4, 6]
