"""Real PokerNow logs (tests/history/data/pokernow, README.md there): cash tables with
missed blinds, a dead button and hands run twice, and a tournament table with antes. Every
hand imports with amounts that agree with the log's own figures and with pokerkit's replay
of the same actions, or is refused with a sentence naming the hand and the problem."""

from datetime import UTC, datetime
from pathlib import Path

import pytest

from games.engine import PHHError
from games.history.imports.formats.pokernow import read_hand, split
from games.history.imports.reading import read_hands
from tests.history.site_corpus import (
    SiteCorpus,
    assert_imported_or_refused,
    pokerkit_agreements,
)

CORPUS = SiteCorpus(Path(__file__).parent / "data" / "pokernow", "*.csv")
ANTES = 12  # the hands of the tournament log with "posts an ante of" rows
CASH = CORPUS.folder / "poker_now_log_pglbcN5nQo3bUmuXx6tROb3yN.csv"

REFUSED = {
    # A raise of 22.77 over a bet that asks at least 29.92: PokerNow let it through.
    "Deckhole @ hqlKQNQjNd raises to N: The smallest raise is to ": 1,
}


def test_every_real_hand_is_imported_or_refused_for_a_known_reason():
    imported = assert_imported_or_refused(CORPUS.hands(), "pokernow", (345, 344), REFUSED)
    # Each hand that shows "Your hand is" knows whose cards they are; the log's hero sat
    # out the others (dealt no cards), which then have no hero.
    with_cards = [h for _, text, h in CORPUS.hands() if not h.error and "Your hand is" in text]
    assert len(with_cards) == 90 + 73 + 86 and all(h.hero for h in with_cards)
    assert {h.hero for h in with_cards} == {"K Godel @ Di5cxDUTF9", "K. Godel @ TN11URmFSv"}
    assert len(imported) - len(with_cards) == 95 and not any(
        h.hero for h in imported if h not in with_cards)


def test_every_imported_hand_replays_to_pokerkits_stacks():
    assert pokerkit_agreements(CORPUS.hands(), "pokernow") == 344


def test_a_missing_small_blind_is_dead_money_and_a_missed_big_blind_is_live():
    """K Godel comes back and posts both: 0.10 dead, 0.25 live, checks, then calls 1.10 of
    jean's raise; 2.55 collected = 1.10 + 1.10 + Deckhole's 0.25 + the dead 0.10."""
    text, hand = CORPUS.the_hand("80", CASH.name)
    replayed = hand.replayed
    seat = replayed.players.index("K Godel @ Di5cxDUTF9") + 1
    assert hand.hero == "K Godel @ Di5cxDUTF9"
    assert replayed.net_after_rake()[seat] == 255 - 110 - 10
    assert replayed.rake == {}
    assert hand.played_at == datetime(2022, 6, 19, 2, 1, 18, tzinfo=UTC) and hand.zone == "UTC"


def test_the_hero_is_found_over_the_whole_log_and_dealt_their_cards():
    parts = split(CASH.read_text())
    assert len(parts) == 95
    assert all(part.endswith('# hero: "K Godel @ Di5cxDUTF9"\n') for part in parts)
    text, _ = CORPUS.the_hand("80", CASH.name)
    data = read_hand(text).data
    hero = data["players"].index("K Godel @ Di5cxDUTF9") + 1
    assert f"d dh p{hero} Th9h" in data["actions"]  # "Your hand is 10♥, 9♥"
    # Read alone, without the log's line, the hand cannot tell whose cards they are.
    (alone,) = read_hands(text.split("# hero:")[0])
    assert alone.error is None and alone.hero is None


def test_a_player_is_known_by_their_id_when_their_name_changes():
    text, _ = CORPUS.the_hand("80", CASH.name)
    renamed = text.replace('""jean @ _I_YnTCjVs"" checks', '""Jeanne @ _I_YnTCjVs"" checks')
    (hand,) = read_hands(renamed)
    assert hand.error is None and "Jeanne @ _I_YnTCjVs" not in hand.replayed.players
    assert "jean @ _I_YnTCjVs" in hand.replayed.players


