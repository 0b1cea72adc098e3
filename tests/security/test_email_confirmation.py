"""Issue 26 §12 (welcome part): with REQUIRE_CONFIRMED_EMAIL on, an account confirms its email before it creates
events or leagues, so a burst of fresh sign-ups cannot open events at once."""

from __future__ import annotations

import re

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

from tournament.models import Event, League


@pytest.fixture(autouse=True)
def _required(settings):
    settings.REQUIRE_CONFIRMED_EMAIL = True
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def _signup(client: Client, email: str = "new@example.org"):
    return client.post(reverse("signup"), {"username": "newcomer", "email": email, "password1": "Molto-Segreta-2026",
                                           "password2": "Molto-Segreta-2026"})


EVENT = {"name": "Open", "slug": "open-26", "date": "2026-06-01", "edition": "3.0", "scoring_preset": "nasamw-3.0",
         "rounds_planned": 3, "round_minutes": 90, "round_one_method": "random"}


def _create_event(client: Client):
    return client.post(reverse("tournament:event_create"), EVENT)


def _create_league(client: Client):
    return client.post("/leagues/new/", {"name": "Liga", "slug": "liga-26", "season_start": "2026-01-01",
                                         "season_end": "2026-12-31", "edition": "3.0", "public": "on",
                                         "scoring_preset": "custom-placing", "custom_table": "7, 3"})


@pytest.mark.parametrize(("lang", "words"), [("en", "Confirm your email before creating events"),
                                             ("es", "Confirma tu email antes de crear torneos"),
                                             ("it", "Conferma la tua email prima di creare tornei")])
def test_an_unconfirmed_account_creates_no_event(db, lang, words):
    client = Client(headers={"Accept-Language": lang})
    _signup(client)
    page = _create_event(client)
    assert page.status_code == 403 and words in page.text and not Event.objects.exists()


def test_no_league_either(db):
    client = Client()
    _signup(client)
    assert _create_league(client).status_code == 403 and not League.objects.exists()


def test_the_mailed_link_confirms_and_then_events_may_be_created(db):
    client = Client()
    _signup(client)
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["new@example.org"]
    link = re.search(r"https?://[^/\s]+(/accounts/confirm-email/\S+/)", mail.outbox[0].body).group(1)
    assert client.get(link).status_code == 200  # opening the link (a mail scanner) confirms nothing
    assert _create_event(client).status_code == 403
    assert client.post(link).status_code == 302
    assert _create_event(client).status_code == 302 and Event.objects.filter(slug="open-26").exists()


def test_a_tampered_link_confirms_nothing(db):
    client = Client()
    _signup(client)
    link = re.search(r"https?://[^/\s]+(/accounts/confirm-email/\S+/)", mail.outbox[0].body).group(1)
    assert client.post(link.replace(":", "x", 1)).status_code == 400
    assert _create_event(client).status_code == 403


def test_confirmation_mails_on_request_are_limited(db):
    client = Client()
    _signup(client)
    for _ in range(5):
        client.post(reverse("confirm_email_request"))
    assert len(mail.outbox) == 3  # the sign-up's and two more within the hour


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "could not be sent"), ("es", "no se pudo enviar"), ("it", "Non è stato possibile inviare")])
def test_a_venue_without_a_mail_relay_still_signs_players_up(db, settings, lang, words):
    """`make venue` sends mail by SMTP to the laptop itself, where usually nothing listens: a player who types
    an email at sign-up gets their account, not a server error, and the confirmation page says the mail
    could not be sent."""
    settings.MAILERS = {"default": {"BACKEND": "django.core.mail.backends.smtp.EmailBackend",
                                    "OPTIONS": {"host": "127.0.0.1", "port": 9, "timeout": 2}}}
    client = Client(raise_request_exception=False, headers={"Accept-Language": lang})
    answer = _signup(client)
    assert answer.status_code == 302 and "_auth_user_id" in client.session
    page = client.post(reverse("confirm_email_request"), follow=True)
    assert page.status_code == 200 and words in page.text
