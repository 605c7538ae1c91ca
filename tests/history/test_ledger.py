"""A table session's ledger: buy-ins, cash-outs and net per player, on a page and as CSV."""

import csv
import io

import pytest

from games import services
from games.models import Table

pytestmark = pytest.mark.django_db


def csv_rows(response) -> list[dict]:
    assert response["Content-Type"].startswith("text/csv")
    return list(csv.DictReader(io.StringIO(response.content.decode())))


def test_the_ledger_nets_buy_ins_cash_outs_and_stacks(client, showdown_hand, table, bob, carol):
    services.stand(table.id, bob)  # cashes out 232
    services.sit(table.id, bob, 2, 100)  # and buys in again
    client.force_login(carol)
    rows = csv_rows(client.get(f"/hands/tables/{table.id}/ledger.csv"))
    assert rows == [
        {"player": "bob", "buy_ins": "2", "bought_in": "300", "cashed_out": "232",
         "on_table": "100", "host_adjusted": "0", "net": "32"},
        {"player": "alice", "buy_ins": "1", "bought_in": "200", "cashed_out": "0",
         "on_table": "200", "host_adjusted": "0", "net": "0"},
        {"player": "carol", "buy_ins": "1", "bought_in": "200", "cashed_out": "0",
         "on_table": "168", "host_adjusted": "0", "net": "-32"},
    ]
    page = client.get(f"/hands/tables/{table.id}/ledger/").content.decode()
    assert "+32" in page and "-32" in page and "Cash-out" in page
    assert '<td class="num">232</td>' in page


def test_the_entries_csv_lists_every_movement_in_order(client, showdown_hand, table, alice, bob):
    services.stand(table.id, bob)
    client.force_login(alice)
    rows = csv_rows(client.get(f"/hands/tables/{table.id}/ledger-entries.csv"))
    assert [(r["player"], r["kind"], r["chips"]) for r in rows] == [
        ("alice", "buy_in", "200"),
        ("bob", "buy_in", "200"),
        ("carol", "buy_in", "200"),
        ("bob", "cash_out", "232"),
    ]


def test_names_that_look_like_formulas_are_defused(client, table, alice):
    from tests.history.conftest import make_user

    mallory = make_user("-2+3")
    services.sit(table.id, mallory, 1, 100)
    client.force_login(mallory)
    rows = csv_rows(client.get(f"/hands/tables/{table.id}/ledger.csv"))
    assert rows[0]["player"] == "'-2+3"


def test_only_people_who_played_at_the_table_see_its_ledger(client, showdown_hand, spectator):
    client.force_login(spectator)
    table = Table.objects.get()
    assert client.get(f"/hands/tables/{table.id}/ledger/").status_code == 404
    assert client.get(f"/hands/tables/{table.id}/ledger.csv").status_code == 404
    client.logout()
    assert client.get(f"/hands/tables/{table.id}/ledger/").status_code == 302
