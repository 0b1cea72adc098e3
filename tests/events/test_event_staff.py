"""Event staff by invitation: an organizer invites an account (username or email) as umpire or co-organizer
from the event's staff page; the account holds no role until it accepts from its home, then reaches the
umpire's pages; it may decline; organizers withdraw invitations and remove staff, never the last organizer.
Strangers get 404 for an invitation not theirs, unknown names answer like known ones, and an event sends a
limited number of invitations a day. In en, es and it."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.factories import make_event, make_user
from tests.pairing.test_rounds import flashes
from tournament.models import AuditEntry, ConfirmedEmail, EventRole, StaffInvitation

INVITED = "If such an account exists, it has been invited. It becomes staff once it accepts."


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def staff_url(event) -> str:
    return reverse("tournament:staff", args=[event.slug])


def invite(client, event, who: str, role: str = "umpire", **headers):
    return client.post(staff_url(event), {"invited_as": who, "role": role}, follow=True, headers=headers)


def umpire_pages(event) -> list[str]:
    return [reverse("tournament:ties", args=[event.slug]), reverse("tournament:rounds", args=[event.slug])]


def sees_the_rulings_log(client, event) -> bool:
    """The event page offers the staff's "Settle a dispute" and "Rulings log" links."""
    return 'id="rulings-log-link"' in client.get(event.get_absolute_url()).text


def text(response) -> str:
    main = response.text.split('<main id="main">', 1)[1].split("</main>", 1)[0]
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", main)).split())


def confirm_email(user) -> None:
    """The account confirmed the address it gives (an email names only such an account)."""
    ConfirmedEmail.objects.create(user=user, email=user.email, confirmed_at=timezone.now())


@pytest.fixture
def lucia(db):
    user = make_user("lucia", "Lucía")
    user.email = "lucia@example.org"
    user.save()
    return user


def test_invited_umpire_accepts_from_home_and_reaches_the_umpire_pages(organizer_client, event, lucia):
    confirm_email(lucia)
    lucia_client = client_for(lucia)
    for url in umpire_pages(event):
        assert lucia_client.get(url).status_code == 403, url

    page = invite(organizer_client, event, "LUCIA@example.org")
    assert page.status_code == 200
    assert INVITED in flashes(page)
    assert "LUCIA@example.org" in text(page)  # listed as waiting, as typed
    assert not EventRole.objects.filter(event=event, user=lucia).exists()
    for url in umpire_pages(event):  # invited is not yet staff
        assert lucia_client.get(url).status_code == 403, url
    assert not sees_the_rulings_log(lucia_client, event)

    home = lucia_client.get("/me/")
    assert "You are invited to umpire Torneo de prueba." in text(home)
    invitation = StaffInvitation.objects.get(user=lucia)
    detail = lucia_client.get(reverse("tournament:staff_invitation", args=[invitation.pk]))
    assert "Organizer Uno invites you to umpire this event." in text(detail)

    accepted = lucia_client.post(reverse("tournament:staff_accept", args=[invitation.pk]), follow=True)
    assert "You are now on the staff of Torneo de prueba." in flashes(accepted)
    assert EventRole.objects.filter(event=event, user=lucia, role="umpire").count() == 1
    for url in umpire_pages(event):
        assert lucia_client.get(url).status_code == 200, url
    assert sees_the_rulings_log(lucia_client, event)
    assert "You are invited" not in text(lucia_client.get("/me/"))
    # Accepting again changes nothing and logs nothing.
    lucia_client.post(reverse("tournament:staff_accept", args=[invitation.pk]))
    assert EventRole.objects.filter(event=event, user=lucia).count() == 1
    assert AuditEntry.objects.filter(event=event, action="staff.accept").count() == 1

    listed = text(organizer_client.get(staff_url(event)))
    assert "Lucía (lucia) · Umpire" in listed
    log = text(organizer_client.get(reverse("tournament:audit", args=[event.slug])))
    assert "LUCIA@example.org invited as umpire by Organizer Uno." in log
    assert "lucia accepted to join the staff as umpire." in log


