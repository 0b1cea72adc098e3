"""Issue 30: the URL modules are split by audience (tournament/web/urls/public.py, player.py, staff.py), so the file
name says who can reach a page. These tests hold the file names to it: every staff page sends an anonymous visitor
to the login and refuses a signed-in player; every player page asks an anonymous visitor to log in (the token
links excepted: the token is the key); the public pages answer anyone."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import make_player, make_registration, make_user
from tournament.web.urls import player, public, staff

SAMPLE = {"pk": 1, "number": 1, "job": 1, "player": 1, "token": "no-such-token", "fmt": "csv", "kind": "pairings",
          "answer": "accept", "action": "start"}
TOKEN_LINKS = {"report", "my_game"}  # whoever holds the link: the token decides, not the login


def address(pattern, slug: str) -> str:
    names = re.findall(r"<(?:\w+:)?(\w+)>", str(pattern.pattern))
    kwargs = {name: (slug if name == "slug" else SAMPLE[name]) for name in names}
    if pattern.name == "player_export":
        kwargs["fmt"] = "csv"
    return reverse(f"tournament:{pattern.name}", kwargs=kwargs)


def answers(client: Client, url: str) -> list:
    """GET and POST (a view takes one of them, the other is 405)."""
    return [response for response in (client.get(url), client.post(url)) if response.status_code != 405]


def sent_to_login(response) -> bool:
    return response.status_code == 302 and response["Location"].startswith(reverse("login"))


@pytest.mark.parametrize("pattern", staff.events_patterns, ids=lambda p: p.name)
def test_staff_pages_refuse_anonymous_visitors_and_players(pattern, event):
    entrant = make_user("entrant")
    make_registration(event, make_player("Ana Peña", user=entrant))
    url = address(pattern, event.slug)
    anonymous = answers(Client(), url)
    assert anonymous and all(sent_to_login(response) for response in anonymous), url
    signed_in = Client()
    signed_in.force_login(entrant)
    assert all(response.status_code in (403, 404) for response in answers(signed_in, url)), url


@pytest.mark.parametrize("pattern", [p for p in player.events_patterns if p.name not in TOKEN_LINKS],
                         ids=lambda p: p.name)
def test_player_pages_ask_anonymous_visitors_to_log_in(pattern, event):
    url = address(pattern, event.slug)
    anonymous = answers(Client(), url)
    assert anonymous and all(sent_to_login(response) or response.status_code == 404 for response in anonymous), url
    assert any(sent_to_login(response) for response in anonymous) or "<int:pk>" in str(pattern.pattern), url


@pytest.mark.parametrize("pattern", public.events_patterns, ids=lambda p: p.name)
def test_public_pages_answer_anyone(pattern, event):
    url = address(pattern, event.slug)
    responses = answers(Client(), url)
    assert responses and not any(sent_to_login(response) or response.status_code == 403 for response in responses), url
