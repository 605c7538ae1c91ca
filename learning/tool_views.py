"""The learning tools: hand rankings, which hand wins, odds, a quiz; and their JSON twins.

Views read the query, call the evaluator and render. Bad input comes back as the form with a
message naming the problem (HTML, status 200) or as a 400 with ``{"error": ...}`` (JSON).

Hands come as repeated ``hand=AhAs`` or as ``hands=`` one per line (``|``, ``;`` or, on a
single line, ``,`` also separate hands): ``/learn/api/equity?hands=AhAs,KdKc&board=2c7d9h``.
``game=omaha`` reads four-card Omaha hands (exactly two hole cards and three board cards
play; the board has 0, 3, 4 or 5 cards): every run-out is counted, at most C(44, 5) =
1,086,008 boards (0.1-0.2 s here). ``game=shortdeck`` deals the rest of the board from the
36 cards six up and ranks hands by short deck's order (``evaluator.short_deck``: a flush
beats a full house; ``order=trips`` for the rooms where three of a kind beats a straight):
at most C(32, 5) = 201,376 boards, every one counted.

CPU guard: exact equity enumerates at most ``EXACT_BOARDS`` boards (hold'em never needs more
than C(48, 5) = 1,712,304: 0.04 to 0.15 s here); past that, or when asked for samples, Monte
Carlo deals at most ``MAX_SAMPLES`` boards (about 0.1 s for ten hands). Measured 2026-11.
"""

from __future__ import annotations

import re
import secrets
from math import comb
from typing import Any
from urllib.parse import urlencode

from django.core import signing
from django.http import HttpRequest, HttpResponse, JsonResponse, QueryDict
from django.shortcuts import render
from django.views.decorators.http import require_GET

from evaluator import (
    DECK,
    Card,
    Category,
    format_cards,
    hand_equity,
    omaha_hand_equity,
    parse_cards,
)
from evaluator.hi_lo_equity import pot_shares
from evaluator.learning import FIVE_CARD_HANDS, RANKINGS, SEVEN_CARD_HANDS, Showdown, showdown
from evaluator.short_deck import ShortDeckOrder
from evaluator.short_deck_odds import short_deck_hand_equity
from learning.odds_games import ODDS_GAMES, made_hand, order_words

MAX_HANDS = 10
EXACT_BOARDS = 2_000_000
DEFAULT_SAMPLES = 100_000
MAX_SAMPLES = 500_000
SAMPLE_CHOICES = (10_000, 100_000, MAX_SAMPLES)
QUIZ_SALT = "evaluator.learn.quiz"
GAMES = {key: game.label for key, game in ODDS_GAMES.items()}
SHORT_DECK_ORDERS = {"": ShortDeckOrder.STRAIGHT_OVER_TRIPS, "straight": ShortDeckOrder.
                     STRAIGHT_OVER_TRIPS, "trips": ShortDeckOrder.TRIPS_OVER_STRAIGHT}
OMAHA_BOARDS = (0, 3, 4, 5)

