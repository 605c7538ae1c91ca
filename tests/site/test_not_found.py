"""Every 404 of the site is the friendly page with a way back to the lobby, DEBUG on or off
(an old invite link used to show Django's technical page)."""

import pytest
from django.urls import reverse

from games.services import hosting

pytestmark = pytest.mark.django_db

TECHNICAL = ("Technical", "URLconf", "DEBUG = True", "Using the URLconf", "Raised by")


@pytest.fixture
def gone_invite(alice_and_table):
    """The invite link of a private table that was closed, then deleted."""
    alice, table = alice_and_table
    link = reverse("invite", kwargs={"code": table.invite_code})
    hosting.close(table.id, alice)
    hosting.delete_table(table.id, alice)
    return link


@pytest.fixture
def alice_and_table(django_user_model):
    from tests.games.conftest import make_user

    alice = make_user("alice")
    table = hosting.create_table(alice, name="Friday", is_private=True)
    return alice, table


@pytest.mark.parametrize("debug", [False, True])
@pytest.mark.parametrize(
    "address", ["gone invite", "/tables/987654/", "/no/such/page/", "/invite/no-such-code/"]
)
def test_every_404_is_the_friendly_page_with_a_way_back(client, settings, gone_invite, debug,
                                                        address):
    settings.DEBUG = debug
    response = client.get(gone_invite if address == "gone invite" else address)
    page = response.content.decode()
    assert response.status_code == 404
    assert "There is nothing here" in page
    assert f'href="{reverse("home")}"' in page and "Back to the lobby" in page
    assert not [word for word in TECHNICAL if word in page]

