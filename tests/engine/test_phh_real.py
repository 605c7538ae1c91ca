"""PHH files as real sites wrote them: every hand of ../shared/realhands (609 hands from
seven sites) replays to pokerkit's finishing stacks; decimals, mucks, rake, straddles, posts,
a missing small blind and .phhs files each on their own."""

import tomllib
import warnings
from decimal import Decimal
from pathlib import Path

import pytest

from games.engine import PHHError, export_phh, replay_phh
from games.engine.phh import split_phhs
from tests.engine.test_phh import pokerkit_final_stacks

ROOT = Path(__file__).resolve().parents[2]
REALHANDS = ROOT.parent / "shared" / "realhands"
FILES = sorted(REALHANDS.glob("*/*.phh"))


def pokerkit_money_stacks(text: str) -> list[Decimal]:
    from pokerkit import HandHistory

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        final = list(HandHistory.loads(text))[-1]
    assert not final.status, "pokerkit could not finish the hand"
    return [Decimal(str(x)) for x in final.stacks]


@pytest.mark.skipif(not FILES, reason=f"no real hands at {REALHANDS} (shared/ beside the repo)")
def test_every_real_hand_replays_to_pokerkits_stacks_plus_the_sites_rake():
    settled, raked, refused = 0, 0, []
    for path in FILES:
        text = path.read_text()
        name = path.relative_to(REALHANDS)
        try:
            replayed = replay_phh(text)
        except PHHError as error:
            refused.append((name, str(error)))
            continue
        assert replayed.settled, (name, replayed.unsettled)
        ours = [replayed.amounts.money(x) for x in replayed.finishing_stacks]
        assert ours == pokerkit_money_stacks(text), name
        recorded = tomllib.loads(text).get("finishing_stacks")
        if recorded is not None:
            after_rake = [
                ours[k] - replayed.amounts.money(replayed.rake.get(k + 1, 0))
                for k in range(len(ours))
            ]
            assert after_rake == [Decimal(str(x)) for x in recorded], name
        raked += bool(replayed.rake)
        settled += 1
        # Our own export of the imported hand reads back to the same stacks and rake-free
        again = replay_phh(export_phh(replayed.state, scale=replayed.amounts.scale))
        assert again.finishing_stacks == replayed.finishing_stacks, name
        assert again.state.board == replayed.state.board, name
    # Only the iPoker file's "inf" stacks (a quirk of that conversion) cannot be replayed.
    assert all(str(n).startswith("ipn100/") for n, _ in refused), refused
    assert all("'starting_stacks' (p1) is inf" in e for _, e in refused), refused
    assert (settled, len(refused), raked) == (587, 22, 42)


def phh(blinds, stacks, actions, min_bet=None, **extra) -> str:
    lines = [
        "variant = 'NT'",
        f"antes = [{', '.join('0' for _ in stacks)}]",
        f"blinds_or_straddles = [{', '.join(blinds)}]",
        f"min_bet = {min_bet or blinds[1]}",
        f"starting_stacks = [{', '.join(stacks)}]",
        "actions = [" + ", ".join(f"'{a}'" for a in actions) + "]",
    ]
    lines += [f"{key} = {value}" for key, value in extra.items()]
    return "\n".join(lines) + "\n"


def deal(n):
    return [f"d dh p{k} ????" for k in range(1, n + 1)]


def test_decimal_amounts_are_kept_exact_in_whole_cents():
    text = phh(["0.10", "0.25", "0"], ["10.10", "25", "7.35"],
               deal(3) + ["p3 cbr 0.85", "p1 f", "p2 cc", "d db 2c3d4h", "p2 cc", "p3 cbr 1.20",
                          "p2 f"])
    replayed = replay_phh(text)
    assert replayed.amounts.scale == 100
    assert replayed.finishing_stacks == (1000, 2415, 830)
    assert [replayed.amounts.money(x) for x in replayed.finishing_stacks] == [
        Decimal("10"), Decimal("24.15"), Decimal("8.3")
    ]
    assert pokerkit_money_stacks(text) == [Decimal("10.00"), Decimal("24.15"), Decimal("8.30")]
    exported = export_phh(replayed.state, scale=100)
    assert "starting_stacks = [10.1, 25, 7.35]" in exported and "'p3 cbr 0.85'" in exported


