"""PokerNow logs from the wild (shared/realhands/wild/pokernow, sources.tsv there): five
2022 logs and a 2026 one, whose header writes the game without parentheses, whose host
changed the settings mid-session ("Game Config Changes"), dealt bomb pots and ran boards
twice."""

import csv
import io
import re
from collections import Counter

from games.engine import EventKind
from games.history.imports.formats.pokernow_words import cards
from games.history.imports.reading import read_hands
from tests.history.site_corpus import assert_imported_or_refused, net, pokerkit_agreements
from tests.history.wild import needs_wild, wild_corpus

CORPUS = wild_corpus("pokernow")
LOG_2026 = "whitlock23-poker_now_log_pglnMFhFI9KhboCBC09b_dE3b.csv"
LOG_2022 = "malamdar90-poker_now_log_pglSeuNHrFGIuEkLSahu-46kU.csv"
pytestmark = needs_wild("pokernow")

REFUSED = {
    # A raise (and a bet) to the only opponent's whole stack, under the minimum: PokerNow
    # lets it through, the engine's no-limit rules do not.
    "Maz N @ MAYRrStGJj raises to N: The smallest raise is to N (": 1,
    "Mohammad A @ NUYONLRnNg raises to N: The smallest bet is to ": 1,
}


def test_every_wild_hand_is_imported_or_refused_for_a_known_reason():
    assert_imported_or_refused(CORPUS.hands(), "pokernow", (741, 739), REFUSED)


def test_every_imported_wild_hand_replays_to_pokerkits_stacks():
    assert pokerkit_agreements(CORPUS.hands(), "pokernow") == 739


def test_a_header_without_parentheses_round_the_game_is_read():
    """2026: "-- starting hand #266 (id: ...)  No Limit Texas Hold'em (dealer: ...) --"."""
    hands = [h for name, _, h in CORPUS.hands() if name == LOG_2026]
    assert len(hands) == 194 and sum(1 for h in hands if not h.error) == 194


def test_the_hosts_settings_rows_are_not_actions():
    """Hand #9: "Game Config Changes" (several lines in one row) between the blinds and the
    first fold; "The board will run it twice due the game settings." in hand #8."""
    text, hand = CORPUS.the_hand("9", LOG_2026)
    assert "Game Config Changes\n* Allow Straddle: off » on" in text and hand.error is None
    text, hand = CORPUS.the_hand("8", LOG_2026)
    assert "due the game settings" in text and hand.error is None


RUN_TWICE = {"8", "11", "37", "69", "136"}


def written_boards(text: str) -> tuple[list[str], list[str], list[Counter]]:
    """The log's own two boards (the last street's row of each run) and each run's
    "collected" amounts by name (the second's rows say "on the second run")."""
    boards: dict[bool, list[str]] = {False: [], True: []}
    paid = [Counter(), Counter()]
    for entry in (row[0] for row in csv.reader(io.StringIO(text)) if row):
        found = re.match(r"^(Flop|Turn|River)( \(second run\))?:\s+(.*?)\s*\[(.*)\]", entry)
        if found:
            boards[bool(found[2])] = cards(f"{found[3]}, {found[4]}")
        found = re.match(r'^"(.+?) @ \S+" collected (\d+) from pot(.*)$', entry)
        if found:
            paid[" on the second run " in found[3] + " "][found[1]] += int(found[2])
    return boards[False], boards[True], paid


def test_a_board_run_twice_is_stored_with_both_boards_and_each_boards_pot_exact():
    """Hand #8: all in before the flop, "The board will run it twice due the game settings",
    "Flop:  [Q♠, 4♥, 5♠]" ... "River (second run): 5♣, A♥, 6♦, A♠ [9♣]"; mouyu1021's kings
    collect 155 on the first board, hzh's trip aces 155 "on the second run". Each of the
    five such hands of the 2026 log is imported with both boards and what each board paid,
    as the log writes them."""
    found = [(text, hand) for name, text, hand in CORPUS.hands()
             if name == LOG_2026 and hand.label.removeprefix("PokerNow hand #") in RUN_TWICE]
    assert len(found) == 5
    for text, hand in found:
        first, second, paid = written_boards(text)
        state = hand.replayed.state
        assert hand.error is None and hand.replayed.settled
        assert (state.board, state.runs) == (first, [second]), hand.label
        won = [Counter(), Counter()]
        for e in state.events:
            if e.kind is EventKind.WIN:
                won[e.board][hand.replayed.players[e.seat - 1].split(" @ ")[0]] += e.amount
        assert won == paid and paid[0] and paid[1], hand.label
    text, hand = CORPUS.the_hand("8", LOG_2026)
    assert net(hand)["hzh @ dufD30pdn8"] == 5 and net(hand)["mouyu1021 @ UAV9Myl4l0"] == 5


def test_a_bomb_pot_is_everyones_ante_and_no_betting_before_the_flop():
    """Hand #173: seven players put 4 in ("posts a bet of 4 (bomb pot bet)", "calls 4");
    Nuo bets 14 on the flop, everyone folds: "Uncalled bet of 14", "collected 28"."""
    text, hand = CORPUS.the_hand("173", LOG_2026)
    assert "# table's big blind: 2" in text  # the table's, from the log around the hand
    assert hand.replayed.fields["antes"] == [4] * 7
    assert hand.replayed.state.config.big_blind == 2
    assert net(hand) == {name: 24 if name.startswith("Nuo ") else -4
                         for name in hand.replayed.players}


def test_a_bomb_pot_pasted_without_the_log_is_refused_saying_why():
    text, _ = CORPUS.the_hand("173", LOG_2026)
    (alone,) = read_hands(text.split("# table's big blind:")[0])
    assert alone.error == ("Hand #173: a bomb pot (no blinds) whose table's big blind the hand "
                           "does not say: import the whole log.")


def test_a_call_of_the_whole_big_blind_over_a_short_all_in_one_is_a_call_of_what_it_holds():
    """Hand #193: the big blind is all-in for 19896 of 20000; erfan "calls 20000" from the
    small blind and PokerNow returns the 104 ("Uncalled bet of 104"); collected 39792."""
    _, hand = CORPUS.the_hand("193", LOG_2022)
    assert net(hand) == {"erfan m @ QiP7VCJIwA": 19896, "Maziar K @ qkR2eFOHb5": -19896,
                         "Mohammad M @ xHiJmE_Qdf": 0}