RULES = {
    Category.ROYAL_FLUSH: "Ace, king, queen, jack and ten of one suit: the best hand there is.",
    Category.STRAIGHT_FLUSH: "Five in sequence, all of one suit. The highest card ranks it.",
    Category.FOUR_OF_A_KIND: "Four cards of one rank; the fifth card is the kicker.",
    Category.FULL_HOUSE: "Three of one rank and two of another; the three rank it first.",
    Category.FLUSH: "Five of one suit, not in sequence; compared card by card from the top.",
    Category.STRAIGHT: "Five ranks in sequence, any suits. The ace plays high (A-K-Q-J-T) "
    "or low in the wheel (5-4-3-2-A).",
    Category.THREE_OF_A_KIND: "Three cards of one rank and two unrelated kickers.",
    Category.TWO_PAIR: "Two pairs: the higher pair first, then the lower, then the kicker.",
    Category.ONE_PAIR: "Two cards of one rank; three kickers break ties in order.",
    Category.HIGH_CARD: "Nothing else: the highest card, then the next, and so on.",
}
WINS_EXAMPLES = [
    ("Split pot: the same straight", ["Ah Kd", "Ac Kc"], "Qh Js Tc 3d 3c"),
    ("The wheel beats three kings", ["Ah 2c", "Kh Kd"], "3d 4s 5h Kc 9s"),
    ("The kicker decides", ["Ah Qd", "Ac Jc"], "As 8d 7h 3c 2s"),
    ("Three players", ["Ah Kh", "Qs Qd", "7c 6c"], "Qh 8c 5c 9h 2h"),
]
ODDS_EXAMPLES = [
    ("Aces against kings", ["Ah As", "Kd Kc"], ""),
    ("A coin flip", ["Ah Kh", "Qs Qd"], ""),
    ("Flush draw on the flop", ["Ah Th", "Ks Kd"], "Kh 7h 2c"),
    ("Four players", ["Ah As", "Kd Kc", "Qs Jc", "7h 6h"], ""),
]
SHORT_DECK_EXAMPLES = [
    ("Short deck: a flush draw against a set", ["Ah Qh", "Ks Kd"], "Kh 9h 6c"),
    ("Short deck: ace-king against a pair", ["As Kd", "Jh Jc"], ""),
]
OMAHA_EXAMPLES = [
    ("Omaha: aces against a rundown", ["Ah As Kd Kc", "Qh Jh Ts 9s"], "", "omaha"),
    ("Omaha: wrap against a set", ["9h 8d 6c 5s", "Kd Kc Qs 2h"], "Kh 7s 4d", "omaha"),
    ("Omaha hi/lo: the nut low draw against a set", ["Ah 2h 9c Td", "Kd Kc Qs Jh"],
     "Kh 3s 7d", "omaha-hilo"),
    ("Five-card Omaha: a wrap against top set", ["9h 8d 7c 6s 2d", "Ad As Kc Qh 3c"],
     "Ah Tc 5d", "omaha5"),
]


def hand_texts(params: QueryDict) -> list[str]:
    """The hands in a query: ``hand=`` repeated and/or ``hands=`` split into hands.

    >>> hand_texts(QueryDict("hands=AhAs,KdKc")), hand_texts(QueryDict("hands=Ah, As|Kd Kc"))
    (['AhAs', 'KdKc'], ['Ah, As', 'Kd Kc'])
    """
    texts = params.getlist("hand")
    for text in params.getlist("hands"):
        parts = re.split(r"[\n|;]+", text)
        texts += parts if len(parts) > 1 else text.split(",")
    return [text.strip() for text in texts if text.strip()]


def _cards(label: str, text: str) -> list[Card]:
    try:
        return parse_cards(text)
    except ValueError as error:
        raise ValueError(f"{label}: {error}") from None


def read_deal(
    texts: list[str], board_text: str, dead_text: str = "", what: str = "a showdown"
) -> tuple[list[list[Card]], list[Card], list[Card]]:
    """Hands, board and dead cards of one deal, each field checked; errors name the field.

    >>> read_deal(["Ah As", "Kd Ah"], board_text="2c 7d 9h")
    Traceback (most recent call last):
    ValueError: duplicate card Ah: in hand 1 and hand 2
    """
    if texts and not 2 <= len(texts) <= MAX_HANDS:
        raise ValueError(f"{what} takes 2 to {MAX_HANDS} hands, got {len(texts)}")
    hands = [_cards(f"hand {i}", text) for i, text in enumerate(texts, 1)]
    board, dead = _cards("board", board_text), _cards("dead cards", dead_text)
    if len(board) > 5:
        raise ValueError(f"board: a board has at most 5 cards, got {len(board)}")
    seen: dict[Card, str] = {}
    named = [(f"hand {i}", h) for i, h in enumerate(hands, 1)] + [("the board", board)]
    for label, cards in [*named, ("the dead cards", dead)]:
        for card in cards:
            if card in seen:
                raise ValueError(f"duplicate card {card}: in {seen[card]} and {label}")
            seen[card] = label
    return hands, board, dead


