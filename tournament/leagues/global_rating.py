"""The global rating: Glicko-2 from every confirmed game of the events that opt in (`Event.global_rating`)
and that the site's staff approved (`Event.global_rating_approved`, set in the admin): any stranger can
create an event or import a backup, so asking is not enough.

A person is their Player row, never a name: a person with an account is one Player in every event, so
their games add up; an entry without an account is rated on its own record, and is never listed. The
public list shows players with an account only, by their own profile's name and club, nothing private.
Read in a fixed number of queries, whatever the number of events. The public table is cached under a
"games changed" key (`games_state`: cheap aggregates of the counted games and entries, and the counted events'
dates), so `/ratings/` recomputes only after a counted game, entry or date changed; names and clubs are at most
CACHE_SECONDS old.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from django.core.cache import cache
from django.db.models import Count, Max, Q, Sum

from tournament.leagues import ratings as glicko
from tournament.leagues.table import _games_by_event, _played, _seat_rows
from tournament.models import Event, Game, Player, Registration

COUNTED = Q(global_rating=True, global_rating_approved=True)  # the events whose games the global rating reads
CACHE_SECONDS = 60


@dataclass(frozen=True)
class GlobalRow:
    rank: int
    player_id: int
    name: str
    club: str
    rating: float
    deviation: float
    games: int


def score_of(game) -> float:
    outcome = game.result.outcome if game.result else ""
    return 1.0 if outcome == "a" else 0.0 if outcome == "b" else 0.5


def global_games() -> list[glicko.RatedGame]:
    """Every confirmed game of the opted-in events, players as Player ids, one period per round."""
    dates = dict(Event.objects.filter(COUNTED).values_list("pk", "date"))
    if not dates:
        return []
    player_of = dict(Registration.objects.filter(event__in=list(dates)).values_list("pk", "player_id"))
    rated = []
    for event_id, games in _games_by_event(_seat_rows(list(dates))).items():
        for game in _played(games):
            if game.b is not None:
                period = (dates[event_id].isoformat(), event_id, game.round)
                rated.append(glicko.RatedGame(period, player_of[game.a], player_of[game.b], score_of(game)))
    return rated


def games_state(events, *extra) -> str:
    """A key that changes when a game of `events` (a queryset) or an entry of `events` (or of `extra`
    filters) changes: the games' versions, counts, newest keys and events, and the entries' newest change
    (an event approved or withdrawn changes the games counted); and when one of `events` is dated anew (which games
    come before which: the rating periods). Three queries, whatever the number of games."""
    games = Game.objects.filter(round__event__in=events).aggregate(
        v=Sum("version"), n=Count("pk"), last=Max("pk"), t=Max("entered_at"), events=Count("round__event", distinct=True))
    where = Q(event__in=events)
    for other in extra:
        where |= other
    entries = Registration.objects.filter(where).aggregate(t=Max("updated_at"), n=Count("pk"), last=Max("pk"))
    dates = list(events.order_by("pk").values_list("pk", "date"))
    return hashlib.sha256(repr([games, entries, dates]).encode()).hexdigest()


def table_state() -> str:
    """What the global table is made of, as a key: it changes whenever the table may (`games_state`)."""
    return games_state(Event.objects.filter(COUNTED))


def global_table() -> list[GlobalRow]:
    """The public table, computed again only when the counted games changed (see the module's docstring)."""
    key = "global-rating:" + table_state()
    rows = cache.get(key)
    if rows is None:
        rows = compute_global_table()
        cache.set(key, rows, CACHE_SECONDS)
    return rows


def compute_global_table() -> list[GlobalRow]:
    """Players with an account and a global rating, highest rating first."""
    games = global_games()
    ratings = glicko.rate_state(games).now()
    played: dict[int, int] = {}
    for game in games:
        played[game.a] = played.get(game.a, 0) + 1
        played[game.b] = played.get(game.b, 0) + 1
    people = Player.objects.filter(user__isnull=False, registrations__event__in=Event.objects.filter(COUNTED)).distinct()
    listed = [(pk, name, club or "") for pk, name, club in people.values_list("pk", "name", "club__name")
              if pk in ratings]
    listed.sort(key=lambda p: (-ratings[p[0]].rating, p[1], p[0]))
    return [GlobalRow(rank, pk, name, club, ratings[pk].rating, ratings[pk].deviation, played[pk])
            for rank, (pk, name, club) in enumerate(listed, start=1)]
