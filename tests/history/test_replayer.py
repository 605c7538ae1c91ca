"""The replayer: its steps follow the engine, and each viewer gets exactly the cards they may
see (own; others' only once shown; mucked and folded never), in the page and its JSON."""

import json
import re

import pytest
from django.test import Client

from games.engine import HandState
from games.history import queries
from games.history.masking import MaskError, masked_state
from games.history.presenters import replay_data
from games.history.sharing import share_token
from games.models import Hand
from tests.games.conftest import ACES_KINGS_BURNS

pytestmark = pytest.mark.django_db

ALICE, BOB, CAROL = ["7s", "2d"], ["As", "Ah"], ["Kd", "Kc"]
BURNS = ACES_KINGS_BURNS  # never dealt face up
UNDEALT = ["2c", "Ac", "Ad"]  # cards deeper in the deck


def page(client, url):
    response = client.get(url)
    assert response.status_code == 200, response.status_code
    html = response.content.decode()
    script = r'<script id="replay-data" type="application/json">(.*?)</script>'
    match = re.search(script, html, re.S)
    return html, json.loads(match.group(1))


def card_codes(data) -> set[str]:
    """Every string in the JSON that is a card code."""
    found = set()

    def walk(node):
        if isinstance(node, dict):
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)
        elif isinstance(node, str) and re.fullmatch(r"[2-9TJQKA][cdhs]", node):
            found.add(node)

    walk(data)
    return found


def assert_hidden(html: str, data, cards) -> None:
    codes = card_codes(data)
    for card in cards:
        assert card not in codes, f"{card} leaked into the replay JSON"
        assert f'"{card}"' not in html, f"{card} leaked into the page"


def engine_after(hand: Hand, actions: int) -> HandState:
    """The stored hand replayed through the engine up to its first ``actions`` actions."""
    from games.engine import start_hand
    from games.history.masking import seat_inputs

    full = HandState.from_dict(hand.state)
    state = start_hand(full.config, seat_inputs(full), full.deck, full.button)
    for action in full.actions[:actions]:
        state.apply(action)
    return state


@pytest.mark.parametrize("fixture", ["showdown_hand", "side_pot_hand", "folded_hand"])
def test_every_step_matches_the_engine_replay(request, fixture, alice):
    hand = request.getfixturevalue(fixture)
    data = replay_data(queries.review_for_player(hand.id, alice))
    steps = data["steps"]
    starting = {p["seat"]: p["starting_stack"] for p in data["players"]}
    last_for = {step["actions"]: k for k, step in enumerate(steps)}
    for k, step in enumerate(steps):
        seats = {s["number"]: s for s in step["seats"]}
        felt = step["hand"]
        assert sum(p["amount"] for p in felt["pots"]) == felt["total_pot"] - sum(
            s["bet"] for s in seats.values()
        )
        if step["kind"] != "win" and not any(st["kind"] == "win" for st in steps[:k]):
            # Chips are only moved, never made, before the wins.
            stacks = sum(s["stack"] for s in seats.values())
            assert stacks + felt["total_pot"] == sum(starting.values()), (k, step["label"])
        if last_for[step["actions"]] == k:  # the step after an action: the engine's own state
            engine = engine_after(hand, step["actions"])
            assert {s: v["stack"] for s, v in seats.items()} == engine.stacks(), step["label"]
            assert {s: v["bet"] for s, v in seats.items()} == {
                p.seat: p.bet for p in engine.players
            }
            assert felt["total_pot"] == engine.total_pot
            assert felt["to_act"] == engine.actor
            assert felt["board"] == list(engine.board)
    final = {s["number"]: s["stack"] for s in steps[-1]["seats"]}
    assert final == {p.seat: p.finishing_stack for p in hand.players.all()}


