"""Short-deck hold'em at a live table: the host deals it from a fair 36-card deck, the
button posts the blind after everyone's ante, a flush beats a full house at the showdown,
and the table's order of three of a kind and a straight reaches the stored hand, which
replays to the same result (games/table_games.py, games/engine/games.py)."""

import tomllib

import pytest

from games import services
from games.engine import EventKind, HandState, export_phh, replay, replay_phh
from games.engine.deal_order import deck_that_deals
from games.engine.fair_deal import FairDeal, check_deal
from games.engine.games import SHORT_DECK_HOLDEM
from games.history.masking import masked_state
from games.history.replay.replayer import build_replay
from games.host_settings import settings_schema
from games.models import Hand
from games.services import ServiceError, hosting
from tests.games.test_home_games import (
    all_in_heads_up,
    hosted,  # noqa: F401  (the fixture)
    latest_state,
    live_state,
    views,
)

pytestmark = pytest.mark.django_db


def short_deck_that_deals(holes: list[str], board: str) -> list[str]:
    """A 36-card deck dealing ``holes`` (left of the button first), then ``board``."""
    split = [[h[:2], h[2:]] for h in holes]
    cards = [board[i:i + 2] for i in range(0, len(board), 2)]
    deck = deck_that_deals(split, cards)
    spare = [c for c in SHORT_DECK_HOLDEM.deck if c not in deck]
    return [spare.pop() if c == "??" else c for c in deck] + spare


def short_deck_table(table, alice, ranking: str | None = None) -> None:
    settings = {"game": "NS", "ante": 1, "small_blind": 1, "big_blind": 2}
    if ranking:
        settings["short_deck_ranking"] = ranking
    hosting.update_settings(table.id, alice, settings)


def test_the_host_deals_short_deck_from_a_fair_36_card_deck(hosted, alice, bob, carol):  # noqa: F811
    short_deck_table(hosted, alice)
    _, host_view = views(hosted, alice)
    game = next(f for f in settings_schema() if f["name"] == "game")  # the host's panel
    assert ["NS", "No-limit short-deck hold'em"] in game["choices"]
    for seat, user in enumerate((alice, bob, carol), start=1):
        services.sit(hosted.id, user, seat, 200)
    services.start_next_hand(hosted.id)  # live play: the fair deck, no deck given
    state = live_state(hosted)
    assert sorted(state.deck) == sorted(SHORT_DECK_HOLDEM.deck)
    posts = [(e.kind, e.seat, e.amount) for e in state.events if e.kind.value.startswith("post")]
    assert sorted(p for p in posts if p[0] is EventKind.POST_ANTE) == [
        (EventKind.POST_ANTE, seat, 1) for seat in (1, 2, 3)]
    assert [p for p in posts if p[0] is not EventKind.POST_ANTE] == [
        (EventKind.POST_BIG_BLIND, state.button, 2)]
    # The player left of the button acts first; the button, who posted, acts last.
    assert state.actor == state.players[0].seat and state.players[-1].seat == state.button
    public, _ = views(hosted, alice)
    assert public["hand"]["game_label"] == "No-limit short-deck hold'em"
    record = FairDeal.from_dict(Hand.objects.get(table=hosted).fair_deal)
    assert record.deck_size == 36 and check_deal(record, state.deck, {1, 2, 3}).ok


def test_a_flush_beats_a_full_house_at_the_table(hosted, alice, bob):  # noqa: F811
    short_deck_table(hosted, alice)
    services.sit(hosted.id, alice, 1, 100)
    services.sit(hosted.id, bob, 2, 100)
    deck = short_deck_that_deals(["AhQh", "Ks9c"], "KhKd9h7h6c")
    services.start_next_hand(hosted.id, deck=deck)
    all_in_heads_up(hosted)
    state = latest_state(hosted)
    assert state.result is not None and state.board == ["Kh", "Kd", "9h", "7h", "6c"]
    flush = next(p.seat for p in state.players if p.hole == ("Ah", "Qh"))
    boat = next(p.seat for p in state.players if p.hole == ("Ks", "9c"))
    shown = {s.seat: s.description for s in state.result.shown}
    assert shown == {flush: "Flush, ace-king-queen-nine-seven",
                     boat: "Full house, kings full of nines"}
    assert state.result.finishing_stacks == {flush: 200, boat: 0}
    # The replayer and the export say the same.
    steps = build_replay(masked_state(state, flush), flush, {1: "alice", 2: "bob"})
    assert steps["steps"][-1]["hand"]["game_label"] == "No-limit short-deck hold'em"
    text = export_phh(state)
    assert tomllib.loads(text)["variant"] == "NS"
    assert replay_phh(text).finishing_stacks == tuple(
        state.result.finishing_stacks[p.seat] for p in state.players)


