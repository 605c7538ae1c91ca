"""The odds page in Chromium for Omaha: choose the game, pick four-card hands with the card
picker, read each hand's win, tie and equity (checked against evaluate_omaha on every run-out,
counted here), and get a message naming bad input (three cards for an Omaha hand)."""

from fractions import Fraction
from itertools import combinations

import pytest
from playwright.sync_api import expect

from evaluator import DECK, evaluate_omaha, parse_cards

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]

HANDS = ["9h 8d 6c 5s", "Kd Kc Qs 2h"]
BOARD = "Kh 7s 4d 2c"


def counted(hands: list[str], board: str) -> tuple[int, list[tuple[int, int, Fraction]]]:
    """Run-outs, and (wins, ties, equity) per hand, by evaluate_omaha on every run-out."""
    holes = [parse_cards(h) for h in hands]
    known = parse_cards(board)
    used = {c for h in holes for c in h} | set(known)
    runs = list(combinations([c for c in DECK if c not in used], 5 - len(known)))
    tally = []
    for hole in holes:
        wins = ties = 0
        credit = Fraction(0)
        for rest in runs:
            values = [evaluate_omaha(h, [*known, *rest]).strength for h in holes]
            mine = evaluate_omaha(hole, [*known, *rest]).strength
            top = values.count(max(values))
            if mine == max(values):
                wins, ties = (wins + 1, ties) if top == 1 else (wins, ties + 1)
                credit += Fraction(1, top)
        tally.append((wins, ties, credit / len(runs)))
    return len(runs), tally


@pytest.fixture
def page(clean_page):
    clean_page.goto("/learn/odds/")
    return clean_page


def test_a_visitor_works_out_omaha_odds_with_the_picker(page):
    page.get_by_label("Game").select_option("omaha")
    picker_toggle = page.get_by_role("button", name="Pick cards")
    picker_toggle.click()
    picker = page.get_by_role("group", name="Cards")
    page.locator("textarea[name=hands]").focus()
    for card in " ".join(HANDS).split():  # four cards a line: the picker starts a new one
        picker.get_by_role("button", name=card, exact=True).click()
    expect(page.locator("textarea[name=hands]")).to_have_value("\n".join(HANDS))
    page.locator("input[name=board]").fill(BOARD)
    page.get_by_role("button", name="Work out the odds").click()
    runs, tally = counted(HANDS, BOARD)
    expect(page.locator(".ln-method")).to_contain_text(f"Exact: {runs} boards, every one counted")
    rows = page.locator("table.ln-odds tbody tr")
    expect(rows).to_have_count(2)
    for index, (wins, ties, equity) in enumerate(tally):
        cells = rows.nth(index).locator("td")
        expect(cells.nth(0)).to_have_text(f"{100 * wins / runs:.2f}% ({wins})")
        expect(cells.nth(1)).to_have_text(f"{100 * ties / runs:.2f}% ({ties})")
        expect(cells.nth(2)).to_have_text(f"{100 * float(equity):.2f}%")
    expect(page.get_by_label("Game")).to_have_value("omaha")  # the form keeps the game


def test_three_cards_for_an_omaha_hand_get_a_message_naming_the_hand(page):
    page.get_by_label("Game").select_option("omaha")
    page.locator("textarea[name=hands]").fill("Ah As Kd\nQh Jh Ts 9s")
    page.get_by_role("button", name="Work out the odds").click()
    expect(page.get_by_role("alert")).to_have_text(
        "Hand 1: an Omaha hand has four hole cards, got 3")
    expect(page.locator("table.ln-odds")).to_have_count(0)
