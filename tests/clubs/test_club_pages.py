"""The club pages: who sees what (a non-member sees nothing private, a member cannot act
as a manager), the invitation link and join requests, leave, remove, roles, payment
handles; bad input gets a sentence naming the problem."""

import pytest

from clubs.models import Club, JoinRequest, Membership, PaymentHandle
from tests.clubs.conftest import night_of

pytestmark = pytest.mark.django_db


def said(response) -> list[str]:
    return [str(m) for m in response.context["messages"]]


def test_a_non_member_sees_nothing_of_the_club(client, club, outsider, played_table):
    night = night_of(club, tables=[played_table])
    from clubs.settling import settle_night

    settle_night(night.id)
    base = f"/clubs/{club.id}/nights/{night.id}/"
    private = [f"/clubs/{club.id}/", base, base + "results.csv", base + "settle-up.csv",
               base + "summary.txt"]
    client.force_login(outsider)
    for url in private:
        assert client.get(url).status_code == 404, url
    transfer = night.transfers.get()
    assert client.post(base + f"transfers/{transfer.id}/paid/").status_code == 404
    assert client.post(f"/clubs/{club.id}/nights/new/", {"name": "x"}).status_code == 404
    mine = client.get("/clubs/").content.decode()
    assert "Friday club" not in mine
    client.logout()
    for url in private:
        response = client.get(url)
        assert response.status_code == 302 and "/login/" in response["Location"], url


def test_a_member_sees_the_club_and_cannot_act_as_a_manager(client, club, carol, dave,
                                                            played_table):
    night = night_of(club, tables=[played_table])
    client.force_login(carol)
    page = client.get(f"/clubs/{club.id}/").content.decode()
    assert "Friday club" in page and "Night 1" in page and "Friday game" in page
    assert "Requests to join" not in page and "Invitation link" not in page
    base = f"/clubs/{club.id}/nights/{night.id}/"
    assert client.post(base + "settle/").status_code == 404
    assert client.post(base + "add/", {"table": played_table.id}).status_code == 404
    assert client.post(f"/clubs/{club.id}/nights/new/",
                       {"name": "Mine", "chips": "1", "money": "1"}).status_code == 404
    response = client.post(f"/clubs/{club.id}/remove/", {"user": dave.id}, follow=True)
    assert said(response) == ["Only the club's owner and managers can do that."]
    response = client.post(f"/clubs/{club.id}/role/", {"user": dave.id, "role": "manager"},
                           follow=True)
    assert said(response) == ["Only the club's owner can choose its managers."]
    assert Membership.objects.filter(club=club).count() == 4
    assert night.settled_at is None


def test_someone_with_the_link_asks_and_a_manager_approves(client, club, bob, outsider):
    client.force_login(outsider)
    link = f"/clubs/join/{club.invite_code}/"
    assert "Ask to join" in client.get(link).content.decode()
    response = client.post(link, follow=True)
    assert said(response) == ["Asked to join Friday club: a manager will answer."]
    response = client.post(link, follow=True)
    assert said(response) == ["You have already asked to join: a manager will answer."]
    assert client.get(f"/clubs/{club.id}/").status_code == 404
    asked = JoinRequest.objects.get()
    client.force_login(bob)
    assert "outsider" in client.get(f"/clubs/{club.id}/").content.decode()
    response = client.post(f"/clubs/{club.id}/requests/{asked.id}/", {"answer": "approve"},
                           follow=True)
    assert said(response) == ["outsider joined."]
    response = client.post(f"/clubs/{club.id}/requests/{asked.id}/", {"answer": "approve"},
                           follow=True)
    assert said(response) == ["That request has already been answered."]
    client.force_login(outsider)
    assert client.get(f"/clubs/{club.id}/").status_code == 200
    assert "You are a member" in client.get(link).content.decode()


def test_a_declined_request_makes_no_member(client, club, alice, outsider):
    asked = JoinRequest.objects.create(club=club, user=outsider)
    client.force_login(alice)
    client.post(f"/clubs/{club.id}/requests/{asked.id}/", {"answer": "decline"})
    assert not Membership.objects.filter(user=outsider).exists()
    assert not JoinRequest.objects.exists()


def test_a_bad_invitation_code_is_not_found(client, outsider):
    client.force_login(outsider)
    assert client.get("/clubs/join/no-such-code/").status_code == 404


def test_a_member_leaves_and_the_owner_cannot(client, club, alice, carol):
    client.force_login(carol)
    response = client.post(f"/clubs/{club.id}/leave/", follow=True)
    assert said(response) == ["You left Friday club."]
    assert client.get(f"/clubs/{club.id}/").status_code == 404
    client.force_login(alice)
    response = client.post(f"/clubs/{club.id}/leave/", follow=True)
    assert said(response) == ["The owner cannot leave the club."]


