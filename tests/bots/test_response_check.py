"""The response model against the bots' own answers (games/bots/response_check.py): the fold
shares it predicts are within the tolerance docs/coach.md states of the tight-aggressive
bot's, over the same holdings, for the sizes people bet."""

import random

import pytest

from games.bots.response_check import BANDS, band_of, bet_spots, by_band, check_spot

TOLERANCE = 0.08  # docs/coach.md: each band of sizes up to two pots, mean fold share
PER_SIZE = 0.09  # and the mean absolute difference per size


@pytest.fixture(scope="module")
def checks():
    rng = random.Random(5)
    return [c for spot in bet_spots(24, 5) for c in check_spot(spot, "tight_aggressive", rng,
                                                                40)]


def test_the_model_folds_as_often_as_the_tight_aggressive_bot_up_to_two_pots(checks):
    bands = by_band(checks)
    assert len(bands) >= 4
    for index, predicted, observed, count in bands:
        if BANDS[index][1] <= 2.0:
            assert abs(predicted - observed) <= TOLERANCE, (BANDS[index], predicted, observed,
                                                            count)
    fitted = [c for c in checks if band_of(c.pot_share) < len(BANDS) - 1]
    assert sum(abs(c.predicted - c.observed) for c in fitted) / len(fitted) <= PER_SIZE


def test_overbets_are_where_the_model_and_the_bot_part_the_model_folds_more(checks):
    # Not fitted (docs/coach.md): the bot calls an all-in of many pots by its price, as it
    # calls a pot; the model has who answers an overbet read a stronger hand.
    overbets = [c for c in checks if band_of(c.pot_share) == len(BANDS) - 1]
    assert overbets
    assert sum(c.predicted - c.observed for c in overbets) / len(overbets) > 0.1


def test_the_check_asks_the_bot_itself_a_calling_station_folds_nothing():
    rng = random.Random(1)
    found = [c for spot in bet_spots(4, 9) for c in check_spot(spot, "calling_station", rng, 20)]
    assert found and all(c.observed == 0.0 for c in found)
    assert any(c.predicted > 0 for c in found)  # the model's figure is its own