def test_the_showdown_steps_show_stacks_pot_and_winner(showdown_hand, alice):
    data = replay_data(queries.review_for_player(showdown_hand.id, alice))
    labels = [s["label"] for s in data["steps"]]
    assert labels[:4] == [
        "The hand begins",
        "bob posts the small blind of 1",
        "carol posts the big blind of 2",
        "The hole cards are dealt",
    ]
    river_call = next(s for s in data["steps"] if s["label"] == "carol calls 20")
    assert river_call["hand"]["total_pot"] == 64
    assert [s["stack"] for s in river_call["seats"]] == [168, 168, 200]
    assert data["steps"][-1]["label"].startswith("bob wins 64 from the pot with a pair of aces")
    assert data["result"]["pots"][0]["winners"] == [2]
    shown = data["result"]["shown"]
    assert [h["seat"] for h in shown] == [2] and len(shown[0]["best_five"]) == 5
    assert shown[0]["description"]


def test_side_pots_are_shown_as_they_form(side_pot_hand, alice):
    data = replay_data(queries.review_for_player(side_pot_hand.id, alice))
    returned = next(s for s in data["steps"] if s["kind"] == "return_uncalled")
    assert returned["label"] == "Uncalled bet of 100 returned to alice"
    flop = next(s for s in data["steps"] if s["kind"] == "deal_board")
    assert [(p["name"], p["amount"], p["eligible"]) for p in flop["hand"]["pots"]] == [
        ("Main pot", 150, [2, 3, 1]),
        ("Side pot 1", 100, [3, 1]),
    ]
    assert [p["winners"] for p in data["result"]["pots"]] == [[2], [3]]


def test_a_player_sees_their_own_cards_and_shown_hands_but_never_a_muck(
    client, showdown_hand, alice
):
    client.force_login(alice)
    html, data = page(client, f"/hands/{showdown_hand.id}/")
    codes = card_codes(data)
    assert set(ALICE) <= codes and set(BOB) <= codes  # bob showed at showdown
    assert_hidden(html, data, CAROL + BURNS + UNDEALT)  # carol mucked
    first = data["steps"][3]  # hole cards dealt: only alice's own are face up
    assert {s["number"]: s["cards"] for s in first["seats"]} == {1: ALICE, 2: None, 3: None}
    assert {s["number"]: s["has_cards"] for s in first["seats"]} == {1: True, 2: True, 3: True}


def test_the_mucking_player_sees_the_shown_hand_and_not_the_folded_one(
    client, showdown_hand, carol
):
    client.force_login(carol)
    html, data = page(client, f"/hands/{showdown_hand.id}/")
    assert set(CAROL + BOB) <= card_codes(data)
    assert_hidden(html, data, ALICE + BURNS + UNDEALT)


def test_cards_shown_at_showdown_appear_only_from_the_show_on(client, showdown_hand, carol):
    client.force_login(carol)
    _, data = page(client, f"/hands/{showdown_hand.id}/")
    show = next(k for k, s in enumerate(data["steps"]) if s["kind"] == "show")
    for step in data["steps"][:show]:
        assert {s["number"]: s["cards"] for s in step["seats"]}[2] is None
    assert {s["number"]: s["cards"] for s in data["steps"][show]["seats"]}[2] == BOB


def test_a_hand_that_ended_preflop_reveals_no_board_and_no_other_cards(
    client, folded_hand, bob
):
    client.force_login(bob)
    html, data = page(client, f"/hands/{folded_hand.id}/")
    assert card_codes(data) == set(BOB)
    assert_hidden(html, data, ALICE + CAROL + ["9h", "8d", "4c", "Jd", "Qc"])


def test_someone_who_did_not_play_the_hand_gets_a_404(client, showdown_hand, spectator):
    client.force_login(spectator)
    assert client.get(f"/hands/{showdown_hand.id}/").status_code == 404
    assert client.get(f"/hands/{showdown_hand.id}/hand.phh").status_code == 404


