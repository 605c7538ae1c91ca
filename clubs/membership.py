"""Who is in a club and what they may do: create, ask to join by the invitation link, a
manager's approval, leave, remove, and the owner's choice of managers."""

from __future__ import annotations

from django.db import IntegrityError, transaction

from clubs.models import Club, JoinRequest, Membership

Role = Membership.Role


class MembershipError(ValueError):
    """A change to a club's members refused; the message says why."""


def membership(club: Club, user) -> Membership | None:
    """The user's membership of the club, or None (anonymous visitors included)."""
    if not user.is_authenticated:
        return None
    return Membership.objects.filter(club=club, user=user).first()


@transaction.atomic
def create_club(owner, name: str) -> Club:
    name = name.strip()
    if not name:
        raise MembershipError("Give the club a name.")
    if len(name) > 60:
        raise MembershipError("A club's name is at most 60 characters.")
    club = Club.objects.create(name=name, owner=owner)
    Membership.objects.create(club=club, user=owner, role=Role.OWNER)
    return club


def ask_to_join(club: Club, user) -> JoinRequest:
    if Membership.objects.filter(club=club, user=user).exists():
        raise MembershipError(f"You are already a member of {club.name}.")
    try:
        with transaction.atomic():
            return JoinRequest.objects.create(club=club, user=user)
    except IntegrityError:
        raise MembershipError("You have already asked to join: a manager will answer.") \
            from None


def _managing(club: Club, user) -> Membership:
    mine = membership(club, user)
    if mine is None or not mine.manages:
        raise MembershipError("Only the club's owner and managers can do that.")
    return mine


@transaction.atomic
def answer_request(club: Club, manager, request_id: int, approve: bool) -> JoinRequest:
    _managing(club, manager)
    asked = JoinRequest.objects.filter(club=club, pk=request_id).select_related("user").first()
    if asked is None:
        raise MembershipError("That request has already been answered.")
    if approve:
        Membership.objects.get_or_create(club=club, user=asked.user)
    asked.delete()
    return asked


def leave(club: Club, user) -> None:
    mine = membership(club, user)
    if mine is None:
        raise MembershipError(f"You are not a member of {club.name}.")
    if mine.role == Role.OWNER:
        raise MembershipError("The owner cannot leave the club.")
    mine.delete()


def remove(club: Club, manager, user_id: int) -> Membership:
    """A manager removes a member; only the owner removes a manager; nobody the owner."""
    mine = _managing(club, manager)
    theirs = Membership.objects.filter(club=club, user_id=user_id).select_related("user").first()
    if theirs is None:
        raise MembershipError("That person is not a member of the club.")
    if theirs.role == Role.OWNER:
        raise MembershipError("Nobody can remove the club's owner.")
    if theirs.role == Role.MANAGER and mine.role != Role.OWNER:
        raise MembershipError("Only the owner can remove a manager.")
    theirs.delete()
    return theirs


def set_role(club: Club, owner, user_id: int, role: str) -> Membership:
    """The owner makes a member a manager or a manager a member again."""
    mine = membership(club, owner)
    if mine is None or mine.role != Role.OWNER:
        raise MembershipError("Only the club's owner can choose its managers.")
    if role not in (Role.MANAGER, Role.MEMBER):
        raise MembershipError(f"{role!r} is not a role: choose manager or member.")
    theirs = Membership.objects.filter(club=club, user_id=user_id).first()
    if theirs is None:
        raise MembershipError("That person is not a member of the club.")
    if theirs.role == Role.OWNER:
        raise MembershipError("The owner stays the owner.")
    theirs.role = role
    theirs.save(update_fields=["role"])
    return theirs
