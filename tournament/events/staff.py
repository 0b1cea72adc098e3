"""An event's staff: organizers invite accounts as umpire or co-organizer, the invited account accepts or
declines from its home, organizers withdraw invitations and remove staff (never the last organizer).

Every write runs in one transaction and writes an audit entry. An invitation answers alike whether or not an
account goes by the name typed (the invitation is kept either way), and an event sends at most
settings.STAFF_INVITES_PER_DAY invitations a day, counted before the name is looked up. An email names only the
account that confirmed it. Removing an organizer withdraws the invitations they left waiting, and an invitation
whose sender no longer organizes the event cannot be accepted."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.http import Http404
from django.utils import timezone

from tournament.accounts.emails import confirmed_account
from tournament.events.audit import audit
from tournament.limits.counter import allow
from tournament.models import Event, EventRole, StaffInvitation

ROLES = (EventRole.Role.UMPIRE, EventRole.Role.ORGANIZER)


class TooManyStaffInvitations(Exception):
    """The event sent settings.STAFF_INVITES_PER_DAY invitations in the last 24 hours."""


class LastOrganizer(Exception):
    """Removing this role would leave the event without an organizer."""


def account_named(invited_as: str):
    """The active account an invitation names (None when none, or more than one, answers to it). An email (with
    "@") names only the one account that confirmed it (`accounts.emails.confirmed_account`), never one that merely
    gives it or has it as username: anyone may type somebody's address at sign-up, and would take invitations meant
    for its owner. An invitation that names nobody waits, and goes to the account that confirms the address later.
    Any other text names the account with that username."""
    if "@" not in invited_as:
        return get_user_model().objects.filter(is_active=True, username__iexact=invited_as).first()
    return confirmed_account(invited_as)


def invite(event: Event, by, invited_as: str, role: str) -> None:
    """Invite whoever goes by `invited_as` (username or email) to the event's staff. Returns nothing, so that the
    caller's answer cannot depend on whether the account exists. Inviting someone already in that role, or again
    while an invitation waits, adds nothing."""
    invited_as = invited_as.strip()
    if role not in ROLES:
        raise ValueError(role)
    if not allow("staff-invite", str(event.pk), limit=settings.STAFF_INVITES_PER_DAY, window=timedelta(days=1)):
        raise TooManyStaffInvitations
    user = account_named(invited_as)
    with transaction.atomic():
        Event.objects.select_for_update().filter(pk=event.pk).first()  # one staff change of this event at a time
        if user is not None and EventRole.objects.filter(event=event, user=user, role=role).exists():
            return
        if StaffInvitation.objects.filter(event=event, invited_as__iexact=invited_as, role=role,
                                          state=StaffInvitation.State.PENDING).exists():
            return
        StaffInvitation.objects.create(event=event, invited_as=invited_as, user=user, role=role, invited_by=by)
        audit(event=event, user=by, action="staff.invite", target=invited_as, after={"role": role})


def pending(event: Event):
    return event.staff_invitations.filter(state=StaffInvitation.State.PENDING).order_by("created_at", "pk")


def withdraw(event: Event, by, pk: int) -> None:
    """Withdraw a pending invitation of this event (404 for another event's or an answered one)."""
    with transaction.atomic():
        invitation = (StaffInvitation.objects.select_for_update()
                      .filter(pk=pk, event=event, state=StaffInvitation.State.PENDING).first())
        if invitation is None:
            raise Http404
        invitation.state, invitation.answered_at = StaffInvitation.State.WITHDRAWN, timezone.now()
        invitation.save(update_fields=["state", "answered_at"])
        audit(event=event, user=by, action="staff.withdraw", target=invitation.invited_as,
              after={"role": invitation.role})


def invitation_for(user, pk: int) -> StaffInvitation:
    """An invitation addressed to this account; 404 for anyone else (nothing about it is told)."""
    invitation = StaffInvitation.objects.select_related("event", "invited_by").filter(pk=pk, user=user).first()
    if invitation is None or not getattr(user, "is_authenticated", False):
        raise Http404
    return invitation


def waiting_for(user):
    """The staff invitations this account has not answered yet."""
    if not getattr(user, "is_authenticated", False):
        return StaffInvitation.objects.none()
    return (StaffInvitation.objects.filter(user=user, state=StaffInvitation.State.PENDING)
            .select_related("event").order_by("created_at", "pk"))


def answer(user, pk: int, *, accept: bool) -> StaffInvitation:
    """The invited account accepts (the role is created) or declines. Answering again as before changes nothing;
    an invitation withdrawn, or answered the other way, stays as it is (the returned state says so)."""
    with transaction.atomic():
        invitation = StaffInvitation.objects.select_for_update().select_related("event").filter(pk=pk, user=user).first()
        if invitation is None or not getattr(user, "is_authenticated", False):
            raise Http404
        if invitation.state != StaffInvitation.State.PENDING:
            return invitation
        event = invitation.event
        if accept and not _sender_organizes(invitation):
            raise Http404  # its sender no longer organizes the event: nothing they sent grants a role
        if accept:
            EventRole.objects.get_or_create(event=event, user=user, role=invitation.role)
            invitation.state = StaffInvitation.State.ACCEPTED
        else:
            invitation.state = StaffInvitation.State.DECLINED
        invitation.answered_at = timezone.now()
        invitation.save(update_fields=["state", "answered_at"])
        audit(event=event, user=user, action="staff.accept" if accept else "staff.decline",
              target=user.get_username(), after={"role": invitation.role})
    return invitation


def _sender_organizes(invitation: StaffInvitation) -> bool:
    """The invitation's sender still organizes its event (or is the site's staff, who may invite in the admin). A
    sender removed in the admin, or whose account was deleted, leaves nothing anyone can accept."""
    sender = invitation.invited_by
    if sender is None:
        return False
    return sender.is_staff or EventRole.objects.filter(event_id=invitation.event_id, user=sender,
                                                       role=EventRole.Role.ORGANIZER).exists()


def staff_of(event: Event):
    return (EventRole.objects.filter(event=event).select_related("user")
            .order_by("role", "user__username"))


def remove(event: Event, by, pk: int) -> EventRole:
    """Remove one role of this event's staff (404 for another event's). The event keeps at least one organizer."""
    with transaction.atomic():
        Event.objects.select_for_update().filter(pk=event.pk).first()
        role = EventRole.objects.select_related("user").filter(pk=pk, event=event).first()
        if role is None:
            raise Http404
        if (role.role == EventRole.Role.ORGANIZER
                and not EventRole.objects.filter(event=event, role=EventRole.Role.ORGANIZER).exclude(pk=role.pk).exists()):
            raise LastOrganizer
        role.delete()
        audit(event=event, user=by, action="staff.remove", target=role.user.get_username(), after={"role": role.role})
        if not EventRole.objects.filter(event=event, user=role.user, role=EventRole.Role.ORGANIZER).exists():
            _withdraw_sent_by(event, by, role.user)
    return role


def _withdraw_sent_by(event: Event, by, sender) -> None:
    """Withdraw the invitations a former organizer left waiting (inside the removal's transaction): otherwise a
    second account they invited could still accept, and the removal would not end their hold on the event."""
    now = timezone.now()
    for invitation in (StaffInvitation.objects.select_for_update()
                       .filter(event=event, invited_by=sender, state=StaffInvitation.State.PENDING).order_by("pk")):
        invitation.state, invitation.answered_at = StaffInvitation.State.WITHDRAWN, now
        invitation.save(update_fields=["state", "answered_at"])
        audit(event=event, user=by, action="staff.withdraw", target=invitation.invited_as,
              after={"role": invitation.role})