def test_co_organizer_invited_by_username_gets_the_organizer_pages(organizer_client, event, lucia):
    invite(organizer_client, event, "lucia", role="organizer")
    invitation = StaffInvitation.objects.get(user=lucia)
    lucia_client = client_for(lucia)
    assert lucia_client.get(staff_url(event)).status_code == 403
    assert "You are invited to organize Torneo de prueba." in text(lucia_client.get("/me/"))
    lucia_client.post(reverse("tournament:staff_accept", args=[invitation.pk]))
    assert lucia_client.get(staff_url(event)).status_code == 200
    assert lucia_client.get(reverse("tournament:event_edit", args=[event.slug])).status_code == 200


def test_declining_gives_no_role_and_is_logged(organizer_client, event, lucia):
    invite(organizer_client, event, "lucia")
    invitation = StaffInvitation.objects.get(user=lucia)
    lucia_client = client_for(lucia)
    declined = lucia_client.post(reverse("tournament:staff_decline", args=[invitation.pk]), follow=True)
    assert "Invitation to Torneo de prueba declined." in flashes(declined)
    lucia_client.post(reverse("tournament:staff_accept", args=[invitation.pk]))  # too late: declined stays
    assert not EventRole.objects.filter(event=event, user=lucia).exists()
    assert lucia_client.get(reverse("tournament:ties", args=[event.slug])).status_code == 403
    assert "lucia declined to join the staff as umpire." in text(
        organizer_client.get(reverse("tournament:audit", args=[event.slug])))


def test_withdrawn_invitation_cannot_be_accepted(organizer_client, event, lucia):
    invite(organizer_client, event, "lucia")
    invitation = StaffInvitation.objects.get(user=lucia)
    organizer_client.post(reverse("tournament:staff_withdraw", args=[event.slug, invitation.pk]))
    assert "No invitation is waiting." in text(organizer_client.get(staff_url(event)))
    lucia_client = client_for(lucia)
    assert "You are invited" not in text(lucia_client.get("/me/"))
    lucia_client.post(reverse("tournament:staff_accept", args=[invitation.pk]))
    assert not EventRole.objects.filter(event=event, user=lucia).exists()


def test_removing_an_umpire_ends_their_access(organizer_client, umpire_client, event, umpire):
    assert umpire_client.get(reverse("tournament:ties", args=[event.slug])).status_code == 200
    role = EventRole.objects.get(event=event, user=umpire)
    page = organizer_client.post(reverse("tournament:staff_remove", args=[event.slug, role.pk]), follow=True)
    assert "Umpire Due is no longer staff in this role." in flashes(page)
    assert umpire_client.get(reverse("tournament:ties", args=[event.slug])).status_code == 403
    assert "ump removed from the staff (umpire) by Organizer Uno." in text(
        organizer_client.get(reverse("tournament:audit", args=[event.slug])))


def test_the_last_organizer_cannot_be_removed(organizer_client, event, organizer):
    role = EventRole.objects.get(event=event, user=organizer)
    page = organizer_client.post(reverse("tournament:staff_remove", args=[event.slug, role.pk]), follow=True)
    assert "An event needs an organizer: invite another one before you remove the last." in flashes(page)
    assert EventRole.objects.filter(event=event, user=organizer, role="organizer").exists()
    # With a second organizer, the first may step down.
    second = make_user("pia", "Pia")
    EventRole.objects.create(event=event, user=second, role="organizer")
    organizer_client.post(reverse("tournament:staff_remove", args=[event.slug, role.pk]))
    assert not EventRole.objects.filter(event=event, user=organizer).exists()


@pytest.fixture
def other_event(db):
    stranger = make_user("stranger", "Stranger")
    other = make_event(slug="other-event", name="Otro torneo")
    EventRole.objects.create(event=other, user=stranger, role="organizer")
    return other, client_for(stranger)


def test_only_the_events_organizers_reach_the_staff_page(client, umpire_client, event, other_event, lucia):
    _other, stranger_client = other_event
    invite(Client(), event, "lucia")  # anonymous: sent to log in, nothing written
    assert client.get(staff_url(event)).status_code == 302
    assert umpire_client.get(staff_url(event)).status_code == 403
    assert stranger_client.get(staff_url(event)).status_code == 403
    assert stranger_client.post(staff_url(event), {"invited_as": "lucia", "role": "umpire"}).status_code == 403
    assert umpire_client.post(staff_url(event), {"invited_as": "lucia", "role": "organizer"}).status_code == 403
    assert not StaffInvitation.objects.exists()