def test_a_straddle_makes_the_next_player_open_and_raises_start_above_it():
    actions = deal(4) + ["p4 cbr 12", "p1 f", "p2 f", "p3 cc", "d db 2c3d4h", "p3 cbr 10",
                         "p4 f"]
    text = phh(["1", "2", "4", "0"], ["100", "100", "100", "100"], actions)
    replayed = replay_phh(text)
    kinds = [e.kind.value for e in replayed.state.events[:3]]
    assert kinds == ["post_small_blind", "post_big_blind", "post_straddle"]
    assert list(replayed.finishing_stacks) == pokerkit_final_stacks(text) == [99, 98, 115, 88]
    with pytest.raises(PHHError, match="smallest raise is to 6"):
        replay_phh(text.replace("p4 cbr 12", "p4 cbr 5"))
    again = tomllib.loads(export_phh(replayed.state))
    assert again["blinds_or_straddles"] == [1, 2, 4, 0]


def test_a_dead_small_blind_post_is_live_and_does_not_change_who_opens():
    # Ongame: p4 posts 2 (negative: a post) besides the blinds, then raises.
    text = phh(["2", "4", "0", "-2", "0"], ["434.05", "1070.10", "437.50", "150", "1219.80"],
               deal(5) + ["p3 f", "p4 cbr 16", "p5 f", "p1 f", "p2 cc", "d db 2c3d4h",
                          "p2 f"], min_bet="4")
    replayed = replay_phh(text)
    assert replayed.state.events[2].kind.value == "post_to_play"
    stacks = [replayed.amounts.money(x) for x in replayed.finishing_stacks]
    assert stacks == pokerkit_money_stacks(text)
    assert stacks[3] == Decimal("168")  # the post is part of the 16: wins 16 + 16 + 2


def test_a_hand_without_a_small_blind_opens_after_the_big_blind():
    text = phh(["4", "0", "0"], ["385.60", "401", "715.70"],
               deal(3) + ["p2 cbr 14", "p3 f", "p1 f"], min_bet="4",
               finishing_stacks="[381.6, 405, 715.7]")
    replayed = replay_phh(text)
    assert replayed.state.actions[0].seat == 2
    assert replayed.rake == {}
    assert [replayed.amounts.money(x) for x in replayed.finishing_stacks] == [
        Decimal("381.6"), Decimal("405"), Decimal("715.7")
    ]


def test_rake_is_what_the_file_gives_the_winner_less_than_the_replay():
    text = phh(["1", "2"], ["100", "100"],
               ["d dh p1 AsAh", "d dh p2 KsKh", "p2 cbr 10", "p1 cc", "d db 2c3d7h",
                "p1 cc", "p2 cc", "d db 9s", "p1 cc", "p2 cc", "d db Jd", "p1 cc", "p2 cc"],
               finishing_stacks="[109, 90]")
    replayed = replay_phh(text)
    assert replayed.finishing_stacks == (110, 90) and replayed.rake == {1: 1}
    assert replayed.net_after_rake() == {1: 9, 2: -10}
    with pytest.raises(PHHError, match=r"finishing stacks \[111, 90\] differ"):
        replay_phh(text.replace("[109, 90]", "[111, 90]"))
    with pytest.raises(PHHError, match="differ"):
        replay_phh(text.replace("[109, 90]", "[110, 89]"))  # the loser cannot pay rake


def test_a_mucked_loser_at_showdown_loses_to_the_shown_hand():
    text = phh(["0.50", "1"], ["100", "100"],
               ["d dh p1 ????", "d dh p2 ????", "p2 cc", "p1 cc", "d db 2c3d7h", "p1 cc",
                "p2 cc", "d db 9s", "p1 cc", "p2 cc", "d db Jd", "p1 cbr 2", "p2 cc",
                "p1 sm AsAh", "p2 sm ????"])
    replayed = replay_phh(text)
    assert replayed.state.result.mucked == (2,)
    assert list(replayed.finishing_stacks) == [1030, 970]
    assert pokerkit_money_stacks(text) == [Decimal("103"), Decimal("97")]


def _shown_by_pokerkit(text: str) -> set[int]:
    from pokerkit import HandHistory, HoleCardsShowingOrMucking

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        final = list(HandHistory.loads(text))[-1]
    return {op.player_index + 1 for op in final.operations
            if isinstance(op, HoleCardsShowingOrMucking) and op.hole_cards
            and "??" not in "".join(map(repr, op.hole_cards))}


@pytest.mark.skipif(not FILES, reason=f"no real hands at {REALHANDS} (shared/ beside the repo)")
def test_every_real_hand_shows_the_hands_pokerkit_shows():
    """A loser who shows (``p2 sm 9c9d``) is shown, not mucked: 18 of the 587 hands once
    disagreed with pokerkit on who showed."""
    compared = 0
    for path in FILES:
        text = path.read_text()
        try:
            replayed = replay_phh(text)
        except PHHError:
            continue
        shown = {e.seat for e in replayed.state.events if e.kind.value == "show"}
        assert shown == _shown_by_pokerkit(text), path.relative_to(REALHANDS)
        compared += 1
    assert compared == 587


