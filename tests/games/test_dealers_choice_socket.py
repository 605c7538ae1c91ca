"""Dealer's choice set from the felt over the real ASGI stack: the host's panel sends the
games in order, every page hears it told in words and gets the explanations again; a bad
list is refused to the host alone with its sentence, and changes nothing."""

import pytest

from games.engine.games import GAMES
from games.host_settings import settings_schema
from games.table_games import DEALERS_CHOICE
from tests.games.sockets import RecordingSocket, settle

pytestmark = pytest.mark.django_db(transaction=True)

CHOSEN = list(reversed(GAMES))


@pytest.fixture
def hosted(table, alice):
    table.host = alice
    table.save(update_fields=["host"])
    return table


async def test_the_host_sets_dealers_choice_from_the_felt(hosted, alice, bob):
    host = await RecordingSocket.open(hosted.id, alice)
    player = await RecordingSocket.open(hosted.id, bob)
    try:
        for socket in (host, player):
            assert (await socket.receive())["type"] == "snapshot"
        # The host's view offers dealer's choice and every game it may deal.
        schema = {f["name"]: f for f in settings_schema()}  # the host's panel (the page's)
        assert [DEALERS_CHOICE, "Dealer's choice (the games you pick, an orbit each)"] in (
            schema["game"]["choices"])
        offered = schema["dealers_choice_games"]
        assert offered["choices"] == [[code, game.label] for code, game in GAMES.items()]
        assert offered["shown_when"] == ["game", DEALERS_CHOICE]
        await host.command({"type": "sit", "seat": 1, "buy_in": 200})
        await player.command({"type": "sit", "seat": 2, "buy_in": 200})
        await settle(host, player)

        for bad, reason in (
            (CHOSEN[:1], "Dealer's choice needs at least two games; you chose one: "
                         f"{GAMES[CHOSEN[0]].label}."),
            (CHOSEN[:1] * 2, "Dealer's choice deals each game once an orbit: "
                             f"{GAMES[CHOSEN[0]].label} is chosen twice."),
            ("all", "'dealers_choice_games' must be a list of game codes, not \"all\"."),
        ):
            await host.send({"type": "host", "control": "settings",
                             "settings": {"game": DEALERS_CHOICE, "dealers_choice_games": bad}})
            assert await host.receive() == {"type": "error", "reason": reason}
        assert await player.nothing_more()

        await host.send({"type": "host", "control": "settings",
                         "settings": {"game": DEALERS_CHOICE, "dealers_choice_games": CHOSEN}})
        order = ", then ".join(GAMES[code].label for code in CHOSEN)
        for socket in (host, player):
            frame = await socket.receive_until(lambda f: f["table"]["game"] == DEALERS_CHOICE)
            table = frame["table"]
            assert table["dealers_choice_games"] == CHOSEN
            assert table["notices"][-1]["text"] == (
                "alice (host) changed the table from the next hand: game: dealer's choice; "
                f"dealer's choice games: {order}, an orbit each.")
            topics = [rule["topic"] for rule in table["house_rules"]]
            assert topics == ["dealers_choice"] + ["game"] * len(CHOSEN)
            first, second = (GAMES[code].label for code in CHOSEN[:2])
            assert table["game_label"] == f"Dealer's choice: {first} now, {second} next orbit"
    finally:
        await host.close()
        await player.close()
