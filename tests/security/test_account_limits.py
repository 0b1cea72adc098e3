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
