"""A league read from the database in a fixed number of queries (and a few more for each event run in stages),
then scored by the pure modules.

Reads only what the league pages show: each entry's name and club as entered at its event (the
event's own data), the events' confirmed games and their final places as the event shows them (its final
placings when it was run in stages, else its standings). Never an entry's email or
region. A person is the same across events only when their entries point at the same Player row
(their own profile, linked to their account), or when a league organizer merged two account-less
people in this league (tournament/leagues/merges.py), never because two names match.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from django.db.models import Exists, OuterRef

from tournament.leagues import ratings as glicko
from tournament.leagues.ladder import counted_pairs
from tournament.leagues.presets import league_rule
from tournament.leagues.scoring import GamePoints, Placing, Result, league_table
from tournament.models import Game, LadderGame, League, LeagueEvent, LeagueMerge, Registration, Round, Seat, Stage
from tournament.results import standings, tiebreaks
from tournament.results.shorthand import seats_result
from tournament.stages.tables import final_placings


@dataclass(frozen=True)
class LeagueRow:
    rank: int | None
    shared: bool
    player_id: int
    name: str
    club: str
    counted: int
    dropped: int
    points: float
    rating: float | None
    deviation: float | None
    games: int
    results: tuple[Result, ...]


@dataclass
class LeagueData:
    league: League
    memberships: list[LeagueEvent]
    rows: list[LeagueRow]
    history: dict[int, list[glicko.HistoryPoint]] = field(default_factory=dict)
    games: list[glicko.RatedGame] = field(default_factory=list)  # every rated game, for predictions and seeding

    @property
    def events(self) -> dict:
        return {m.event_id: m.event for m in self.memberships}

    def row_for(self, player_id: int) -> LeagueRow | None:
        return next((row for row in self.rows if row.player_id == player_id), None)


def _seat_rows(event_ids: list[int]):
    return (
        Seat.objects.filter(round__event_id__in=event_ids, game__status=Game.Status.CONFIRMED)
        .exclude(round__status=Round.Status.DRAFT)
        .order_by("round__event_id", "round__number", "game__table", "game_id", "side")
        .values_list("game_id", "round__event_id", "round__number", "game__is_bye", "game__outcome",
                     "registration_id", "elements_lost", "general_lost", "camp_lost", "score", "sch_lost", named=True)
    )


def _games_by_event(seat_rows) -> dict[int, list[list[tuple]]]:
    """event id -> games, each the list of its seats' rows in side order."""
    games: dict[int, dict[int, list[tuple]]] = defaultdict(dict)
    for row in seat_rows:
        games[row[1]].setdefault(row[0], []).append(row)
    return {event_id: list(by_game.values()) for event_id, by_game in games.items()}


def _played(games: list[list[tuple]]) -> list[tiebreaks.PlayedGame]:
    out = []
    for seats in games:
        a = seats[0]
        if a[3] or len(seats) < 2:  # a bye
            out.append(tiebreaks.PlayedGame(a[2], a[5], None, None, a[9] or 0, 0))
            continue
        b = seats[1]
        result = seats_result(a, b, a[4])
        out.append(tiebreaks.PlayedGame(a[2], a[5], b[5], result, a[9] or 0, b[9] or 0))
    return out


LADDER = "ladder"  # the "event" of ladder games' points (tournament/leagues/ladder.py)


def _ladder_rows(league: League):
    """Confirmed ladder games of approved pairs (tournament/leagues/ladder.py)."""
    return (LadderGame.objects.filter(counted_pairs(league), league=league, state=LadderGame.State.CONFIRMED)
            .order_by("played_on", "pk")
            .values_list("pk", "played_on", "player_a_id", "player_b_id", "outcome", "points_a", "points_b"))


@dataclass
class _Tally:
    """What the league's events and ladder games add up to, before the league's rule scores it."""

    placings: list[Placing] = field(default_factory=list)
    game_points: list[GamePoints] = field(default_factory=list)
    rated: list[glicko.RatedGame] = field(default_factory=list)
    latest: dict[int, tuple] = field(default_factory=dict)  # player -> (order, name, club) of their latest entry


