"""Sit-and-go rules: blind schedules, payouts, finishing places and ICM deals, each checked
against values worked out by hand or counted another way."""

import itertools
import random
from fractions import Fraction

import pytest

from games.engine.tournament.icm import deal_amounts, equal_split, icm_equities
from games.engine.tournament.payouts import (
    Bust,
    finishing_places,
    prize_for_places,
    prizes,
    split_exactly,
)
from games.engine.tournament.schedule import (
    ROUND_ANTES,
    ROUND_SMALL_BLINDS,
    BlindLevel,
    BlindSchedule,
    Preset,
    preset_schedule,
    round_amounts,
    schedule_problems,
)

# ---------------------------------------------------------------- ICM


def test_icm_for_three_players_matches_the_working_by_hand():
    """Stacks 50/30/20 (100 chips), prizes 50/30/20.
    A: 1st 50/100 = 1/2; 2nd: B first then A (3/10 x 50/70 = 3/14), or C first then A
    (2/10 x 50/80 = 1/8): 19/56; 3rd: 1 - 1/2 - 19/56 = 9/56.
    E(A) = 50/2 + 30 x 19/56 + 20 x 9/56 = 25 + 750/56 = 1075/28.
    B: 1st 3/10; 2nd: 1/2 x 30/50 + 2/10 x 30/80 = 3/8; 3rd 13/40.
    E(B) = 15 + 90/8 + 260/40 = 131/4.
    C: 1st 2/10; 2nd: 1/2 x 20/50 + 3/10 x 20/70 = 2/7; 3rd 18/35.
    E(C) = 10 + 60/7 + 360/35 = 202/7; and 1075/28 + 131/4 + 202/7 = 100."""
    equities = icm_equities([50, 30, 20], [50, 30, 20])
    assert equities == [Fraction(1075, 28), Fraction(131, 4), Fraction(202, 7)]
    assert deal_amounts(equities, [50, 30, 20]) == [38, 33, 29]


def by_every_order(stacks, place_prizes):
    """The same model counted the long way: every finishing order and its chance."""
    equities = [Fraction(0)] * len(stacks)
    for order in itertools.permutations(range(len(stacks))):
        chance, left = Fraction(1), sum(stacks)
        for player in order:
            chance *= Fraction(stacks[player], left)
            left -= stacks[player]
        for place, player in enumerate(order[: len(place_prizes)]):
            equities[player] += chance * place_prizes[place]
    return equities


@pytest.mark.parametrize("seed", range(30))
def test_icm_equals_the_sum_over_every_finishing_order(seed):
    rng = random.Random(seed)
    players = rng.randint(2, 6)
    stacks = [rng.randint(1, 5000) for _ in range(players)]
    place_prizes = sorted(
        (rng.randint(0, 1000) for _ in range(rng.randint(1, players))), reverse=True
    )
    equities = icm_equities(stacks, place_prizes)
    assert equities == by_every_order(stacks, place_prizes), (stacks, place_prizes)
    assert sum(equities) == sum(place_prizes)
    assert sum(deal_amounts(equities, stacks)) == sum(place_prizes)


def test_equal_stacks_have_equal_equity_and_a_chip_leader_less_than_his_chip_share():
    assert len(set(icm_equities([1000] * 4, [650, 350]))) == 1
    leader = icm_equities([7000, 2000, 1000], [500, 300, 200])[0]
    assert leader < Fraction(7000, 10000) * 1000  # ICM's known effect: chips are worth less


def test_a_deal_refuses_a_player_without_chips_and_more_prizes_than_players():
    with pytest.raises(ValueError, match="has chips"):
        icm_equities([100, 0], [60, 40])
    with pytest.raises(ValueError, match="one place per player"):
        icm_equities([100, 50], [50, 30, 20])


def test_an_equal_split_shares_every_chip():
    assert equal_split([650, 350], 3) == [334, 333, 333]


# ---------------------------------------------------------------- payouts and places


@pytest.mark.parametrize("preset", ["winner-takes-all", "65-35", "50-30-20"])
def test_prizes_add_up_to_the_pool_and_never_pay_a_worse_place_more(preset):
    for pool in [*range(0, 200), 1001, 99_999, 10**9 + 7]:
        paid = prizes(pool, preset, players=6)
        assert sum(paid) == pool
        assert paid == sorted(paid, reverse=True)


def test_prizes_name_the_problem():
    with pytest.raises(ValueError, match="no payout called 'top-4'"):
        prizes(100, "top-4", 6)
    with pytest.raises(ValueError, match="pays 3 places; it needs at least as many players"):
        prizes(100, "50-30-20", 2)


