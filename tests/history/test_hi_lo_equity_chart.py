"""The equity chart of a hi/lo hand: each street's share of the pot among the hands shown,
a pot's halves and quarters counted; on the river it is what the pot paid each hand."""

from games.engine import FIVE_CARD_OMAHA
from games.history.replay.equity import street_equities
from tests.engine.test_hi_lo import check_down, deal


def test_a_quartered_pot_s_chart_ends_with_what_each_hand_was_paid():
    state = deal([100, 100, 100], ["As2d9c9h", "KsKhJcJd", "Ac2hTcTd"], "3h 5c 8s Kd Qh",
                 button=3)
    check_down(state)
    chart = street_equities(state, frozenset(state.seats), {1: "a", 2: "b", 3: "c"})
    assert chart is not None and chart["streets"] == ["preflop", "flop", "turn", "river"]
    river = {h["seat"]: h["equity"][-1] for h in chart["hands"]}
    paid = {seat: 0 for seat in state.seats}
    for pot in state.result.pots:
        for seat, share in zip(pot.winners, pot.shares, strict=True):
            paid[seat] += share
    total = sum(paid.values())
    assert river == {1: 0.25, 2: 0.5, 3: 0.25}
    assert {seat: round(amount / total, 1) for seat, amount in paid.items()} == {
        1: 0.3, 2: 0.5, 3: 0.2}  # 2, 3 and 1 of 6 chips: the odd chip of the low half
    for hand in chart["hands"]:
        assert all(0 <= share <= 1 for share in hand["equity"])
    for street in range(4):
        assert abs(sum(h["equity"][street] for h in chart["hands"]) - 1) < 1e-5


def test_five_card_omaha_hands_are_charted_with_five_cards():
    state = deal([100, 100], ["As2d3cKcKh", "QsQhJcJdTc"], "4h 5c 8s 9d Jh", button=2,
                 game=FIVE_CARD_OMAHA)
    check_down(state)
    chart = street_equities(state, frozenset(state.seats), {1: "a", 2: "b"})
    assert chart is not None
    river = {h["seat"]: h["equity"][-1] for h in chart["hands"]}
    winner = state.result.pots[0].winners
    assert river == {seat: (1.0 if seat in winner else 0.0) for seat in state.seats}
