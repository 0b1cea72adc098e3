"""Event staff by invitation, in a browser: the organizer opens "Staff" from the event page and invites an
umpire by email; the umpire accepts from their own page and finds the staff's links on the event page; the
organizer removes them again. In en, es and it, on a phone (390 × 844) and a desktop; each page passes the
journey checks (no sideways scroll, tap targets, console, axe)."""

from __future__ import annotations

import datetime

import pytest
from playwright.sync_api import expect

from tests.e2e.journey import LANGUAGE_SCREENS_PHONE_FIRST, check, signed_in_page, tr
from tests.factories import make_event, make_user


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("lang", "screen"), LANGUAGE_SCREENS_PHONE_FIRST)
def test_organizer_invites_an_umpire_who_accepts_from_their_page(browser, live_server, lang, screen):
    from django.utils import timezone

    from tournament.models import ConfirmedEmail, EventRole

    event = make_event(slug="torneo-staff", name="Torneo Staff", date=datetime.date(2026, 5, 9))
    EventRole.objects.create(event=event, user=make_user("org-staff", "Pia"), role=EventRole.Role.ORGANIZER)
    umpire = make_user("ump-staff", "Lucía")
    umpire.email = "lucia@example.org"
    umpire.save()
    # an email names only the account that confirmed it (an invitation by email waits for that account)
    ConfirmedEmail.objects.create(user=umpire, email=umpire.email, confirmed_at=timezone.now())
    t = lambda msgid, **kw: tr(lang, msgid, **kw)  # noqa: E731 - the journey reads like the page

    organizer = signed_in_page(browser, live_server, lang, screen, "org-staff")
    organizer.goto(f"{live_server.url}{event.get_absolute_url()}")
    organizer.get_by_role("link", name=tr(lang, "Staff", same_ok=True), exact=True).click()
    expect(organizer.locator("h1")).to_have_text(tr(lang, "Staff", same_ok=True))
    check(organizer, "staff page")
    organizer.get_by_label(t("Username or email")).fill("lucia@example.org")
    organizer.get_by_role("button", name=t("Invite"), exact=True).click()
    expect(organizer.locator(".messages")).to_contain_text(
        t("If such an account exists, it has been invited. It becomes staff once it accepts."))
    expect(organizer.locator("#staff-pending")).to_contain_text("lucia@example.org")
    check(organizer, "staff page with an invitation")

    invited = signed_in_page(browser, live_server, lang, screen, "ump-staff")
    invited.goto(f"{live_server.url}/me/")
    expect(invited.locator("#my-invitations")).to_contain_text(t("You are invited to umpire %(event)s.", event="Torneo Staff"))
    check(invited, "home with a staff invitation")
    invited.locator("#my-invitations").get_by_role("link").first.click()
    check(invited, "staff invitation")
    invited.get_by_role("button", name=t("Accept"), exact=True).click()
    expect(invited.locator(".messages")).to_contain_text(t("You are now on the staff of %(event)s.", event="Torneo Staff"))
    expect(invited.get_by_role("link", name=t("Rulings log"))).to_be_visible()
    expect(invited.get_by_role("link", name=t("Ties"))).to_be_visible()

    organizer.reload()
    expect(organizer.locator("#staff-list")).to_contain_text("ump-staff")
    organizer.locator("#staff-list li", has_text="ump-staff").get_by_role("button").click()
    expect(organizer.locator("#staff-list")).not_to_contain_text("ump-staff")
    check(organizer, "staff page after a removal")
