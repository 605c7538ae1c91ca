"""Friends can join: the invite link uses the address the host reached the site by, and in
development the site answers on this machine's network address."""

import re

import pytest
from django.test import override_settings

from games.models import Table
from pokersite.lan import is_loopback, lan_addresses, serving_on

pytestmark = pytest.mark.django_db


@pytest.fixture
def host(client, django_user_model):
    user = django_user_model.objects.create_user("hana", password="pw-hana-hana")
    client.force_login(user)
    return user


def config_of(response) -> dict:
    return response.context["config"]


def test_the_invite_link_uses_the_address_the_host_came_by(client, host, settings):
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "192.168.1.20"]
    table = Table.objects.create(name="Home", host=host, is_private=True)
    response = client.get(f"/tables/{table.id}/", HTTP_HOST="192.168.1.20:8000")
    config = config_of(response)
    assert config["inviteUrl"] == f"http://192.168.1.20:8000/invite/{table.invite_code}/"
    assert config["lanInviteUrl"] is None  # friends can already use that address


def test_a_host_on_127_0_0_1_is_also_given_the_network_link(client, host, monkeypatch):
    monkeypatch.setattr("games.views.lan_addresses", lambda: ["10.0.0.7"])
    table = Table.objects.create(name="Home", host=host)
    response = client.get(f"/tables/{table.id}/", HTTP_HOST="127.0.0.1:8000")
    config = config_of(response)
    assert config["inviteUrl"] == f"http://127.0.0.1:8000/tables/{table.id}/"
    assert config["lanInviteUrl"] == f"http://10.0.0.7:8000/tables/{table.id}/"
    assert "make run HOST=0.0.0.0" in response.content.decode()


def test_development_accepts_this_machines_network_address():
    from pokersite import settings as site_settings

    for address in lan_addresses():
        assert address in site_settings.DEVELOPMENT_HOSTS
    with override_settings(ALLOWED_HOSTS=site_settings.DEVELOPMENT_HOSTS):
        from django.test import Client

        for address in lan_addresses():
            assert Client().get("/", HTTP_HOST=f"{address}:8000").status_code == 200


def test_make_run_says_where_friends_connect(monkeypatch):
    monkeypatch.setattr("pokersite.lan.lan_addresses", lambda: ["192.168.1.20"])
    assert serving_on("0.0.0.0", "8000") == [
        "http://127.0.0.1:8000/", "http://192.168.1.20:8000/"
    ]
    assert serving_on("127.0.0.1", "8000") == ["http://127.0.0.1:8000/"]
    assert is_loopback("localhost") and not is_loopback("192.168.1.20")


def closed_table_played_by(user) -> Table:
    from games import services
    from games.services import hosting

    table = Table.objects.create(name="Over", host=user, min_buy_in=40, max_buy_in=200)
    services.sit(table.id, user, 1, 200)
    hosting.close(table.id, user)
    return table


def test_a_closed_table_invites_nobody_and_links_its_ledger_for_its_players(client, host):
    table = closed_table_played_by(host)
    response = client.get(f"/tables/{table.id}/")
    text = response.content.decode()
    assert "inviteUrl" not in config_of(response)
    assert "Invite friends" not in text and 'id="invite-url"' not in text
    assert f'href="/hands/tables/{table.id}/ledger/"' in text
    assert client.get(f"/hands/tables/{table.id}/ledger/").status_code == 200


def test_a_visitor_who_never_played_at_a_closed_table_is_offered_no_ledger(
    client, host, django_user_model
):
    table = closed_table_played_by(host)
    client.force_login(django_user_model.objects.create_user("vic"))
    text = client.get(f"/tables/{table.id}/").content.decode()
    assert "Invite friends" not in text and "ledger" not in text


def test_an_open_table_keeps_its_ledger_link_hidden_until_it_closes(client, host):
    from games import services

    table = Table.objects.create(name="Going", host=host, min_buy_in=40, max_buy_in=200)
    services.sit(table.id, host, 1, 200)
    text = client.get(f"/tables/{table.id}/").content.decode()
    assert "Invite friends" in text
    ledger = re.search(r'<p [^>]*id="table-ledger"[^>]*>', text)
    assert ledger and ledger.group().endswith(" hidden>")  # table.js shows it on a close


@pytest.mark.parametrize("kind", ["is_tournament", "is_practice"])
def test_a_tournament_or_practice_table_invites_nobody_and_has_no_host_panels(
    client, host, kind
):
    table = Table.objects.create(name="Not a home game", host=host, is_private=True,
                                 **{kind: True})
    response = client.get(f"/tables/{table.id}/")
    text = response.content.decode()
    assert "inviteUrl" not in config_of(response)
    assert "Private table" not in text and "Invite friends" not in text
    assert 'id="host-tools"' not in text and 'id="host-panel"' not in text


def test_a_hosts_own_private_table_keeps_its_invite_and_host_panels(client, host):
    table = Table.objects.create(name="Home", host=host, is_private=True)
    text = client.get(f"/tables/{table.id}/").content.decode()
    assert "Private table. Invite friends with this link" in text
    assert 'id="host-tools"' in text and 'id="host-panel"' in text
