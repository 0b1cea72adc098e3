"""An event's state: one short key that changes whenever anything shown on its pages changes.

Caches of rendered tables and pages are keyed by it, so a result, a swap, a publish or a drop is
visible on the next request without explicit invalidation."""

from __future__ import annotations

import hashlib

from django.db.models import Count, Max, Sum
from django.utils.translation import get_language

from tournament.models import Event, Game, Round


def event_state(event: Event, *parts) -> str:
    games = Game.objects.filter(round__event=event).aggregate(v=Sum("version"), n=Count("pk"), t=Max("entered_at"))
    regs = event.registrations.aggregate(t=Max("updated_at"), n=Count("pk"))
    rounds = Round.objects.filter(event=event).aggregate(n=Count("pk"), p=Max("published_at"))
    values = [event.pk, get_language(), event.tiebreaks, event.seed, event.scoring_preset, event.wdl_points,
              event.head_to_head_rule, games, regs, rounds, *parts]
    return hashlib.sha256(repr(values).encode()).hexdigest()
