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

from django.db.models import Count, Max, Q

from tournament.events import staff
from tournament.events.cache_keys import event_state
from tournament.leagues import merges
from tournament.leagues.global_rating import global_table, table_state
from tournament.models import Event, EventRole, Game, League, LeagueEvent, Player, PrintJob, Registration, Round, Seat
from tournament.pairing.clock import ClockState, clock_state
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
            entry.clock = clock_state(rnd)
        entry.may_report = bool(event.player_reports and not seat.game.is_bye and not seat.token_revoked
                                and rnd.status == Round.Status.PUBLISHED
                                and seat.game.status in (Game.Status.PENDING, Game.Status.REPORTED))
        rows = event_standings(event)
        entry.players = len(rows)
        entry.standing = next((row for row in rows if row.registration_id == reg.pk), None)


def my_entries(user) -> list[MyEntry]:
    regs = list(Registration.objects.filter(player__user=user).select_related("event", "player")
                .order_by("event__finished_at", "-event__date", "-pk")[:ENTRIES])
    entries = [MyEntry(reg, reg.event) for reg in regs]
    for entry in entries[:DETAILED]:
        if not entry.event.finished_at:
            _detail(entry)
    return entries


def events_run(user) -> list[RunEvent]:
    roles = dict(EventRole.objects.filter(user=user).values_list("event_id", "role").order_by("role"))
    events = (Event.objects.filter(pk__in=roles)
              .annotate(players=Count("registrations", distinct=True),
                        checked_in=Count("registrations", filter=Q(registrations__status=Registration.Status.CHECKED_IN),
                                         distinct=True))
              .order_by("finished_at", "-date", "name")[:EVENTS])
    events = list(events)
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


def invitations_for(user):
    """Memberships waiting for this account: (invitations to the events they organize, requests to join the
    leagues they organize)."""
    memberships = LeagueEvent.objects.select_related("league", "event")
    invited = memberships.filter(state=LeagueEvent.State.INVITED, event__roles__user=user,
                                 event__roles__role=EventRole.Role.ORGANIZER).distinct()
    asked = memberships.filter(state=LeagueEvent.State.REQUESTED, league__roles__user=user).distinct()
    return invited, asked


def staff_invitations_for(user):
    """Invitations to an event's staff (umpire, co-organizer) waiting for this account's answer."""
    return staff.waiting_for(user)


def merge_suggestions(user) -> list:
    return list(merges.suggestions_for(user))


def home_key(user) -> str:
    """A key that moves on whenever the home would show something new: each of the person's events' state
    (a round published, a result reported or confirmed, a check-in, a setting), its clock, and what waits for
    them. The home's polling is answered 304 without rendering while it stays the same."""
    regs = Registration.objects.filter(player__user=user).select_related("event").order_by("-pk")[:ENTRIES]
    run = Event.objects.filter(roles__user=user).order_by("-pk")[:EVENTS]
    events = {reg.event_id: reg.event for reg in regs} | {event.pk: event for event in run}
    clocks = dict(Round.objects.filter(event_id__in=events).order_by("event_id", "number").values_list(
        "event_id", "clock_paused_at"))  # the latest round's pause (the state reads the other clock fields)
    ended = dict(Round.objects.filter(event_id__in=events).order_by("event_id", "number").values_list(
        "event_id", "clock_ended_at"))
    invited, asked = invitations_for(user)
    parts = [user.pk, sorted((pk, event_state(event), str(clocks.get(pk)), str(ended.get(pk)))
                             for pk, event in events.items()),
             [(reg.pk, reg.status) for reg in regs], sorted(invited.values_list("pk", flat=True)),
             sorted(asked.values_list("pk", flat=True)), sorted(staff.waiting_for(user).values_list("pk", flat=True)),
             sorted(merges.suggestions_for(user).values_list("pk", flat=True)),
             list(League.objects.filter(roles__user=user).values_list("pk", "name")),
             # the home's global rank ("x of N") and rating move with other events' games too
             table_state() if regs else ""]
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:32]
