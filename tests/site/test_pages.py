"""The site answers over HTTP: the lobby at /, the health check, the learning page."""

import pytest

from games.models import Table

pytestmark = pytest.mark.django_db


def test_home_lists_public_tables_but_not_private_ones(client):
    Table.objects.create(name="Friday game")
    Table.objects.create(name="Secret game", is_private=True)
    response = client.get("/")
    assert response.status_code == 200
    assert b"Friday game" in response.content
    assert b"Secret game" not in response.content


def test_healthz_reports_ok(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok"}


def test_demo_table_is_created_only_when_there_are_no_tables():
    from django.core.management import call_command

    call_command("ensure_demo_table")
    call_command("ensure_demo_table")
    assert list(Table.objects.values_list("name", flat=True)) == ["Demo table"]
