"""Sentences for people: log lines for hand events and "you have" descriptions."""

import functools
from collections.abc import Sequence

from evaluator import Card
from games.engine.games import NO_LIMIT_HOLDEM, Game
from games.engine.hand_values import hand_value, low_value
from games.engine.pot_names import pots_name

COUNT_WORDS = ("no", "one", "two", "three", "four", "five", "six")


def describe_hole(
    cards: Sequence[str], board: Sequence[str], game: Game = NO_LIMIT_HOLDEM
) -> str:
    """What the player holds: the description of their hand in ``game`` once there is a flop
    (the game says how many hole cards must play).

    Each seated player's is worked out at every version of the table, and it changes only
    with a new street: the last few hundred are remembered.

    >>> describe_hole(["Ah", "Ad"], [])
    'Pair of aces'
    >>> describe_hole(["Kh", "7d"], ["Ks", "7c", "2d"])
    'Two pair, kings and sevens with a two kicker'
    >>> from games.engine.games import POT_LIMIT_OMAHA
    >>> describe_hole(["Ah", "Ad", "Kc", "Qd"], ["As", "Ks", "7h"], POT_LIMIT_OMAHA)
    'Three of a kind, aces, king-seven'
    >>> from games.engine.games import POT_LIMIT_OMAHA_HI_LO
    >>> describe_hole(["Ah", "2d", "Kc", "Qd"], ["3s", "5s", "7h"], POT_LIMIT_OMAHA_HI_LO)
    'High card, ace, king-seven-five-three; 7-5-3-2-A low'
    """
    return _describe_hole(tuple(cards), tuple(board), game)


@functools.lru_cache(maxsize=512)
def _describe_hole(cards: tuple[str, ...], board: tuple[str, ...], game: Game) -> str:
    if len(board) >= 3:
        try:
            made = hand_value(game, cards, board)[1]
        except ValueError:  # too few board cards yet for the hole cards that must play
            pass
        else:
            made_low = low_value(game, cards, board)  # a hi/lo game's low, once there is one
            return shown_text(made, made_low[1] if made_low else "")
    if len(cards) != 2:
        return f"{COUNT_WORDS[len(cards)].capitalize()} cards: " + " ".join(cards)
    high, low = sorted(map(Card, cards), reverse=True)
    if high.rank == low.rank:
        return f"Pair of {high.rank.plural}"
    suited = " suited" if high.suit == low.suit else ""
    return f"{high.rank.word.capitalize()}-{low.rank.word}{suited}"


ORDINALS = ("first", "second", "third", "fourth")


def event_text(
    event: dict,
    names: dict[int, str],
    money=None,
    pots: list[dict] | None = None,
    *,
    timed_out: bool = False,
    hole_cards: int = 2,
    button_blind: bool = False,
) -> dict:
    """A log row: the event's public fields plus a readable ``text``.

    ``money`` writes an amount (imported hands count in the site's money: "$1.25").
    ``pots`` are the hand's results (``PotResult.to_dict()``), so that a win names the pots
    it was paid from; every WIN comes with them (the engine finishes the hand as it pays).
    ``timed_out``: the table made this check or fold because the player's time ran out.
    ``hole_cards``: how many each player is dealt (four in Omaha), for a deal not shown.
    ``button_blind``: the game's one blind is the button's (short deck).
    """
    who = names.get(event["seat"], f"seat {event['seat']}") if event["seat"] else ""
    kind, units, to_units = event["kind"], event["amount"], event["to"]
    return {
        "sequence": event["seq"],
        "street": event["street"],
        "seat": event["seat"],
        "player": who or None,
        "kind": kind,
        "amount": to_units if kind in ("bet", "raise") else units,
        "cards": event["cards"],
        "text": _sentence(event, who, names, money, pots, timed_out, hole_cards, button_blind),
        **({"payer": event["payer"]} if kind == "bounty" else {}),
    }


