"""An event's standings from its confirmed games: read as plain values, ranked, and laid out as the table the
standings page, its exports and its PDFs show.

The ranking itself is the pure tournament/results/tiebreaks.py; this module reads the entries and the games in a
few queries (`load`: rows of values, no model instances, which were most of a 1,000-player page's time; the entries
kept per process while their registrations stay as they were) and labels the columns in the active language, with
the one-line definitions of tournament/results/explain.py as the columns' help. The table is not cached here: the
page caches its rendering (`web.page_caches`, whole pages for anonymous readers); the exports' frames are made from
it in `transfer.frames`.

Names and clubs on every standings table, export and player page come from one accessor,
`entry_as_shown`: when the registration keeps its own name and club as entered, only that function changes.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from functools import cached_property
from typing import NamedTuple

from django.db import connection
from django.db.models import Count, FilteredRelation, Max, Q, Value
from django.db.models.functions import Coalesce
from django.utils.translation import gettext as _

from tournament.events.statements import Statement
from tournament.models import Event, Game, HeadToHeadRule, Registration, Round, Seat
from tournament.results import explain, tiebreaks
from tournament.results.scoring import event_scoring
from tournament.results.shorthand import GameResult, seats_result, victory_rules
from tournament.results.tiebreaks import settle, settlements_of

DASH = "–"


@dataclass(frozen=True)
class Entry:
    """A registration as the standings show it."""

    name: str
    club: str
    key: str  # the name key the drawn lot is made from
    army: str


class Entrant(NamedTuple):
    """A registration as `load` reads it: as shown (an `Entry`'s four fields first), the army's name (the final
    podium shows it), and whether (and after which round) it dropped. A plain tuple: a big event reads thousands."""

    name: str
    club: str
    key: str
    army: str
    pk: int
    army_name: str
    status: str
    dropped_after_round: int | None


def entry_as_shown(reg) -> Entry | Entrant:
    """THE accessor for a standings name and club: the entry's own, as it was at the event (a Registration with
    its club selected, or an `Entrant` read by `load`, which is its own entry as shown)."""
    if isinstance(reg, (Entrant, Entry)):
        return reg
    return Entry(reg.name, reg.club.name if reg.club_id else "", reg.name_key, reg.army_ref)


class SeatRow(NamedTuple):
    """A confirmed game's seat, as read: what `shorthand.seats_result` and the tables read of it."""

    game_id: int
    side: str
    registration_id: int
    score: int | None
    elements_lost: int
    general_lost: bool
    camp_lost: bool
    sch_lost: int


class GameRow(NamedTuple):
    """A confirmed game, as read, with its seats (side A first)."""

    pk: int
    round: int  # its round's number
    table: int | None
    is_bye: bool
    outcome: str
    stage_id: int | None
    slot: str
    seats: list[SeatRow]


class StandingRow(NamedTuple):
    registration_id: int
    rank: int  # shared by players tied on every criterion
    rank_index: int  # 0-based position in the table
    points: int
    values: dict
    shared: bool
    settled: str = ""  # how the event settled this player's tie after every tie-break (results.tiebreaks.settle)


@dataclass
class EventData:
    """What an event's standings are made of, read in a constant number of queries: the registrations as shown, and
    the confirmed games as the ranking reads them (`played`) and, when first asked for, with their seats (`games`)."""

    event: Event
    registrations: dict[int, Entrant]
    played: list[tiebreaks.PlayedGame]  # the confirmed games, in round and table order
    rows: list[tuple] = field(repr=False)  # the same games as read (`confirmed_rows`), their seats beside them
    group: bool = False  # a group's table (`part`): the tie decisions recorded for a group's tie apply to it

    @cached_property
    def games(self) -> list[GameRow]:
        """The confirmed games with their seats, in `played`'s order: made from the rows when a page asks for them
        (the ranking reads none, and making them was a tenth of a 1,000-player standings page)."""
        return [_game_row(row) for row in self.rows]

    def part(self, players, keep, *, group: bool = False) -> EventData:
        """The same event's standings data for some `players` over the games `keep(game)` accepts (`group`: a
        group's table)."""
        kept = [(row, one) for row, game, one in zip(self.rows, self.games, self.played, strict=True) if keep(game)]
        return EventData(self.event, {pk: self.registrations[pk] for pk in players}, [one for _row, one in kept],
                         [row for row, _one in kept], group)


