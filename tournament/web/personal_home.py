"""What a signed-in person's home shows (read only).

As a player: their entries, most recent first, each with its current game (table, opponent and their army,
the round clock), whether they may report it or check in from here, and their place in the standings; the
merges an organizer suggested to them. As an organizer or umpire: the events they run with their state
(registration, the latest round, games waiting for an umpire, print jobs), their leagues, and the league
and event staff invitations waiting for them. Each list is read in a fixed number of queries, except the per-entry game and
standing, which are read for the few most recent entries only."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from django.db.models import Count, F, Max, Q

from tournament.events import staff
from tournament.events.cache_keys import event_state
from tournament.leagues import merges
from tournament.leagues.global_rating import global_table, table_state
from tournament.models import Event, EventRole, Game, League, LeagueEvent, Player, PrintJob, Registration, Round, Seat
from tournament.models.rounds import ClockState
from tournament.results.entry import current_seat
from tournament.results.standings import StandingRow, event_standings

ENTRIES = 12  # the most recent entries listed
DETAILED = 4  # of those, the ones shown with their game and standing (the events still being played first)
EVENTS = 30


@dataclass
class MyEntry:
    registration: Registration
    event: Event
    seat: Seat | None = None  # the current game's seat (a published round; none before the first)
    opponent: Registration | None = None
    clock: ClockState | None = None
    may_report: bool = False  # players report in this event and the game waits for this player's report
    may_check_in: bool = False
    standing: StandingRow | None = None
    players: int = 0


@dataclass
class RunEvent:
    event: Event
    role: str
    players: int
    checked_in: int
    round_number: int | None
    round_status: str
    disputes: int
    print_jobs: int  # waiting or being prepared
    print_failed: int


def _detail(entry: MyEntry) -> None:
    reg, event = entry.registration, entry.event
    entry.may_check_in = bool(event.self_check_in and not event.finished_at and reg.status == Registration.Status.REGISTERED)
    seat = current_seat(reg)
    if seat is not None and not seat.game.is_bye:
        entry.opponent = next((s.registration for s in seat.game.seats.select_related("registration")
                               if s.pk != seat.pk), None)
    if seat is not None:
        entry.seat = seat
        rnd = seat.game.round
        if rnd.status == Round.Status.PUBLISHED:
            entry.clock = rnd.clock_state()
        entry.may_report = bool(event.player_reports and not seat.game.is_bye and not seat.token_revoked
                                and rnd.status == Round.Status.PUBLISHED
                                and seat.game.status in (Game.Status.PENDING, Game.Status.REPORTED))
        rows = event_standings(event)
        entry.players = len(rows)
        entry.standing = next((row for row in rows if row.registration_id == reg.pk), None)


def _entries(user):
    """The most recent entries: the events still being played (or to come) first, then the latest finished
    (NULL first on every database: PostgreSQL sorts it last by default)."""
    return (Registration.objects.filter(player__user=user)
            .order_by(F("event__finished_at").desc(nulls_first=True), "-event__date", "-pk")[:ENTRIES])


def _roles(user) -> dict[int, str]:
    """Each event's role for this account; organizer wins over umpire (an umpire who accepted to co-organize)."""
    roles: dict[int, str] = {}
    for event_id, role in EventRole.objects.filter(user=user).values_list("event_id", "role"):
        if roles.get(event_id) != EventRole.Role.ORGANIZER:
            roles[event_id] = role
    return roles


def _run(roles):
    """The events run, in the entries' order (to be cut at EVENTS)."""
    return Event.objects.filter(pk__in=roles).order_by(F("finished_at").desc(nulls_first=True), "-date", "name")


def my_entries(user) -> list[MyEntry]:
    regs = list(_entries(user).select_related("event", "player"))
    entries = [MyEntry(reg, reg.event) for reg in regs]
    for entry in entries[:DETAILED]:
        if not entry.event.finished_at:
            _detail(entry)
    return entries


def events_run(user) -> list[RunEvent]:
    roles = _roles(user)
    events = list(_run(roles).annotate(
        players=Count("registrations", distinct=True),
        checked_in=Count("registrations", filter=Q(registrations__status=Registration.Status.CHECKED_IN), distinct=True))
        [:EVENTS])
    ids = [e.pk for e in events]
    disputes = dict(Game.objects.filter(round__event_id__in=ids, status=Game.Status.DISPUTED)
                    .values_list("round__event_id").annotate(n=Count("pk")))
    drafts = dict(Round.objects.filter(event_id__in=ids).values_list("event_id").annotate(n=Max("number")))
    statuses = {(r.event_id, r.number): r.status for r in Round.objects.filter(event_id__in=ids)}
    jobs = dict(PrintJob.objects.filter(event_id__in=ids, status__in=[PrintJob.Status.QUEUED, PrintJob.Status.RUNNING])
                .values_list("event_id").annotate(n=Count("pk")))
    failed = dict(PrintJob.objects.filter(event_id__in=ids, status=PrintJob.Status.FAILED)
                  .values_list("event_id").annotate(n=Count("pk")))
    rows = []
    for event in events:
        number = drafts.get(event.pk)
        rows.append(RunEvent(event, roles[event.pk], event.players, event.checked_in, number,
                             statuses.get((event.pk, number), ""), disputes.get(event.pk, 0), jobs.get(event.pk, 0),
                             failed.get(event.pk, 0)))
    return rows