def test_another_events_organizer_cannot_withdraw_or_remove_here(organizer_client, event, umpire, other_event, lucia):
    other, stranger_client = other_event
    invite(organizer_client, event, "lucia")
    invitation = StaffInvitation.objects.get(user=lucia)
    role = EventRole.objects.get(event=event, user=umpire)
    # Through their own event's URLs (the pk belongs to another event): 404.
    assert stranger_client.post(reverse("tournament:staff_withdraw", args=[other.slug, invitation.pk])).status_code == 404
    assert stranger_client.post(reverse("tournament:staff_remove", args=[other.slug, role.pk])).status_code == 404
    assert stranger_client.post(reverse("tournament:staff_remove", args=[event.slug, role.pk])).status_code == 403
    invitation.refresh_from_db()
    assert invitation.state == "pending"
    assert EventRole.objects.filter(pk=role.pk).exists()


def test_someone_elses_invitation_is_404(organizer_client, umpire_client, event, other_event, lucia):
    _other, stranger_client = other_event
    invite(organizer_client, event, "lucia", role="organizer")
    invitation = StaffInvitation.objects.get(user=lucia)
    for client in (umpire_client, stranger_client, organizer_client):
        assert client.get(reverse("tournament:staff_invitation", args=[invitation.pk])).status_code == 404
        assert client.post(reverse("tournament:staff_accept", args=[invitation.pk])).status_code == 404
        assert client.post(reverse("tournament:staff_decline", args=[invitation.pk])).status_code == 404
    assert Client().post(reverse("tournament:staff_accept", args=[invitation.pk])).status_code == 302  # to log in
    invitation.refresh_from_db()
    assert invitation.state == "pending"
    assert not EventRole.objects.filter(user__username="stranger", event=invitation.event).exists()


def test_unknown_names_answer_like_known_ones(organizer_client, event, lucia):
    known = invite(organizer_client, event, "lucia")
    unknown = invite(organizer_client, event, "nobody-here")
    unknown_email = invite(organizer_client, event, "nobody@example.org")
    assert known.status_code == unknown.status_code == unknown_email.status_code == 200
    assert flashes(known) == flashes(unknown) == flashes(unknown_email) == [INVITED]
    listed = text(organizer_client.get(staff_url(event)))
    assert "lucia · Umpire" in listed and "nobody-here · Umpire" in listed and "nobody@example.org · Umpire" in listed
    assert StaffInvitation.objects.get(invited_as="nobody-here").user is None


def test_invitations_per_event_and_day_are_limited(organizer_client, event, settings, lucia):
    settings.STAFF_INVITES_PER_DAY = 3
    for n in range(3):
        assert INVITED in flashes(invite(organizer_client, event, f"someone-{n}"))
    refused = organizer_client.post(staff_url(event), {"invited_as": "lucia", "role": "umpire"})
    assert refused.status_code == 429
    assert "This event has sent as many invitations as it may today" in text(refused)
    assert not StaffInvitation.objects.filter(invited_as="lucia").exists()


def test_a_bad_invitation_form_names_the_field(organizer_client, event):
    page = organizer_client.post(staff_url(event), {"invited_as": "", "role": "referee"})
    assert page.status_code == 400
    errors = re.findall(r'<div class="field[^"]*">\s*<label[^>]*>([^<]+)</label>.*?<ul class="errorlist[^"]*"[^>]*>'
                        r'\s*<li>([^<]+)</li>', page.text, re.S)
    assert [(label.strip(), message) for label, message in errors] == [
        ("Username or email:", "This field is required."),
        ("Role:", "Select a valid choice. referee is not one of the available choices.")]
    assert not StaffInvitation.objects.exists()


