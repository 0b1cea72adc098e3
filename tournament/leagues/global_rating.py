"""The global rating: Glicko-2 from every confirmed game of the events that opt in (`Event.global_rating`).

A person is their Player row, never a name: a person with an account is one Player in every event, so
their games add up; an entry without an account is rated on its own record, and is never listed. The
public list shows players with an account only, by their own profile's name and club, nothing private.
Read in a fixed number of queries, whatever the number of events.
"""

from __future__ import annotations

from dataclasses import dataclass

from tournament.leagues import ratings as glicko
from tournament.leagues.table import _games_by_event, _played, _seat_rows
from tournament.models import Event, Player, Registration


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
    dates = dict(Event.objects.filter(global_rating=True).values_list("pk", "date"))
    if not dates:
        return []
    player_of = dict(Registration.objects.filter(event__global_rating=True).values_list("pk", "player_id"))
    rated = []
    for event_id, games in _games_by_event(_seat_rows(list(dates))).items():
        for game in _played(games):
            if game.b is not None:
                period = (dates[event_id].isoformat(), event_id, game.round)
                rated.append(glicko.RatedGame(period, player_of[game.a], player_of[game.b], score_of(game)))
    return rated


def global_table() -> list[GlobalRow]:
    """Players with an account and a global rating, highest rating first."""
    games = global_games()
    ratings = glicko.rate_state(games).now()
    played: dict[int, int] = {}
    for game in games:
        played[game.a] = played.get(game.a, 0) + 1
        played[game.b] = played.get(game.b, 0) + 1
    people = Player.objects.filter(user__isnull=False, registrations__event__global_rating=True).distinct()
    listed = [(pk, name, club or "") for pk, name, club in people.values_list("pk", "name", "club__name")
              if pk in ratings]
    listed.sort(key=lambda p: (-ratings[p[0]].rating, p[1], p[0]))
    return [GlobalRow(rank, pk, name, club, ratings[pk].rating, ratings[pk].deviation, played[pk])
            for rank, (pk, name, club) in enumerate(listed, start=1)]
