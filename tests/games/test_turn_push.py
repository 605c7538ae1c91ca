"""Web Push for "your turn" while no page of the table is open (games/outbound/turn_push.py): the
payload's encryption is RFC 8291's to the byte, through the very call the site sends with;
a subscription is kept from the page; a turn is pushed once, to an absent person only."""

import base64
import json
import os

import http_ece
import pytest
import pywebpush
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import Vapid

from games import services
from games.models import PushSubscription
from games.outbound import turn_push
from games.outbound.runtime import current


def b64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


# RFC 8291, section 5 (and appendix A): the application server's key pair, the user
# agent's public key and authentication secret, the salt, the plaintext and the message.
RFC8291 = {
    "plaintext": "When I grow up, I want to be a watermelon",
    "as_private": "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw",
    "as_public": "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLoc"
                 "InmYWAmS6TlzAC8wEqKK6PBru3jl7A8",
    "ua_public": "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvT"
                 "BHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
    "auth_secret": "BTBZMqHH6r4Tts7J_aSIgg",
    "salt": "DGv6ra1nlYgDCS1FRnbzlw",
    "body": "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLoc"
            "InmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLV"
            "WGNWQexSgSxsj_Qulcy4a-fN",
}


class PushService:
    """Stands in for a push service's HTTP endpoint (a ``requests`` session's ``post``)."""

    def __init__(self, status: int = 201):
        self.status = status
        self.posts: list[dict] = []

    def post(self, endpoint, timeout=None, **params):
        self.posts.append({"endpoint": endpoint, **params})
        return type("Answer", (), {"status_code": self.status, "text": "", "reason": "",
                                   "headers": {}})()


@pytest.fixture
def vapid(settings):
    key = Vapid()
    key.generate_keys()
    raw = key.private_key.private_numbers().private_value.to_bytes(32, "big")
    settings.VAPID_PRIVATE_KEY = base64.urlsafe_b64encode(raw).decode().rstrip("=")
    settings.VAPID_PUBLIC_KEY = "the matching public key"
    settings.VAPID_SUBJECT = "mailto:host@example.com"
    settings.WEB_PUSH = True
    return key


def test_the_push_payload_is_encrypted_as_rfc_8291_says(vapid, monkeypatch):
    # The two random choices of an encryption, made as in the RFC's example: the server's
    # ephemeral key and the salt. Everything else is the site's own call.
    as_private = ec.derive_private_key(
        int.from_bytes(b64(RFC8291["as_private"]), "big"), ec.SECP256R1())
    monkeypatch.setattr(pywebpush.ec, "generate_private_key", lambda *args: as_private)
    urandom = os.urandom
    monkeypatch.setattr(http_ece.os, "urandom",
                        lambda n: b64(RFC8291["salt"]) if n == 16 else urandom(n))
    service = PushService()
    info = {"endpoint": "https://push.example.net/send/abc",
            "keys": {"p256dh": RFC8291["ua_public"], "auth": RFC8291["auth_secret"]}}

    turn_push.send(info, RFC8291["plaintext"], session=service)

    [post] = service.posts
    assert post["data"] == b64(RFC8291["body"])
    assert post["data"][21:86] == b64(RFC8291["as_public"])  # the header's key id
    assert post["headers"]["content-encoding"] == "aes128gcm"
    assert post["headers"]["authorization"].startswith("vapid t=")
    assert post["headers"]["ttl"] == str(turn_push.TTL_SECONDS)


def test_a_page_keeps_its_subscription_for_the_player(client, alice, vapid):
    client.force_login(alice)
    body = {"endpoint": "https://push.example.net/send/abc",
            "keys": {"p256dh": RFC8291["ua_public"], "auth": RFC8291["auth_secret"]}}
    answer = client.post("/push/subscriptions/", json.dumps(body), content_type="application/json")
    assert answer.status_code == 201
    kept = PushSubscription.objects.get()
    assert (kept.user, kept.endpoint, kept.auth) == (alice, body["endpoint"], body["keys"]["auth"])
    again = client.post("/push/subscriptions/", json.dumps(body), content_type="application/json")
    assert again.status_code == 200 and PushSubscription.objects.count() == 1


