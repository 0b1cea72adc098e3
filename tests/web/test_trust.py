"""Who may do what (a role × page matrix), login limits, hostile text, and constant query counts."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.factories import make_player, make_registration, make_user
from tournament.models import Game, Round, Seat
from tournament.pairing.manager import round_pair, round_publish

HOSTILE = '<script>alert("x")</script> Ñoño'


@pytest.fixture
def world(event, organizer):
    """An event with a published round: two players, one of them with an account."""
    player_user = make_user("jugadora")
    mine = make_registration(event, make_player(HOSTILE, "Club <b>1</b>", user=player_user))
    other = make_registration(event, make_player("Otro Jugador", "Otro Club"))
    rnd = round_pair(event, organizer)
    round_publish(rnd, organizer)
    game = rnd.games.get(is_bye=False)
    return {"event": event, "mine": mine, "other": other, "round": rnd, "game": game, "player_user": player_user}


def clients(world, organizer, umpire):
    def logged(user):
        c = Client()
        c.force_login(user)
        return c

    return {"organizer": logged(organizer), "umpire": logged(umpire), "player": logged(world["player_user"]),
            "stranger": logged(make_user()), "anonymous": Client()}


# page name, args builder, method, then the expected status for organizer, umpire, player, stranger, anonymous
# (302 = redirected to log in; only anonymous users are redirected).
MATRIX = [
    ("event", lambda w: [w["event"].slug], "get", 200, 200, 200, 200, 200),
    ("pairings", lambda w: [w["event"].slug], "get", 200, 200, 200, 200, 200),
    ("standings", lambda w: [w["event"].slug], "get", 200, 200, 200, 200, 200),
    ("rounds", lambda w: [w["event"].slug], "get", 200, 200, 403, 403, 302),
    ("round", lambda w: [w["event"].slug, 1], "get", 200, 200, 403, 403, 302),
    ("game_result", lambda w: [w["event"].slug, w["game"].pk], "get", 200, 200, 403, 403, 302),
    ("players", lambda w: [w["event"].slug], "get", 200, 403, 403, 403, 302),
    ("audit", lambda w: [w["event"].slug], "get", 200, 403, 403, 403, 302),
    ("backup_download", lambda w: [w["event"].slug], "get", 200, 403, 403, 403, 302),
    ("event_edit", lambda w: [w["event"].slug], "get", 200, 403, 403, 403, 302),
    ("army", lambda w: [w["event"].slug, w["mine"].pk], "get", 200, 403, 200, 403, 302),
    ("army", lambda w: [w["event"].slug, w["other"].pk], "get", 200, 403, 403, 403, 302),
    ("round_pair", lambda w: [w["event"].slug], "post", 302, 403, 403, 403, 302),
    ("round_publish", lambda w: [w["event"].slug, 1], "post", 302, 403, 403, 403, 302),
    ("round_delete", lambda w: [w["event"].slug, 1], "post", 302, 403, 403, 403, 302),
    ("player_export", lambda w: [w["event"].slug, "csv"], "get", 200, 403, 403, 403, 302),
]
ROLES = ["organizer", "umpire", "player", "stranger", "anonymous"]


@pytest.mark.parametrize("row", MATRIX, ids=[f"{r[0]}-{i}" for i, r in enumerate(MATRIX)])
def test_role_matrix(world, organizer, umpire, row):
    name, args, method, *expected = row
    people = clients(world, organizer, umpire)
    url = reverse(f"tournament:{name}", args=args(world))
    for role, status in zip(ROLES, expected, strict=True):
        response = getattr(people[role], method)(url)
        assert response.status_code == status, (role, url, response.status_code)
        if status == 302 and role == "anonymous":
            assert response["Location"].startswith(reverse("login"))


def test_hostile_names_are_escaped_everywhere(world, organizer, umpire):
    people = clients(world, organizer, umpire)
    slug = world["event"].slug
    for role, name, args in [("anonymous", "pairings", [slug]), ("anonymous", "standings", [slug]),
                             ("organizer", "round", [slug, 1]), ("organizer", "players", [slug]),
                             ("organizer", "audit", [slug])]:
        text = people[role].get(reverse(f"tournament:{name}", args=args)).text
        assert "<script>alert" not in text and "<b>1</b>" not in text
        assert "&lt;script&gt;" in text or name == "audit"


def test_login_is_rate_limited(client, db):
    """django-axes: the fifth failure locks this username from this address; another address still logs in."""
    make_user("victima", password="right-Password-2026")
    url = reverse("login")
    for _ in range(4):
        assert client.post(url, {"username": "victima", "password": "wrong"}).status_code == 200
    assert client.post(url, {"username": "victima", "password": "wrong"}).status_code == 429
    blocked = client.post(url, {"username": "victima", "password": "right-Password-2026"})
    assert blocked.status_code == 429 and "Too many failed attempts" in blocked.text
    other = Client(REMOTE_ADDR="10.0.0.9")
    assert other.post(url, {"username": "victima", "password": "right-Password-2026"}).status_code == 302


def test_signup_does_not_redirect_off_site(client, db):
    response = client.post(reverse("signup") + "?next=https://evil.example/",
                           {"username": "nueva", "password1": "Un-Buen-Pass-2026", "password2": "Un-Buen-Pass-2026"})
    assert response.status_code == 302 and "evil.example" not in response["Location"]


def test_csrf_is_enforced_on_htmx_posts(world, organizer):
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(organizer)
    url = reverse("tournament:round_publish", args=[world["event"].slug, 1])
    assert strict.post(url, headers={"HX-Request": "true"}).status_code == 403


def field_of(event, n):
    for i in range(n):
        make_registration(event, make_player(f"Jugador {i:03d}", f"Club {i % 7}"), army_ref="II/33",
                          elements=["Cv"] * 12, general=0)


def played_round(event, organizer):
    rnd = round_pair(event, organizer)
    round_publish(rnd, organizer)
    for game in rnd.games.filter(is_bye=False):
        Seat.objects.filter(game=game, side="a").update(score=23, elements_lost=1)
        Seat.objects.filter(game=game, side="b").update(score=3, elements_lost=4, general_lost=True)
    rnd.games.update(status=Game.Status.CONFIRMED, outcome="a")
    Round.objects.filter(pk=rnd.pk).update(status=Round.Status.COMPLETED)


def queries(client, url) -> int:
    with CaptureQueriesContext(connection) as ctx:
        assert client.get(url).status_code == 200
    return len(ctx.captured_queries)


@pytest.mark.parametrize("page", ["standings", "pairings", "players", "round"])
def test_page_queries_do_not_grow_with_the_event(page, organizer, organizer_client, db):
    from tests.factories import make_event
    from tournament.models import EventRole

    counts = []
    for size in (10, 300):
        event = make_event(slug=f"size-{size}")
        EventRole.objects.create(event=event, user=organizer, role=EventRole.Role.ORGANIZER)
        field_of(event, size)
        played_round(event, organizer)
        args = [event.slug, 1] if page == "round" else [event.slug]
        counts.append(queries(organizer_client, reverse(f"tournament:{page}", args=args)))
    assert counts[0] == counts[1], counts
