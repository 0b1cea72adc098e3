"""Whole-event export and import as versioned JSON, for backups and moving between machines.

The format names things by natural keys (player names, usernames, round numbers and tables), never by
database ids, so a file imports into any database.

An import creates one new event and touches nothing outside it: every player of the file becomes a new
person record of that event (never linked to an existing Player), no account is created or linked,
roles in the file are not granted (the importer is told, to invite those people), usernames in the
history are kept as text, and report tokens are always new. Every value is checked first
(tournament/transfer/backup_checks.py); a bad file raises BackupError naming the value and leaves the
database unchanged. Export → import → export gives the same file except for those links and tokens.
Values added to version 1 later (the event's finished_at and self_check_in, a round's clock beyond its
start, a game's review_reason, a seat's sch_lost) may be absent: an older file imports with their defaults.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from tournament.accounts.emails import EmailNotConfirmed, require_confirmed_email
from tournament.events.audit import audit
from tournament.events.services import EventQuotaExceeded, check_event_quota
from tournament.models import AuditEntry, Club, Event, EventRole, Game, Player, Registration, ResultReport, Round, Seat
from tournament.transfer import backup_checks as check
from tournament.transfer.backup_checks import BackupError
from tournament.transfer.backup_stages import export_stages, game_stage, import_stages
from tournament.transfer.messages import entries_cap_message

FORMAT = "dba-tournament-event"
VERSION = 1
EVENT_FIELDS = ["slug", "name", "venue", "time_zone", "edition", "rounds_planned", "round_minutes", "scoring_preset", "wdl_points",
                "victory_camp_reading", "tiebreaks",
                "restrictions", "armies_locked", "allow_option_changes", "avoid_same_club", "avoid_civil_war",
                "round_one_method", "umpires_may_swap", "registration_open", "player_reports", "seed", "head_to_head_rule",
                "global_rating", "scoring_definition", "self_check_in"]
# Kept in a backup (the organizer's record) but never taken from one: a file cannot put an event in the
# global rating (its organizer ticks it again, and the site's staff approve it).
NOT_IMPORTED = {"global_rating"}
REG_FIELDS = ["status", "army_ref", "army_name", "elements", "general", "camp", "allies", "late_entry_round",
              "dropped_after_round", "fixed_table", "notes"]
ROUND_FIELDS = ["number", "status", "seed", "method", "cost", "warnings"]
# The round's clock beyond its start (absent from older backups: the event's length, no extra, not called).
OPTIONAL_ROUND_FIELDS = ["clock_minutes", "clock_extra_minutes", "clock_paused_seconds"]
ROUND_MOMENTS = ["published_at", "clock_started_at", "clock_paused_at", "clock_ended_at"]
GAME_FIELDS = ["table", "is_bye", "status", "outcome", "explanation", "manual", "version"]
OPTIONAL_GAME_FIELDS = ["review_reason"]  # absent from older backups: no reason recorded
SEAT_FIELDS = ["side", "elements_lost", "general_lost", "camp_lost", "score", "report_token", "token_revoked"]
OPTIONAL_SEAT_FIELDS = {"sch_lost": 0}  # absent from older backups

CLUB_FIELDS = ["name", "region", "country"]
PLAYER_FIELDS = ["name", "region", "email"]
REPORT_SOURCES = set(ResultReport.Source.values)

__all__ = ["BackupError", "Imported", "export_event", "import_event", "parse_backup"]


@dataclass
class Imported:
    """The new event, and what the file said that was not carried over: shown to the importer."""

    event: Event
    roles: list[tuple[str, str]] = field(default_factory=list)  # (username, role): invite them to grant it
    accounts: list[tuple[str, str]] = field(default_factory=list)  # (player name, username): not linked


def _time(value: datetime.datetime | None) -> str | None:
    return value.isoformat() if value else None


def _username(user, recorded: str = "") -> str | None:
    return user.get_username() if user else (recorded or None)


def _export_game(game, player_ref: dict[int, str]) -> dict[str, Any]:
    """One game: its fields, who entered it, its stage slot, its seats (side order) and its reports."""
    return {
        **{f: getattr(game, f) for f in [*GAME_FIELDS, *OPTIONAL_GAME_FIELDS]},
        "entered_by": _username(game.entered_by, game.entered_by_name), "entered_at": _time(game.entered_at),
        **({"stage": game.stage.number, "slot": game.slot} if game.stage_id else {}),
        "seats": [{**{f: getattr(s, f) for f in [*SEAT_FIELDS, *OPTIONAL_SEAT_FIELDS]},
                   "player": player_ref[s.registration.player_id]}
                  for s in sorted(game.seats.all(), key=lambda s: s.side)],
        "reports": [{"side": r.seat.side if r.seat else None, "source": r.source,
                     "submitted_by": _username(r.submitted_by, r.submitted_by_name), "payload": r.payload}
                    for r in sorted(game.reports.all(), key=lambda r: (r.seat.side if r.seat else "", r.pk))],
    }


def _export_rounds(event: Event, player_ref: dict[int, str]) -> list[dict[str, Any]]:
    rounds = []
    for rnd in event.rounds.order_by("number").prefetch_related("games__seats__registration", "games__reports__seat",
                                                                "games__stage"):
        games = [_export_game(game, player_ref) for game in sorted(rnd.games.all(), key=lambda g: (g.is_bye, g.table or 0, g.pk))]
        rounds.append({**{f: getattr(rnd, f) for f in [*ROUND_FIELDS, *OPTIONAL_ROUND_FIELDS]},
                       **{f: _time(getattr(rnd, f)) for f in ROUND_MOMENTS}, "games": games})
    return rounds


def _export_people(event: Event, regs: list, player_ref: dict[int, str]) -> dict[str, Any]:
    """Clubs, players (as entered at this event), staff roles and registrations."""
    clubs = sorted({reg.club for reg in regs if reg.club_id}, key=lambda c: c.name)
    return {
        "clubs": [{"name": c.name, "region": c.region, "country": c.country} for c in clubs],
        "players": [{"ref": player_ref[r.player_id], "name": r.name, "club": r.club.name if r.club_id else None,
                     "region": r.region, "email": r.email, "user": _username(r.player.user)} for r in regs],
        "roles": sorted(({"user": _username(r.user), "role": r.role} for r in event.roles.select_related("user")),
                        key=lambda r: (r["role"], r["user"])),
        "registrations": [{"player": player_ref[r.player_id], **{f: getattr(r, f) for f in REG_FIELDS}} for r in regs],
    }


def export_event(event: Event) -> dict[str, Any]:
    regs = list(event.registrations.select_related("club", "player__user").order_by("name_key", "pk"))
    player_ref = {reg.player_id: f"p{i + 1}" for i, reg in enumerate(regs)}
    by_reg = {reg.pk: reg.player_id for reg in regs}
    return {
        "format": FORMAT, "version": VERSION,
        "event": {**{f: getattr(event, f) for f in EVENT_FIELDS}, "date": event.date.isoformat(),
                  "finished_at": _time(event.finished_at)},
        **_export_people(event, regs, player_ref),
        "rounds": _export_rounds(event, player_ref),
        **export_stages(event, player_ref),
        "tie_decisions": [{**d, "players": [player_ref[by_reg[p]] for p in d["players"] if p in by_reg]}
                          for d in event.tie_decisions or []],
        "audit": [{"at": _time(a.at), "user": _username(a.user, a.user_name), "action": a.action, "target": a.target,
                   "before": a.before, "after": a.after}
                  for a in event.audit_entries.select_related("user").order_by("at", "pk")],
    }


def parse_backup(raw: bytes) -> Any:
    """The uploaded bytes as JSON data (BackupError when not JSON, or nested deeper than a backup ever is)."""
    return check.parse_json(raw)


def _check_format(data: Any) -> None:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BackupError(_("This is not an event backup file."))
    if data.get("version") != VERSION:
        raise BackupError(_("Backup version %(found)s is not supported (this app reads version %(version)s).")
                          % {"found": repr(data.get("version"))[:20], "version": VERSION})
    if not isinstance(data.get("event"), dict):
        raise check.fail("event", _("expected an object."))
    # Every player of the file becomes a person of the new event, and every registration an entry: no more than
    # settings.MAX_EVENT_ENTRIES, as the players file import (a 3 MB file of 10,000 took 27.7 s in one request).
    people = max(len(check.items(data, "players")), len(check.items(data, "registrations")))
    if people > settings.MAX_EVENT_ENTRIES:
        raise BackupError(entries_cap_message(people))
    if len(check.items(data, "clubs")) > settings.MAX_EVENT_ENTRIES:  # clubs are written site-wide: as few
        raise check.fail("clubs", _("at most %(max)s, as many as an event takes players.")
                         % {"max": settings.MAX_EVENT_ENTRIES})


def import_event(data: Any, *, slug: str | None = None, importer=None) -> Imported:
    """Create a new event from backup data, all or nothing; `importer` becomes its organizer."""
    _check_format(data)
    try:
        with transaction.atomic():
            return _import(data, slug, importer)
    except IntegrityError as exc:  # a constraint the checks did not foresee: still a clean refusal
        raise BackupError(_("The backup contradicts itself: %(problem)s") % {"problem": exc}) from exc


def _import(data: dict, slug: str | None, importer) -> Imported:
    if importer is not None:  # an imported event counts against the same daily quota as a new one
        try:
            require_confirmed_email(importer)
        except EmailNotConfirmed as exc:
            raise BackupError(_("Confirm your email before creating events: ask for a link at /accounts/confirm-email/.")) from exc
        try:
            check_event_quota(importer)
        except EventQuotaExceeded as exc:
            raise BackupError(_("You have created %(n)s events in the last 24 hours, the most one account may. "
                                "Try again tomorrow, or ask an administrator.") % {"n": exc.limit}) from exc
    event = _event(data["event"], slug)
    result = Imported(event)
    for index, role in enumerate(check.items(data, "roles")):
        where = f"roles[{index}]"
        username = check.text(role.get("user"), f"{where}.user", 150, allow_empty=False)
        if role.get("role") not in EventRole.Role.values:
            raise check.fail(f"{where}.role", _("unknown role."))
        result.roles.append((username, role["role"]))
    if importer is not None:
        EventRole.objects.create(event=event, user=importer, role=EventRole.Role.ORGANIZER)
    regs = _people(data, event, result)
    stages = import_stages(data, event, regs)
    for index, rnd in enumerate(check.items(data, "rounds")):
        _round(rnd, f"rounds[{index}]", event, regs, stages)
    if data.get("tie_decisions"):
        event.tie_decisions = check.tie_decisions(data["tie_decisions"], {ref: reg.pk for ref, reg in regs.items()})
        event.save(update_fields=["tie_decisions"])
    for index, entry in enumerate(check.items(data, "audit") if "audit" in data else []):
        _audit(entry, f"audit[{index}]", event)
    audit(event=event, user=importer, action="event.import", target=event.slug,
          after={"roles_not_granted": [list(r) for r in result.roles],
                 "accounts_not_linked": [list(a) for a in result.accounts]})
    return result


def _event(source: dict, slug: str | None) -> Event:
    fields = check.values(Event, source, ["slug", "name"], "event")
    fields.update(check.values(Event, source, [f for f in EVENT_FIELDS[2:] if f not in NOT_IMPORTED], "event",
                               required=False))
    fields["slug"] = slug or fields["slug"]
    if Event.objects.filter(slug=fields["slug"]).exists():
        raise check.fail("event.slug", _("An event with the short name “%(slug)s” already exists; choose another.")
                         % {"slug": fields["slug"]})
    event = Event(**fields, date=check.date(source.get("date"), "event.date"),
                  finished_at=check.moment(source.get("finished_at"), "event.finished_at"))
    check.full_clean(event, "event")
    check.event_settings({"scoring_preset": event.scoring_preset, "wdl_points": event.wdl_points,
                          "tiebreaks": event.tiebreaks, "restrictions": event.restrictions,
                          "scoring_definition": event.scoring_definition})
    event.save()
    return event


def _people(data: dict, event: Event, result: Imported) -> dict[str, Registration]:
    """New person records and their entries; clubs are found by exact name or created, never changed, and only
    those a player of the file names (a club no player names is checked, not written)."""
    named = {source.get("club") for source in check.items(data, "players")}
    clubs: dict[str, Club | None] = {}
    for index, source in enumerate(check.items(data, "clubs")):
        where = f"clubs[{index}]"
        fields = check.values(Club, source, CLUB_FIELDS, where)
        if fields["name"] not in named:
            clubs[fields["name"]] = None
            continue
        club = Club.objects.filter(name=fields["name"]).first() or Club(**fields)
        if club.pk is None:
            check.full_clean(club, where)
            club.save()
        clubs[fields["name"]] = club
    players: dict[str, Player] = {}
    for index, source in enumerate(check.items(data, "players")):
        where = f"players[{index}]"
        ref = check.text(source.get("ref"), f"{where}.ref", 20, allow_empty=False)
        if ref in players:
            raise check.fail(f"{where}.ref", _("appears twice."))
        club_name = source.get("club")
        if club_name is not None and club_name not in clubs:
            raise check.fail(f"{where}.club", _("not in the file's clubs."))
        fields = check.values(Player, source, PLAYER_FIELDS, where)
        check.text(fields["name"], f"{where}.name", 120, allow_empty=False)
        player = Player(**fields, club=clubs.get(club_name))
        check.full_clean(player, where, exclude=("name_key",))
        player.save()
        players[ref] = player
        username = check.optional_name(source.get("user"), f"{where}.user")
        if username:
            result.accounts.append((player.name, username))
    regs: dict[str, Registration] = {}
    for index, source in enumerate(check.items(data, "registrations")):
        where = f"registrations[{index}]"
        player = players.get(source.get("player"))
        if player is None or source["player"] in regs:
            raise check.fail(f"{where}.player", _("unknown or repeated player reference."))
        fields = check.values(Registration, source, REG_FIELDS, where)
        check.army(fields, where)
        reg = Registration(event=event, player=player, name=player.name, club=player.club, region=player.region,
                           email=player.email, **fields)
        check.full_clean(reg, where, exclude=("name_key",))
        reg.save()
        regs[source["player"]] = reg
    return regs


def _round(source: dict, where: str, event: Event, regs: dict[str, Registration], stages: dict | None = None) -> None:
    fields = check.values(Round, source, ROUND_FIELDS, where)
    fields.update(check.values(Round, source, OPTIONAL_ROUND_FIELDS, where, required=False))
    check.clock(fields, where)
    check.notes(fields["cost"], f"{where}.cost")
    check.notes(fields["warnings"], f"{where}.warnings")
    if event.rounds.filter(number=fields["number"]).exists():
        raise check.fail(f"{where}.number", _("round %(n)s appears twice.") % {"n": fields["number"]})
    rnd = Round(event=event, **fields, **{f: check.moment(source.get(f), f"{where}.{f}") for f in ROUND_MOMENTS})
    check.full_clean(rnd, where)
    rnd.save()
    for index, game_source in enumerate(check.items(source, "games", where)):
        _game(game_source, f"{where}.games[{index}]", rnd, regs, stages or {})


def _game(source: dict, where: str, rnd: Round, regs: dict[str, Registration], stages: dict) -> None:
    fields = check.values(Game, source, GAME_FIELDS, where)
    fields.update(check.values(Game, source, OPTIONAL_GAME_FIELDS, where, required=False))
    check.notes(fields["explanation"], f"{where}.explanation")
    game = Game(round=rnd, **fields, **game_stage(source, where, stages), entered_by_name=check.optional_name(source.get("entered_by"), f"{where}.entered_by") or "",
                entered_at=check.moment(source.get("entered_at"), f"{where}.entered_at"))
    check.full_clean(game, where)
    game.save()
    seats = check.items(source, "seats", where)
    sides = sorted(str(s.get("side")) for s in seats)
    if sides != (["a"] if game.is_bye else ["a", "b"]):
        raise check.fail(f"{where}.seats", _("a game needs the sides a and b; a bye only side a."))
    by_side = {}
    for index, seat_source in enumerate(seats):
        seat_where = f"{where}.seats[{index}]"
        reg = regs.get(seat_source.get("player"))
        if reg is None:
            raise check.fail(f"{seat_where}.player", _("unknown player reference."))
        # The file's report tokens are never kept: a token is a private link and is always new.
        seat = Seat(game=game, round=rnd, registration=reg,
                    **check.values(Seat, seat_source, [f for f in SEAT_FIELDS if f != "report_token"], seat_where),
                    **check.values(Seat, seat_source, list(OPTIONAL_SEAT_FIELDS), seat_where, required=False))
        check.full_clean(seat, seat_where)
        seat.save()
        by_side[seat.side] = seat
    for index, rep in enumerate(check.items(source, "reports", where)):
        rep_where = f"{where}.reports[{index}]"
        side = rep.get("side")
        if side is not None and side not in by_side:
            raise check.fail(f"{rep_where}.side", _("no such side in this game."))
        if rep.get("source") not in REPORT_SOURCES:
            raise check.fail(f"{rep_where}.source", _("unknown source."))
        report = ResultReport(game=game, seat=by_side.get(side), source=rep["source"],
                              submitted_by_name=check.optional_name(rep.get("submitted_by"), f"{rep_where}.submitted_by") or "",
                              payload=check.payload(rep.get("payload"), f"{rep_where}.payload"))
        check.full_clean(report, rep_where)
        report.save()


def _audit(source: dict, where: str, event: Event) -> None:
    entry = AuditEntry(event=event, user_name=check.optional_name(source.get("user"), f"{where}.user") or "",
                       **check.values(AuditEntry, source, ["action", "target", "before", "after"], where))
    check.full_clean(entry, where)
    at = check.moment(source.get("at"), f"{where}.at")
    entry.save()
    if at is not None:
        AuditEntry.objects.filter(pk=entry.pk).update(at=at)
