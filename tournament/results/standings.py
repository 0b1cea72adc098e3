"""Standings, pairings and results of an event as tables (pandas), from confirmed games.

The ranking itself is the pure tournament/tiebreaks.py; this module reads the games in a fixed
number of queries and labels the columns in the active language.
"""

from __future__ import annotations

from dataclasses import dataclass

import pandas as pd
from django.core.cache import cache
from django.db.models import Prefetch
from django.utils.translation import gettext as _

from tournament.events.state import event_state
from tournament.models import Event, Game, Registration, Round, Seat
from tournament.results import tiebreaks
from tournament.results.shorthand import GameResult, SideResult

CACHE_SECONDS = 60


@dataclass(frozen=True)
class StandingRow:
    registration_id: int
    rank: int  # shared by players tied on every metric
    rank_index: int  # 0-based position in the table
    points: int
    values: dict
    shared: bool


def _seats():
    return Seat.objects.select_related("registration__club").order_by("side")


def confirmed_games(event: Event, upto: int | None = None):
    games = Game.objects.filter(round__event=event, status=Game.Status.CONFIRMED).exclude(round__status=Round.Status.DRAFT)
    if upto is not None:
        games = games.filter(round__number__lte=upto)
    return games.select_related("round").prefetch_related(Prefetch("seats", queryset=_seats())).order_by(
        "round__number", "table", "pk"
    )


def played(games) -> list[tiebreaks.PlayedGame]:
    result = []
    for game in games:
        seats = list(game.seats.all())
        a = seats[0]
        if game.is_bye:
            result.append(tiebreaks.PlayedGame(game.round.number, a.registration_id, None, None, a.score or 0, 0))
            continue
        b = seats[1]
        outcome = GameResult(
            a=SideResult(a.elements_lost, a.general_lost, a.camp_lost),
            b=SideResult(b.elements_lost, b.general_lost, b.camp_lost), outcome=game.outcome,
        )
        result.append(tiebreaks.PlayedGame(game.round.number, a.registration_id, b.registration_id, outcome,
                                           a.score or 0, b.score or 0))
    return result


def _tiebreak_keys(event: Event) -> list[str]:
    keys = [key for key in (event.tiebreaks or []) if key in tiebreaks.REGISTRY]
    return keys


def event_standings(event: Event, upto: int | None = None) -> list[StandingRow]:
    regs = list(event.registrations.values_list("pk", "status", "name_key"))
    dropped = {pk for pk, status, _key in regs if status == Registration.Status.DROPPED}
    rows = tiebreaks.standings(
        [pk for pk, _status, _key in regs], played(confirmed_games(event, upto)), _tiebreak_keys(event),
        dropped=dropped, seed=event.seed, keys={pk: key for pk, _status, key in regs},
    )
    return [
        StandingRow(row.player, row.rank, index, int(dict(row.values).get("points", 0)), dict(row.values), row.shared)
        for index, row in enumerate(rows)
    ]


def standings_frame(event: Event, upto: int | None = None) -> pd.DataFrame:
    """The standings table, cached until a result, an entry or the tie-breaks change (at most a minute)."""
    key = "standings-frame:" + event_state(event, upto)
    frame = cache.get(key)
    if frame is None:
        frame = _standings_frame(event, upto)
        cache.set(key, frame, CACHE_SECONDS)
    return frame.copy()


def _standings_frame(event: Event, upto: int | None = None) -> pd.DataFrame:
    rows = event_standings(event, upto)
    regs = {r.pk: r for r in event.registrations.select_related("club")}
    names = {key: str(metric.name) for key, metric in tiebreaks.REGISTRY.items()}
    records = []
    for row in rows:
        reg = regs[row.registration_id]
        record = {
            _("Rank"): f"{row.rank}=" if row.shared else row.rank,
            _("Player"): reg.name + (f" ({_('dropped')})" if reg.status == Registration.Status.DROPPED else ""),
            _("Club"): reg.club.name if reg.club_id else "",
            _("Army"): reg.army_ref,
        }
        for key, value in row.values.items():
            record[_(names.get(key, key))] = int(value) if float(value).is_integer() else round(value, 2)
        records.append(record)
    return pd.DataFrame.from_records(records) if records else pd.DataFrame(columns=[_("Rank"), _("Player")])


def pairings_frame(rnd: Round) -> pd.DataFrame:
    """One row per player, sorted by table then name (for the wall)."""
    records = []
    games = rnd.games.prefetch_related(Prefetch("seats", queryset=_seats()))
    for game in games:
        seats = list(game.seats.all())
        for seat in seats:
            other = next((s for s in seats if s.pk != seat.pk), None)
            records.append({
                _("Table"): game.table if not game.is_bye else _("Bye"),
                _("Player"): seat.registration.name,
                _("Club"): seat.registration.club.name if seat.registration.club_id else "",
                _("Army"): seat.registration.army_ref,
                _("Opponent"): other.registration.name if other else "",
                _("Opponent's army"): other.registration.army_ref if other else "",
            })
    frame = pd.DataFrame.from_records(records)
    if frame.empty:
        return frame
    frame["_bye"] = frame[_("Table")].map(lambda t: not isinstance(t, int))
    frame["_t"] = frame[_("Table")].map(lambda t: t if isinstance(t, int) else 0)
    return frame.sort_values(["_bye", "_t", _("Player")]).drop(columns=["_bye", "_t"]).reset_index(drop=True)


def results_frame(event: Event) -> pd.DataFrame:
    records = []
    for game in confirmed_games(event):
        seats = list(game.seats.all())
        a = seats[0]
        b = seats[1] if len(seats) > 1 else None
        records.append({
            _("Round"): game.round.number, _("Table"): game.table or "",
            _("Side A"): a.registration.name, _("Side B"): b.registration.name if b else _("Bye"),
            _("Outcome"): game.get_outcome_display() if not game.is_bye else _("Bye"),
            _("A lost"): a.elements_lost, _("A general lost"): a.general_lost, _("A camp lost"): a.camp_lost,
            _("B lost"): b.elements_lost if b else "", _("B general lost"): b.general_lost if b else "",
            _("B camp lost"): b.camp_lost if b else "",
            _("A points"): a.score, _("B points"): b.score if b else "",
        })
    return pd.DataFrame.from_records(records)