_ENTRANT = ("name", "club_shown", "name_key", "army_ref", "pk", "army_name", "status", "dropped_after_round")
_GAME = ("pk", "round__number", "table", "is_bye", "outcome", "stage_id", "slot")  # `GameRow`'s fields but its seats
# A seat's columns as read: `SeatRow`'s but its game and side, which are the row's own (its key, and A or B).
_SEAT = SeatRow._fields[2:]
# A row of `confirmed_rows`: the game's columns, then seat A's and seat B's. Where each is in it:
_ROUND, _BYE, _OUTCOME = (_GAME.index(f) for f in ("round__number", "is_bye", "outcome"))
_A, _B = len(_GAME), len(_GAME) + len(_SEAT)  # where seat A and seat B start
_PLAYER, _SCORE, _LOSSES = (_SEAT.index(f) for f in ("registration_id", "score", "elements_lost"))

# What stands for the event's key and the last round while a statement is compiled, once per process and database
# (`events.statements`: compiling the games' statement took a sixth of reading them). The round's stand-in is a round
# number Django takes as possible (it answers a negative one with no query).
_EVENT, _UPTO = -7_340_223, 32_749
_compiled: dict[tuple[str, str, bool], Statement] = {}


def _entrants_query(event_id: int, _upto: int | None):
    return (Registration.objects.filter(event_id=event_id)
            .annotate(club_shown=Coalesce("club__name", Value(""))).values_list(*_ENTRANT))


def _games_query(event_id: int, upto: int | None):
    games = (Game.objects.filter(status=Game.Status.CONFIRMED, round__event_id=event_id)
             .exclude(round__status=Round.Status.DRAFT)
             .annotate(seat_a=FilteredRelation("seats", condition=Q(seats__side=Seat.Side.A)),
                       seat_b=FilteredRelation("seats", condition=Q(seats__side=Seat.Side.B))))
    if upto is not None:
        games = games.filter(round__number__lte=upto)
    return games.order_by("round__number", "table", "pk").values_list(
        *_GAME, *(f"seat_a__{f}" for f in _SEAT), *(f"seat_b__{f}" for f in _SEAT))


def _fetched(query_of, event_id: int, upto: int | None = None) -> list[tuple]:
    """The rows of the `values_list` query `query_of(event_id, upto)` as the database driver returns them, without
    the ORM's per-row converters (for booleans on SQLite: the driver already returns them as bools, PostgreSQL's
    are booleans): they were a third of reading a 1,000-player event's seats. The SQL is the ORM's own."""
    key = (connection.alias, query_of.__name__, upto is None)
    if key not in _compiled:
        query = query_of(_EVENT, None if upto is None else _UPTO).query
        sql, params = query.get_compiler(using=connection.alias).as_sql()
        _compiled[key] = Statement.of(sql, params, {_EVENT: 1} if upto is None else {_EVENT: 1, _UPTO: 1})
    return _compiled[key].run({_EVENT: event_id, _UPTO: upto})


def _registrations_state_query(event_id: int, _upto: int | None):
    """How many registrations the event has, its newest and when the last of them changed: what a registration
    added, removed or saved (a drop included), or its player or club renamed, moves (`events.cache_keys`)."""
    return (Registration.objects.filter(event_id=event_id).order_by().values("event_id")
            .annotate(n=Count("pk"), last=Max("pk"), changed=Max("updated_at")).values_list("n", "last", "changed"))


# The entrants of the events read lately, per process and database: each event's last reading, with its
# registrations' state then and when it was read. On an event day the results change and the entrants do not, and
# reading them was a fifth of reading a 1,000-player event's standings. A reading is kept at most `KEPT_SECONDS`, as
# the rendered tables are (`web.page_caches`): a registration's last change is stamped when it is saved, not when it
# commits, so one saved before another but committed after it leaves the state as it was until the next change.
_KEPT_ENTRANTS: dict[tuple[str, int], tuple[tuple, float, dict[int, Entrant]]] = {}
KEPT_EVENTS = 64
KEPT_SECONDS = 60


