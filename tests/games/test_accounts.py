"""Accounts: play as a guest with a nickname, claim it later, sign up; bankroll grants."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from games import chips
from games.models import LedgerEntry, Player, Seat

pytestmark = pytest.mark.django_db
User = get_user_model()


def test_a_guest_needs_only_a_nickname_and_gets_the_starting_grant(client):
    response = client.post("/guest/", {"nickname": "lucky_luke"})
    assert response.status_code == 302
    user = User.objects.get(username="lucky_luke")
    assert not user.has_usable_password()
    player = Player.objects.get(user=user)
    assert player.is_guest and player.bankroll == 10_000
    assert LedgerEntry.objects.get(user=user).kind == "grant"
    assert client.get("/").context["user"] == user


@pytest.mark.parametrize(
    ("nickname", "message"),
    [
        ("x", "A nickname is 2 to 20 letters"),
        ("two words", "A nickname is 2 to 20 letters"),
        ("Alice", "The nickname &#x27;Alice&#x27; is taken"),
    ],
)
def test_a_bad_or_taken_nickname_is_refused_with_a_reason(client, alice, nickname, message):
    response = client.post("/guest/", {"nickname": nickname})
    assert response.status_code == 200
    assert message in response.content.decode()
    assert User.objects.count() == 1


def test_a_guest_claims_the_account_with_a_password(client):
    client.post("/guest/", {"nickname": "keeper"})
    response = client.post(
        "/claim/", {"password1": "a-long-pass-phrase", "password2": "a-long-pass-phrase"}
    )
    assert response.status_code == 302
    user = User.objects.get(username="keeper")
    assert user.check_password("a-long-pass-phrase")
    assert not Player.objects.get(user=user).is_guest
    client.logout()
    assert client.login(username="keeper", password="a-long-pass-phrase")


def test_claiming_with_different_passwords_is_refused(client):
    client.post("/guest/", {"nickname": "keeper"})
    response = client.post("/claim/", {"password1": "a-long-pass-1", "password2": "other-2"})
    assert "The two passwords differ." in response.content.decode()
    assert not User.objects.get(username="keeper").has_usable_password()


def test_sign_up_creates_a_player_with_chips(client):
    password = "a-long-pass-phrase"
    response = client.post(
        "/signup/", {"username": "newbie", "password1": password, "password2": password}
    )
    assert response.status_code == 302
    assert Player.objects.get(user__username="newbie").bankroll == 10_000


def test_a_broke_player_is_topped_up_once_a_day(alice):
    Player.objects.filter(user=alice).update(bankroll=0, last_top_up=timezone.localdate())
    assert chips.top_up_if_broke(alice) is None  # already had today's
    yesterday = timezone.localdate() - timedelta(days=1)
    Player.objects.filter(user=alice).update(last_top_up=yesterday)
    entry = chips.top_up_if_broke(alice)
    assert (entry.kind, entry.amount) == ("top_up", 2_000)
    assert chips.top_up_if_broke(alice) is None


def test_a_player_with_chips_at_a_table_is_not_topped_up(alice, table):
    Seat.objects.create(table=table, user=alice, number=1, stack=5_000)
    Player.objects.filter(user=alice).update(
        bankroll=0, last_top_up=timezone.localdate() - timedelta(days=3)
    )
    assert chips.top_up_if_broke(alice) is None


def test_redirects_after_login_stay_on_this_site(client):
    response = client.post("/guest/", {"nickname": "wanderer", "next": "//evil.example/"})
    assert response["Location"] == "/"