@pytest.mark.parametrize(("ranking", "winner_holds"), [
    ("short-deck", ("Tc", "Qs")),  # pokerkit's order: the straight wins
    ("short-deck-trips", ("7h", "As")),  # the table's other order: three sevens win
])
def test_the_tables_order_of_trips_and_straights_is_kept_with_the_hand(
        hosted, alice, bob, ranking, winner_holds):  # noqa: F811
    short_deck_table(hosted, alice, ranking)
    services.sit(hosted.id, alice, 1, 100)
    services.sit(hosted.id, bob, 2, 100)
    deck = short_deck_that_deals(["TcQs", "7hAs"], "7c7d8s9dJh")
    services.start_next_hand(hosted.id, deck=deck)
    all_in_heads_up(hosted)
    stored = Hand.objects.filter(table=hosted).latest("number").state
    state = HandState.from_dict(stored)
    assert state.config.game.ranking.value == ranking
    winner = next(p.seat for p in state.players if p.hole == winner_holds)
    assert state.result.finishing_stacks[winner] == 200
    again = replay(state.config, _seats(state), state.deck, state.actions,
                   state.button, state.setup)
    assert again.result.finishing_stacks == state.result.finishing_stacks


def _seats(state: HandState):
    from games.engine import SeatInput

    return [SeatInput(p.seat, p.player_id, p.starting_stack) for p in state.players]


def test_a_bad_short_deck_order_is_refused_with_a_sentence(hosted, alice):  # noqa: F811
    with pytest.raises(ServiceError, match="Short deck ranking must be one of"):
        hosting.update_settings(hosted.id, alice, {"short_deck_ranking": "trips"})


def test_the_coach_says_its_advice_models_holdem_and_gives_short_deck_equity(
        client, hosted, alice, bob):  # noqa: F811
    short_deck_table(hosted, alice)
    hosting.update_settings(hosted.id, alice, {"coach_allowed": True})
    services.sit(hosted.id, alice, 1, 100)
    services.sit(hosted.id, bob, 2, 100)
    deck = short_deck_that_deals(["AhQh", "Ks9c"], "KhKd9h7h6c")
    hand = services.start_next_hand(hosted.id, deck=deck)
    users = {1: alice, 2: bob}
    while True:  # check or call to the river
        state = live_state(hosted)
        if state.street.value == "river":
            break
        hosted.refresh_from_db()
        legal = state.legal_actions()
        services.act(hosted.id, users[state.actor], "call" if legal.call else "check", None,
                     hosted.version)
    flush = next(p.seat for p in state.players if p.hole == ("Ah", "Qh"))
    client.force_login(users[flush])
    report = client.get(f"/tables/{hosted.id}/coach/").json()
    assert report["hand"] == hand.number and report["summary"] is None
    assert report["note"].startswith("Short-deck hold'em: the coach gives your equity")
    assert "model hold'em dealt from 52 cards" in report["note"]
    now = report["now"]
    assert now["equity"] is None and now["outs"] is None and now["equity_random"] > 0.95
    assert all(d["grade"] is None for d in report["decisions"])
    while not latest_state(hosted).is_complete:  # check the river down
        state = live_state(hosted)
        hosted.refresh_from_db()
        services.act(hosted.id, users[state.actor], "check", None, hosted.version)
    page = client.get(f"/learn/review/{hand.id}/")
    assert page.status_code == 200 and page.context["rows"] == []
    assert ('data-review="ungraded">No-limit short-deck hold&#x27;em: the coach does not grade'
            in page.content.decode())


