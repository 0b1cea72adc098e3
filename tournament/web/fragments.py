"""Rendered page fragments cached until what they show changes (results, entries, names, language).

The public pairings and standings tables are what 300 players refresh all weekend; the key is built
from two cheap aggregate queries, so a refresh that finds nothing new renders nothing."""

from __future__ import annotations

import hashlib

from django.core.cache import cache
from django.db.models import Count, Max, Sum
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

from tournament.models import Event, Game, Round

SECONDS = 60


def event_state(event: Event, *parts) -> str:
    games = Game.objects.filter(round__event=event).aggregate(v=Sum("version"), n=Count("pk"), t=Max("entered_at"))
    regs = event.registrations.aggregate(t=Max("updated_at"), n=Count("pk"))
    rounds = Round.objects.filter(event=event).aggregate(n=Count("pk"), p=Max("published_at"))
    values = [event.pk, get_language(), event.tiebreaks, event.seed, games, regs, rounds, *parts]
    return hashlib.sha256(repr(values).encode()).hexdigest()


def cached_fragment(name: str, state: str, template: str, build_context, request=None) -> str:
    """The rendered `template` for this state, rendering it (with `build_context()`) only on a miss."""
    key = f"fragment:{name}:{state}"
    html = cache.get(key)
    if html is None:
        html = render_to_string(template, build_context(), request)
        cache.set(key, html, SECONDS)
    return mark_safe(html)  # noqa: S308 - our own template output, escaped when rendered