def _merges(league: League) -> tuple[dict[int, int], dict[int, str]]:
    """(player -> the person they were merged into, person -> account's own name for merges into an account)."""
    merged = list(LeagueMerge.objects.filter(league=league, state=LeagueMerge.State.CONFIRMED)
                  .values_list("player_id", "into_id", "into__name", "into__user_id"))
    same = {player: into for player, into, _name, _user in merged}
    # Entries merged into an account holder show the account's own name, not what was typed at an event.
    account_names = {into: name for _player, into, name, user in merged if user is not None}
    return same, account_names


def _registrations(event_ids: list[int], same: dict[int, int]) -> dict[int, tuple]:
    """registration -> (event, person after merges, name, name key, status, club)."""
    if not event_ids:
        return {}
    return {
        pk: (event_id, same.get(player_id, player_id), name, key, status, club)
        for pk, event_id, player_id, name, key, status, club in Registration.objects.filter(event_id__in=event_ids)
        .values_list("pk", "event_id", "player_id", "name", "name_key", "status", "club__name")
    }


def _score(outcome: str, a_won: str, b_won: str) -> float:
    return 1.0 if outcome == a_won else 0.0 if outcome == b_won else 0.5


def _places(event, in_event: list[int], regs: dict[int, tuple], played: list[tiebreaks.PlayedGame],
            has_stages: bool) -> list[tuple[int, int]]:
    """(place, registration) of the players who played, as the event itself places them: its final placings when
    it was run in stages and every stage is played (`stages.tables.final_placings`, as its final page shows them:
    a player who dropped out and was placed by no stage has no place), else its standings' order (its tie-breaks,
    head-to-head rule and tie decisions: `results.standings.settled_among`, the standings' own function)."""
    if has_stages:  # only then the stages' queries (a few per such event)
        staged = final_placings(event)
        if staged:
            played_it = set(in_event)
            return [(place, reg) for place, reg, _stage in staged if reg in played_it]
    return [(row.rank, row.player) for row in standings.settled_among(event, {r: regs[r][3] for r in in_event}, played)]


def _one_entry_each(places: list[tuple[int, int]], in_event: list[int], regs: dict[int, tuple]) -> set[int]:
    """The entry each person counts at one event. One person plays an event once, yet two entries of an event can
    be one person in the league: a merge made before the event joined, or an entry added to a member event after
    the merge (service.py refuses the first while the merge stands, unless one of the two was withdrawn before it
    played: `merges.counts`; nothing stops the second, nor that withdrawn entry reinstated and playing). Only entries
    that played a game are read here (`in_event`), so a withdrawn one that never did has nothing to count, as the
    check assumed. Then their best-placed entry counts (the first entered when level or unplaced), and the other
    counts for nobody."""
    place_of = {reg: place for place, reg in places}
    kept: dict[int, int] = {}
    for reg in sorted(in_event, key=lambda r: (r not in place_of, place_of.get(r, 0), r)):
        kept.setdefault(regs[reg][1], reg)
    return set(kept.values())


