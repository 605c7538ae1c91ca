"""Home-game settings at a live table: the host picks the game (hold'em, pot-limit Omaha or
dealer's choice) and run it twice (off, always, or ask the all-in players), from the next
hand, and the table's log says so (games/table_games.py, games/services/hosting.py)."""

import json
import random
import re
from datetime import timedelta

import pytest
from django.utils import timezone

from games import services, snapshots
from games.engine import FULL_DECK, HandState
from games.engine.games import GAMES
from games.models import Hand, HandPlayer, Seat, Table
from games.projection import personal_view, public_view
from games.protocol import ProtocolError, RunoutAnswer, parse_command
from games.services import ServiceError, hosting, seating
from tests.bots.test_omaha_coach import exact_against_one_random_hand
from tests.games.conftest import chips_in_room, issued_chips, make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def hosted(table, alice):
    table.host = alice
    table.save(update_fields=["host"])
    return table


def live_state(table) -> HandState:
    hand = Hand.objects.get(table=table, status=Hand.Status.IN_PROGRESS)
    return HandState.from_dict(hand.state)


def latest_state(table) -> HandState:
    return HandState.from_dict(Hand.objects.filter(table=table).latest("number").state)


def version(table) -> int:
    return Table.objects.get(pk=table.pk).version


def user_at(table, seat: int):
    return Seat.objects.get(table=table, number=seat).user


def views(table, user):
    snapshot = snapshots.load(table.id, user.id)
    public = public_view(snapshot)
    return public.view, personal_view(snapshot, public, user.id)


def shuffled(seed: int) -> list[str]:
    deck = list(FULL_DECK)
    random.Random(seed).shuffle(deck)
    return deck


def all_in_heads_up(table) -> None:
    """The first to act goes all in and the other calls: the betting ends before the flop."""
    state = live_state(table)
    services.act(table.id, user_at(table, state.actor), "all_in", None, version(table))
    state = live_state(table)
    services.act(table.id, user_at(table, state.actor), "call", None, version(table))


# ---------------------------------------------------------------- the settings


def test_the_host_sets_the_game_from_the_next_hand_and_the_log_says_so(
    hosted, alice, bob, spectator
):
    services.sit(hosted.id, alice, 1, 200)
    services.sit(hosted.id, bob, 2, 200)
    services.start_next_hand(hosted.id, deck=shuffled(1))
    hosting.update_settings(hosted.id, alice, {"game": "PO", "run_it_twice": "ask"})
    assert len(live_state(hosted).players[0].hole) == 2  # the hand being played keeps its game
    public, _ = views(hosted, spectator)
    assert public["notices"][-1]["text"] == (
        "alice (host) changed the table from the next hand: game: Pot-limit Omaha; "
        "run it twice: ask the all-in players (all must agree)."
    )
    assert (public["game"], public["run_it_twice"]) == ("PO", "ask")
    assert public["hand"]["game"] == "NT"


def test_a_bad_game_or_run_it_twice_is_refused_and_changes_nothing(hosted, alice, bob):
    with pytest.raises(ServiceError,
                       match="Game must be one of NT, PO, FT, NS, PO/8, PO5, PO5/8, DC, not .HO."):
        hosting.update_settings(hosted.id, alice, {"game": "HO"})
    with pytest.raises(ServiceError, match="Only the host"):
        hosting.update_settings(hosted.id, bob, {"run_it_twice": "always"})
    hosted.refresh_from_db()
    assert (hosted.game, hosted.run_it_twice, hosted.notices) == ("NT", "off", [])
    with pytest.raises(ProtocolError, match="'run_it_twice' must be one of off, always, ask"):
        parse_command('{"type": "host", "control": "settings", "request_id": "abcdefgh", '
                      '"settings": {"run_it_twice": "twice"}}')
    with pytest.raises(ProtocolError, match="'agree' is missing"):
        parse_command('{"type": "run_it_twice", "version": 3}')
    assert parse_command('{"type": "run_it_twice", "agree": false, "version": 3}') == (
        RunoutAnswer(False, 3)
    )