def run_showdown(texts: list[str], board_text: str) -> Showdown:
    """Every hand with the board, best five and winners; a ``ValueError`` names bad input."""
    hands, board, _ = read_deal(texts, board_text)
    for i, hand in enumerate(hands, 1):
        if not 5 <= len(hand) + len(board) <= 7:
            raise ValueError(f"hand {i}: a hand has 5, 6 or 7 cards with the board, got "
                             f"{len(hand) + len(board)} ({len(hand)} + {len(board)} on the board)")
    return showdown(texts, board_text)


def _number(params: QueryDict, name: str, low: int, high: int) -> int | None:
    text = params.get(name, "").replace(",", "").replace("_", "").strip()
    if not text:
        return None
    if not (text.isascii() and text.isdigit()) or not low <= int(text) <= high:
        raise ValueError(f"{name} must be a whole number from {low:,} to {high:,}")
    return int(text)


def read_game(params: QueryDict) -> str:
    """The query's game: ``holdem`` (the default) or a key of ``ODDS_GAMES``."""
    game = params.get("game", "").strip().lower() or "holdem"
    if game not in GAMES:
        raise ValueError(f"game must be one of {', '.join(GAMES)}, got {params.get('game')!r}")
    return game


def read_order(params: QueryDict) -> ShortDeckOrder:
    """Short deck's order of three of a kind and a straight: ``order=trips`` or the usual."""
    text = params.get("order", "").strip().lower()
    if text not in SHORT_DECK_ORDERS:
        raise ValueError(f"order must be straight or trips, got {params.get('order')!r}")
    return SHORT_DECK_ORDERS[text]


def _check_hands(game: str, hands: list[list[Card]], board: list[Card]) -> None:
    """Each hand has the game's hole cards; an Omaha board has 0, 3, 4 or 5 cards."""
    rules = ODDS_GAMES[game]
    article = "an" if rules.label[0] in "AEIOU" else "a"
    size, name = rules.hole_cards, f"{article} {rules.label}" if rules.omaha else "a hold'em"
    words = {2: "two", 4: "four", 5: "five"}
    for i, hand in enumerate(hands, 1):
        if len(hand) != size:
            raise ValueError(f"hand {i}: {name} hand has {words[size]} hole cards, "
                             f"got {len(hand)}")
    if rules.omaha and len(board) not in OMAHA_BOARDS:
        raise ValueError(f"board: an Omaha board has 0, 3, 4 or 5 cards, got {len(board)}")


def run_equity(params: QueryDict) -> dict[str, Any]:
    """Equity of the query's hands as plain data (the JSON answer and the page's numbers)."""
    game = read_game(params)
    texts = hand_texts(params)
    hands, board, dead = read_deal(texts, params.get("board", ""), params.get("dead", ""),
                                   what="equity")
    _check_hands(game, hands, board)
    held = sum(len(hand) for hand in hands)
    deck_size = 36 if ODDS_GAMES[game].short_deck else 52
    missing, left = 5 - len(board), deck_size - held - len(board) - len(dead)
    if left < missing:
        raise ValueError(f"only {left} cards are left, too few to deal {missing} more to the board")
    samples = _number(params, "samples", 1, MAX_SAMPLES)
    seed = _number(params, "seed", 0, 2**63 - 1)
    boards = comb(left, missing)
    if samples is None and boards > EXACT_BOARDS:
        samples = DEFAULT_SAMPLES
    if samples is not None and samples >= boards:
        samples = None  # counting every board is as cheap, and exact
    if samples is not None and seed is None:
        seed = secrets.randbelow(2**31)
    rules = ODDS_GAMES[game]
    order = read_order(params)
    method = rules.method + (order_words(order) if rules.short_deck else "")
    common = {"game": game, "method": method, "counts": list(rules.counts),
              "order": order.value if rules.short_deck else None}
    if rules.split_counted:
        shares = pot_shares(texts, board, high_low=rules.high_low, dead=dead,
                            samples=samples, seed=seed if samples is not None else None)
        total = shares.boards
        return {**common, "hands": [
            {"cards": format_cards(parse_cards(text)), "wins": scoops, "ties": parts,
             "tie_credit": None, "win": scoops / total, "tie": parts / total, "equity": share,
             "standard_error": None}
            for text, share, scoops, parts in zip(texts, shares.shares, shares.scoops,
                                                   shares.parts, strict=True)
        ], "board": format_cards(board), "dead": format_cards(dead), "boards": total,
            "exact": shares.exact, "samples": samples if not shares.exact else None,
            "seed": seed if not shares.exact else None}
    if rules.short_deck:
        result = short_deck_hand_equity(texts, board=board, dead=dead, samples=samples,
                                        seed=seed if samples is not None else None, order=order)
    else:
        equity = omaha_hand_equity if rules.omaha else hand_equity
        result = equity(texts, board=board, dead=dead, samples=samples,
                        seed=seed if samples is not None else None)
    return {
        **common,
        "hands": [
            {"cards": format_cards(h.cards), "wins": h.wins, "ties": h.ties,
             "tie_credit": h.tie_credit, "win": h.win, "tie": h.tie, "equity": h.equity,
             "standard_error": h.standard_error}
            for h in result
        ],
        "board": format_cards(board),
        "dead": format_cards(dead),
        "boards": result.boards,
        "exact": result.exact,
        "samples": samples,
        "seed": seed if samples is not None else None,
    }