@pytest.mark.parametrize(("language", "words"), [
    ("es", {"page": "Invitar a un árbitro o a un coorganizador", "sent": "Si existe esa cuenta, ha sido invitada.",
            "home": "Te invitan a arbitrar Torneo de prueba.", "accepted": "Ahora formas parte del equipo de Torneo de prueba."}),
    ("it", {"page": "Invita un arbitro o un coorganizzatore", "sent": "Se l'account esiste, è stato invitato.",
            "home": "Sei invitato ad arbitrare Torneo de prueba.", "accepted": "Ora fai parte dello staff di Torneo de prueba."}),
])
def test_the_flow_in_spanish_and_italian(organizer_client, event, lucia, language, words):
    page = organizer_client.get(staff_url(event), headers={"Accept-Language": language})
    assert words["page"] in text(page)
    sent = organizer_client.post(
        staff_url(event), {"invited_as": "lucia", "role": "umpire"}, follow=True, headers={"Accept-Language": language})
    assert any(m.startswith(words["sent"]) for m in flashes(sent))
    lucia_client = client_for(lucia)
    assert words["home"] in text(lucia_client.get("/me/", headers={"Accept-Language": language}))
    invitation = StaffInvitation.objects.get(user=lucia)
    accepted = lucia_client.post(reverse("tournament:staff_accept", args=[invitation.pk]), follow=True,
                                 headers={"Accept-Language": language})
    assert words["accepted"] in flashes(accepted)


def test_the_home_stops_answering_304_when_an_invitation_arrives(organizer_client, event, lucia):
    lucia_client = client_for(lucia)
    etag = lucia_client.get("/me/")["ETag"]
    assert lucia_client.get("/me/", headers={"If-None-Match": etag}).status_code == 304
    invite(organizer_client, event, "lucia")
    fresh = lucia_client.get("/me/", headers={"If-None-Match": etag, "HX-Request": "true"})
    assert fresh.status_code == 200
    assert "You are invited to umpire Torneo de prueba." in fresh.text


def test_an_invitation_by_email_never_goes_to_an_account_whose_username_is_that_email(organizer_client, event,
                                                                                       lucia):
    """Anyone may sign up with Lucía's email address as their username: an invitation typed as her email is hers
    (found by a review on 2026-11-28: it went to the stranger, who accepted it and became co-organizer)."""
    signup = Client().post(reverse("signup"), {"username": "lucia@example.org", "email": "",
                                               "password1": "Zq8!long-enough", "password2": "Zq8!long-enough"})
    assert signup.status_code == 302
    squatter = type(lucia).objects.get(username="lucia@example.org")
    confirm_email(lucia)
    invite(organizer_client, event, "lucia@example.org", "organizer")
    invitation = StaffInvitation.objects.get(event=event)
    assert invitation.user == lucia
    assert client_for(squatter).post(reverse("tournament:staff_accept", args=[invitation.pk])).status_code == 404
    assert not EventRole.objects.filter(event=event, user=squatter).exists()


def test_an_invitation_by_email_goes_to_the_account_that_confirmed_it(organizer_client, event, lucia):
    """Two accounts give the same email: the one that confirmed it is invited, never the other; with neither
    confirmed nobody is (as before)."""
    other = make_user("other-lucia")
    other.email = "LUCIA@example.org"
    other.save()
    invite(organizer_client, event, "lucia@example.org")
    assert StaffInvitation.objects.get(event=event).user is None
    StaffInvitation.objects.all().delete()
    ConfirmedEmail.objects.create(user=lucia, email="lucia@example.org", confirmed_at=timezone.now())
    invite(organizer_client, event, "Lucia@Example.org")
    assert StaffInvitation.objects.get(event=event).user == lucia


# Found by a review on 2026-11-28: an email typed by a stranger, a removed organizer's invitations ------------

def _signup_giving(address: str, username: str, email: str) -> Client:
    client = Client(REMOTE_ADDR=address)
    password = "Molto-Segreta-2026"
    answer = client.post(reverse("signup"), {"username": username, "email": email,
                                              "password1": password, "password2": password})
    assert answer.status_code == 302
    return client



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
    squatter = _signup_giving("203.0.113.20", "lucia-org", "lucia@example.org")

    owner = Client()
    owner.force_login(organizer)
    owner.post(reverse("tournament:staff", args=[event.slug]), {"invited_as": "lucia@example.org", "role": "organizer"})
    invitation = StaffInvitation.objects.get(event=event)
    squatter.post(reverse("tournament:staff_accept", args=[invitation.pk]))

    assert not EventRole.objects.filter(event=event, user__username="lucia-org").exists()


