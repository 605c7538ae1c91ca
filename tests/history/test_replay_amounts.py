"""The replayer draws every figure as the server wrote it (``amounts``, by
``Money.format``): the page formats no money of its own."""

from games.history.imports.review_a_hand import imported_replay
from games.history.money import CHIPS, Money

IN_DOLLARS = """\
variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [0.10, 0.25, 0]
min_bet = 0.25
starting_stacks = [10.10, 25, 7.35]
actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 cbr 0.85', 'p1 f', 'p2 cc',
  'd db 2c3d4h', 'p2 cc', 'p3 cbr 1.20', 'p2 f']
currency_symbol = '$'
finishing_stacks = [10, 24.15, 8.20]
"""

IN_CHIPS = IN_DOLLARS.replace("currency_symbol = '$'\n", "").replace(
    "[0.10, 0.25, 0]", "[1000, 2500, 0]").replace("min_bet = 0.25", "min_bet = 2500").replace(
    "[10.10, 25, 7.35]", "[101000, 250000, 73500]").replace("0.85", "8500").replace(
    "1.20", "12000").replace("finishing_stacks = [10, 24.15, 8.20]\n", "")


def drawn_figures(data: dict) -> set[int]:
    """Every amount the felt and the result panel draw (static/js/felt.js, replayer.js)."""
    figures = {data["result"]["rake"]}
    for step in data["steps"]:
        hand = step["hand"]
        figures |= {hand["total_pot"], hand["bounty"], *(p["amount"] for p in hand["pots"])}
        figures |= {s["stack"] for s in step["seats"]} | {s["bet"] for s in step["seats"]}
    return figures


def test_every_figure_of_a_hand_in_dollars_is_written_by_money_format():
    data = imported_replay(IN_DOLLARS)
    money = Money("$", 100)
    figures = drawn_figures(data)
    assert {1010, 2500, 735, 85, 10} <= figures  # stacks, a raise to $0.85, the rake
    assert data["amounts"] == {str(units): money.format(units) for units in figures}
    assert data["amounts"]["1010"] == "$10.10" and data["amounts"]["85"] == "$0.85"


def test_play_chips_are_written_as_whole_numbers():
    data = imported_replay(IN_CHIPS)
    figures = drawn_figures(data)
    assert 101000 in figures
    assert data["amounts"] == {str(units): CHIPS.format(units) for units in figures}
    assert data["amounts"]["101000"] == "101,000"
