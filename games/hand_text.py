"""Sentences for people: log lines for hand events and "you have" descriptions."""

from evaluator import evaluate

RANK_NAMES = {
    "2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven",
    "8": "eight", "9": "nine", "T": "ten", "J": "jack", "Q": "queen", "K": "king", "A": "ace",
}
PLURAL = {"six": "sixes"}
ORDER = "23456789TJQKA"


def describe_hole(cards: list[str], board: list[str]) -> str:
    """What the player holds: the evaluator's description once there is a flop.

    >>> describe_hole(["Ah", "Ad"], [])
    'Pair of aces'
    >>> describe_hole(["Kh", "7d"], ["Ks", "7c", "2d"])
    'Two pair, kings and sevens with a two kicker'
    """
    if len(board) >= 3:
        return evaluate(cards + board).describe()
    high, low = sorted(cards, key=lambda c: ORDER.index(c[0]), reverse=True)
    if high[0] == low[0]:
        name = RANK_NAMES[high[0]]
        return f"Pair of {PLURAL.get(name, name + 's')}"
    suited = " suited" if high[1] == low[1] else ""
    return f"{RANK_NAMES[high[0]].capitalize()}-{RANK_NAMES[low[0]]}{suited}"


def event_text(event: dict, names: dict[int, str], money=None) -> dict:
    """A log row: the event's public fields plus a readable ``text``.

    ``money`` writes an amount (imported hands count in the site's money: "$1.25").
    """
    who = names.get(event["seat"], f"seat {event['seat']}") if event["seat"] else ""
    kind, units, to_units = event["kind"], event["amount"], event["to"]
    amount = money(units) if money else units
    to = money(to_units) if money and to_units is not None else to_units
    all_in = " and is all-in" if event["all_in"] else ""
    cards = " ".join(event["cards"])
    texts = {
        "post_ante": f"{who} posts an ante of {amount}{all_in}",
        "post_small_blind": f"{who} posts the small blind of {amount}{all_in}",
        "post_big_blind": f"{who} posts the big blind of {amount}{all_in}",
        "post_to_play": f"{who} posts {amount} to play{all_in}",
        "post_straddle": f"{who} posts a straddle of {amount}{all_in}",
        "deal_hole": f"{who} is dealt {cards}" if cards else f"{who} is dealt two cards",
        "deal_board": f"{event['street'].capitalize()}: {cards}",
        "fold": f"{who} folds",
        "check": f"{who} checks",
        "call": f"{who} calls {amount}{all_in}",
        "bet": f"{who} bets {to}{all_in}",
        "raise": f"{who} raises to {to}{all_in}",
        "return_uncalled": f"Uncalled bet of {amount} returned to {who}",
        "show": _show_text(who, cards, event["text"]),
        "muck": f"{who} mucks",
        "win": _win_text(who, amount, event),
    }
    return {
        "sequence": event["seq"],
        "street": event["street"],
        "seat": event["seat"],
        "player": who or None,
        "kind": kind,
        "amount": to_units if kind in ("bet", "raise") else units,
        "cards": event["cards"],
        "text": texts.get(kind, kind),
    }


def _show_text(who: str, cards: str, description: str) -> str:
    # Spectators get shown hands without the cards: "alice shows a flush, ace high".
    if not cards:
        if not description:
            return f"{who} shows their hand"
        return f"{who} shows {description[:1].lower()}{description[1:]}"
    return f"{who} shows {cards}" + (f" ({description})" if description else "")


def _win_text(who: str, amount, event: dict) -> str:
    pot = "the main pot" if not event["pot"] else f"side pot {event['pot']}"
    with_hand = f" with {event['text'][0].lower()}{event['text'][1:]}" if event["text"] else ""
    return f"{who} wins {amount} from {pot}{with_hand}"
