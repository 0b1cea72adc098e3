"""An event's state: one short key that changes whenever anything shown on its pages changes.

Caches of rendered tables and pages are keyed by it, so a result entered or corrected, a report, a
swap, a publish, a drop or a change of the event's settings (scoring preset, tie-breaks, name) is
visible on the next request, in every server process, without explicit invalidation. The key reads
the event row (already loaded) and four aggregates, whatever the event's size."""

from __future__ import annotations

import hashlib

from django.db.models import Count, Max, Q, Sum
from django.utils.translation import get_language

from tournament.models import Event, Game, Round, Seat


def event_state(event: Event, *parts) -> str:
    games = Game.objects.filter(round__event=event).aggregate(
        v=Sum("version"), n=Count("pk"), t=Max("entered_at"), last=Max("pk"),
        reported=Count("pk", filter=Q(status=Game.Status.REPORTED)),
        disputed=Count("pk", filter=Q(status=Game.Status.DISPUTED)))
    # A swap deletes and recreates two seats: the newest seat key moves on.
    seats = Seat.objects.filter(round__event=event).aggregate(n=Count("pk"), last=Max("pk"), s=Sum("score"))
    regs = event.registrations.aggregate(t=Max("updated_at"), n=Count("pk"))
    rounds = Round.objects.filter(event=event).aggregate(
        n=Count("pk"), last=Max("pk"), p=Max("published_at"), c=Max("clock_started_at"),
        done=Count("pk", filter=Q(status=Round.Status.COMPLETED)))
    settings = [getattr(event, field.attname) for field in Event._meta.concrete_fields]
    values = [get_language(), settings, games, seats, regs, rounds, *parts]
    return hashlib.sha256(repr(values).encode()).hexdigest()