def entrants(event: Event) -> dict[int, Entrant]:
    """The event's registrations as the standings show them, with their clubs' names (their state, then the rows:
    two queries; the state only, when it is as this process read it less than `KEPT_SECONDS` ago). A copy."""
    key = (connection.alias, event.pk)
    state = tuple(next(iter(_fetched(_registrations_state_query, event.pk)), ()))
    kept = _KEPT_ENTRANTS.get(key)
    now = time.monotonic()
    if kept is not None and kept[0] == state and now - kept[1] < KEPT_SECONDS:
        return dict(kept[2])
    read = {entrant.pk: entrant for entrant in map(Entrant._make, _fetched(_entrants_query, event.pk))}
    if key not in _KEPT_ENTRANTS and len(_KEPT_ENTRANTS) >= KEPT_EVENTS:
        _KEPT_ENTRANTS.clear()
    _KEPT_ENTRANTS[key] = (state, now, read)
    return dict(read)


def _round_numbers_query(event_id: int, _upto: int | None):
    return (Round.objects.filter(event_id=event_id).exclude(status=Round.Status.DRAFT).order_by("number")
            .values_list("number"))


def round_numbers(event: Event) -> list[int]:
    """The numbers of the event's rounds that are not drafts, in order: the rounds a table can be shown after (one
    query, compiled once)."""
    return [number for (number,) in _fetched(_round_numbers_query, event.pk)]


def confirmed_rows(event: Event, upto: int | None = None) -> list[tuple]:
    """The confirmed games of the published rounds (up to round `upto`): one query of values, a row per game with
    its side A's and side B's seat beside it (`_SEAT`'s columns each), in round and table order (one read: no
    game confirmed or sent back between two reads). A game missing a seat (or a bye with two) is not a result."""
    a, b = _A + _PLAYER, _B + _PLAYER  # a seat not there reads None
    return [row for row in _fetched(_games_query, event.pk, upto)
            if (row[a] is not None) + (row[b] is not None) == (1 if row[_BYE] else 2)]  # seats there: 1 for a bye


def _game_row(row: tuple) -> GameRow:
    pk = row[0]
    seats = [SeatRow(pk, side, *seat) for side, seat in (("a", row[_A:_B]), ("b", row[_B:]))
             if seat[_PLAYER] is not None]
    return GameRow._make((*row[:_A], seats))


def played(rows: list[tuple]) -> list[tiebreaks.PlayedGame]:
    """The games of `confirmed_rows` as the ranking reads them, each result made by `shorthand.seats_result`."""
    result = []
    append = result.append
    game_of = tiebreaks.PlayedGame._make
    results: dict[tuple, GameResult] = {}  # a result is a frozen value: games with the same seats' losses share it
    a_player, a_score, a_losses = _A + _PLAYER, _A + _SCORE, _A + _LOSSES
    b_player, b_score, b_losses = _B + _PLAYER, _B + _SCORE, _B + _LOSSES
    for row in rows:
        number, outcome = row[_ROUND], row[_OUTCOME]
        if row[_BYE]:  # a bye: its one seat
            seat = row[_A:_B] if row[a_player] is not None else row[_B:]
            append(game_of((number, seat[_PLAYER], None, None, seat[_SCORE] or 0, 0)))
            continue
        key = (row[a_losses:_B], row[b_losses:], outcome)  # the four losses of each seat (`SeatRow`'s last fields)
        game_result = results.get(key)
        if game_result is None:
            game_result = results[key] = seats_result(SeatRow(row[0], "a", *row[_A:_B]),
                                                      SeatRow(row[0], "b", *row[_B:]), outcome)
        append(game_of((number, row[a_player], row[b_player], game_result, row[a_score] or 0, row[b_score] or 0)))
    return result


def load(event: Event, upto: int | None = None) -> EventData:
    """The confirmed games with their seats (one query of plain values) and the registrations (with their clubs'
    names: one query, or none but their state's when they are as this process last read them)."""
    rows = confirmed_rows(event, upto)
    return EventData(event, entrants(event), played(rows), rows)


def ranked_among(event: Event, keys: dict[int, str], games: list[tiebreaks.PlayedGame]) -> list[tiebreaks.Row]:
    """The players `keys` names (registration -> the name key the drawn lot is made from) ranked over `games` as
    the event's standings rank them: its scoring, its tie-breaks, its head-to-head rule and its drawn lot, before
    its own settlements of the ties left. The one ranking of an event's players: its standings and a league's
    places (`leagues.table`, from games it read itself) both call it."""
    return tiebreaks.standings(
        list(keys), games, event.tiebreaks or [], seed=event.seed, keys=keys,
        h2h_all_met=event.head_to_head_rule != HeadToHeadRule.ANY_GAMES, ranking=event_scoring(event).ranking,
        sch_counts=victory_rules(event.edition).get("sch_count", True),
    )


