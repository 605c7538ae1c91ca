"""Tournament points (clubs/points.py): each formula's table, ties shared, bad finishes
refused with a sentence."""

from fractions import Fraction
from math import sqrt

import pytest

from clubs.points import points


def test_the_field_formula_gives_a_point_per_player_beaten_and_one():
    assert [points("field", 6, p) for p in range(1, 7)] == [6, 5, 4, 3, 2, 1]


def test_top_six_scores_the_first_six_places_only():
    assert [points("top_six", 9, p) for p in range(1, 10)] == [10, 6, 4, 3, 2, 1, 0, 0, 0]


@pytest.mark.parametrize("entrants, place", [(9, 1), (9, 4), (6, 5), (10, 3), (2, 2)])
def test_root_is_ten_times_the_square_root_to_a_tenth(entrants, place):
    expected = int(10 * sqrt(entrants / place) * 10 + 1e-9) / 10  # rounded down to 0.1
    assert points("root", entrants, place) == Fraction(str(expected))


def test_tied_players_share_their_places_points():
    assert points("top_six", 6, 2, 3) == 5
    assert points("field", 4, 3, 4) == Fraction(3, 2)


@pytest.mark.parametrize("args, problem", [
    (("nascar", 6, 1), "unknown points formula 'nascar'"),
    (("field", 6, 7), "place 7-7 is not a finish among 6 entrants"),
    (("field", 6, 0), "place 0-0 is not a finish among 6 entrants"),
    (("field", 6, 3, 2), "place 3-2 is not a finish among 6 entrants"),
])
def test_bad_finishes_are_refused_with_a_sentence(args, problem):
    with pytest.raises(ValueError, match=problem):
        points(*args)
