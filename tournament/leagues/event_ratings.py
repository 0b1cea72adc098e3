"""Ratings used inside an event: its entries' ratings before the event, for round 1 by rating, the
pairings page and the strength of field.

Which rating: the league's, when the event is an accepted member of a league it fits (the oldest membership if
several; a league whose season or edition the event was moved out of does not count it, `table.fitting`, nor rate
it); otherwise the global rating when the event opts in; otherwise none. Only games played before
the event count (earlier date, or the same date and an earlier event), so the figures stay put while
the event is played. A person is their Player row (with the league's confirmed merges), never a name.

The result is cached under a key built from cheap aggregates of what it reads (the games' versions, the
entries, the merges, a league's ladder games) and the dates of the events whose games it reads (which of them
come before this one), so the event page does not recompute a big league on every request; anything the key misses
is at most CACHE_SECONDS old.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from django.core.cache import cache
from django.db.models import Count, Max, Q

from tournament.leagues import ratings as glicko
from tournament.leagues.global_rating import COUNTED, games_state, global_games
from tournament.leagues.table import load_league
from tournament.models import Event, LadderGame, LadderPair, League, LeagueEvent, LeagueMerge, Registration

CACHE_SECONDS = 60

STRENGTH_TOP = 8  # the strength of field is the mean rating of this many highest-rated entrants


@dataclass(frozen=True)
class EventRatings:
    league: League | None  # None: the global rating
    ratings: dict[int, glicko.Rating]  # registration id -> rating before the event (rated entries only)


@dataclass(frozen=True)
class Strength:
    value: float
    counted: int  # the ratings averaged
    rated: int  # entrants with a rating
    entrants: int


def _before(period: tuple, date: str, event_id: int) -> bool:
    if period[0] != date:
        return period[0] < date
    return isinstance(period[1], int) and period[1] < event_id


def _key(event: Event, league: League | None) -> str:
    """Changes when a game, an entry, a member event (or its date: `games_state`), a merge or a ladder game the
    ratings read changes (a league's confirmed ladder games and approved pairs: `leagues.ladder.counted_pairs`)."""
    if league is not None:
        where = Q(league_memberships__league=league, league_memberships__state=LeagueEvent.State.ACCEPTED)
        merges = LeagueMerge.objects.filter(league=league, state=LeagueMerge.State.CONFIRMED).aggregate(
            n=Count("pk"), last=Max("pk"))
        ladder = [LadderGame.objects.filter(league=league, state=LadderGame.State.CONFIRMED).aggregate(
                      n=Count("pk"), last=Max("pk")),
                  list(LadderPair.objects.filter(league=league, state=LadderPair.State.APPROVED).order_by("pk")
                       .values_list("pk", flat=True))]
    else:
        where, merges, ladder = COUNTED, {}, []
    parts = [event.pk, event.date, league.pk if league else None, games_state(Event.objects.filter(where),
                                                                              Q(event=event)), merges, ladder]
    return "event-ratings:" + hashlib.sha256(repr(parts).encode()).hexdigest()


def event_ratings(event: Event) -> EventRatings | None:
    """The event's ratings before it (cached; see the module's docstring), or None if it has none."""
    membership = (LeagueEvent.objects.filter(event=event, state=LeagueEvent.State.ACCEPTED)
                  .filter(league__season_start__lte=event.date, league__season_end__gte=event.date,
                          league__edition=event.edition)  # as `table.fitting`: a league that no longer counts it
                  .select_related("league").order_by("pk").first())
    if membership is None and not event.global_rating:
        return None
    league = membership.league if membership else None
    key = _key(event, league)
    found = cache.get(key)
    if found is None:
        found = _event_ratings(event, membership)
        cache.set(key, found, CACHE_SECONDS)
    return found


def _event_ratings(event: Event, membership: LeagueEvent | None) -> EventRatings:
    same: dict[int, int] = {}
    if membership is not None:
        league = membership.league
        games = load_league(league).games
        # A suggested merge counts once the account holder confirms it (`leagues.merges.answer`), as in the table.
        same = dict(LeagueMerge.objects.filter(league=league, state=LeagueMerge.State.CONFIRMED)
                    .values_list("player_id", "into_id"))
    else:
        league, games = None, global_games()
    date = event.date.isoformat()
    before = glicko.rate_state(g for g in games if _before(g.period, date, event.pk)).now()
    ratings = {}
    for pk, player in Registration.objects.filter(event=event).values_list("pk", "player_id"):
        person = same.get(player, player)
        if person in before:
            ratings[pk] = before[person]
    return EventRatings(league, ratings)


def strength_of_field(ratings: EventRatings | None, entrants: list[int], top: int = STRENGTH_TOP) -> Strength | None:
    """The mean rating of the `top` highest-rated entrants (all rated ones if fewer), or None if none is rated."""
    if ratings is None:
        return None
    values = sorted((ratings.ratings[pk].rating for pk in entrants if pk in ratings.ratings), reverse=True)
    if not values:
        return None
    best = values[:top]
    return Strength(sum(best) / len(best), len(best), len(values), len(entrants))
