"""Issue 26 §9, §12, §13: what one client or one guesser may repeat against accounts.

§9: 18 reset mails reached one address in seconds. §12: 15 sign-ups came from one address in 11 s. §13: 32 guesses
from 8 addresses, then the right password worked; and IPv6 addresses were counted one by one."""

from __future__ import annotations

import ipaddress
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from tests.factories import make_user
from tournament.limits.addresses import counted_address
from tournament.models import LimitHit

RIGHT = "right-Password-2026"


@pytest.fixture(autouse=True)
def _fast_hasher(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def _logged_in(client: Client) -> bool:
    return "_auth_user_id" in client.session


def _login(address: str, password: str, username: str = "target6") -> tuple[Client, object]:
    client = Client(REMOTE_ADDR=address)
    return client, client.post(reverse("login"), {"username": username, "password": password})


# §9 -----------------------------------------------------------------------------------------------------------------

def _reset(address: str, email: str):
    return Client(REMOTE_ADDR=address).post(reverse("password_reset"), {"email": email})


def test_reset_mails_to_one_address_are_limited_with_the_same_answer(db):
    user = make_user("forgetful6")
    user.email = "forgetful6@example.org"
    user.save()
    answers = [_reset(f"198.51.100.{n}", "forgetful6@example.org") for n in range(1, 19)]
    assert len(mail.outbox) == 3
    assert {(a.status_code, a["Location"]) for a in answers} == {(302, reverse("password_reset_done"))}


def test_reset_mails_asked_by_one_client_are_limited(db):
    for n in range(12):
        user = make_user(f"member{n}")
        user.email = f"member{n}@example.org"
        user.save()
    answers = [_reset("203.0.113.5", f"member{n}@example.org") for n in range(12)]
    assert len(mail.outbox) == 10
    assert {a["Location"] for a in answers} == {reverse("password_reset_done")}


# §12 ----------------------------------------------------------------------------------------------------------------

def _signup(address: str, n: int):
    return Client(REMOTE_ADDR=address).post(reverse("signup"), {
        "username": f"fake{n}", "email": "", "password1": "Molto-Segreta-2026", "password2": "Molto-Segreta-2026"})


@pytest.mark.parametrize(("lang", "words"), [("en", "Too many accounts were created from your network"),
                                             ("es", "Se crearon demasiadas cuentas desde tu red"),
                                             ("it", "Troppi account creati dalla tua rete")])
def test_signups_from_one_address_are_limited(db, settings, lang, words):
    settings.SIGNUPS_PER_ADDRESS = 10
    answers = [_signup("2001:db8:aa:1::" + format(n + 1, "x"), n) for n in range(15)]  # one /64, 15 addresses
    assert [a.status_code for a in answers] == [302] * 10 + [429] * 5
    assert get_user_model().objects.filter(username__startswith="fake").count() == 10
    refused = Client(REMOTE_ADDR="2001:db8:aa:1::ff", headers={"Accept-Language": lang}).post(reverse("signup"), {
        "username": "fake99", "password1": "Molto-Segreta-2026", "password2": "Molto-Segreta-2026"})
    assert refused.status_code == 429 and words in refused.text
    assert _signup("198.51.100.77", 20).status_code == 302  # another network signs up as before


# §13 ----------------------------------------------------------------------------------------------------------------

def test_many_addresses_get_slowed_and_the_owner_is_not_locked_out(db):
    make_user("target6", password=RIGHT)
    for host in range(1, 9):  # 8 addresses, 4 guesses each: under the per-address limit of 5
        for guess in range(4):
            _login(f"198.51.100.{host}", f"guess-{host}-{guess}")
    client, answer = _login("198.51.100.200", RIGHT)
    assert answer.status_code == 429 and not _logged_in(client) and "not locked" in answer.text
    # A pause later (the hits moved back in time rather than waiting), the owner's password is checked again.
    for hit in LimitHit.objects.filter(scope="login-failed"):
        hit.at -= timedelta(seconds=61)
        hit.save()
    client, answer = _login("198.51.100.201", RIGHT)
    assert answer.status_code == 302 and _logged_in(client)
    assert not LimitHit.objects.filter(scope="login-failed").exists()


def test_a_guesser_signed_in_as_themselves_is_slowed_too(db):
    """The guesser's own session (one sign-up) must not count as the target's right password: every wrong guess
    would clear the target's count, and the ceiling would never come."""
    make_user("target6", password=RIGHT)
    guesser = make_user("guesser", password=RIGHT)
    for host in range(1, 9):
        client = Client(REMOTE_ADDR=f"198.51.100.{host}")
        client.force_login(guesser)
        for guess in range(4):
            client.post(reverse("login"), {"username": "target6", "password": f"guess-{host}-{guess}"})
    client = Client(REMOTE_ADDR="198.51.100.200")
    client.force_login(guesser)
    answer = client.post(reverse("login"), {"username": "target6", "password": RIGHT})
    assert answer.status_code == 429
    assert client.session["_auth_user_id"] == str(guesser.pk)  # still only the guesser


def test_ipv6_addresses_of_one_64_count_as_one(db):
    make_user("target6", password=RIGHT)
    for n in range(1, 6):
        _login(f"2001:db8:5:6::{n:x}", "wrong")
    client, answer = _login("2001:db8:5:6:abcd::1", RIGHT)  # another address in the same /64
    assert answer.status_code == 429 and not _logged_in(client)
    client, answer = _login("2001:db8:5:7::1", RIGHT)  # the next /64
    assert answer.status_code == 302 and _logged_in(client)


# Counting addresses ---------------------------------------------------------------------------------------------------

@given(st.integers(0, 2**64 - 1), st.integers(0, 2**64 - 1), st.integers(0, 2**64 - 1))
def test_every_address_of_one_ipv6_64_counts_as_one_and_the_next_64_apart(prefix, host_a, host_b):
    base = 0x2001_0DB8_0000_0000 ^ (prefix & 0xFFFF_FFFF)
    one = str(ipaddress.IPv6Address((base << 64) | host_a))
    two = str(ipaddress.IPv6Address((base << 64) | host_b))
    other = str(ipaddress.IPv6Address(((base + 1) << 64) | host_a))
    assert counted_address(one) == counted_address(two) != counted_address(other)


@given(st.ip_addresses(v=4))
def test_ipv4_addresses_count_each_and_so_do_their_mapped_forms(address):
    assert counted_address(str(address)) == str(address) == counted_address(f"::ffff:{address}")


def test_what_is_not_an_address_is_not_counted():
    assert counted_address("") is None and counted_address("x") is None and counted_address(None) is None


# Mail to one address, however many accounts give it (found by a review on 2026-11-28) -----------------------------

SIGNUP_PASSWORD = "Molto-Segreta-2026"
VICTIM = "victim@example.org"


def _signup_giving(address: str, username: str, email: str) -> Client:
    client = Client(REMOTE_ADDR=address)
    answer = client.post(reverse("signup"), {"username": username, "email": email,
                                              "password1": SIGNUP_PASSWORD, "password2": SIGNUP_PASSWORD})
    assert answer.status_code == 302
    return client


def _mails_to(address: str) -> int:
    return sum(1 for message in mail.outbox if address in message.to)

def test_reset_mails_to_one_address_stay_limited_when_many_accounts_give_it(db, settings):
    """README: at most RESET_MAILS_PER_EMAIL (3) reset mails an hour reach one address. A stranger signs up ten
    accounts (one client address, within SIGNUPS_PER_ADDRESS) that all give the victim's address (nothing checks
    it), then asks three resets for it: Django mails every account that gives the address, so 30 reset mails reach
    the victim in an hour, and ten more accounts every hour multiply it again."""
    for n in range(settings.SIGNUPS_PER_ADDRESS):
        _signup_giving("203.0.113.7", f"squatter{n}", VICTIM)
    mail.outbox.clear()  # the sign-ups' own confirmation mails: see the next test
    for n in range(settings.RESET_MAILS_PER_EMAIL):
        Client(REMOTE_ADDR=f"198.51.100.{n + 1}").post(reverse("password_reset"), {"email": VICTIM})
    assert _mails_to(VICTIM) <= settings.RESET_MAILS_PER_EMAIL


def test_confirmation_mails_to_one_address_are_limited_across_accounts(db, settings):
    """Confirmation mails are limited per account only (3 an hour), never per address: every account a stranger
    signs up with the victim's address mails it at sign-up and may ask twice more each hour, so one client address
    sends 30 mails to a stranger's inbox in its first hour (and 3 more per account kept, every hour after)."""
    clients = [_signup_giving("203.0.113.9", f"bomber{n}", VICTIM) for n in range(settings.SIGNUPS_PER_ADDRESS)]
    for client in clients:
        for _ in range(3):
            client.post(reverse("confirm_email_request"))
    assert _mails_to(VICTIM) <= 3


def test_a_reset_request_mails_the_account_that_confirmed_the_address(db):
    """One mail per request, and it goes to the account that confirmed the address, not to a stranger's account
    that only typed it (signed up first)."""
    from django.utils import timezone

    from tournament.models import ConfirmedEmail

    _signup_giving("203.0.113.8", "squatter", VICTIM)
    owner = make_user("owner")
    owner.email, owner.date_joined = VICTIM, timezone.now()
    owner.set_password(SIGNUP_PASSWORD)
    owner.save()
    ConfirmedEmail.objects.create(user=owner, email=VICTIM, confirmed_at=timezone.now())
    mail.outbox.clear()
    Client(REMOTE_ADDR="198.51.100.9").post(reverse("password_reset"), {"email": VICTIM})
    assert _mails_to(VICTIM) == 1 and "“owner”" in mail.outbox[0].body and "squatter" not in mail.outbox[0].body


def test_the_owner_of_an_address_a_stranger_gave_first_resets_by_their_username(db):
    """A stranger signed up first with the victim's address, which nobody confirmed: a request with the address alone
    mails the oldest account's link (one mail per request), so the owner's own account resets only by naming it."""
    from django.utils import timezone

    _signup_giving("203.0.113.8", "squatter", VICTIM)
    owner = make_user("owner")
    owner.email, owner.date_joined = VICTIM, timezone.now()
    owner.set_password(SIGNUP_PASSWORD)
    owner.save()
    mail.outbox.clear()
    sent = reverse("password_reset_done")
    for username, named in (("", "squatter"), ("owner", "owner"), (" OWNER ", "owner")):
        answer = Client(REMOTE_ADDR="198.51.100.9").post(reverse("password_reset"),
                                                          {"email": VICTIM, "username": username})
        assert answer.status_code == 302 and answer["Location"] == sent
        assert len(mail.outbox) == 1 and f"“{named}”" in mail.outbox[0].body, username
        mail.outbox.clear()
    # a username that does not give this address mails nobody, with the same answer
    answer = Client(REMOTE_ADDR="198.51.100.10").post(reverse("password_reset"),
                                                       {"email": VICTIM, "username": "nobody"})
    assert answer["Location"] == sent and mail.outbox == []


@pytest.mark.parametrize("language, label", [("en", "Username (optional)"), ("es", "Nombre de usuario (opcional)"),
                                             ("it", "Nome utente (facoltativo)")])
def test_the_reset_page_asks_for_the_username_when_an_address_is_shared(db, language, label):
    page = Client(HTTP_ACCEPT_LANGUAGE=language).get(reverse("password_reset")).content.decode()
    main = page[page.index("<main"):page.index("</main>")]
    assert f">{label}:</label>" in main and 'name="username"' in main