def test_the_replayer_equity_and_the_stars_export_are_short_decks(client, hosted, alice, bob):  # noqa: F811
    from games.history import queries
    from games.history.presenters import replay_data
    from games.history.stars.writer import HandInfo, write_hand
    from tests.learning.test_tool_views import short_deck_count

    pytest.importorskip("pokerkit")
    short_deck_table(hosted, alice)
    services.sit(hosted.id, alice, 1, 100)
    services.sit(hosted.id, bob, 2, 100)
    deck = short_deck_that_deals(["AhQh", "Ks9c"], "KhKd9h7h6c")
    services.start_next_hand(hosted.id, deck=deck)
    all_in_heads_up(hosted)
    hand = Hand.objects.filter(table=hosted).latest("number")
    state = HandState.from_dict(hand.state)
    data = replay_data(queries.review_for_player(hand.id, alice))
    equity = {h["seat"]: h["equity"] for h in data["equity"]["hands"]}
    holes = {p.seat: "".join(p.hole) for p in state.players}
    seats = sorted(holes)
    # On the flop, counted over every 36-card turn and river with pokerkit's hand type.
    runs, counted = short_deck_count([holes[s] for s in seats], "".join(state.board[:3]))
    assert runs == 406 and data["equity"]["streets"] == ["preflop", "flop", "turn", "river"]
    for seat, (_wins, _ties, share) in zip(seats, counted, strict=True):
        assert equity[seat][1] == pytest.approx(float(share), abs=1e-6)
    assert sum(equity[s][0] for s in seats) == pytest.approx(1)
    flush = next(s for s in seats if holes[s] == "AhQh")
    assert equity[flush][-1] == 1.0  # on the river the flush has beaten the full house
    # PokerStars text names the game and the button's blind as PokerStars writes 6+ hold'em.
    info = HandInfo(number=hand.number, table="Six plus", max_seats=9, started_at=None,
                    names={1: "alice", 2: "bob"}, hero_seat=1)
    text = write_hand(masked_state(state, 1), info)
    first = text.splitlines()[0]
    assert ": 6+ Hold'em No Limit (Button Blind 2 - Ante 1) - " in first
    button = {1: "alice", 2: "bob"}[state.button]
    assert f"{button}: posts button blind 2" in text and "small blind" not in text
    assert "posts the ante 1" in text
    # My hands lists it; its page names the game; its downloads say the same.
    client.force_login(alice)
    assert f"/hands/{hand.id}/" in client.get("/hands/").content.decode()
    assert "No-limit short-deck hold&#x27;em" in client.get(f"/hands/{hand.id}/").content.decode()
    download = client.get(f"/hands/{hand.id}/pokerstars.txt").content.decode()
    assert "6+ Hold'em No Limit (Button Blind 2 - Ante 1)" in download
    assert "variant = 'NS'" in client.get(f"/hands/{hand.id}/hand.phh").content.decode()


def test_the_log_and_the_replayer_say_the_button_posts_the_button_blind(
        hosted, alice, bob, spectator):  # noqa: F811
    from games.history import queries
    from games.history.presenters import replay_data

    short_deck_table(hosted, alice)
    services.sit(hosted.id, alice, 1, 100)
    services.sit(hosted.id, bob, 2, 100)
    services.start_next_hand(hosted.id, deck=short_deck_that_deals(["AhQh", "Ks9c"], ""))
    state = live_state(hosted)
    name = {1: "alice", 2: "bob"}[state.button]
    log = [row["text"] for row in views(hosted, spectator)[0]["log"]]
    assert f"{name} posts the button blind of 2" in log
    assert not any("small blind" in line or "big blind" in line for line in log)
    all_in_heads_up(hosted)
    hand = Hand.objects.filter(table=hosted).latest("number")
    steps = replay_data(queries.review_for_player(hand.id, alice))["steps"]
    assert any(step["label"] == f"{name} posts the button blind of 2" for step in steps)


def test_a_fair_short_deck_hand_verifies_from_its_phh_and_stars_exports(hosted, alice, bob):  # noqa: F811
    from games.history import queries
    from games.history.export import exports
    from games.history.export.deal_checks import verify_text

    short_deck_table(hosted, alice)
    services.sit(hosted.id, alice, 1, 100)
    services.sit(hosted.id, bob, 2, 100)
    services.start_next_hand(hosted.id)  # the fair deck
    all_in_heads_up(hosted)
    hand = Hand.objects.filter(table=hosted).latest("number")
    review = queries.review_for_player(hand.id, alice)
    phh = exports.phh_text(review)
    assert "_deal_deck_size = 36" in phh
    stars = exports.pokerstars_text(review)
    assert f"Fair deal: fair-deal-v1, hand {hand.number}, 36 cards" in stars
    for text in (phh, stars):
        (verdict,) = verify_text(text)
        assert verdict.ok, verdict.text
    # The same record read as a 52-card deck would not verify: the deck size matters.
    (wrong,) = verify_text(phh.replace("_deal_deck_size = 36\n", ""))
    assert not wrong.ok