def test_split_exactly_gives_odd_chips_to_the_first():
    assert split_exactly(7, [1, 1, 1]) == [3, 2, 2]
    assert split_exactly(100, [65, 35]) == [65, 35]


def test_players_busting_in_one_hand_finish_by_their_stacks_at_its_start():
    places = finishing_places(
        [Bust("ann", 300), Bust("bob", 900), Bust("cy", 300)], players_before=6
    )
    assert places == {"bob": (4, 4), "ann": (5, 6), "cy": (5, 6)}
    # Paid places 1-3 only: the tie for 5th and 6th gets nothing; a tie across the money
    # shares what its places pay.
    assert prize_for_places([500, 300, 200], places) == {"bob": 0, "ann": 0, "cy": 0}
    bubble = finishing_places([Bust("ann", 300), Bust("cy", 300)], players_before=4)
    assert bubble == {"ann": (3, 4), "cy": (3, 4)}
    assert prize_for_places([500, 300, 201], bubble) == {"ann": 101, "cy": 100}


def test_not_everyone_can_bust_in_one_hand():
    with pytest.raises(ValueError, match="Somebody must be left"):
        finishing_places([Bust("ann", 300), Bust("bob", 300)], players_before=2)


# ---------------------------------------------------------------- blind schedules


def test_round_amounts_are_the_ones_players_know():
    smalls = round_amounts(ROUND_SMALL_BLINDS)
    assert smalls[:20] == [
        1, 2, 3, 4, 5, 6, 8, 10, 15, 20, 25, 30, 40, 50, 60, 75, 80, 100, 150, 200
    ]
    assert round_amounts(ROUND_ANTES)[:8] == [1, 2, 5, 10, 20, 25, 50, 100]


@pytest.mark.parametrize("preset", list(Preset))
@pytest.mark.parametrize("stack", [300, 500, 1000, 1500, 2000, 3000, 5000, 10_000, 25_000])
def test_every_preset_keeps_the_rules_on_round_amounts(preset, stack):
    schedule = preset_schedule(preset, stack)
    assert schedule_problems(schedule) == []
    smalls = set(round_amounts(ROUND_SMALL_BLINDS))
    antes = set(round_amounts(ROUND_ANTES)) | {0}
    for before, level in itertools.pairwise(schedule.levels):
        assert level.small_blind > before.small_blind  # blinds go up every level
    for level in schedule.levels:
        assert level.small_blind in smalls and level.big_blind == 2 * level.small_blind
        assert level.ante in antes and level.ante <= level.small_blind
    first = schedule.levels[0]
    depth = {Preset.TURBO: 50, Preset.REGULAR: 75, Preset.DEEP: 150}[preset]
    # The first level's big blind is the round amount nearest the preset's depth.
    assert 0.5 * depth <= stack / first.big_blind <= 2 * depth


def test_a_preset_names_what_is_wrong():
    with pytest.raises(ValueError, match="no preset called 'hyper'"):
        preset_schedule("hyper", 1500)
    with pytest.raises(ValueError, match="at least 300 chips, not 100"):
        preset_schedule("deep", 100)


def test_schedule_problems_name_each_level():
    schedule = BlindSchedule(
        (BlindLevel(10, 20), BlindLevel(15, 10), BlindLevel(15, 30, 20), BlindLevel(10, 30)),
        minutes=10,
        hands=5,
    )
    assert schedule_problems(schedule) == [
        "A level lasts a number of minutes or a number of hands: choose one.",
        "Level 2: the big blind (10) is below the small blind (15).",
        "Level 2: the big blind goes down from 20 to 10.",
        "Level 3: the ante (20) is above the small blind (15).",
        "Level 4: the small blind goes down from 15 to 10.",
        "Level 4: the ante goes down from 20 to 0.",
    ]


def test_levels_by_hands_and_by_minutes():
    levels = (BlindLevel(10, 20), BlindLevel(15, 30), BlindLevel(25, 50))
    by_hands = BlindSchedule(levels, hands=8)
    assert [by_hands.level_index(hands_played=n) for n in (0, 7, 8, 16, 500)] == [0, 0, 1, 2, 2]
    by_time = BlindSchedule(levels, minutes=5)
    assert by_time.seconds_to_next_level(0) == 300
    assert by_time.seconds_to_next_level(420) == 180
    assert by_time.seconds_to_next_level(601) is None  # the last level holds
    assert BlindSchedule.from_dict(by_time.to_dict()) == by_time
