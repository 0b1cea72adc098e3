"""Plain factory functions for tests (no factory library needed)."""

from __future__ import annotations

import datetime
import itertools

_counter = itertools.count(1)


def make_user(username: str | None = None, first_name: str = "", password: str = "pw-Tornei-2026!"):
    from django.contrib.auth import get_user_model

    username = username or f"user{next(_counter)}"
    return get_user_model().objects.create_user(username=username, password=password, first_name=first_name)


def make_event(**fields):
    from tournament.models import Event

    defaults = {
        "slug": f"event-{next(_counter)}",
        "name": "Event",
        "date": datetime.date(2026, 6, 1),
        "edition": "3.0",
        "scoring_preset": "nasamw-3.0",
    }
    defaults.update(fields)
    return Event.objects.create(**defaults)


def make_player(name: str | None = None, club: str | None = None, user=None):
    from tournament.models import Club, Player

    club_obj = Club.objects.get_or_create(name=club)[0] if club else None
    return Player.objects.create(name=name or f"Player {next(_counter)}", club=club_obj, user=user)


def make_registration(event, player=None, **fields):
    from tournament.models import Registration

    player = player or make_player()
    return Registration.objects.create(event=event, player=player, **fields)