def test_a_new_id_mid_hand_keeps_the_player():
    """PokerNow writes "changed the ID from A to B because authenticated login" when a guest
    logs in; their later rows carry the new id."""
    text, _ = CORPUS.the_hand("80", CASH.name)
    row = ('"The player ""jean @ _I_YnTCjVs"" changed the ID from _I_YnTCjVs to NEWID12345 '
           'because authenticated login.",2022-06-19T02:02:47.000Z,165560416700000\n')
    changed = text.replace('""jean @ _I_YnTCjVs"" checks', '""jean @ NEWID12345"" checks')
    (hand,) = read_hands(changed.replace("entry,at,order\n", "entry,at,order\n" + row))
    assert hand.error is None, hand.error
    (unknown,) = read_hands(changed)
    assert "jean @ NEWID12345 acts but is not in the hand's stacks" in unknown.error


@pytest.mark.parametrize(("change", "message"), [
    (('collected 2.55 from pot', 'collected 2.65 from pot'),
     "Hand #80: K Godel @ Di5cxDUTF9 collects 2.65 in the text; the replay pays 2.55"),
    (('collected 2.55 from pot', 'collected 2.45 from pot'),
     "PokerNow's rake (it keeps none) is 0.00, but its collected amounts leave 0.10"),
    (('Uncalled bet of 1.27', 'Uncalled bet of 1.17'),
     "the text returns 1.17 uncalled to K Godel @ Di5cxDUTF9; the replay returns 1.27"),
    (('""K Godel @ Di5cxDUTF9"" posts a missed big blind of 0.25',
      '""K Godel @ Di5cxDUTF9"" posts a bet of 0.25 (bomb pot bet)'),
     "Hand #80, line 8: a bomb pot's bet comes after the hand's first action."),
    (("(No Limit Texas Hold'em)", "(Pot Limit Omaha Hi/Lo 8 or Better)"),
     "unsupported game (Pot Limit Omaha Hi/Lo 8 or Better); the engine plays Omaha hi/lo "
     "from PokerStars texts only."),
    (("(No Limit Texas Hold'em)", "(Seven Card Stud)"),
     "unsupported game (Seven Card Stud); only no-limit hold'em and pot-limit Omaha can be "
     "replayed."),
    (("-- ending hand #80 --", "-- not the end --"), "Hand #80: the log ends before the hand"),
])
def test_a_hand_the_log_contradicts_is_refused_with_the_difference(change, message):
    text, _ = CORPUS.the_hand("80", CASH.name)
    (hand,) = read_hands(text.replace(*change))
    assert hand.replayed is None and message in hand.error, hand.error


def test_a_row_it_does_not_know_is_refused_with_its_line():
    text, _ = CORPUS.the_hand("80", CASH.name)
    winks = text.replace('""jean @ _I_YnTCjVs"" checks', '""jean @ _I_YnTCjVs"" winks')
    (hand,) = read_hands(winks)
    assert hand.error == "Hand #80, line 15: cannot read jean @ _I_YnTCjVs 'winks'."


def test_a_broken_log_says_why():
    with pytest.raises(PHHError, match=r"PokerNow log, row 2: expected an entry, a time and "
                                       r"an order, got \['not a row'\]"):
        read_hands("entry,at,order\nnot a row\n")
    with pytest.raises(PHHError, match="holds no hand"):
        read_hands('entry,at,order\n"The player ""a @ b"" requested a seat.",t,1\n')


def test_a_tournament_table_posts_antes():
    log = "poker_now_log_pglX9qKFV2jh2BntjoUQVj0MP.csv"
    hands = [h for name, _, h in CORPUS.hands() if name == log]
    assert len(hands) == 86 and all(h.error is None for h in hands)
    antes = [h.replayed.fields["antes"] for h in hands]
    assert sum(any(a) for a in antes) == ANTES