def _query(hands: list[str], board: str) -> str:
    return "?" + urlencode({"hands": "\n".join(hands), "board": board})


def _ratio(count: int, total: int) -> dict[str, str]:
    ratio = total / count
    return {"count": f"{count:,}", "percent": f"{100 * count / total:#.3g}%",
            "one_in": f"{ratio:.1f}" if ratio < 10 else f"{round(ratio):,}"}


def learn(request: HttpRequest) -> HttpResponse:
    """Hand rankings with their frequencies, and which hand wins (``?hands=...&board=...``)."""
    rankings = [
        {"category": r.category, "value": r.value, "rule": RULES[r.category],
         "five": _ratio(r.five_card_hands, FIVE_CARD_HANDS),
         "seven": _ratio(r.seven_card_hands, SEVEN_CARD_HANDS)}
        for r in RANKINGS
    ]
    texts = hand_texts(request.GET)
    context: dict[str, Any] = {
        "rankings": rankings, "five_total": f"{FIVE_CARD_HANDS:,}",
        "seven_total": f"{SEVEN_CARD_HANDS:,}", "hands": "\n".join(texts),
        "board": request.GET.get("board", ""),
        "examples": [(name, _query(hands, board)) for name, hands, board in WINS_EXAMPLES],
    }
    if "hands" in request.GET or "hand" in request.GET:
        try:
            result = run_showdown(texts, context["board"])
        except ValueError as error:
            context["error"] = _sentence(error)
        else:
            split = len(result.winners) > 1
            context["result"] = result
            context["rows"] = [
                {"number": i + 1, "cards": cards, "value": value,
                 "verdict": ("Splits" if split else "Wins") if i in result.winners else ""}
                for i, (cards, value) in enumerate(zip(result.hands, result.values, strict=True))
            ]
            if len(result.board) < 5 and all(len(cards) == 2 for cards in result.hands):
                context["odds_link"] = _query(texts, context["board"])
    return render(request, "learning/learn.html", context)


def _sentence(error: Exception) -> str:
    text = str(error)
    return text[:1].upper() + text[1:]