# Removing a co-organizer

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


def test_an_invitation_by_email_waits_for_the_account_that_confirms_it(organizer_client, event, lucia):
    """Nobody confirmed the address when it was invited: the invitation waits, unbound, and goes to Lucía once she
    presses the button of her confirmation link."""
    from django.core import signing

    from tournament.accounts.emails import SALT

    invite(organizer_client, event, "Lucia@example.org", "organizer")
    invitation = StaffInvitation.objects.get(event=event)
    assert invitation.user is None
    token = signing.dumps({"u": lucia.pk, "e": lucia.email}, salt=SALT)
    assert client_for(lucia).post(reverse("confirm_email", args=[token])).status_code == 302
    invitation.refresh_from_db()
    assert invitation.user == lucia
    client_for(lucia).post(reverse("tournament:staff_accept", args=[invitation.pk]))
    assert EventRole.objects.filter(event=event, user=lucia, role="organizer").exists()


def test_an_invitation_whose_sender_no_longer_organizes_cannot_be_accepted(organizer_client, event, organizer,
                                                                          lucia):
    """The sender's role went another way than the staff page (the admin): what they sent grants nothing."""
    helper = make_user("helper")
    EventRole.objects.create(event=event, user=helper, role=EventRole.Role.ORGANIZER)
    invite(client_for(helper), event, "lucia", "organizer")
    EventRole.objects.filter(event=event, user=helper).delete()
    invitation = StaffInvitation.objects.get(event=event, user=lucia)
    assert client_for(lucia).post(reverse("tournament:staff_accept", args=[invitation.pk])).status_code == 404
    assert not EventRole.objects.filter(event=event, user=lucia).exists()


def test_removing_an_organizer_withdraws_their_waiting_invitations_in_the_log(organizer_client, event, organizer,
                                                                             lucia):
    """The invitations a removed organizer left waiting are withdrawn by whoever removed them, and logged so;
    another organizer's invitations, and an umpire's removal, leave invitations as they are."""
    helper = make_user("helper")
    role = EventRole.objects.create(event=event, user=helper, role=EventRole.Role.ORGANIZER)
    EventRole.objects.create(event=event, user=helper, role=EventRole.Role.UMPIRE)
    invite(client_for(helper), event, "lucia", "organizer")
    invite(organizer_client, event, "someone-else")
    umpire_role = EventRole.objects.get(event=event, user=helper, role=EventRole.Role.UMPIRE)
    organizer_client.post(reverse("tournament:staff_remove", args=[event.slug, umpire_role.pk]))
    assert StaffInvitation.objects.get(invited_as="lucia").state == StaffInvitation.State.PENDING
    organizer_client.post(reverse("tournament:staff_remove", args=[event.slug, role.pk]))
    assert StaffInvitation.objects.get(invited_as="lucia").state == StaffInvitation.State.WITHDRAWN
    assert StaffInvitation.objects.get(invited_as="someone-else").state == StaffInvitation.State.PENDING
    log = text(organizer_client.get(reverse("tournament:audit", args=[event.slug])))
    assert "Invitation of lucia as co-organizer withdrawn by Organizer Uno." in log


def test_the_migration_unbinds_waiting_invitations_of_accounts_that_never_confirmed_the_address(organizer, event,
                                                                                                lucia):
    from importlib import import_module

    from django.apps import apps

    squatter = make_user("squatter")
    squatter.email = "ana@example.org"
    squatter.save()
    confirm_email(lucia)
    typed = StaffInvitation.objects.create(event=event, invited_as="ana@example.org", user=squatter, role="organizer",
                                           invited_by=organizer)
    hers = StaffInvitation.objects.create(event=event, invited_as="LUCIA@example.org", user=lucia, role="umpire",
                                          invited_by=organizer)
    by_name = StaffInvitation.objects.create(event=event, invited_as="squatter", user=squatter, role="umpire",
                                             invited_by=organizer)
    import_module("tournament.migrations.0035_staff_invitation_unbind_unconfirmed").unbind(apps, None)
    assert [StaffInvitation.objects.get(pk=i.pk).user for i in (typed, hers, by_name)] == [None, lucia, squatter]
