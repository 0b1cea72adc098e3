"""Issue 26 §1: the desk reset link takes no account that is used anywhere else.

A stranger with an event of their own asked for the desk link of a player who entered it, and took the account.
Now the desk resets alone only an account made for that entry and never used; any other needs the code the player
shows from their own logged-in session, or an email reset. The holder is told by email, and every event the account
plays in records it.
"""

from __future__ import annotations

import re

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

from tests.factories import make_event, make_player, make_registration, make_user
from tournament.models import AuditEntry, EventRole, League, LeagueRole

RIGHT = "right-Password-2026"


@pytest.fixture(autouse=True)
def _fast_hasher(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def scene(db, stranger, own_event):
    """A player with a real account (logged in before, entered in another event) enters the stranger's event."""
    victim = make_user("victim", password=RIGHT)
    victim.email = "victim@example.org"
    victim.save()
    Client().post(reverse("login"), {"username": "victim", "password": RIGHT})  # a used account: it has logged in
    player = make_player("Vera Vittima", user=victim)
    elsewhere = make_event(slug="elsewhere", name="Elsewhere")
    make_registration(elsewhere, player)
    entry = make_registration(own_event, player)
    return {"victim": victim, "entry": entry, "elsewhere": elsewhere}


def _ask(client, event, entry, code=""):
    return client.post(reverse("tournament:desk_reset", args=[event.slug, entry.pk]), {"code": code}, follow=True)


def _set_password(link_page, password: str) -> None:
    link = re.search(r'id="desk-reset-link">https?://[^/<]+([^<]+)<', link_page.text).group(1)
    player = Client()
    form = player.get(link, follow=True)
    player.post(form.redirect_chain[-1][0], {"new_password1": password, "new_password2": password})


def _can_log_in(username: str, password: str) -> bool:
    client = Client()
    client.post(reverse("login"), {"username": username, "password": password})
    return "_auth_user_id" in client.session


REFUSED = {"en": "the desk cannot reset it alone", "es": "la mesa no puede restablecerla sola",
           "it": "il banco non può reimpostarlo da solo"}


@pytest.mark.parametrize("lang", ["en", "es", "it"])
def test_a_stranger_cannot_take_a_used_account_at_their_desk(scene, stranger_client, own_event, lang):
    stranger_client.cookies["django_language"] = lang
    page = _ask(stranger_client, own_event, scene["entry"])
    assert "desk-reset-link" not in page.text and REFUSED[lang] in page.text
    assert _can_log_in("victim", RIGHT) and not mail.outbox


@pytest.mark.parametrize("role", ["league", "event", "other-entry"])
def test_any_use_elsewhere_refuses_the_desk_link(db, stranger_client, own_event, role):
    holder = make_user("holder", password=RIGHT)  # never logged in
    player = make_player("Hana Holder", user=holder)
    entry = make_registration(own_event, player)
    if role == "league":
        league = League.objects.create(slug="liga", name="Liga", season_start="2026-01-01", season_end="2026-12-31")
        LeagueRole.objects.create(league=league, user=holder, role=LeagueRole.Role.ORGANIZER)
    elif role == "event":
        EventRole.objects.create(event=make_event(), user=holder, role=EventRole.Role.UMPIRE)
    else:
        make_registration(make_event(), player)
    assert "desk-reset-link" not in _ask(stranger_client, own_event, entry).text


def test_the_players_own_desk_code_lets_the_desk_reset_and_tells_everyone(scene, stranger_client, own_event):
    victim, entry, elsewhere = scene["victim"], scene["entry"], scene["elsewhere"]
    session = Client()
    session.force_login(victim)
    shown = session.get(reverse("desk_code"))
    assert shown["Cache-Control"].startswith("max-age=0") or "no-store" in shown["Cache-Control"]
    code = re.search(r'id="desk-code">([A-Z0-9]+)<', shown.text).group(1)
    assert "desk-reset-link" not in _ask(stranger_client, own_event, entry, code="AAAA2222").text  # a wrong code
    page = _ask(stranger_client, own_event, entry, code=code.lower())
    assert "desk-reset-link" in page.text
    _set_password(page, "Nuevo-Pass-2026!")
    assert _can_log_in("victim", "Nuevo-Pass-2026!")
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["victim@example.org"] and own_event.name in mail.outbox[0].body
    # Recorded in both events the account plays in, not only at the desk that gave the link.
    assert AuditEntry.objects.filter(action="account.desk_reset", event=elsewhere).exists()
    assert AuditEntry.objects.filter(action="account.desk_reset", event=own_event).exists()
    other_organizer = make_user("elsewhere-org")
    EventRole.objects.create(event=elsewhere, user=other_organizer, role=EventRole.Role.ORGANIZER)
    log = Client()
    log.force_login(other_organizer)
    audit_page = log.get(reverse("tournament:audit", args=[elsewhere.slug]))
    assert "password reset link given at the desk of event “mine”" in audit_page.text.replace("&ldquo;", "“").replace(
        "&rdquo;", "”")
    # The code worked once: the password changed, so it works no more.
    assert "desk-reset-link" not in _ask(stranger_client, own_event, entry, code=code).text


def test_wrong_desk_codes_are_limited(scene, stranger_client, own_event):
    session = Client()
    session.force_login(scene["victim"])
    code = re.search(r'id="desk-code">([A-Z0-9]+)<', session.get(reverse("desk_code")).text).group(1)
    for _ in range(5):
        _ask(stranger_client, own_event, scene["entry"], code="WRONG222")
    page = _ask(stranger_client, own_event, scene["entry"], code=code)
    assert "desk-reset-link" not in page.text and "Too many wrong desk codes" in page.text


def test_an_account_made_for_the_entry_and_never_used_resets_at_the_desk(db, stranger_client, own_event):
    fresh = make_user("fresh", password=RIGHT)
    fresh.email = "fresh@example.org"
    fresh.save()
    entry = make_registration(own_event, make_player("Fresca", user=fresh))
    page = _ask(stranger_client, own_event, entry)
    assert "desk-reset-link" in page.text
    assert mail.outbox and mail.outbox[0].to == ["fresh@example.org"]