def test_a_loser_who_shows_is_shown_and_exported_as_shown():
    text = phh(["0.50", "1"], ["100", "100"],
               ["d dh p1 ????", "d dh p2 ????", "p2 cc", "p1 cc", "d db 2c3d7h", "p1 cc",
                "p2 cc", "d db 9s", "p1 cc", "p2 cc", "d db Jd", "p1 cbr 2", "p2 cc",
                "p1 sm AsAh", "p2 sm KsKh"])
    replayed = replay_phh(text)
    result = replayed.state.result
    assert [h.seat for h in result.shown] == [1, 2] and result.mucked == ()
    assert _shown_by_pokerkit(text) == {1, 2}
    assert "'p2 sm KsKh'" in export_phh(replayed.state, scale=100)
    with pytest.raises(PHHError, match="p2 both shows and mucks"):
        replay_phh(text.replace("'p2 sm KsKh'", "'p2 sm KsKh', 'p2 sm'"))


def test_a_winner_nobody_called_shows_when_the_file_says_so():
    text = phh(["1", "2", "0"], ["100", "100", "100"],
               ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 cbr 6", "p1 f", "p2 f",
                "p3 sm JcJd"])
    replayed = replay_phh(text)
    result = replayed.state.result
    assert not result.showdown and [(h.seat, h.cards) for h in result.shown] == [
        (3, ("Jc", "Jd"))]
    assert _shown_by_pokerkit(text) == {3}
    again = replay_phh(export_phh(replayed.state))
    assert again.state.result.shown == result.shown


@pytest.mark.parametrize(
    ("field", "message"),
    [
        ("starting_stacks = [inf, 100]", "'starting_stacks' (p1) is inf"),
        ("starting_stacks = [100, nan]", "'starting_stacks' (p2) is nan"),
        ("min_bet = -inf", "'min_bet' is -inf"),
        ("starting_stacks = [100, '100']", "'starting_stacks' (p2) must be a number"),
        ("starting_stacks = [100, 0]", "'starting_stacks' (p2) must be positive"),
    ],
)
def test_amounts_a_hand_cannot_have_are_named_with_their_field(field, message):
    text = phh(["1", "2"], ["100", "100"], deal(2) + ["p2 f"])
    key = field.split(" = ")[0]
    text = "\n".join(field if line.startswith(key + " ") else line for line in text.split("\n"))
    with pytest.raises(PHHError) as error:
        replay_phh(text)
    assert message in str(error.value)


def test_a_phhs_file_splits_into_its_hands_and_one_broken_hand_stays_alone():
    one = phh(["1", "2"], ["100", "100"], deal(2) + ["p2 f"])
    text = f"# a session\n[1]\n{one}\n[2]\n{one.replace('NT', 'FO/8')}\n[3]\n{one}"
    sections = split_phhs(text)
    assert [name for name, _ in sections] == ["1", "2", "3"]
    outcomes = []
    for _name, section in sections:
        try:
            outcomes.append(replay_phh(section).finishing_stacks)
        except PHHError as error:
            outcomes.append(str(error))
    assert outcomes == [
        (101, 99),
        "Unsupported variant 'FO/8': only no-limit hold'em ('NT'), pot-limit Omaha ('PO'), "
        "fixed-limit hold'em ('FT'), no-limit short-deck hold'em ('NS'), pot-limit Omaha hi/lo "
        "('PO/8'), five-card pot-limit Omaha ('PO5'), five-card pot-limit Omaha hi/lo ('PO5/8').",
        (101, 99),
    ]
    with pytest.raises(PHHError, match="Text before the first hand"):
        split_phhs("variant = 'NT'\n[1]\n" + one)