def test_omaha_deals_four_cards_that_only_their_owner_sees(hosted, alice, bob, carol, spectator):
    hosting.update_settings(hosted.id, alice, {"game": "PO"})
    for seat, user in enumerate((alice, bob, carol), start=1):
        services.sit(hosted.id, user, seat, 200)
    services.start_next_hand(hosted.id, deck=shuffled(2))
    state = live_state(hosted)
    holes = {p.seat: p.hole for p in state.players}
    assert {len(h) for h in holes.values()} == {4}
    assert {len(p.hole_cards) for p in HandPlayer.objects.filter(hand__table=hosted)} == {8}
    public, mine = views(hosted, bob)
    assert public["hand"]["game_label"] == "Pot-limit Omaha"
    assert public["hand"]["pot_limit"] is True
    assert [s["cards"] for s in public["seats"]] == [None, None, None]
    assert [s["cards"] for s in mine["seats"]] == [None, list(holes[2]), None]
    assert mine["hand"]["your_hand"] == "Four cards: " + " ".join(holes[2])
    hidden = [c for seat in (1, 3) for c in holes[seat]]
    assert leaked(json.dumps(mine), hidden) == []
    everyone = [c for h in holes.values() for c in h]
    assert leaked(json.dumps(views(hosted, spectator)[0]), everyone) == []


def test_pot_limit_caps_a_raise_at_the_pot(hosted, alice, bob, carol):
    hosting.update_settings(hosted.id, alice, {"game": "PO"})
    for seat, user in enumerate((alice, bob, carol), start=1):
        services.sit(hosted.id, user, seat, 200)
    services.start_next_hand(hosted.id, deck=shuffled(3))
    state = live_state(hosted)
    _, mine = views(hosted, user_at(hosted, state.actor))
    # Blinds 1 and 2: the first to act may raise to 2 (call) + 1 + 2 + 2 (the pot after it) = 7.
    assert mine["hand"]["legal"]["raise"] == {"min": 4, "max": 7}
    with pytest.raises(ServiceError, match="7"):
        services.act(hosted.id, user_at(hosted, state.actor), "raise", 8, version(hosted))