def _add_event(tally: _Tally, membership: LeagueEvent, games: list[list[tuple]], regs: dict[int, tuple]) -> None:
    """One event's final places (as the event shows them: `_places`), game points and rated games, one entry a
    person (`_one_entry_each`): a person's other entry there has no place, no game points and no rated game (its
    opponents keep their own game points), and never a rated game of a person against themselves."""
    event, event_id = membership.event, membership.event_id
    order = (event.date.isoformat(), event_id)
    played = _played(games)
    in_event = sorted({g.a for g in played} | {g.b for g in played if g.b is not None})
    places = _places(event, in_event, regs, played, membership.has_stages)
    kept = _one_entry_each(places, in_event, regs)
    for place, reg in places:
        if reg in kept:
            tally.placings.append(Placing(event_id, order, regs[reg][1], place, len(in_event), membership.premier))
    for reg in kept:
        player = regs[reg][1]
        if player not in tally.latest or tally.latest[player][0] < order:
            tally.latest[player] = (order, regs[reg][2], regs[reg][5] or "")
    for game in played:
        if game.b is None:
            continue
        a, b = regs[game.a][1], regs[game.b][1]
        tally.game_points += [GamePoints(event_id, player, points)
                              for reg, player, points in ((game.a, a, game.points_a), (game.b, b, game.points_b))
                              if reg in kept]
        if game.a in kept and game.b in kept and a != b:
            score = _score(game.result.outcome if game.result else "", "a", "b")
            tally.rated.append(glicko.RatedGame((event.date.isoformat(), event_id, game.round), a, b, score))


def _add_ladder(tally: _Tally, league: League, same: dict[int, int], with_points: bool) -> None:
    """Confirmed ladder games: always rated; their points only when the league counts them."""
    for pk, played_on, a, b, outcome, points_a, points_b in _ladder_rows(league):
        a, b = same.get(a, a), same.get(b, b)
        if a == b:
            continue
        score = _score(outcome, LadderGame.Outcome.A, LadderGame.Outcome.B)
        tally.rated.append(glicko.RatedGame((played_on.isoformat(), 0, pk), a, b, score))
        if with_points:
            tally.game_points += [GamePoints(LADDER, a, float(points_a)), GamePoints(LADDER, b, float(points_b))]


def _league_rows(table, current: dict, latest: dict[int, tuple]) -> list[LeagueRow]:
    rows = []
    for row in table:
        rating = current.get(row.player)
        _order, name, club = latest.get(row.player, (None, "", ""))
        rows.append(LeagueRow(
            row.rank, row.shared, row.player, name, club, row.counted, row.dropped, row.points,
            rating.rating if rating else None, rating.deviation if rating else None, row.games, row.results,
        ))
    return rows


def fitting(league: League) -> dict:
    """The member events the league counts: those played within its season and under its edition, as every way in
    checks (service._fitting) and an event's edit keeps (events.services.event_update). A member moved out of them
    some other way (the admin, or before the edit checked) is not counted while it does not fit, and counts again
    once it does: its membership stays."""
    return {"event__date__gte": league.season_start, "event__date__lte": league.season_end,
            "event__edition": league.edition}


def load_league(league: League) -> LeagueData:
    """The league's table, ratings and history: five queries, whatever the league's size, and for each event run in
    stages the stages' own (about seven: `stages.tables.final_placings` reads its stages and standings); only the
    member events that fit it (`fitting`)."""
    memberships = list(
        LeagueEvent.objects.filter(league=league, state=LeagueEvent.State.ACCEPTED).select_related("event")
        .filter(**fitting(league))
        .annotate(has_stages=Exists(Stage.objects.filter(event_id=OuterRef("event_id"))))
        .order_by("event__date", "event_id")
    )
    events = {m.event_id: m for m in memberships}
    event_ids = list(events)
    same, account_names = _merges(league)
    regs = _registrations(event_ids, same)
    games_by_event = _games_by_event(_seat_rows(event_ids)) if event_ids else {}

    tally = _Tally()
    for event_id, games in games_by_event.items():
        _add_event(tally, events[event_id], games, regs)
    rule = league_rule(league.scoring_preset, league.best_n, league.min_games, league.custom_points)
    _add_ladder(tally, league, same, league.ladder_points and rule.kind != "placing")  # a ladder game has no place

    latest = tally.latest
    for player, name in account_names.items():
        if player in latest:
            latest[player] = (latest[player][0], name, latest[player][2])
    table = league_table(rule, tally.placings, tally.game_points, names={player: info[1] for player, info in latest.items()})
    current, history = glicko.rate(tally.rated)
    return LeagueData(league, memberships, _league_rows(table, current, latest), history, tally.rated)
