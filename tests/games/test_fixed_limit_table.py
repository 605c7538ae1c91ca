"""Fixed-limit hold'em at a live table: the host deals it, the felt names it and offers the
one size a bet or raise may be, and the finished hand replays, masks and exports as PHH
'FT' (games/table_games.py, games/engine/games.py)."""

import tomllib

import pytest

from games import services
from games.engine import export_phh, replay_phh
from games.history.masking import masked_state
from games.history.replay.replayer import build_replay
from games.host_settings import settings_schema
from games.services import ServiceError, hosting
from tests.games.test_home_games import (
    hosted,  # noqa: F401  (the fixture)
    latest_state,
    live_state,
    shuffled,
    user_at,
    version,
    views,
)

pytestmark = pytest.mark.django_db


def test_the_host_deals_fixed_limit_and_a_raise_is_the_street_s_bet(hosted, alice, bob, carol):  # noqa: F811
    hosting.update_settings(hosted.id, alice, {"game": "FT"})
    _, host_view = views(hosted, alice)
    game = next(f for f in settings_schema() if f["name"] == "game")  # the host's panel
    assert ["FT", "Fixed-limit hold'em"] in game["choices"]
    for seat, user in enumerate((alice, bob, carol), start=1):
        services.sit(hosted.id, user, seat, 200)
    services.start_next_hand(hosted.id, deck=shuffled(3))
    state = live_state(hosted)
    actor = user_at(hosted, state.actor)
    public, mine = views(hosted, actor)
    assert (public["hand"]["game"], public["hand"]["game_label"]) == ("FT", "Fixed-limit hold'em")
    # Blinds 1 and 2: preflop a raise is to 4, the small bet above the big blind, exactly.
    assert mine["hand"]["legal"]["raise"] == {"min": 4, "max": 4}
    assert mine["hand"]["bet_sizes"] == [{"label": "Raise", "amount": 4}]
    with pytest.raises(ServiceError, match="fixed limit lets you raise to 4 at most"):
        services.act(hosted.id, actor, "raise", 6, version(hosted))
    services.act(hosted.id, actor, "raise", 4, version(hosted))
    while not (state := live_state(hosted)).is_complete:
        services.act(hosted.id, user_at(hosted, state.actor), "fold", None, version(hosted))
        if latest_state(hosted).is_complete:
            break
    finished = latest_state(hosted)
    assert finished.is_complete and finished.game.code == "FT"


def test_a_finished_fixed_limit_hand_replays_masks_and_exports(hosted, alice, bob):  # noqa: F811
    hosting.update_settings(hosted.id, alice, {"game": "FT"})
    services.sit(hosted.id, alice, 1, 100)
    services.sit(hosted.id, bob, 2, 100)
    services.start_next_hand(hosted.id, deck=shuffled(8))
    while not latest_state(hosted).is_complete:
        state = live_state(hosted)
        kind = "call" if state.legal_actions().call else "check"
        services.act(hosted.id, user_at(hosted, state.actor), kind, None, version(hosted))
    state = latest_state(hosted)
    masked = masked_state(state, 1)
    steps = build_replay(masked, 1, {1: "alice", 2: "bob"})
    assert steps["steps"][-1]["hand"]["game_label"] == "Fixed-limit hold'em"
    text = export_phh(masked)
    assert tomllib.loads(text)["variant"] == "FT"
    assert replay_phh(text).finishing_stacks == tuple(
        state.result.finishing_stacks[p.seat] for p in state.players)


def test_the_coach_gives_figures_at_fixed_limit_and_grades_nothing(hosted, alice, bob, client):  # noqa: F811
    """Its grades weigh no-limit sizes, so at fixed limit the coach says so and grades no
    decision, while its equity and pot odds still hold (hold'em's cards and ranges)."""
    hosting.update_settings(hosted.id, alice, {"game": "FT", "coach_allowed": True})
    services.sit(hosted.id, alice, 1, 200)
    services.sit(hosted.id, bob, 2, 200)
    services.start_next_hand(hosted.id, deck=shuffled(5))
    state = live_state(hosted)
    actor = user_at(hosted, state.actor)
    services.act(hosted.id, actor, "call", None, version(hosted))
    client.force_login(actor)
    report = client.get(f"/tables/{hosted.id}/coach/").json()
    assert report["summary"] is None and report["decisions"]
    assert all(d["grade"] is None for d in report["decisions"])
    assert report["note"].startswith("Fixed-limit hold'em: the coach gives your equity")
    assert all(d["pot_odds"] is not None for d in report["decisions"])