def random_blinds(rng, setup):
    """Forced bets seat by seat as real sites post them: a straddle, a late post, no small
    blind, or a big blind alone."""
    order = [s.seat for s in setup.seats]
    button = setup.button
    order = [s for s in order if s > button] + [s for s in order if s <= button]
    bb = setup.config.big_blind
    kind = rng.choice(["straddle", "post", "no_small", "dead_small"])
    if len(order) == 2:
        return {order[0]: bb, order[1]: rng.choice([bb // 2 or 1, bb, 0])}
    blinds = {order[0]: setup.config.small_blind, order[1]: bb}
    if kind == "straddle":
        blinds[order[2]] = 2 * bb
    elif kind == "post" and len(order) > 3:
        blinds[order[rng.randrange(2, len(order))]] = -bb
    elif kind == "no_small":
        blinds[order[0]] = 0
    elif len(order) > 3:
        blinds[order[rng.randrange(2, len(order))]] = -(setup.config.small_blind)
    return blinds


def test_hands_with_straddles_posts_and_missing_blinds_end_as_pokerkit_ends_them():
    import random

    from games.engine import start_hand
    from tests.engine.helpers import play_random, random_setup

    for k in range(200):
        rng = random.Random(4400 + k)
        setup = random_setup(rng, posts=False)
        blinds = random_blinds(rng, setup)
        state = start_hand(setup.config, setup.seats, setup.deck, setup.button, blinds=blinds)
        play_random(state, rng)
        assert state.result is not None
        text = export_phh(state)
        ours = [state.result.finishing_stacks[p.seat] for p in state.players]
        assert pokerkit_final_stacks(text) == ours, (k, blinds, text)
        again = replay_phh(text)
        assert list(again.finishing_stacks) == ours, k


WSOP = Path(__file__).parent / "data" / "wsop-2019-42-3-00-01-07.phh"


def test_a_real_wsop_hand_with_a_big_blind_ante_replays_to_its_finishing_stacks():
    """Once refused ("antes that differ between players"): the big blind's 500,000 ante is
    dead money that Rainer Kempe loses with the pot."""
    from games.engine import HandState
    from games.history.masking import masked_state
    from games.history.replay.replayer import build_replay

    text = WSOP.read_text()
    recorded = [Decimal(x) for x in tomllib.loads(text)["finishing_stacks"]]
    replayed = replay_phh(text)
    assert replayed.settled and replayed.rake == {}
    assert [Decimal(x) for x in replayed.finishing_stacks] == recorded
    assert recorded[1] == 9525000 - 500000 - 1150000 - 2250000
    state = replayed.state
    assert state.antes == {2: 500000}
    assert [(e.kind.value, e.seat, e.amount) for e in state.events[:3]] == [
        ("post_ante", 2, 500000), ("post_small_blind", 1, 250000),
        ("post_big_blind", 2, 500000)]
    # pokerkit: the same stacks without ante trimming; with the file's flag it returns the
    # big blind's ante as an uncalled bet.
    untrimmed = text.replace("ante_trimming_status = true", "ante_trimming_status = false")
    assert pokerkit_money_stacks(untrimmed) == recorded
    assert pokerkit_money_stacks(text)[1] == recorded[1] + 500000
    # Our export says what it means, and reads back to the same hand.
    exported = export_phh(state)
    assert "ante_trimming_status = false" in exported
    assert "antes = [0, 500000, 0, 0, 0, 0, 0, 0]" in exported
    assert pokerkit_money_stacks(exported) == recorded
    assert replay_phh(exported).state == state
    assert HandState.from_dict(state.to_dict()) == state
    # The replayer's pots hold the ante from the first step.
    masked = masked_state(state, None)
    steps = build_replay(masked, None, {})["steps"]
    blinds_in = next(s for s in steps if s["kind"] == "post_big_blind")
    assert blinds_in["hand"]["total_pot"] == 1250000
    assert sum(p["amount"] for p in steps[-1]["hand"]["pots"]) == sum(
        p.committed for p in state.players)


def test_antes_that_differ_between_players_replay_like_pokerkit_without_trimming():
    """A short stack's partial ante without ante trimming, once refused, and a heads-up
    big-blind ante (PHH lists heads-up antes in reverse, like the blinds)."""
    short = phh(["1", "2", "0"], ["1", "100", "100"],
                deal(3) + ["p3 cbr 10", "p2 cc", "d db 2c3d4h", "p2 cc", "p3 cc", "d db 5s",
                           "p2 cc", "p3 cc", "d db 9h", "p2 cc", "p3 cc", "p2 sm KsKh",
                           "p3 sm QsQh", "p1 sm AsAh"]).replace(
        "antes = [0, 0, 0]", "antes = [2, 2, 2]")
    short = short.replace("'d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????'",
                          "'d dh p1 AsAh', 'd dh p2 KsKh', 'd dh p3 QsQh'")
    replayed = replay_phh(short)
    assert replayed.state.antes == {1: 2, 2: 2, 3: 2}
    assert [Decimal(x) for x in replayed.finishing_stacks] == pokerkit_money_stacks(short)
    heads_up = phh(["1", "2"], ["100", "100"],
                   ["d dh p1 AsAh", "d dh p2 KsKh", "p2 cc", "p1 cc", "d db 2c3d7h", "p1 cc",
                    "p2 cc", "d db 9s", "p1 cc", "p2 cc", "d db Jd", "p1 cc", "p2 cc",
                    "p1 sm AsAh", "p2 sm KsKh"])
    heads_up = heads_up.replace("antes = [0, 0]", "antes = [0, 2]")
    replayed = replay_phh(heads_up)
    assert replayed.state.antes == {1: 2}  # p1, the big blind: the second of the reversed pair
    assert [Decimal(x) for x in replayed.finishing_stacks] == pokerkit_money_stacks(
        heads_up.replace("variant", "ante_trimming_status = false\nvariant"))