def odds(request: HttpRequest) -> HttpResponse:
    """Win, tie and equity of 2 to 10 hands (``?hands=...&board=...&dead=...&samples=...``,
    ``&game=omaha`` for four-card Omaha hands)."""
    params = request.GET
    context: dict[str, Any] = {
        "game": params.get("game", "holdem"), "games": list(GAMES.items()),
        "hands": "\n".join(hand_texts(params)), "board": params.get("board", ""),
        "dead": params.get("dead", ""), "samples": params.get("samples", ""),
        "sample_choices": [(str(n), f"{n:,}") for n in SAMPLE_CHOICES],
        "exact_boards": f"{EXACT_BOARDS:,}",
        "examples": [(name, _query(hands, board)) for name, hands, board in ODDS_EXAMPLES]
        + [(name, _query(hands, board) + f"&game={game}")
           for name, hands, board, game in OMAHA_EXAMPLES]
        + [(name, _query(hands, board) + "&game=shortdeck")
           for name, hands, board in SHORT_DECK_EXAMPLES],
    }
    if "hands" in params or "hand" in params:
        try:
            data = run_equity(params)
        except ValueError as error:
            context["error"] = _sentence(error)
        else:
            board = parse_cards(data["board"])
            for hand in data["hands"]:
                cards = parse_cards(hand["cards"])
                hand["card_list"] = cards
                hand["now"] = made_hand(ODDS_GAMES[data["game"]], cards, board,
                                        ShortDeckOrder(data["order"] or "straight-over-trips"))
                for key in ("win", "tie", "equity"):
                    hand[key + "_pct"] = f"{hand[key]:.2%}"
                hand["bar"] = f"{100 * hand['equity']:.1f}"
            context.update(data=data, board_cards=board, dead_cards=parse_cards(data["dead"]))
            if not data["exact"]:  # a 95% margin for a share near one half, and a replay link
                repeat = params.copy()
                repeat["seed"] = str(data["seed"])
                context.update(margin=f"{196 * (0.25 / data['boards']) ** 0.5:.1f}",
                               samples_text=f"{data['boards']:,}", repeat=repeat.urlencode())
    return render(request, "learning/odds.html", context)


@require_GET
def evaluate_json(request: HttpRequest) -> JsonResponse:
    """``?hands=AhAd,KcKs&board=2c7d9hJcQs`` -> each hand's value and the winners."""
    texts = hand_texts(request.GET)
    try:
        result = run_showdown(texts, request.GET.get("board", ""))
    except ValueError as error:
        return JsonResponse({"error": str(error)}, status=400)
    return JsonResponse({
        "board": format_cards(result.board),
        "hands": [
            {"cards": format_cards(cards), "category": value.category.label,
             "description": value.describe(), "best_five": format_cards(value.best_five),
             "strength": value.strength}
            for cards, value in zip(result.hands, result.values, strict=True)
        ],
        "winners": list(result.winners),
    })


@require_GET
def equity_json(request: HttpRequest) -> JsonResponse:
    """``?hands=AhAs,KdKc&board=...&dead=...`` -> win, tie and equity per hand (0..1)."""
    try:
        return JsonResponse(run_equity(request.GET))
    except ValueError as error:
        return JsonResponse({"error": str(error)}, status=400)


def quiz(request: HttpRequest) -> HttpResponse:
    """Two hands and a board; the player picks the winner. The deal travels signed, so the
    server decides, and the page holds no answer before the pick."""
    context: dict[str, Any] = {}
    token, pick = request.GET.get("deal", ""), request.GET.get("pick")
    deal = None
    if token:
        try:
            data = signing.loads(token, salt=QUIZ_SALT)
            deal = run_showdown(data["hands"], data["board"])
        except (signing.BadSignature, KeyError, TypeError, ValueError):
            context["error"] = "That deal's token is not valid (was the link cut short?): " \
                               "here is a new deal."
    if deal is None:
        cards = secrets.SystemRandom().sample(DECK, 9)
        hands = [format_cards(cards[0:2]), format_cards(cards[2:4])]
        deal = showdown(hands, format_cards(cards[4:]))
        token, pick = signing.dumps({"hands": hands, "board": format_cards(cards[4:])},
                                    salt=QUIZ_SALT), None
    context.update(deal=deal, token=token, hands=list(zip("AB", deal.hands, strict=True)))
    if pick is not None:
        truth = "split" if len(deal.winners) > 1 else str(deal.winners[0])
        if pick not in ("0", "1", "split"):
            context["error"] = "Pick hand A, hand B or a split pot."
        else:
            context.update(
                answered=True, pick=pick, right=pick == truth, truth=truth,
                rows=[{"name": name, "cards": cards, "value": value,
                       "won": i in deal.winners}
                      for i, (name, cards, value)
                      in enumerate(zip("AB", deal.hands, deal.values, strict=True))])
    return render(request, "learning/quiz.html", context)
