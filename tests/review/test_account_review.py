"""Security review (account flows): what a stranger who signs up can still do to someone else's account, inbox or
event. Each test states what should hold; each failed on the commit it was written against."""

from __future__ import annotations

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

from tests.factories import make_event, make_user
from tournament.models import EventRole, StaffInvitation

PASSWORD = "Molto-Segreta-2026"
VICTIM = "victim@example.org"


@pytest.fixture(autouse=True)
def _fast_hasher(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def _signup(address: str, username: str, email: str) -> Client:
    client = Client(REMOTE_ADDR=address)
    answer = client.post(reverse("signup"), {"username": username, "email": email,
                                              "password1": PASSWORD, "password2": PASSWORD})
    assert answer.status_code == 302
    return client


def _mails_to(address: str) -> int:
    return sum(1 for message in mail.outbox if address in message.to)


# Mail to one address ---------------------------------------------------------------------------------------------

def test_reset_mails_to_one_address_stay_limited_when_many_accounts_give_it(db, settings):
    """README: at most RESET_MAILS_PER_EMAIL (3) reset mails an hour reach one address. A stranger signs up ten
    accounts (one client address, within SIGNUPS_PER_ADDRESS) that all give the victim's address (nothing checks
    it), then asks three resets for it: Django mails every account that gives the address, so 30 reset mails reach
    the victim in an hour, and ten more accounts every hour multiply it again."""
    for n in range(settings.SIGNUPS_PER_ADDRESS):
        _signup("203.0.113.7", f"squatter{n}", VICTIM)
    mail.outbox.clear()  # the sign-ups' own confirmation mails: see the next test
    for n in range(settings.RESET_MAILS_PER_EMAIL):
        Client(REMOTE_ADDR=f"198.51.100.{n + 1}").post(reverse("password_reset"), {"email": VICTIM})
    assert _mails_to(VICTIM) <= settings.RESET_MAILS_PER_EMAIL


def test_confirmation_mails_to_one_address_are_limited_across_accounts(db, settings):
    """Confirmation mails are limited per account only (3 an hour), never per address: every account a stranger
    signs up with the victim's address mails it at sign-up and may ask twice more each hour, so one client address
    sends 30 mails to a stranger's inbox in its first hour (and 3 more per account kept, every hour after)."""
    clients = [_signup("203.0.113.9", f"bomber{n}", VICTIM) for n in range(settings.SIGNUPS_PER_ADDRESS)]
    for client in clients:
        for _ in range(3):
            client.post(reverse("confirm_email_request"))
    assert _mails_to(VICTIM) <= 3


# Staff invitations by email ---------------------------------------------------------------------------------------

def test_an_invitation_by_email_never_goes_to_an_account_that_only_typed_that_email(db):
    """The fix for usernames (an email typed as a username never names that account) left the email field itself:
    the email given at sign-up is optional and never checked, so a stranger who signs up giving Lucía's address is
    "the one account that gives it" whenever Lucía's own account has no email (or another one). The organizer
    invites lucia@example.org as co-organizer; the stranger finds the invitation on /me/, accepts, and organizes
    the event."""
    organizer = make_user("owner")
    event = make_event(slug="club-open", name="Club Open")
    EventRole.objects.create(event=event, user=organizer, role=EventRole.Role.ORGANIZER)
    make_user("lucia")  # Lucía's account: she left the optional email empty
    squatter = _signup("203.0.113.20", "lucia-org", "lucia@example.org")

    owner = Client()
    owner.force_login(organizer)
    owner.post(reverse("tournament:staff", args=[event.slug]), {"invited_as": "lucia@example.org", "role": "organizer"})
    invitation = StaffInvitation.objects.get(event=event)
    squatter.post(reverse("tournament:staff_accept", args=[invitation.pk]))

    assert not EventRole.objects.filter(event=event, user__username="lucia-org").exists()


# Removing a co-organizer ------------------------------------------------------------------------------------------

def test_removing_a_co_organizer_ends_the_invitations_they_left_waiting(db):
    """A stranger invited as co-organizer invites a second account of their own, which waits. The owner removes the
    stranger from the staff page; the invitation stays live (the pending list does not say who sent it), and the
    second account accepts and organizes the event again: the removal did not end the stranger's access."""
    owner_user, stranger, sock = make_user("owner"), make_user("stranger"), make_user("sock")
    event = make_event(slug="club-open", name="Club Open")
    EventRole.objects.create(event=event, user=owner_user, role=EventRole.Role.ORGANIZER)
    stranger_role = EventRole.objects.create(event=event, user=stranger, role=EventRole.Role.ORGANIZER)
    clients = {}
    for user in (owner_user, stranger, sock):
        clients[user.username] = Client()
        clients[user.username].force_login(user)

    clients["stranger"].post(reverse("tournament:staff", args=[event.slug]), {"invited_as": "sock", "role": "organizer"})
    invitation = StaffInvitation.objects.get(event=event, user=sock)
    clients["owner"].post(reverse("tournament:staff_remove", args=[event.slug, stranger_role.pk]))
    assert not EventRole.objects.filter(event=event, user=stranger).exists()

    clients["sock"].post(reverse("tournament:staff_accept", args=[invitation.pk]))
    assert not EventRole.objects.filter(event=event, user=sock).exists()