def test_managers_remove_members_and_only_the_owner_removes_managers(client, club, alice, bob,
                                                                     carol, dave):
    client.force_login(bob)
    response = client.post(f"/clubs/{club.id}/remove/", {"user": carol.id}, follow=True)
    assert said(response) == ["carol is no longer a member."]
    response = client.post(f"/clubs/{club.id}/remove/", {"user": alice.id}, follow=True)
    assert said(response) == ["Nobody can remove the club's owner."]
    response = client.post(f"/clubs/{club.id}/remove/", {"user": "nobody"}, follow=True)
    assert said(response) == ["That person is not a member of the club."]
    client.force_login(alice)
    client.post(f"/clubs/{club.id}/role/", {"user": dave.id, "role": "manager"}, follow=True)
    client.force_login(bob)
    response = client.post(f"/clubs/{club.id}/remove/", {"user": dave.id}, follow=True)
    assert said(response) == ["Only the owner can remove a manager."]
    client.force_login(alice)
    response = client.post(f"/clubs/{club.id}/remove/", {"user": bob.id}, follow=True)
    assert said(response) == ["bob is no longer a member."]
    assert sorted(Membership.objects.values_list("user__username", flat=True)) == [
        "alice", "dave"]


def test_the_owner_picks_managers_and_a_bad_role_is_named(client, club, alice, dave):
    client.force_login(alice)
    response = client.post(f"/clubs/{club.id}/role/", {"user": dave.id, "role": "manager"},
                           follow=True)
    assert said(response) == ["dave is now a manager."]
    response = client.post(f"/clubs/{club.id}/role/", {"user": dave.id, "role": "king"},
                           follow=True)
    assert said(response) == ["'king' is not a role: choose manager or member."]
    response = client.post(f"/clubs/{club.id}/role/", {"user": alice.id, "role": "member"},
                           follow=True)
    assert said(response) == ["The owner stays the owner."]


def test_starting_a_club_needs_a_name(client, outsider):
    client.force_login(outsider)
    response = client.post("/clubs/new/", {"name": "  "}, follow=True)
    assert said(response) == ["Give the club a name."]
    response = client.post("/clubs/new/", {"name": "x" * 61}, follow=True)
    assert said(response) == ["A club's name is at most 60 characters."]
    response = client.post("/clubs/new/", {"name": "Tuesday crew"}, follow=True)
    club = Club.objects.get(name="Tuesday crew")
    assert club.owner == outsider
    assert response.redirect_chain[-1][0] == f"/clubs/{club.id}/"
    assert "Invitation link" in response.content.decode()
    assert "Tuesday crew" in client.get("/clubs/").content.decode()


def test_payment_handles_are_kept_and_shown_to_the_club(client, club, bob, carol):
    client.force_login(bob)
    client.post("/clubs/handles/", {"venmo": "@bob-b", "paypal": "bob@example.com"},
                follow=True)
    assert dict(PaymentHandle.objects.filter(user=bob).values_list("method", "handle")) == {
        "venmo": "@bob-b", "paypal": "bob@example.com"}
    client.post("/clubs/handles/", {"venmo": "@bob-b"}, follow=True)  # paypal emptied
    assert list(PaymentHandle.objects.filter(user=bob).values_list("method", flat=True)) == [
        "venmo"]
    response = client.post("/clubs/handles/", {"venmo": "x" * 101}, follow=True)
    assert said(response) == ["The Venmo handle is longer than 100 characters."]
    assert PaymentHandle.objects.get(user=bob).handle == "@bob-b"
    client.force_login(carol)
    assert "Venmo: @bob-b" in client.get(f"/clubs/{club.id}/").content.decode()


def test_the_pages_answer_in_a_fixed_number_of_queries(client, club, alice,
                                                       django_assert_max_num_queries):
    from clubs.models import Membership as M
    from tests.games.conftest import make_user

    for n in range(20):
        M.objects.create(club=club, user=make_user(f"m{n}"))
        night_of(club, name=f"N{n}")
    client.force_login(alice)
    with django_assert_max_num_queries(15):
        assert client.get(f"/clubs/{club.id}/").status_code == 200


def test_the_members_are_listed_owner_first_then_managers(client, club, carol):
    import re

    client.force_login(carol)
    page = client.get(f"/clubs/{club.id}/").content.decode()
    members = page[page.index('id="members"'):]
    assert re.findall(r'/members/\d+/">(\w+)</a></td><td>(\w+)</td>', members) == [
        ("alice", "Owner"), ("bob", "Manager"), ("carol", "Member"), ("dave", "Member")]