def settled_among(event: Event, keys: dict[int, str], games: list[tiebreaks.PlayedGame], *,
                  group: bool = False) -> list[tiebreaks.Row]:
    """`ranked_among` after the event's own settlements of the ties left (playoffs, umpire's decisions, lots): the
    standings' decisions, or for a group's table (`group`) those recorded for a tie in a group (`within`)."""
    decisions = [d for d in event.tie_decisions or () if (d.get("within") == "group") == group]
    return settle(ranked_among(event, keys, games), settlements_of(decisions))[0]


def ranked(data: EventData) -> list[tiebreaks.Row]:
    """The ranking by points and tie-breaks, before the event's own settlements of the ties left."""
    return ranked_among(data.event, {pk: entry_as_shown(reg).key for pk, reg in data.registrations.items()},
                        data.played)


def _settled(data: EventData) -> list[tiebreaks.Row]:
    return settled_among(data.event, {pk: entry_as_shown(reg).key for pk, reg in data.registrations.items()},
                         data.played, group=data.group)


def rank(data: EventData) -> list[StandingRow]:
    return [StandingRow(row.player, row.rank, index, int(row.values.get("points") or 0), row.values, row.shared,
                        row.settled) for index, row in enumerate(_settled(data))]


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


def tie_words(event: Event, upto: int | None = None, data: EventData | None = None) -> tuple[str, ...]:
    """How the event settled the ties left after every tie-break, for "how this table is ordered" (the table after
    round `upto`, or the latest): the decisions that order it; for the latest, a decision whose players are no longer
    level is said not to apply. A decision for a tie inside a group (`within`) orders that group's table: not told."""
    decisions = [d for d in event.tie_decisions or [] if d.get("within") != "group"]
    if not decisions:
        return ()
    data = load(event, upto) if data is None else data  # the table's own read, when the caller has it
    done = {frozenset(s.players) for s in settle(ranked(data), settlements_of(decisions))[1]}
    words = []
    for d in decisions:
        players = ", ".join(entry_as_shown(data.registrations[p]).name for p in d["players"] if p in data.registrations)
        if frozenset(d["players"]) in done:
            words.append(_tie_sentence(d, players))
        elif upto is None:
            words.append(_("A decision recorded for %(players)s does not apply: they are no longer level.")
                         % {"players": players})
    return tuple(words)


def event_standings(event: Event, upto: int | None = None) -> list[StandingRow]:
    return rank(load(event, upto))


def shown_rank(row: StandingRow | tiebreaks.Row) -> str | int:
    """A shared rank reads "=2"."""
    return f"={row.rank}" if row.shared else row.rank


def shown_value(value):
    if value is None:
        return DASH
    return int(value) if float(value).is_integer() else round(value, 2)


def dropped_by(reg, upto: int | None) -> bool:
    """Dropped as of the table after round `upto` (None: the latest): not on tables of rounds before the drop
    (`reg`: a Registration or an `Entrant`)."""
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


def standings_table(event: Event, upto: int | None = None) -> StandingsTable:
    """The standings table, read and ranked now (its rendering is what the pages cache)."""
    return build_table(load(event, upto), upto)


def build_table(data: EventData, upto: int | None = None) -> StandingsTable:
    event = data.event
    rows = _settled(data)  # a rank and the values are all it reads of a row
    metrics = tiebreaks.metric_keys(event.tiebreaks or [], event_scoring(event).ranking)
    keys = ["rank", "player", "club", "army", *metrics]
    columns = tuple(Column(k, explain.label(k, event), explain.definition(k, event)) for k in keys)
    registrations = data.registrations
    dropped = f" ({_('dropped')})"
    cell = _Cells().__getitem__  # each distinct value's cell, made once: the values repeat (equal numbers read alike)
    records = []
    for row in rows:
        reg = registrations[row.player]
        entry = entry_as_shown(reg)
        name = entry.name + dropped if dropped_by(reg, upto) else entry.name
        cells = (shown_rank(row), name, entry.club, entry.army, *map(cell, map(row.values.get, metrics)))
        records.append((row.player, cells))
    return StandingsTable(columns, tuple(records))


class _Cells(dict):
    """A value's cell as `shown_value` writes it, written once per distinct value."""

    def __missing__(self, value):
        self[value] = cell = shown_value(value)
        return cell
