"""Throttles, and what a browser is sent: nothing unlimited that costs chips or CPU.

Rates are per day and each test comes from an address of its own (tests/throttling.py says
why).
"""

import json
import os
import subprocess
import sys
import urllib.error
import urllib.request
import uuid

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from games.models import LedgerEntry
from tests.games.conftest import make_user
from tests.servers import ROOT, daphne_server
from tests.throttling import client_from_new_address

pytestmark = pytest.mark.django_db


@pytest.fixture
def throttles(settings):
    settings.RATELIMIT_ENABLE = True
    return settings


def test_wrong_passwords_are_throttled_and_then_even_the_right_one_waits(throttles):
    throttles.LOGIN_RATE_PER_NAME = "5/d"
    name = f"victim{uuid.uuid4().hex[:8]}"
    make_user(name)
    client = client_from_new_address()
    answers = [
        client.post("/login/", {"username": name, "password": f"guess{i}"}).status_code
        for i in range(30)
    ]
    assert answers == [200] * 5 + [429] * 25
    right = client.post("/login/", {"username": name, "password": "pw-" + name * 3})
    assert right.status_code == 429
    assert "Too many login attempts" in right.content.decode()
    assert "_auth_user_id" not in client.session


def test_one_address_cannot_mint_guests_and_their_chips_without_limit(throttles):
    throttles.GUEST_RATE_PER_ADDRESS = "3/d"
    client = client_from_new_address()
    tag = uuid.uuid4().hex[:6]
    answers = []
    for i in range(6):
        client.cookies.clear()  # each guest a fresh browser, as a script would do
        answers.append(client.post("/guest/", {"nickname": f"g{tag}{i}"}).status_code)
    assert answers == [302] * 3 + [429] * 3
    guests = get_user_model().objects.filter(username__startswith=f"g{tag}")
    assert guests.count() == 3
    assert LedgerEntry.objects.filter(user__in=guests, kind="grant").count() == 3


def test_anonymous_equity_runs_are_throttled_and_people_logged_in_are_not(throttles):
    throttles.ANONYMOUS_EQUITY_RATE = "2/d"
    client = client_from_new_address()
    query = {"hands": "AhAs,KdKc", "board": "2c 7d 9h"}
    answers = [client.get("/learn/api/equity", query) for _ in range(4)]
    assert [a.status_code for a in answers] == [200, 200, 429, 429]
    assert "Too many odds calculations" in json.loads(answers[2].content)["error"]
    client.force_login(make_user(f"member{uuid.uuid4().hex[:6]}"))
    assert client.get("/learn/api/equity", query).status_code == 200


def test_pages_carry_a_content_security_policy_with_a_nonce_for_the_one_inline_script():
    response = Client().get("/")
    policy = response.headers["Content-Security-Policy"]
    assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy
    nonce = policy.split("'nonce-")[1].split("'")[0]
    assert f'<script nonce="{nonce}">' in response.content.decode()
    assert "'unsafe-inline'" not in policy.split("script-src")[1].split(";")[0]


def production_setting(name: str) -> str:
    env = {"DEBUG": "0", "SECRET_KEY": "s" * 50, "ALLOWED_HOSTS": "poker.example"}
    code = f"import django; django.setup(); from django.conf import settings as s; print(s.{name})"
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "pokersite.settings", **env},
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def test_production_asks_for_a_year_of_https_and_lets_health_checks_use_plain_http():
    assert production_setting("SECURE_HSTS_SECONDS") == str(365 * 24 * 3600)
    assert production_setting("SECURE_SSL_REDIRECT") == "True"
    assert production_setting("SECURE_REDIRECT_EXEMPT") == "['^healthz$']"


def test_a_production_server_answers_health_checks_over_plain_http_and_redirects_pages(tmp_path):
    env = {
        "DEBUG": "0", "SECRET_KEY": "s" * 50, "ALLOWED_HOSTS": "127.0.0.1",
        "DATABASE_URL": f"sqlite:///{tmp_path}/prod.sqlite3", "STATIC_ROOT": str(tmp_path),
    }
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput"], cwd=ROOT, check=True,
        env={**os.environ, **env}, capture_output=True, timeout=120,
    )
    with daphne_server(env) as base:  # it waits for /healthz to answer 200 over http
        request = urllib.request.Request(f"http://{base}/", method="GET")
        opener = urllib.request.build_opener(NoRedirects)
        with pytest.raises(urllib.error.HTTPError) as redirect:
            opener.open(request, timeout=5)
    assert redirect.value.code == 301
    assert redirect.value.headers["Location"] == f"https://{base}/"


class NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def test_the_streamed_range_runs_are_throttled_for_anonymous_visitors_too(throttles):
    throttles.ANONYMOUS_EQUITY_RATE = "2/d"
    client = client_from_new_address()
    query = {"range": ["AsKs", "QQ+"], "board": "Kh 7d 2c"}
    answers = [client.get("/learn/api/ranges/stream", query) for _ in range(3)]
    assert [a.status_code for a in answers] == [200, 200, 429]
    assert "Too many odds calculations" in json.loads(answers[2].content)["error"]