def _sentence(
    event: dict, who: str, names: dict[int, str], money, pots: list[dict] | None,
    timed_out: bool, hole_cards: int, button_blind: bool = False,
) -> str:
    """The sentence of ``event_text``'s row: only its own kind's is written (the log is
    written again at every version of a table, one row per event of the hand)."""
    kind, units, to_units = event["kind"], event["amount"], event["to"]
    amount = money(units) if money else units
    to = money(to_units) if money and to_units is not None else to_units
    all_in = " and is all-in" if event["all_in"] else ""
    late = "timed out and " if timed_out else ""
    if kind == "post_ante":
        return f"{who} posts an ante of {amount}{all_in}"
    if kind == "post_small_blind":
        return f"{who} posts the small blind of {amount}{all_in}"
    if kind == "post_big_blind":
        blind = "button blind" if button_blind else "big blind"
        return f"{who} posts the {blind} of {amount}{all_in}"
    if kind == "post_to_play":
        return f"{who} posts {amount} to play{all_in}"
    if kind == "post_straddle":
        return f"{who} posts a straddle of {amount}{all_in}"
    if kind == "deal_hole":
        cards = " ".join(event["cards"])
        count = COUNT_WORDS[hole_cards]
        return f"{who} is dealt {cards}" if cards else f"{who} is dealt {count} cards"
    if kind == "deal_board":
        # A second run of the board says so: "Turn (second board): 9c".
        run = f" ({ORDINALS[event.get('board', 0)]} board)" if event.get("board") else ""
        return f"{event['street'].capitalize()}{run}: {' '.join(event['cards'])}"
    if kind == "runout_vote":
        answer = "agrees to" if event["text"] == "agree" else "declines to"
        return f"{who} {late}{answer} run it twice"
    if kind in ("fold", "check"):
        return f"{who} {late}{kind}s"
    if kind == "call":
        return f"{who} calls {amount}{all_in}"
    if kind == "bet":
        return f"{who} bets {to}{all_in}"
    if kind == "raise":
        return f"{who} raises to {to}{all_in}"
    if kind == "return_uncalled":
        return f"Uncalled bet of {amount} returned to {who}"
    if kind == "show":
        return _show_text(who, " ".join(event["cards"]), shown_text(event["text"],
                                                                    event.get("low", "")))
    if kind == "muck":
        return f"{who} mucks"
    if kind == "win":
        return _win_event_text(who, amount, event, pots)
    if kind == "bounty":
        payer = names.get(event.get("payer") or 0, f"seat {event.get('payer')}")
        return bounty_text(who, payer, amount)
    return kind


def shown_text(description: str, low: str = "") -> str:
    """A shown hand's description, with its low in a hi/lo game (the felt and the log).

    >>> shown_text("Pair of nines, king-queen-eight", "8-5-3-2-A low")
    'Pair of nines, king-queen-eight; 8-5-3-2-A low'
    """
    return f"{description}; {low}" if description and low else description


def _show_text(who: str, cards: str, description: str) -> str:
    # Spectators get shown hands without the cards: "alice shows a flush, ace high".
    if not cards:
        if not description:
            return f"{who} shows their hand"
        return f"{who} shows {description[:1].lower()}{description[1:]}"
    return f"{who} shows {cards}" + (f" ({description})" if description else "")


def _win_event_text(who: str, amount, event: dict, pots: list[dict] | None) -> str:
    index = event["pot"] or 0
    if pots and index < len(pots):
        text = win_text(who, amount, pots[index]["covers"], _per_board(pots), event["text"],
                        pots[index].get("half", ""))
        return text + _board_phrase(pots, pots[index])
    return win_text(who, amount, [index], 2 if index else 1, event["text"])


def _per_board(pots: list[dict]) -> int:
    """Pots paid by each run of the board (all of them when the board was run once); the
    two halves of a hi/lo pot count as one."""
    return sum(1 for pot in pots if not pot.get("board") and pot.get("half") != "low")


def _board_phrase(pots: list[dict], pot: dict) -> str:
    """" on the second board" when the board was run more than once, else nothing.

    >>> _board_phrase([{"covers": [0]}, {"covers": [0], "board": 1}], {"board": 1})
    ' on the second board'
    """
    if not any(p.get("board") for p in pots):
        return ""
    return f" on the {ORDINALS[pot.get('board', 0)]} board"


