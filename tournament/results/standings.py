"""Standings, pairings and results of an event as tables (pandas), from confirmed games.

The ranking itself is the pure tournament/results/tiebreaks.py; this module reads the games in a fixed
number of queries (`load`) and labels the columns in the active language, with the one-line
definitions of tournament/results/explain.py as the columns' help.

Names and clubs on every standings table, export and player page come from one accessor,
`entry_as_shown`: when the registration keeps its own name and club as entered, only that function changes.
"""

from __future__ import annotations

from dataclasses import dataclass

import pandas as pd
from django.core.cache import cache
from django.db.models import Prefetch
from django.utils.translation import gettext as _

from tournament.events.state import event_state
from tournament.models import Event, Game, HeadToHeadRule, Registration, Round, Seat
from tournament.results import explain, tiebreaks
from tournament.results.scoring import event_scoring
from tournament.results.settlements import settle, settlements_of
from tournament.results.shorthand import seats_result

CACHE_SECONDS = 60
DASH = "–"


@dataclass(frozen=True)
class Entry:
    """A registration as the standings show it."""

    name: str
    club: str
    key: str  # the name key the drawn lot is made from
    army: str


def entry_as_shown(reg: Registration) -> Entry:
    """THE accessor for a standings name and club: the entry's own, as it was at the event (select_related club)."""
    return Entry(reg.name, reg.club.name if reg.club_id else "", reg.name_key, reg.army_ref)


@dataclass(frozen=True)
class StandingRow:
    registration_id: int
    rank: int  # shared by players tied on every criterion
    rank_index: int  # 0-based position in the table
    points: int
    values: dict
    shared: bool
    settled: str = ""  # how the event settled this player's tie after every tie-break (results/settlements.py)


@dataclass
class EventData:
    """What an event's standings are made of, read in a constant number of queries."""

    event: Event
    registrations: dict[int, Registration]
    games: list  # confirmed games (with seats), in round and table order
    played: list[tiebreaks.PlayedGame]


def _seats(entries: bool = True):
    seats = Seat.objects.order_by("side")
    return seats.select_related("registration__club") if entries else seats


