"""Dealer's choice over the host's games in the host's order (issue 41): the rotation and its
checks, the host's change told in words, the table dealing each game in turn with the view
saying which game is dealt and which comes next, and the games and house rules explained
(issue 40). Written over the registry, so games added to it are checked here too."""

import importlib
import json

import pytest
from django.apps import apps

from games import services, snapshots
from games.dealers_choice import game_after, orbit_game, rotation, rotation_problem
from games.engine.games import GAMES
from games.models import Hand, Seat, Table
from games.projection import personal_view, public_view
from games.protocol import ProtocolError, parse_command
from games.services import ServiceError, hosting
from games.table_games import DEALERS_CHOICE

pytestmark = pytest.mark.django_db

# The host's order: the registry's games backwards, so the order is the host's, not its own.
CHOSEN = list(reversed(GAMES))


@pytest.fixture
def hosted(table, alice):
    table.host = alice
    table.save(update_fields=["host"])
    return table


# ---------------------------------------------------------------- the rotation, pure


def test_each_orbit_deals_the_next_game_in_the_hosts_order_and_wraps():
    games = rotation(CHOSEN)
    buttons = [1, 3, 5] * (2 * len(games))  # three players: the button passes seat 1 again
    last_game, last_button, dealt = None, None, []
    for button in buttons:
        game = orbit_game(games, last_game, last_button, button)
        dealt.append(game.code)
        last_game, last_button = game.code, button
    expected = [CHOSEN[hand // 3 % len(CHOSEN)] for hand in range(len(buttons))]
    assert dealt == expected
    assert [game_after(games, code).code for code in CHOSEN] == CHOSEN[1:] + CHOSEN[:1]


@pytest.mark.parametrize(("codes", "sentence"), [
    ([], "Dealer's choice needs at least two games; you chose none."),
    (CHOSEN[:1], f"Dealer's choice needs at least two games; you chose one: "
                 f"{GAMES[CHOSEN[0]].label}."),
    (CHOSEN + CHOSEN[:1], f"Dealer's choice deals each game once an orbit: "
                          f"{GAMES[CHOSEN[0]].label} is chosen twice."),
    ([*CHOSEN[:1], "XX"], f"Dealer's choice deals only the room's games ({', '.join(GAMES)}), "
                          "not 'XX'."),
    ([*CHOSEN[:1], 7], f"Dealer's choice deals only the room's games ({', '.join(GAMES)}), "
                       "not 7."),
    ("NT PO", "Dealer's choice games must be a list of game codes, not 'NT PO'."),
])
def test_a_rotation_that_cannot_be_dealt_is_refused_with_a_sentence(codes, sentence):
    assert rotation_problem(codes) == sentence


def test_every_two_or_more_distinct_games_make_a_rotation():
    for size in range(2, len(GAMES) + 1):
        assert rotation_problem(CHOSEN[:size]) is None


# ---------------------------------------------------------------- the host's settings


def test_the_host_sets_dealers_choice_and_the_log_says_the_games_in_order(hosted, alice, bob):
    hosting.update_settings(hosted.id, alice, {"game": DEALERS_CHOICE,
                                               "dealers_choice_games": CHOSEN})
    hosted.refresh_from_db()
    assert hosted.game == DEALERS_CHOICE and hosted.dealers_choice_games == CHOSEN
    order = ", then ".join(GAMES[code].label for code in CHOSEN)
    assert hosted.notices[-1]["text"] == (
        "alice (host) changed the table from the next hand: game: dealer's choice; "
        f"dealer's choice games: {order}, an orbit each."
    )


def test_choosing_dealers_choice_alone_tells_the_rotation_the_table_has(hosted, alice):
    hosted.dealers_choice_games = CHOSEN[:2]
    hosted.save(update_fields=["dealers_choice_games"])
    hosting.update_settings(hosted.id, alice, {"game": DEALERS_CHOICE})
    hosted.refresh_from_db()
    first, second = (GAMES[code].label for code in CHOSEN[:2])
    assert hosted.notices[-1]["text"].endswith(
        f"game: dealer's choice; dealer's choice games: {first}, then {second}, an orbit each.")


@pytest.mark.parametrize("bad", [CHOSEN[:1], CHOSEN + CHOSEN[:1], ["XX", *CHOSEN]])
def test_a_bad_rotation_changes_nothing(hosted, alice, bad):
    before = Table.objects.get(pk=hosted.pk)
    with pytest.raises(ServiceError, match="Dealer's choice"):
        hosting.update_settings(hosted.id, alice, {"game": DEALERS_CHOICE,
                                                   "dealers_choice_games": bad})
    after = Table.objects.get(pk=hosted.pk)
    assert (after.game, after.dealers_choice_games, after.version) == (
        before.game, before.dealers_choice_games, before.version)


def test_the_protocol_reads_a_list_of_codes_and_refuses_other_shapes():
    command = parse_command(json.dumps({
        "type": "host", "control": "settings", "request_id": "abcdefgh12",
        "settings": {"dealers_choice_games": CHOSEN}}))
    assert dict(command.settings) == {"dealers_choice_games": tuple(CHOSEN)}
    for bad in ("NT", [1, 2], [None], ["x" * 40], ["NT"] * 40):
        with pytest.raises(ProtocolError, match="'dealers_choice_games' must be a list of game"):
            parse_command(json.dumps({
                "type": "host", "control": "settings", "request_id": "abcdefgh12",
                "settings": {"dealers_choice_games": bad}}))


def test_tables_older_than_the_choice_keep_hold_em_then_omaha(table):
    migration = importlib.import_module("games.migrations.0031_table_dealers_choice_games")
    migration.keep_the_old_rotation(apps, None)
    table.refresh_from_db()
    assert table.dealers_choice_games == ["NT", "PO"]
    assert Table.objects.create(name="New").dealers_choice_games == list(GAMES)


# ---------------------------------------------------------------- the table deals them


def actor_folds(table) -> None:
    hand = Hand.objects.get(table=table, status=Hand.Status.IN_PROGRESS)
    state = snapshots.load(table.id).hand.state
    user = Seat.objects.get(table=table, number=state.actor).user
    services.act(table.id, user, "fold", None, Table.objects.get(pk=table.pk).version)
    assert Hand.objects.get(pk=hand.pk).status != Hand.Status.IN_PROGRESS


def test_the_table_deals_each_game_in_turn_and_the_view_says_which_and_what_next(
    hosted, alice, bob
):
    hosting.update_settings(hosted.id, alice, {"game": DEALERS_CHOICE,
                                               "dealers_choice_games": CHOSEN})
    services.sit(hosted.id, alice, 1, 200)
    services.sit(hosted.id, bob, 2, 200)
    seen = []
    for _ in range(2 * len(CHOSEN) + 2):  # heads-up an orbit is two hands; one lap and more
        services.start_next_hand(hosted.id)
        snapshot = snapshots.load(hosted.id, alice.id)
        public = public_view(snapshot)
        mine = personal_view(snapshot, public, alice.id)
        hand = mine["hand"]
        code = hand["game"]
        seen.append(code)
        now, after = GAMES[code], GAMES[CHOSEN[(CHOSEN.index(code) + 1) % len(CHOSEN)]]
        assert hand["game_label"] == now.label and hand["hole_cards"] == now.hole_cards
        mine_seat = next(s for s in mine["seats"] if s["number"] == 1)
        assert len(mine_seat["cards"]) == now.hole_cards  # the cards dealt, counted
        assert mine["game_label"] == (
            f"Dealer's choice: {now.label} now, {after.label} next orbit")
        assert mine["next_game"] == f"Next orbit: {after.label}"
        actor_folds(hosted)
    assert seen == [CHOSEN[hand // 2 % len(CHOSEN)] for hand in range(len(seen))]


def test_a_new_rotation_starts_from_its_first_game_and_says_so_meanwhile(hosted, alice, bob):
    hosting.update_settings(hosted.id, alice, {"game": DEALERS_CHOICE,
                                               "dealers_choice_games": CHOSEN})
    services.sit(hosted.id, alice, 1, 200)
    services.sit(hosted.id, bob, 2, 200)
    services.start_next_hand(hosted.id)
    dealt = snapshots.load(hosted.id).hand.state.game.code
    others = [code for code in CHOSEN if code != dealt]
    hosting.update_settings(hosted.id, alice, {"dealers_choice_games": others})
    view = public_view(snapshots.load(hosted.id)).view
    first = GAMES[others[0]].label
    assert view["next_game"] == f"Next hand: {first}"
    assert view["game_label"] == (
        f"Dealer's choice: {GAMES[dealt].label} now, {first} next hand")
    actor_folds(hosted)
    services.start_next_hand(hosted.id)
    assert snapshots.load(hosted.id).hand.state.game.code == others[0]


# ---------------------------------------------------------------- explained at the table


def test_the_games_and_house_rules_are_explained_in_a_whole_view(hosted, alice, bob):
    hosting.update_settings(hosted.id, alice, {
        "game": DEALERS_CHOICE, "dealers_choice_games": CHOSEN, "seven_deuce_big_blinds": 5,
        "straddles_allowed": True})
    rules = public_view(snapshots.load(hosted.id)).view["house_rules"]
    assert [rule["topic"] for rule in rules] == (
        ["dealers_choice"] + ["game"] * len(CHOSEN) + ["seven_deuce", "straddle"])
    assert [rule["game"] for rule in rules if rule["topic"] == "game"] == CHOSEN
    for rule in rules:
        if rule["topic"] == "game":  # each game's own words, from its declaration
            assert rule["title"] == GAMES[rule["game"]].label and len(rule["text"]) > 40
    order = ", then ".join(GAMES[code].label for code in CHOSEN)
    assert f"in this order: {order}, then {GAMES[CHOSEN[0]].label} again." in rules[0]["text"]
    assert "pays you 5 big blinds" in rules[-2]["text"]
    assert "under the gun" in rules[-1]["text"] and "on the button" not in rules[-1]["text"]


def test_an_update_carries_the_rules_only_when_a_setting_changed(
    hosted, alice, bob, monkeypatch
):
    from games.services import writer

    built = []
    take = writer.snapshot_of
    monkeypatch.setattr(writer, "snapshot_of",
                        lambda locked, also=(): built.append(take(locked, also)) or built[-1])
    services.sit(hosted.id, alice, 1, 200)
    hosting.update_settings(hosted.id, alice, {"seven_deuce_big_blinds": 3})
    sat, changed = (public_view(snapshot).view["house_rules"] for snapshot in built)
    assert sat is None  # a seat taken: nothing to explain again
    assert [rule["topic"] for rule in changed] == ["game", "seven_deuce"]


def test_a_rotation_with_a_game_for_fewer_players_than_the_seats_is_refused(hosted, alice):
    """Five-card Omaha deals at most eight (one deck): a nine-seat table cannot rotate it in,
    nor grow to nine seats while it is in the rotation."""
    five_card = next(code for code, game in GAMES.items() if game.max_players < 9)
    hosting.update_settings(hosted.id, alice, {"max_seats": 9})
    with pytest.raises(ServiceError, match="deals at most 8 players"):
        hosting.update_settings(hosted.id, alice, {"game": DEALERS_CHOICE,
                                                   "dealers_choice_games": ["NT", five_card]})
    hosting.update_settings(hosted.id, alice, {"max_seats": 8})
    hosting.update_settings(hosted.id, alice, {"game": DEALERS_CHOICE,
                                               "dealers_choice_games": ["NT", five_card]})
    with pytest.raises(ServiceError, match="deals at most 8 players"):
        hosting.update_settings(hosted.id, alice, {"max_seats": 9})
