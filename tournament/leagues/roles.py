"""Who acts for a league or an event in the league's writes: its organizers. A module of its own so that the league's
writers (service, merges, ladder, imports) ask the same question without importing each other."""

from __future__ import annotations

from tournament.models import Event, EventRole, League, LeagueRole


def is_league_organizer(user, league: League) -> bool:
    if not getattr(user, "is_authenticated", False):
        return False
    if user.is_superuser:
        return True
    cache = user.__dict__.setdefault("_league_roles", {})
    if league.pk not in cache:
        cache[league.pk] = LeagueRole.objects.filter(league=league, user=user).exists()
    return cache[league.pk]


def organizes_event(user, event: Event) -> bool:
    if not getattr(user, "is_authenticated", False):
        return False
    return user.is_superuser or EventRole.objects.filter(event=event, user=user, role=EventRole.Role.ORGANIZER).exists()