def my_rating(user):
    """The account's row of the global rating (rank, rating ± deviation, games), or None: the public table,
    kept in the cache until a counted game changes (tournament.leagues.global_rating)."""
    players = set(Player.objects.filter(user=user).values_list("pk", flat=True))
    if not players:
        return None
    table = global_table()
    row = next((row for row in table if row.player_id in players), None)
    return None if row is None else {"row": row, "of": len(table)}


def my_leagues(user) -> list[League]:
    return list(League.objects.filter(roles__user=user).distinct().order_by("-season_start", "name"))


def leagues_played(user) -> list[League]:
    """The public leagues that count an event this account has an entry at (a member event that fits the league's
    season and edition, as `leagues.table.fitting` counts them): where the person's league points and rating are."""
    return list(League.objects.filter(
        public=True, memberships__state=LeagueEvent.State.ACCEPTED,
        memberships__event__registrations__player__user=user,
        memberships__event__date__gte=F("season_start"), memberships__event__date__lte=F("season_end"),
        memberships__event__edition=F("edition")).distinct().order_by("-season_start", "name"))


def invitations_for(user):
    """Memberships waiting for this account: (invitations to the events they organize, requests to join the
    leagues they organize)."""
    memberships = LeagueEvent.objects.select_related("league", "event")
    invited = memberships.filter(state=LeagueEvent.State.INVITED, event__roles__user=user,
                                 event__roles__role=EventRole.Role.ORGANIZER).distinct()
    asked = memberships.filter(state=LeagueEvent.State.REQUESTED, league__roles__user=user).distinct()
    return invited, asked


def requests_sent_by(user):
    """Requests to join a league, asked for the events this account organizes, still waiting for the league."""
    return (LeagueEvent.objects.select_related("league", "event")
            .filter(state=LeagueEvent.State.REQUESTED, event__roles__user=user,
                    event__roles__role=EventRole.Role.ORGANIZER).distinct())


def staff_invitations_for(user):
    """Invitations to an event's staff (umpire, co-organizer) waiting for this account's answer."""
    return staff.waiting_for(user)


def merge_suggestions(user) -> list:
    return list(merges.suggestions_for(user))


def _clocks(events: dict[int, Event]) -> dict[int, tuple]:
    """What the home shows of each event's clock: the latest published or completed round's (the one a player's
    current game is in), as its state reads now: a clock that runs out on its own moves it on too."""
    rounds = Round.objects.filter(event_id__in=events).exclude(status=Round.Status.DRAFT).order_by("event_id", "number")
    latest = {rnd.event_id: rnd for rnd in rounds}
    shown = {}
    for pk, rnd in latest.items():
        rnd.event = events[pk]
        state = rnd.clock_state()
        shown[pk] = (rnd.number, rnd.status, state.state, state.ends_at,
                     state.remaining if state.state == "paused" else None)
    return shown


def home_key(user) -> str:
    """A key that moves on whenever the home would show something new: each of the person's events' state
    (a round published, a result reported or confirmed, a check-in, a setting), its clock, their report links
    revoked, the print jobs of the events they run, their role in them, and what waits for them. The home's polling
    is answered 304 without rendering while it stays the same."""
    regs = list(_entries(user).select_related("event"))
    roles = _roles(user)
    run = list(_run(roles)[:EVENTS])
    events = {reg.event_id: reg.event for reg in regs} | {event.pk: event for event in run}
    clocks = _clocks(events)
    jobs = list(PrintJob.objects.filter(event_id__in=[event.pk for event in run]).values_list("event_id", "status")
                .annotate(n=Count("pk")).order_by("event_id", "status"))
    invited, asked = invitations_for(user)
    parts = [user.pk, sorted((pk, event_state(event), repr(clocks.get(pk)), roles.get(pk)) for pk, event in events.items()),
             [(reg.pk, reg.status) for reg in regs],
             # a report link revoked or issued again (`results.report_links`) moves no event state, yet the home's
             # "Report the result" follows it
             sorted(Seat.objects.filter(registration__in=[reg.pk for reg in regs], token_revoked=True)
                    .values_list("pk", flat=True)) if regs else "",
             jobs, sorted(invited.values_list("pk", flat=True)),
             sorted(asked.values_list("pk", flat=True)), sorted(staff.waiting_for(user).values_list("pk", flat=True)),
             sorted(merges.suggestions_for(user).values_list("pk", flat=True)),
             list(League.objects.filter(roles__user=user).values_list("pk", "name")),
             [(league.pk, league.name) for league in leagues_played(user)] if regs else "",
             # the home's global rank ("x of N") and rating move with other events' games too
             table_state() if regs else ""]
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:32]
