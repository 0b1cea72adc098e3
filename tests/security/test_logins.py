"""Issue 11 §3, logins: each test sends the attack as it was sent against the old hand-rolled limiter.

The limit is django-axes: attempts in the database, counted per normalised username and client address.
"""

from __future__ import annotations

import re
import threading
import time
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.management import call_command
from django.db import connections
from django.test import Client, override_settings
from django.urls import reverse

from tests.factories import make_event, make_player, make_registration, make_user
from tournament.models import EventRole

RIGHT = "right-Password-2026"
LOGIN = "/accounts/login/"


def logged_in(client: Client) -> bool:
    return "_auth_user_id" in client.session


def try_login(client: Client, username: str, password: str, url: str = LOGIN):
    return client.post(url, {"username": username, "password": password})


@pytest.fixture(autouse=True)
def _fast_hasher(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def target(db):
    return make_user("target5", password=RIGHT)


def test_fullwidth_and_case_spellings_share_one_counter(target):
    attacker = Client(REMOTE_ADDR="203.0.113.7")
    for spelling in ("ｔarget5", "TARGET5", "Target5", "ｔａｒｇｅｔ５", "tarGet5", "ＴＡＲＧＥＴ５"):
        try_login(attacker, spelling, "wrong")
    response = try_login(attacker, "ｔarget5", RIGHT)
    assert response.status_code == 429 and not logged_in(attacker)
    assert "Too many failed attempts" in response.text


def test_admin_login_is_limited(db):
    admin = make_user("boss", password=RIGHT)
    get_user_model().objects.filter(pk=admin.pk).update(is_staff=True, is_superuser=True)
    attacker = Client(REMOTE_ADDR="203.0.113.8")
    url = reverse("admin:login")
    for _ in range(20):
        try_login(attacker, "boss", "wrong", url)
    response = try_login(attacker, "boss", RIGHT, url)
    assert response.status_code == 429 and not logged_in(attacker)
    assert attacker.get("/admin/").status_code == 302  # still the login page


@override_settings(CACHES={"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                                       "LOCATION": "evictable", "OPTIONS": {"MAX_ENTRIES": 40}}})
def test_anonymous_cache_traffic_does_not_reset_the_counter(target, client):
    """Then: 3,000 GETs of distinct standings pages evicted the counter from a 2,000-entry cache. Here the same
    attack against a 40-entry cache: 60 events' standings, each kept. (Tables after rounds an event never had, the
    attack's old way to make distinct pages, are refused now and kept nowhere.)"""
    for n in range(60):
        make_event(slug=f"demo-{n}")
    attacker = Client(REMOTE_ADDR="203.0.113.9")
    for _ in range(4):
        try_login(attacker, "target5", "wrong")
    for n in range(60):
        assert client.get(f"/e/demo-{n}/standings/").status_code == 200
    try_login(attacker, "target5", "wrong")
    response = try_login(attacker, "target5", RIGHT)
    assert response.status_code == 429 and not logged_in(attacker)


@pytest.mark.django_db(transaction=True)
def test_parallel_tries_get_no_more_than_the_limit(monkeypatch):
    """40 tries at once from one address: the password is checked at most AXES_FAILURE_LIMIT (5) times."""
    from django.contrib.auth import base_user

    make_user("target5", password=RIGHT)
    checked = []
    real_check = base_user.check_password

    def slow_check(raw, encoded, *args, **kwargs):  # as slow as the real hasher's 1.5 million rounds, or nearly
        checked.append(raw)
        time.sleep(0.3)
        return real_check(raw, encoded, *args, **kwargs)

    monkeypatch.setattr(base_user, "check_password", slow_check)
    barrier = threading.Barrier(40)
    statuses: list = []

    def attempt():
        try:
            barrier.wait()
            statuses.append(try_login(Client(REMOTE_ADDR="203.0.113.10"), "target5", "wrong").status_code)
        except Exception as exc:  # noqa: BLE001 - the test reports what went wrong
            statuses.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=attempt) for _ in range(40)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert all(isinstance(s, int) for s in statuses), statuses
    assert len(checked) <= 5, f"{len(checked)} passwords checked"
    assert statuses.count(429) >= 35


def test_a_venues_shared_address_does_not_lock_out_anyone_else(db):
    """Five wrong passwords for the organizer's name from the venue's address: the organizer still logs in from
    elsewhere, other people at the venue log in, and at the venue the lock cools off in minutes (it was 15)."""
    make_user("organizer1", password=RIGHT)
    make_user("player7", password=RIGHT)
    prankster = Client(REMOTE_ADDR="198.51.100.20")
    for _ in range(5):
        try_login(prankster, "organizer1", "wrong")
    at_venue = Client(REMOTE_ADDR="198.51.100.20")
    assert try_login(at_venue, "organizer1", RIGHT).status_code == 429
    neighbour = Client(REMOTE_ADDR="198.51.100.20")
    assert try_login(neighbour, "player7", RIGHT).status_code == 302 and logged_in(neighbour)
    on_phone = Client(REMOTE_ADDR="192.0.2.55")
    assert try_login(on_phone, "organizer1", RIGHT).status_code == 302 and logged_in(on_phone)
    # Six minutes later (the attempts' clock moved back) the organizer logs in at the venue again.
    from axes.models import AccessAttempt

    for attempt in AccessAttempt.objects.all():
        AccessAttempt.objects.filter(pk=attempt.pk).update(attempt_time=attempt.attempt_time - timedelta(minutes=6))
    later = Client(REMOTE_ADDR="198.51.100.20")
    assert try_login(later, "organizer1", RIGHT).status_code == 302 and logged_in(later)


def test_a_lockout_is_lifted_by_an_admin(target):
    attacker = Client(REMOTE_ADDR="203.0.113.11")
    for _ in range(5):
        try_login(attacker, "target5", "wrong")
    assert try_login(Client(REMOTE_ADDR="203.0.113.11"), "target5", RIGHT).status_code == 429
    admin = make_user("boss", password=RIGHT)
    get_user_model().objects.filter(pk=admin.pk).update(is_staff=True, is_superuser=True)
    staff = Client(REMOTE_ADDR="192.0.2.1")
    staff.force_login(admin)
    from axes.models import AccessAttempt

    listing = staff.get("/admin/axes/accessattempt/")
    assert listing.status_code == 200 and "target5" in listing.text
    ids = [str(pk) for pk in AccessAttempt.objects.values_list("pk", flat=True)]
    response = staff.post("/admin/axes/accessattempt/", {"action": "delete_selected", "_selected_action": ids,
                                                         "post": "yes"})
    assert response.status_code == 302
    again = Client(REMOTE_ADDR="203.0.113.11")
    assert try_login(again, "target5", RIGHT).status_code == 302 and logged_in(again)


def test_a_lockout_is_lifted_by_the_management_command(target):
    for _ in range(5):
        try_login(Client(REMOTE_ADDR="203.0.113.12"), "target5", "wrong")
    call_command("axes_reset_username", "target5")
    again = Client(REMOTE_ADDR="203.0.113.12")
    assert try_login(again, "target5", RIGHT).status_code == 302 and logged_in(again)


@pytest.mark.parametrize(("existing", "spelling"), [("target5", "ｔarget5"), ("ñoño5", "ÑOÑO5"),
                                                     ("strasse5", "Straße5")])
def test_signup_refuses_another_spelling_of_a_taken_username(client, db, existing, spelling):
    make_user(existing)
    response = client.post(reverse("signup"), {"username": spelling, "password1": "Un-Buen-Pass-2026",
                                               "password2": "Un-Buen-Pass-2026"})
    assert response.status_code == 200 and "username" in response.text
    assert get_user_model().objects.count() == 1


def test_proxy_hops_are_trusted_only_as_configured(rf, settings):
    from tournament.web.request_values import client_address

    request = rf.post(LOGIN, REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR="1.2.3.4, 198.51.100.7")
    settings.AXES_IPWARE_PROXY_COUNT = 0
    assert client_address(request) == "10.0.0.2"  # a header anyone can send is ignored
    settings.AXES_IPWARE_PROXY_COUNT = 1
    assert client_address(request) == "198.51.100.7"  # what our one proxy saw, not what the client claims
    settings.AXES_IPWARE_PROXY_COUNT = 3
    assert client_address(request) == "10.0.0.2"


def _link_in(body: str) -> str:
    return re.search(r"https?://[^/\s]+(/accounts/reset/\S+)", body).group(1)


def test_password_reset_by_email(client, db):
    user = make_user("forgetful", password=RIGHT)
    user.email = "forgetful@example.org"
    user.save()
    response = client.post(reverse("password_reset"), {"email": "forgetful@example.org"})
    assert response.status_code == 302 and response["Location"] == reverse("password_reset_done")
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["forgetful@example.org"]
    link = _link_in(mail.outbox[0].body)
    form = client.get(link, follow=True)
    assert form.status_code == 200 and 'name="new_password1"' in form.text
    done = client.post(form.redirect_chain[-1][0], {"new_password1": "Nuevo-Pass-2026!", "new_password2": "Nuevo-Pass-2026!"})
    assert done.status_code == 302 and done["Location"] == reverse("password_reset_complete")
    fresh = Client()
    assert try_login(fresh, "forgetful", "Nuevo-Pass-2026!").status_code == 302 and logged_in(fresh)
    assert "not valid" in Client().get(link, follow=True).text  # once only


def test_password_reset_email_is_translated(client, db):
    user = make_user("olvidadiza")
    user.email = "olvidadiza@example.org"
    user.save()
    client.post(reverse("password_reset"), {"email": "olvidadiza@example.org"}, headers={"Accept-Language": "es"})
    assert "contraseña" in mail.outbox[0].body


@pytest.fixture
def desk(db, organizer):
    """The organizer's event with a player who has an account, and another organizer's event with one."""
    mine = make_event(slug="mine")
    theirs = make_event(slug="theirs")
    EventRole.objects.create(event=mine, user=organizer, role=EventRole.Role.ORGANIZER)
    EventRole.objects.create(event=theirs, user=make_user("other-org"), role=EventRole.Role.ORGANIZER)
    own_player = make_registration(mine, make_player("Ana Pérez", user=make_user("ana", password=RIGHT)))
    foreign = make_registration(theirs, make_player("Bea Ruiz", user=make_user("bea", password=RIGHT)))
    return {"mine": mine, "theirs": theirs, "own": own_player, "foreign": foreign}


def test_desk_reset_link_for_own_players_only(desk, organizer_client):
    mine, theirs, own, foreign = desk["mine"], desk["theirs"], desk["own"], desk["foreign"]
    for _ in range(5):
        try_login(Client(REMOTE_ADDR="203.0.113.13"), "ana", "wrong")
    assert organizer_client.post(reverse("tournament:desk_reset", args=[mine.slug, foreign.pk])).status_code == 404
    assert organizer_client.post(reverse("tournament:desk_reset", args=[theirs.slug, foreign.pk])).status_code == 403
    page = organizer_client.post(reverse("tournament:desk_reset", args=[mine.slug, own.pk]))
    assert page.status_code == 200 and page["Cache-Control"].startswith("max-age=0")
    link = re.search(r'id="desk-reset-link">https?://[^/<]+([^<]+)<', page.text).group(1)
    player = Client(REMOTE_ADDR="203.0.113.13")
    form = player.get(link, follow=True)
    assert 'name="new_password1"' in form.text
    player.post(form.redirect_chain[-1][0], {"new_password1": "Nuevo-Pass-2026!", "new_password2": "Nuevo-Pass-2026!"})
    again = Client(REMOTE_ADDR="203.0.113.13")
    assert try_login(again, "ana", "Nuevo-Pass-2026!").status_code == 302 and logged_in(again)  # lockout lifted
    assert "not valid" in Client().get(link, follow=True).text


def test_no_desk_reset_link_for_an_account_with_event_roles(desk, organizer_client):
    own = desk["own"]
    EventRole.objects.create(event=desk["theirs"], user=own.player.user, role=EventRole.Role.UMPIRE)
    response = organizer_client.post(reverse("tournament:desk_reset", args=[desk["mine"].slug, own.pk]), follow=True)
    assert "desk-reset-link" not in response.text and "the desk cannot reset it alone" in response.text