def test_dealers_choice_changes_the_game_each_orbit(hosted, alice, bob, carol):
    hosting.update_settings(hosted.id, alice, {"game": "DC"})
    for seat, user in enumerate((alice, bob, carol), start=1):
        services.sit(hosted.id, user, seat, 200)
    games = []
    for number in range(7):
        services.start_next_hand(hosted.id, deck=shuffled(10 + number))
        state = live_state(hosted)
        games.append((state.button, state.config.game.code))
        while not (state := live_state(hosted)).is_complete:
            services.act(hosted.id, user_at(hosted, state.actor), "fold", None, version(hosted))
            if Hand.objects.filter(table=hosted, status=Hand.Status.IN_PROGRESS).count() == 0:
                break
    buttons = [button for button, _ in games]
    assert buttons == [1, 2, 3, 1, 2, 3, 1]
    # A new table's rotation is every game of the registry, in its order, an orbit each.
    every = list(GAMES)
    assert [game for _, game in games] == [every[orbit // 3 % len(every)] for orbit in range(7)]


# ---------------------------------------------------------------- run it twice


def test_always_runs_an_all_in_board_twice_and_each_board_pays_half(hosted, alice, bob):
    hosting.update_settings(hosted.id, alice, {"run_it_twice": "always"})
    services.sit(hosted.id, alice, 1, 100)
    services.sit(hosted.id, bob, 2, 100)
    chips = chips_in_room(), issued_chips()
    services.start_next_hand(hosted.id, deck=shuffled(4))
    all_in_heads_up(hosted)
    state = latest_state(hosted)
    assert state.is_complete and len(state.runs) == 1 and len(state.runs[0]) == 5
    public, _ = views(hosted, alice)
    assert public["hand"]["runs"] == [list(state.runs[0])]
    rows = public["hand"]["results"]
    assert [row["board"] for row in rows] == [0, 1]
    # Each board pays half of the 200 chips, counted from the rows' winners.
    assert [sum(w["amount"] for w in row["winners"]) for row in rows] == [100, 100]
    assert all(w["text"].endswith(("on the first board", "on the second board"))
               for row in rows for w in row["winners"])
    assert (chips_in_room(), issued_chips()) == chips


def test_ask_runs_it_twice_when_both_all_in_players_agree(hosted, alice, bob, spectator):
    hosting.update_settings(hosted.id, alice, {"run_it_twice": "ask"})
    services.sit(hosted.id, alice, 1, 100)
    services.sit(hosted.id, bob, 2, 100)
    services.start_next_hand(hosted.id, deck=shuffled(5))
    all_in_heads_up(hosted)
    public, _ = views(hosted, spectator)
    assert sorted(public["hand"]["runout_voters"]) == [1, 2]
    assert public["hand"]["board"] == []  # nothing dealt while they are asked
    with pytest.raises(ServiceError, match="You are not seated"):
        services.choose_runouts(hosted.id, spectator, True, version(hosted))
    services.choose_runouts(hosted.id, alice, True, version(hosted))
    assert live_state(hosted).runout_voters == [2]
    services.choose_runouts(hosted.id, bob, True, version(hosted))
    state = latest_state(hosted)
    assert state.is_complete and len(state.runs) == 1
    log = [row["text"] for row in views(hosted, spectator)[0]["log"]]
    assert "alice agrees to run it twice" in log and "bob agrees to run it twice" in log
    assert any(text.startswith("River (second board): ") for text in log)


def test_one_no_runs_the_board_once(hosted, alice, bob):
    hosting.update_settings(hosted.id, alice, {"run_it_twice": "ask"})
    services.sit(hosted.id, alice, 1, 100)
    services.sit(hosted.id, bob, 2, 100)
    services.start_next_hand(hosted.id, deck=shuffled(6))
    all_in_heads_up(hosted)
    services.choose_runouts(hosted.id, bob, False, version(hosted))
    services.choose_runouts(hosted.id, alice, True, version(hosted))
    state = latest_state(hosted)
    assert state.is_complete and state.runs == [] and len(state.board) == 5


def test_a_player_who_runs_out_of_time_to_answer_declines(hosted, alice, bob, spectator):
    hosting.update_settings(hosted.id, alice, {"run_it_twice": "ask"})
    services.sit(hosted.id, alice, 1, 100)
    services.sit(hosted.id, bob, 2, 100)
    services.start_next_hand(hosted.id, deck=shuffled(7))
    all_in_heads_up(hosted)
    services.choose_runouts(hosted.id, alice, True, version(hosted))
    hand = Hand.objects.get(table=hosted, status=Hand.Status.IN_PROGRESS)
    assert services.timeout(hosted.id, hand.action_deadline + timedelta(seconds=1))
    state = latest_state(hosted)
    assert state.is_complete and state.runs == []
    log = [row["text"] for row in views(hosted, spectator)[0]["log"]]
    assert "bob timed out and declines to run it twice" in log
    assert not services.timeout(hosted.id, timezone.now() + timedelta(hours=1))


# ---------------------------------------------------------------- nobody sees others' cards


WEIGHTS = {"fold": 1, "check": 4, "call": 4, "bet": 1, "raise": 1, "all_in": 2}
CARD = re.compile(r"(?<![A-Za-z0-9])([2-9TJQKA][shdc])(?![A-Za-z0-9])")


def leaked(text: str, hidden: list[str]) -> list[str]:
    """The ``hidden`` cards that appear in ``text`` as card tokens."""
    return sorted(set(CARD.findall(text)) & set(hidden))


def test_random_omaha_hands_run_twice_show_nobody_anothers_unshown_cards(
    hosted, alice, bob, carol, spectator
):
    hosting.update_settings(hosted.id, alice, {"game": "PO", "run_it_twice": "always"})
    people = (alice, bob, carol)
    for seat, user in enumerate(people, start=1):
        services.sit(hosted.id, user, seat, 200)
    rng = random.Random(23)
    checked = leaks = run_twice = 0
    for number in range(12):
        for seat in Seat.objects.filter(table=hosted, stack__lt=40):
            hosting.adjust_stack(hosted.id, alice, seat.number, 100, "a top-up for the test")
        services.start_next_hand(hosted.id, deck=shuffled(100 + number))
        while True:
            state = latest_state(hosted)
            for viewer in (*people, spectator):
                public, mine = views(hosted, viewer)
                own = next(
                    (p.seat for p in state.players if str(p.player_id) == str(viewer.id)), None
                )
                hidden = [c for p in state.players if p.seat != own and not p.shown
                          for c in p.hole]
                leaks += len(leaked(json.dumps(mine), hidden))
                leaks += len(leaked(json.dumps(public), [c for p in state.players
                                                         if not p.shown for c in p.hole]))
                checked += 1
            if state.is_complete:
                run_twice += bool(state.runs)
                break
            legal = state.legal_actions()
            # Calls and all-ins more often than folds, so boards are run out and run twice.
            kinds = sorted(k.value for k in legal.kinds)
            kind = rng.choices(kinds, [WEIGHTS[k] for k in kinds])[0]
            span = legal.bet if kind == "bet" else legal.raise_to if kind == "raise" else None
            amount = rng.randint(span.min, span.max) if span else None
            services.act(hosted.id, user_at(hosted, state.actor), kind, amount, version(hosted))
    assert checked > 100 and run_twice > 0  # boards run twice were looked at too
    assert leaks == 0


# ---------------------------------------------------------------- bomb pots


def finish_by_folding(table) -> None:
    while Hand.objects.filter(table=table, status=Hand.Status.IN_PROGRESS).exists():
        state = live_state(table)
        services.act(table.id, user_at(table, state.actor), "fold", None, version(table))


def test_the_hosts_bomb_pot_button_makes_the_next_hand_start_on_the_flop(
    hosted, alice, bob, carol, spectator
):
    for seat, user in enumerate((alice, bob, carol), start=1):
        services.sit(hosted.id, user, seat, 200)
    chips = chips_in_room(), issued_chips()
    hosting.bomb_pot_next(hosted.id, alice)
    with pytest.raises(ServiceError, match="already a bomb pot"):
        hosting.bomb_pot_next(hosted.id, alice)
    with pytest.raises(ServiceError, match="Only the host"):
        hosting.bomb_pot_next(hosted.id, bob)
    public, _ = views(hosted, spectator)
    assert public["notices"][-1]["text"] == (
        "alice (host) made the next hand a bomb pot: everyone antes 2 big blinds and the hand "
        "starts on the flop."
    )
    services.start_next_hand(hosted.id, deck=shuffled(30))
    state = live_state(hosted)
    posts = [(e.kind.value, e.amount) for e in state.events if e.kind.value.startswith("post")]
    assert posts == [("post_ante", 4)] * 3  # two big blinds from each, no blind
    assert (state.street.value, len(state.board), state.total_pot) == ("flop", 3, 12)
    public, _ = views(hosted, spectator)
    assert public["hand"]["bomb_pot"] is True and public["bomb_pot_next"] is False
    finish_by_folding(hosted)
    services.start_next_hand(hosted.id, deck=shuffled(31))
    assert not live_state(hosted).bomb_pot  # the button asked for one hand only
    finish_by_folding(hosted)
    assert (chips_in_room(), issued_chips()) == chips


def test_bomb_pots_on_a_schedule_and_bad_values_refused(hosted, alice, bob):
    with pytest.raises(ServiceError, match="bomb pot antes must be 1 to 20, not 0"):
        hosting.update_settings(hosted.id, alice, {"bomb_pot_big_blinds": 0})
    hosting.update_settings(hosted.id, alice, {"bomb_pot_every": 2, "bomb_pot_big_blinds": 3})
    services.sit(hosted.id, alice, 1, 200)
    services.sit(hosted.id, bob, 2, 200)
    bombs = []
    for number in range(4):
        services.start_next_hand(hosted.id, deck=shuffled(40 + number))
        state = live_state(hosted)
        bombs.append((state.bomb_pot, state.total_pot))
        finish_by_folding(hosted)
    assert bombs == [(False, 3), (True, 12), (False, 3), (True, 12)]


def test_a_double_board_bomb_pot_deals_two_boards_and_each_pays_half(
    hosted, alice, bob, carol, spectator
):
    with pytest.raises(ServiceError, match="boards of a bomb pot must be 1 to 2, not 3"):
        hosting.update_settings(hosted.id, alice, {"bomb_pot_boards": 3})
    hosting.update_settings(hosted.id, alice, {"bomb_pot_boards": 2, "run_it_twice": "always"})
    assert views(hosted, spectator)[0]["notices"][-1]["text"].endswith(
        "bomb pots dealt with two boards; run it twice: always.")
    for seat, user in enumerate((alice, bob, carol), start=1):
        services.sit(hosted.id, user, seat, 200)
    chips = chips_in_room(), issued_chips()
    hosting.bomb_pot_next(hosted.id, alice)
    assert views(hosted, spectator)[0]["notices"][-1]["text"].endswith(
        "starts on the flop with two boards.")
    services.start_next_hand(hosted.id, deck=shuffled(33))
    state = live_state(hosted)
    assert (state.boards, state.runouts, len(state.board), len(state.runs[0])) == (2, 1, 3, 3)
    public, _ = views(hosted, spectator)
    assert public["hand"]["boards"] == 2 and public["hand"]["runs"] == [state.runs[0]]
    # Everyone checks to the river: a showdown on both boards.
    while Hand.objects.filter(table=hosted, status=Hand.Status.IN_PROGRESS).exists():
        state = live_state(hosted)
        services.act(hosted.id, user_at(hosted, state.actor), "check", None, version(hosted))
    state = latest_state(hosted)
    assert state.is_complete and len(state.board) == len(state.runs[0]) == 5
    public, _ = views(hosted, spectator)
    rows = public["hand"]["results"]
    # The 12 chips of antes (two big blinds of 2 from three players): 6 paid by each
    # board, counted from the rows' winners.
    paid = {0: 0, 1: 0}
    for row in rows:
        paid[row.get("board", 0)] += sum(w["amount"] for w in row["winners"])
    assert paid == {0: 6, 1: 6} and state.total_pot == 12
    assert all(w["text"].endswith(("on the first board", "on the second board"))
               for row in rows for w in row["winners"])
    net = {p.seat: state.result.finishing_stacks[p.seat] - 200 for p in state.players}
    assert sum(net.values()) == 0 and (chips_in_room(), issued_chips()) == chips


# ---------------------------------------------------------------- straddles


def test_a_player_straddles_the_next_hand_they_are_under_the_gun(
    hosted, alice, bob, carol, spectator
):
    for seat, user in enumerate((alice, bob, carol), start=1):
        services.sit(hosted.id, user, seat, 200)
    with pytest.raises(ServiceError, match="does not allow straddles"):
        services.perform(hosted.id, bob, parse_command(
            '{"type": "straddle", "straddle": true, "request_id": "straddle-1"}'))
    hosting.update_settings(hosted.id, alice, {"straddles_allowed": True})
    assert views(hosted, spectator)[0]["notices"][-1]["text"].endswith(
        "straddles under the gun: allowed.")
    services.perform(hosted.id, carol, parse_command(
        '{"type": "straddle", "straddle": true, "request_id": "straddle-2"}'))
    public, _ = views(hosted, spectator)
    assert [s["straddle_next"] for s in public["seats"]] == [False, False, True]
    chips = chips_in_room(), issued_chips()
    straddled = []
    for number in range(3):
        services.start_next_hand(hosted.id, deck=shuffled(60 + number))
        state = live_state(hosted)
        posts = [(e.kind.value, e.seat, e.amount) for e in state.events
                 if e.kind.value.startswith("post")]
        straddled.append((state.button, [p for p in posts if p[0] == "post_straddle"]))
        if posts[-1][0] == "post_straddle":
            # The straddler acts last preflop: the first to act is the one after them.
            assert state.actor == state.players[0].seat
        finish_by_folding(hosted)
    # Seat 3 is under the gun when the button is on seat 3 (three players): that hand only.
    assert [(button, bool(s)) for button, s in straddled] == [(1, False), (2, False), (3, True)]
    assert straddled[2][1] == [("post_straddle", 3, 4)]
    assert not Seat.objects.get(table=hosted, number=3).straddle_next  # used up
    assert (chips_in_room(), issued_chips()) == chips


def test_a_player_straddles_from_the_button_and_the_small_blind_acts_first(
    hosted, alice, bob, carol, spectator
):
    dave = make_user("dave")
    for seat, user in enumerate((alice, bob, carol, dave), start=1):
        services.sit(hosted.id, user, seat, 200)
    hosting.update_settings(hosted.id, alice, {"button_straddles_allowed": True})
    assert views(hosted, spectator)[0]["notices"][-1]["text"].endswith(
        "straddles on the button: allowed.")
    services.perform(hosted.id, dave, parse_command(
        '{"type": "straddle", "straddle": true, "request_id": "button-straddle"}'))
    with pytest.raises(ServiceError, match="already straddle the next time you may"):
        seating.set_straddle(hosted.id, dave, True)
    public, _ = views(hosted, spectator)
    assert public["button_straddles_allowed"] is True and not public["straddles_allowed"]
    assert [s["straddle_next"] for s in public["seats"]] == [False, False, False, True]
    chips = chips_in_room(), issued_chips()
    straddled = []
    for number in range(4):
        services.start_next_hand(hosted.id, deck=shuffled(70 + number))
        state = live_state(hosted)
        posts = [(e.seat, e.amount) for e in state.events if e.kind.value == "post_straddle"]
        straddled.append((state.button, posts))
        if posts:
            # The small blind acts first, the straddler on the button last.
            assert state.actor == state.small_blind_seat == state.players[0].seat
            history = state
        finish_by_folding(hosted)
    # Dave (seat 4) is on the button in the fourth hand only; nobody straddles under the gun.
    assert straddled == [(1, []), (2, []), (3, []), (4, [(4, 4)])]
    assert not Seat.objects.get(table=hosted, number=4).straddle_next  # used up
    assert history.blinds == {1: 1, 2: 2, 4: 4}
    assert (chips_in_room(), issued_chips()) == chips


def test_the_log_says_four_cards_are_dealt_in_omaha(hosted, alice, bob, spectator):
    hosting.update_settings(hosted.id, alice, {"game": "PO"})
    services.sit(hosted.id, alice, 1, 200)
    services.sit(hosted.id, bob, 2, 200)
    services.start_next_hand(hosted.id, deck=shuffled(80))
    log = [row["text"] for row in views(hosted, spectator)[0]["log"]]
    assert "alice is dealt four cards" in log and "bob is dealt four cards" in log


def test_the_coach_gives_omaha_equity_against_random_hands_and_no_grades(
        client, hosted, alice, bob):
    hosting.update_settings(hosted.id, alice, {"game": "PO", "coach_allowed": True})
    services.sit(hosted.id, alice, 1, 200)
    services.sit(hosted.id, bob, 2, 200)
    hand = services.start_next_hand(hosted.id, deck=shuffled(81))
    users = {1: alice, 2: bob}
    while True:  # check or call to the river, until bob is to act there
        state = live_state(hosted)
        if state.street.value == "river" and state.actor == 2:
            break
        hosted.refresh_from_db()
        legal = state.legal_actions()
        services.act(hosted.id, users[state.actor], "call" if legal.call else "check", None,
                     hosted.version)
    client.force_login(bob)
    report = client.get(f"/tables/{hosted.id}/coach/").json()
    assert report["hand"] == hand.number and report["summary"] is None
    assert report["note"].startswith("Pot-limit Omaha: the coach gives your equity against")
    now = report["now"]
    assert now["street"] == "river" and now["equity"] is None and now["outs"] is None
    # Against every four cards alice may hold, counted (bob sees his cards and the board).
    hole, board = list(state.player(2).hole), list(state.board)
    exact = exact_against_one_random_hand(" ".join(hole), " ".join(board))
    assert abs(now["equity_random"] - exact) <= 4 * now["standard_error"] + 0.0005
    # Each of bob's decisions: a line with his equity against a random hand, never a grade.
    mine = [a for a in state.actions if a.seat == 2]
    assert len(report["decisions"]) == len(mine) == 3  # preflop, flop and turn
    for decision, action in zip(report["decisions"], mine, strict=True):
        assert decision["action"] == action.kind.value and decision["grade"] is None
        assert decision["verdict"].startswith(f"you {action.kind.value}")
        assert "against a random hand" in decision["verdict"]
    for user in (bob, alice):  # check the river down: the review page grades nothing
        hosted.refresh_from_db()
        services.act(hosted.id, user, "check", None, hosted.version)
    page = client.get(f"/learn/review/{hand.id}/")
    assert page.status_code == 200 and page.context["rows"] == []
    note = 'data-review="ungraded">Pot-limit Omaha: the coach does not grade'
    assert note in page.content.decode()
