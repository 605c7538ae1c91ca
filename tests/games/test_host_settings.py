"""The host settings' registry (games/host_settings.py): what is derived from it agrees with
it, and ``manage.py check`` fails on a declaration that is wrong (broken on purpose here)."""

import json

import pytest
from django.core import checks
from django.core.management import call_command
from django.core.management.base import SystemCheckError

from games import protocol, snapshots
from games.host_settings import (
    FELT_SETTINGS,
    HOST_SETTINGS,
    HostSetting,
    setting_text,
    settings_schema,
)
from games.models import Table
from games.projection import TABLE_FIELDS, public_view
from games.services import checks as service_checks
from games.services import hosting
from games.services.checks import host_settings_problems

pytestmark = pytest.mark.django_db


def test_the_declarations_pass_their_check():
    assert host_settings_problems(HOST_SETTINGS) == []
    assert not [m for m in checks.run_checks() if m.id == "services.E002"]


def test_a_wrong_declaration_fails_manage_py_check(monkeypatch):
    broken = (
        HostSetting("straddle_count", "number", "Straddles"),  # no such field
        HostSetting("game", "number", "Game"),  # a CharField
        HostSetting("run_it_twice", "choice", "Run it twice"),  # no choices
        HostSetting("name", "text", "Name"),  # the felt cannot draw text
        HostSetting("ante", "number", "Ante", low=5, high=1),
    )
    problems = host_settings_problems(broken)
    assert problems == [
        "Host setting 'straddle_count' is no field of Table.",
        "Host setting 'game' is a number but Table.game is a CharField.",
        "Host setting 'run_it_twice' has no choices.",
        "Host setting 'name' (text) cannot be changed from the felt: mark it felt=False.",
        "Host setting 'ante' has a range from 5 down to 1.",
    ]
    monkeypatch.setattr(service_checks, "HOST_SETTINGS", broken)
    with pytest.raises(SystemCheckError, match=r"services\.E002.*straddle_count"):
        call_command("check")


def test_every_felt_setting_is_in_the_view_and_its_schema():
    names = [setting.name for setting in FELT_SETTINGS]
    assert set(names) <= set(TABLE_FIELDS)
    assert [field["name"] for field in settings_schema()] == names
    # Settings only forms and the admin change are not in the felt's schema.
    assert {"name", "is_private", "coach_allowed", "host"}.isdisjoint(names)


def test_the_protocol_takes_back_every_value_the_view_holds(alice):
    """What the panel sends back unchanged (the view's value of each schema field) parses
    to the same values: the schema, the view and the parser agree on every setting."""
    table = hosting.create_table(alice, name="Registry", game="DC",
                                 dealers_choice_games=["NT", "PO"])
    values = {field["name"]: getattr(table, field["name"]) for field in settings_schema()}
    parsed = protocol.parse_command(json.dumps(
        {"type": "host", "control": "settings", "request_id": "abcdefgh12", "settings": values}))
    assert dict(parsed.settings) == {
        name: tuple(value) if isinstance(value, list) else value
        for name, value in values.items()}


@pytest.mark.parametrize("field", [f for f in settings_schema()
                                   if f["kind"] == "number" and f["high"] is not None],
                         ids=lambda f: f["name"])
def test_a_number_beyond_the_range_the_panel_offers_is_refused_naming_it(alice, field):
    """The panel's range (the schema's) is the one the writer keeps, whichever checks it."""
    table = hosting.create_table(alice, name="Ranges")
    for beyond in (field["low"] - 1, field["high"] + 1):
        if beyond < 0:
            continue  # the protocol refuses a negative number before the writer
        with pytest.raises(hosting.ServiceError) as refused:
            hosting.update_settings(table.id, alice, {field["name"]: beyond})
        assert f"{field['low']} to {field['high']}" in str(refused.value)


def test_changes_are_told_in_their_declared_words(alice):
    table = hosting.create_table(alice, name="Told")
    hosting.update_settings(table.id, alice, {"bomb_pot_every": 7, "needs_approval": True,
                                              "run_it_twice": "ask"})
    notice = Table.objects.get(pk=table.id).notices[-1]["text"]
    assert setting_text("bomb_pot_every", 7) in notice
    assert setting_text("run_it_twice", "ask") in notice
    assert "approv" not in notice  # not told: a declaration without words


def test_the_table_page_gives_the_host_panel_its_schema(client, alice):
    table = hosting.create_table(alice, name="Schema")
    client.force_login(alice)
    page = client.get(f"/tables/{table.id}/")
    assert page.context["config"]["hostSettings"] == settings_schema()
    # Frames never carry it: they would grow by it at every update of the host's page.
    assert "hostSettings" not in json.dumps(public_view(snapshots.load(table.id)).view)