def test_a_subscription_needs_an_https_endpoint_and_keys(client, alice, vapid):
    client.force_login(alice)
    for body in ({"endpoint": "http://push.example.net/x", "keys": {"p256dh": "k", "auth": "a"}},
                 {"endpoint": "https://push.example.net/x"}, "not an object"):
        answer = client.post("/push/subscriptions/", json.dumps(body),
                             content_type="application/json")
        assert answer.status_code == 400, body
    assert not PushSubscription.objects.exists()


def test_with_web_push_off_there_is_nothing_to_subscribe_to(client, alice, settings):
    settings.WEB_PUSH = False
    client.force_login(alice)
    answer = client.post("/push/subscriptions/", "{}", content_type="application/json")
    assert answer.status_code == 404


@pytest.fixture
def pushes(monkeypatch, vapid):
    """The pushes sent, to each subscription's endpoint; turns pushed at once."""
    sent: list[tuple[str, dict]] = []
    monkeypatch.setattr(turn_push, "send",
                        lambda info, data, session=None: sent.append((info["endpoint"],
                                                                      json.loads(data))))
    monkeypatch.setitem(current().owned, turn_push.TurnPusher,
                        turn_push.TurnPusher(submit=turn_push.push_if_away))
    return sent


def subscribe(user, name):
    return PushSubscription.objects.create(
        user=user, endpoint=f"https://push.example.net/{name}", p256dh="k", auth="a")


def deal(table, alice, bob, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        services.sit(table.id, alice, 1, 100)
        services.sit(table.id, bob, 2, 100)
        services.start_next_hand(table.id)


def test_a_turn_is_pushed_to_a_player_with_no_page_open(
    table, alice, bob, pushes, monkeypatch, django_capture_on_commit_callbacks
):
    monkeypatch.setattr(turn_push.presence, "users_with_table_open", lambda table_id: set())
    subscribe(alice, "alice-phone")
    subscribe(bob, "bob-phone")
    deal(table, alice, bob, django_capture_on_commit_callbacks)
    # Heads-up the button (seat 1, the first hand's) acts first before the flop.
    assert [endpoint for endpoint, _ in pushes] == ["https://push.example.net/alice-phone"]
    message = pushes[0][1]
    assert message["title"] == "Your turn at Friday game"
    assert message["url"] == f"/tables/{table.id}/"


def test_a_player_with_the_table_open_gets_no_push(
    table, alice, bob, pushes, monkeypatch, django_capture_on_commit_callbacks
):
    monkeypatch.setattr(turn_push.presence, "users_with_table_open",
                        lambda table_id: {alice.id, bob.id})
    subscribe(alice, "alice-phone")
    deal(table, alice, bob, django_capture_on_commit_callbacks)
    assert pushes == []


def test_a_subscription_the_push_service_dropped_is_dropped(
    table, alice, bob, vapid, monkeypatch, django_capture_on_commit_callbacks
):
    monkeypatch.setattr(turn_push.presence, "users_with_table_open", lambda table_id: set())
    gone = PushService(status=410)
    monkeypatch.setattr(turn_push, "send",
                        lambda info, data, session=None: pywebpush.webpush(
                            info, data, vapid_private_key=turn_push.settings.VAPID_PRIVATE_KEY,
                            vapid_claims={"sub": "mailto:host@example.com"},
                            requests_session=gone))
    monkeypatch.setitem(current().owned, turn_push.TurnPusher,
                        turn_push.TurnPusher(submit=turn_push.push_if_away))
    PushSubscription.objects.create(user=alice, endpoint="https://push.example.net/old",
                                    p256dh=RFC8291["ua_public"], auth=RFC8291["auth_secret"])
    deal(table, alice, bob, django_capture_on_commit_callbacks)
    assert len(gone.posts) == 1
    assert not PushSubscription.objects.exists()