def confirmed_games(event: Event, upto: int | None = None, *, entries: bool = True):
    """The confirmed games with their seats; `entries`: each seat's registration and club loaded with it
    (the ranking needs only the keys: a 1,000-player event is 2,000 objects fewer)."""
    games = Game.objects.filter(round__event=event, status=Game.Status.CONFIRMED).exclude(round__status=Round.Status.DRAFT)
    if upto is not None:
        games = games.filter(round__number__lte=upto)
    return games.select_related("round").prefetch_related(Prefetch("seats", queryset=_seats(entries))).order_by(
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
        result.append(tiebreaks.PlayedGame(game.round.number, a.registration_id, b.registration_id,
                                           seats_result(a, b, game.outcome), a.score or 0, b.score or 0))
    return result


def load(event: Event, upto: int | None = None) -> EventData:
    """Three queries: the registrations (with their clubs), the confirmed games and their seats."""
    regs = {r.pk: r for r in event.registrations.select_related("club")}
    games = list(confirmed_games(event, upto, entries=False))  # a seat's entry is regs[seat.registration_id]
    return EventData(event, regs, games, played(games))


def ranked(data: EventData) -> list[tiebreaks.Row]:
    """The ranking by points and tie-breaks, before the event's own settlements of the ties left."""
    event = data.event
    entries = {pk: entry_as_shown(reg) for pk, reg in data.registrations.items()}
    return tiebreaks.standings(
        list(data.registrations), data.played, event.tiebreaks or [], seed=event.seed,
        keys={pk: entry.key for pk, entry in entries.items()},
        h2h_all_met=event.head_to_head_rule != HeadToHeadRule.ANY_GAMES, ranking=event_scoring(event).ranking,
    )


def rank(data: EventData) -> list[StandingRow]:
    rows, _applied = settle(ranked(data), settlements_of(data.event.tie_decisions))
    return [
        StandingRow(row.player, row.rank, index, int(dict(row.values).get("points") or 0), dict(row.values), row.shared,
                    row.settled)
        for index, row in enumerate(rows)
    ]


def _tie_sentence(decision: dict, players: str) -> str:
    kind = decision["kind"]
    if kind == "playoff":
        return _("%(players)s were level after every tie-break: a playoff game (%(result)s) decided the order.") % {
            "players": players, "result": decision.get("result", "")}
    if kind == "umpire":
        return _("%(players)s were level after every tie-break: the umpire decided the order. Reason: %(reason)s") % {
            "players": players, "reason": decision.get("reason", "")}
    if kind == "lot":
        return _("%(players)s were level after every tie-break: a die roll or lot decided the order (%(record)s).") % {
            "players": players, "record": decision.get("record", "")}
    return _("%(players)s were level after every tie-break and share the place.") % {"players": players}


def tie_words(event: Event) -> tuple[str, ...]:
    """How the event settled the ties left after every tie-break, for "how this table is ordered"; a decision
    whose players are no longer level is said not to apply."""
    if not event.tie_decisions:
        return ()
    data = load(event)
    _rows, applied = settle(ranked(data), settlements_of(event.tie_decisions))
    done = {frozenset(s.players) for s in applied}
    words = []
    for d in event.tie_decisions:
        players = ", ".join(entry_as_shown(data.registrations[p]).name for p in d["players"] if p in data.registrations)
        if frozenset(d["players"]) not in done:
            words.append(_("A decision recorded for %(players)s does not apply: they are no longer level.")
                         % {"players": players})
            continue
        words.append(_tie_sentence(d, players))
    return tuple(words)


def event_standings(event: Event, upto: int | None = None) -> list[StandingRow]:
    return rank(load(event, upto))


def shown_rank(row: StandingRow) -> str | int:
    """A shared rank reads "=2"."""
    return f"={row.rank}" if row.shared else row.rank


def shown_value(value):
    if value is None:
        return DASH
    return int(value) if float(value).is_integer() else round(value, 2)


def dropped_by(reg: Registration, upto: int | None) -> bool:
    """Dropped as of the table after round `upto` (None: the latest): not on tables of rounds before the drop."""
    if reg.status != Registration.Status.DROPPED:
        return False
    return upto is None or reg.dropped_after_round is None or upto > reg.dropped_after_round


@dataclass(frozen=True)
class Column:
    key: str
    label: str
    help: str


@dataclass(frozen=True)
class StandingsTable:
    columns: tuple[Column, ...]
    rows: tuple[tuple[int, tuple], ...]  # (registration id, cells)

    def frame(self) -> pd.DataFrame:
        labels = [c.label for c in self.columns]
        return pd.DataFrame.from_records([cells for _pk, cells in self.rows], columns=labels)


def standings_table(event: Event, upto: int | None = None) -> StandingsTable:
    """The standings, cached until a result, an entry, the scoring or the tie-breaks change (at most a minute)."""
    key = "standings-table:" + event_state(event, upto)
    table = cache.get(key)
    if table is None:
        table = build_table(load(event, upto), upto)
        cache.set(key, table, CACHE_SECONDS)
    return table


def build_table(data: EventData, upto: int | None = None) -> StandingsTable:
    event = data.event
    rows = rank(data)
    metrics = tiebreaks.metric_keys(event.tiebreaks or [], event_scoring(event).ranking)
    keys = ["rank", "player", "club", "army", *metrics]
    columns = tuple(Column(k, explain.label(k, event), explain.definition(k, event)) for k in keys)
    records = []
    for row in rows:
        reg = data.registrations[row.registration_id]
        entry = entry_as_shown(reg)
        name = entry.name + (f" ({_('dropped')})" if dropped_by(reg, upto) else "")
        cells = (shown_rank(row), name, entry.club, entry.army, *(shown_value(row.values.get(k)) for k in metrics))
        records.append((row.registration_id, cells))
    return StandingsTable(columns, tuple(records))


def standings_frame(event: Event, upto: int | None = None) -> pd.DataFrame:
    """The standings table as a frame (exports, PDF)."""
    return standings_table(event, upto).frame()


def pairings_frame(rnd: Round) -> pd.DataFrame:
    """One row per player, sorted by table then name (for the wall)."""
    records = []
    games = rnd.games.prefetch_related(Prefetch("seats", queryset=_seats()))
    for game in games:
        seats = list(game.seats.all())
        for seat in seats:
            other = next((s for s in seats if s.pk != seat.pk), None)
            me, them = entry_as_shown(seat.registration), entry_as_shown(other.registration) if other else None
            records.append({
                _("Table"): game.table if not game.is_bye else _("Bye"),
                _("Player"): me.name, _("Club"): me.club, _("Army"): me.army,
                _("Opponent"): them.name if them else "", _("Opponent's army"): them.army if them else "",
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
            _("Side A"): entry_as_shown(a.registration).name,
            _("Side B"): entry_as_shown(b.registration).name if b else _("Bye"),
            _("Outcome"): game.get_outcome_display() if not game.is_bye else _("Bye"),
            _("A lost"): a.elements_lost, _("A general lost"): a.general_lost, _("A camp lost"): a.camp_lost,
            _("B lost"): b.elements_lost if b else "", _("B general lost"): b.general_lost if b else "",
            _("B camp lost"): b.camp_lost if b else "",
            _("A points"): a.score, _("B points"): b.score if b else "",
        })
    return pd.DataFrame.from_records(records)
