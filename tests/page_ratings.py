"""What organizers and the admin change in the other events whose games make the ratings beside the names (the
players' ratings before the event, `tournament.leagues.event_ratings`), for the page oracle: the ratings' part of
`tests/page_changes.py`'s `CHANGES`, with the same signature (the world, a random generator; what it did, or None
when it does not apply now). An event moved to the other side of this one's date, withdrawn from the global
rating, or deleted changes which games come before this event."""

from __future__ import annotations

import datetime
import random

from django.contrib import admin
from django.test import RequestFactory

from tests.factories import make_user
from tests.page_world import World, edit_event
from tournament.models import Event, LeagueEvent

LATER = datetime.timedelta(days=30)


def _move(which: str, *, after: bool):
    """The organizer moves the world's `which` event (`rated` or `past`) to the other side of this event's date:
    after it when `after` (from before it), else back to before it."""
    def change(world: World, rng: random.Random) -> str | None:
        other = getattr(world, which)
        if other is None or (other.date < world.event.date) != after:
            return None
        if which == "past" and not LeagueEvent.objects.filter(
                event=world.event, state=LeagueEvent.State.ACCEPTED).exists():
            return None
        date = world.event.date + LATER if after else world.event.date - LATER
        edit_event(world, of=other, date=date.isoformat())
        setattr(world, which, Event.objects.get(pk=other.pk))
        return f"{other.name} moved from {other.date} to {date}"
    return change


def withdraw_rated(world: World, rng: random.Random) -> str | None:
    """The earlier rated event's organizer unticks its counting toward the global rating."""
    if world.rated is None or not world.rated.global_rating:
        return None
    edit_event(world, of=world.rated, global_rating=None)
    world.rated = Event.objects.get(pk=world.rated.pk)
    return f"{world.rated.name} no longer asks to count toward the global rating"


def delete_rated(world: World, rng: random.Random) -> str | None:
    """The site's staff delete the earlier rated event in the admin."""
    if world.rated is None:
        return None
    request = RequestFactory().post("/admin/")
    request.user = make_user(f"staff-{world.next()}")
    admin.site._registry[Event].delete_model(request, world.rated)
    name, world.rated = world.rated.name, None
    return f"{name} deleted by the site's staff"


# The changes that need the earlier rated event (`build_world(rated=True)`).
RATED_CHANGES = {"move an earlier rated event after this one", "move a later rated event before this one",
                 "withdraw an earlier event from the global rating", "delete an earlier rated event"}
RATINGS_CHANGES = {
    "move an earlier rated event after this one": _move("rated", after=True),
    "move a later rated event before this one": _move("rated", after=False),
    "withdraw an earlier event from the global rating": withdraw_rated,
    "delete an earlier rated event": delete_rated,
    "move the league's earlier event after this one": _move("past", after=True),
    "move the league's later event before this one": _move("past", after=False),
}