def test_an_anonymous_visitor_is_sent_to_log_in(client, showdown_hand):
    response = client.get(f"/hands/{showdown_hand.id}/")
    assert response.status_code == 302 and "/login/" in response["Location"]


def test_the_share_link_shows_only_public_information_to_anyone(showdown_hand, alice):
    owner = Client()
    owner.force_login(alice)
    html, _ = page(owner, f"/hands/{showdown_hand.id}/")
    url = re.search(r'id="share-url"[^>]*value="https?://[^/]+([^"]+)"', html).group(1)
    assert url == f"/hands/shared/{share_token(showdown_hand.id)}/"
    html, data = page(Client(), url)  # anonymous
    assert set(BOB) <= card_codes(data)  # shown at showdown: public
    assert_hidden(html, data, ALICE + CAROL + BURNS + UNDEALT)
    assert data["viewer_seat"] is None
    assert data["equity"] is None  # one visible hand: no equity figure
    assert "share-url" not in html and "hand.phh" not in html


def test_a_forged_or_altered_share_token_is_a_404(client, showdown_hand):
    token = share_token(showdown_hand.id)
    assert client.get(f"/hands/shared/{token}x/").status_code == 404
    assert client.get("/hands/shared/not-a-token/").status_code == 404


def test_previous_and_next_link_the_players_hands_at_the_table(table, alice, bob):
    from tests.history.conftest import play_out, seat

    seat(table, (alice, 200), (bob, 200))
    hands = [play_out(table, [alice, bob]) for _ in range(3)]
    client = Client()
    client.force_login(alice)
    html, _ = page(client, f"/hands/{hands[1].id}/")
    assert f'href="/hands/{hands[0].id}/"' in html and 'rel="prev"' in html
    assert f'href="/hands/{hands[2].id}/"' in html and 'rel="next"' in html
    html, _ = page(client, f"/hands/{hands[0].id}/")
    assert 'rel="prev"' not in html


def test_equity_is_computed_only_among_visible_hands(showdown_hand, alice, carol):
    for_alice = replay_data(queries.review_for_player(showdown_hand.id, alice))["equity"]
    # alice sees her hand and bob's; she folded preflop, so only preflop has two hands.
    assert [h["seat"] for h in for_alice["hands"]] == [2, 1]
    assert [h["equity"][1:] for h in for_alice["hands"]] == [[None] * 3, [None] * 3]
    assert sum(h["equity"][0] for h in for_alice["hands"]) == pytest.approx(1)
    for_carol = replay_data(queries.review_for_player(showdown_hand.id, carol))["equity"]
    assert for_carol["streets"] == ["preflop", "flop", "turn", "river"]
    by_seat = {h["seat"]: h["equity"] for h in for_carol["hands"]}
    assert set(by_seat) == {2, 3}  # never alice's folded hand
    assert by_seat[2][-1] == 1.0 and by_seat[3][-1] == 0.0
    # Aces against kings preflop, exactly: (wins + ties / 2) / boards over 1,712,304 boards.
    assert by_seat[2][0] == pytest.approx((1_388_072 + 6_538 / 2) / 1_712_304, abs=1e-6)
    assert by_seat[3][0] == pytest.approx(1 - by_seat[2][0], abs=1e-6)


def test_the_masked_state_knows_nothing_hidden(showdown_hand):
    full = HandState.from_dict(showdown_hand.state)
    masked = masked_state(full, 1)
    known = {c for c in masked.deck if c != "??"}
    assert known == set(ALICE + BOB + ["9h", "8d", "4c", "Jd", "Qc"])
    assert masked.player(3).hole == ("??", "??")
    assert masked.result.finishing_stacks == full.result.finishing_stacks


def test_a_hand_the_engine_cannot_replay_is_reported_not_guessed(showdown_hand):
    data = dict(showdown_hand.state)
    data["actions"] = data["actions"][:-1]  # the stored result no longer follows
    with pytest.raises(MaskError):
        masked_state(HandState.from_dict(data), 1)