def pot_phrase(covers: list[int] | tuple[int, ...], results: int) -> str:
    """Which pots one result paid, inside a sentence; ``results``: how many the hand had.

    >>> pot_phrase([0], 1), pot_phrase([0], 2), pot_phrase([0, 1], 1), pot_phrase([2], 2)
    ('the pot', 'the main pot', 'the main pot and side pot 1', 'side pot 2')
    """
    covers = tuple(covers) or (0,)
    if covers == (0,) and results == 1:
        return "the pot"
    name = pots_name(covers)
    return f"the {name[0].lower()}{name[1:]}" if covers[0] == 0 else name[0].lower() + name[1:]


def win_text(
    who: str, amount, covers: list[int] | tuple[int, ...], results: int, description: str,
    half: str = "",
) -> str:
    """One winner of one result, the same words on the felt, in the log and the replayer;
    ``half``: "high" or "low" for a half of a split hi/lo pot.

    >>> win_text("alice", 1345, [0, 1], 1, "Pair of nines, ace-king-seven")
    'alice wins 1345 from the main pot and side pot 1 with a pair of nines, ace-king-seven'
    >>> win_text("bob", 30, [0], 1, "8-6-4-2-A low", "low")
    'bob wins 30 from the low half of the pot with an 8-6-4-2-A low'
    """
    with_hand = f" with {_with(description)}" if description else ""
    where = pot_phrase(covers, results)
    if half:
        where = f"the {half} half of {where}"
    return f"{who} wins {amount} from {where}{with_hand}"


def result_rows(pots: list[dict], names: dict[int, str], money=None) -> list[dict]:
    """The hand's results for people: one row per result, each winner with a sentence
    (``money`` writes amounts, as in ``event_text``)."""
    return [
        {
            "pot": pots_name(pot["covers"]),
            "covers": list(pot["covers"]),
            "board": pot.get("board", 0),  # which run of the board paid it
            "amount": pot["amount"],
            "description": pot["description"],
            "half": pot.get("half", ""),  # "high" or "low": a half of a split hi/lo pot
            "winners": [
                {
                    "seat": seat,
                    "player": names.get(seat, f"seat {seat}"),
                    "amount": share,
                    "text": win_text(
                        names.get(seat, f"seat {seat}"),
                        money(share) if money else share,
                        pot["covers"],
                        _per_board(pots),
                        pot["description"],
                        pot.get("half", ""),
                    )
                    + _board_phrase(pots, pot),
                }
                for seat, share in zip(pot["winners"], pot["shares"], strict=True)
            ],
        }
        for pot in pots
    ]


def bounty_text(collector: str, payer: str, amount) -> str:
    """One payment of the 7-2 bounty, the same words on the felt, in the log and the replayer.

    >>> bounty_text("alice", "bob", 20)
    'bob pays alice 20 (7-2 bounty)'
    """
    return f"{payer} pays {collector} {amount} (7-2 bounty)"


def bounty_rows(bounties, names: dict[int, str], money=None) -> list[dict]:
    """The hand's 7-2 bounty payments (``HandResult.to_dict()["bounties"]``) for people.

    >>> bounty_rows([{"collector": 2, "payer": 1, "amount": 10}], {1: "bob", 2: "alice"})
    [{'collector': 2, 'payer': 1, 'amount': 10, 'text': 'bob pays alice 10 (7-2 bounty)'}]
    """
    return [
        {
            **row,
            "text": bounty_text(names.get(row["collector"], f"seat {row['collector']}"),
                                names.get(row["payer"], f"seat {row['payer']}"),
                                money(row["amount"]) if money else row["amount"]),
        }
        for row in bounties
    ]


def _with(description: str) -> str:
    """"Pair of nines" -> "a pair of nines"; "Two pair, ..." -> "two pair, ..."."""
    text = description[:1].lower() + description[1:]
    if text.startswith(("pair ", "flush", "straight", "full house", "royal flush")):
        return f"an {text}" if text[0] in "aeiou" else f"a {text}"
    if text.endswith(" low"):  # "8-6-4-2-A low" -> "an 8-6-4-2-A low"
        return f"an {text}" if text[0] == "8" else f"a {text}"
    return text
