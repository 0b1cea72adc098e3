"""Whole-event export and import as versioned JSON, for backups and moving between machines.

The format names things by natural keys (player names, usernames, round numbers and tables), never by
database ids, so a file imports into any database; export → import → export gives the same file.
Import is all or nothing: a bad file raises BackupError and leaves the database unchanged.
"""

from __future__ import annotations

import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.dateparse import parse_datetime

from tournament.models import AuditEntry, Club, Event, EventRole, Game, Player, Registration, ResultReport, Round, Seat
from tournament.models.rounds import new_report_token

FORMAT = "dba-tournament-event"
VERSION = 1
EVENT_FIELDS = ["slug", "name", "venue", "edition", "rounds_planned", "round_minutes", "scoring_preset", "wdl_points", "tiebreaks",
                "restrictions", "armies_locked", "allow_option_changes", "avoid_same_club", "avoid_civil_war",
                "round_one_method", "umpires_may_swap", "registration_open", "player_reports", "seed", "head_to_head_rule"]
REG_FIELDS = ["status", "army_ref", "army_name", "elements", "general", "camp", "allies", "late_entry_round",
              "dropped_after_round", "fixed_table", "notes"]
ROUND_FIELDS = ["number", "status", "seed", "method", "cost", "warnings"]
GAME_FIELDS = ["table", "is_bye", "status", "outcome", "explanation", "manual", "version"]
SEAT_FIELDS = ["side", "elements_lost", "general_lost", "camp_lost", "score", "report_token", "token_revoked"]


class BackupError(ValueError):
    """The file is not a backup this version can import; the message says why."""


def _time(value: datetime.datetime | None) -> str | None:
    return value.isoformat() if value else None


def _username(user) -> str | None:
    return user.get_username() if user else None


def export_event(event: Event) -> dict[str, Any]:
    regs = list(event.registrations.select_related("player__club", "player__user").order_by("player__name_key", "pk"))
    player_ref = {reg.player_id: f"p{i + 1}" for i, reg in enumerate(regs)}
    clubs = sorted({reg.player.club for reg in regs if reg.player.club_id}, key=lambda c: c.name)
    rounds = []
    for rnd in event.rounds.order_by("number").prefetch_related("games__seats__registration", "games__reports__seat"):
        games = []
        for game in sorted(rnd.games.all(), key=lambda g: (g.is_bye, g.table or 0, g.pk)):
            game_seats = sorted(game.seats.all(), key=lambda s: s.side)
            games.append({
                **{f: getattr(game, f) for f in GAME_FIELDS},
                "entered_by": _username(game.entered_by), "entered_at": _time(game.entered_at),
                "seats": [{**{f: getattr(s, f) for f in SEAT_FIELDS}, "player": player_ref[s.registration.player_id]}
                          for s in game_seats],
                "reports": [{"side": r.seat.side if r.seat else None, "source": r.source,
                             "submitted_by": _username(r.submitted_by), "payload": r.payload}
                            for r in sorted(game.reports.all(), key=lambda r: (r.seat.side if r.seat else "", r.pk))],
            })
        rounds.append({**{f: getattr(rnd, f) for f in ROUND_FIELDS}, "published_at": _time(rnd.published_at),
                       "clock_started_at": _time(rnd.clock_started_at), "games": games})
    return {
        "format": FORMAT, "version": VERSION,
        "event": {**{f: getattr(event, f) for f in EVENT_FIELDS}, "date": event.date.isoformat()},
        "clubs": [{"name": c.name, "region": c.region, "country": c.country} for c in clubs],
        "players": [{"ref": player_ref[r.player_id], "name": r.player.name, "club": r.player.club.name if r.player.club_id else None,
                     "region": r.player.region, "email": r.player.email, "user": _username(r.player.user)} for r in regs],
        "roles": sorted(({"user": _username(r.user), "role": r.role} for r in event.roles.select_related("user")),
                        key=lambda r: (r["role"], r["user"])),
        "registrations": [{"player": player_ref[r.player_id], **{f: getattr(r, f) for f in REG_FIELDS}} for r in regs],
        "rounds": rounds,
        "audit": [{"at": _time(a.at), "user": _username(a.user), "action": a.action, "target": a.target,
                   "before": a.before, "after": a.after}
                  for a in event.audit_entries.select_related("user").order_by("at", "pk")],
    }


def _check(data: Any) -> None:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BackupError("This is not an event backup file.")
    if data.get("version") != VERSION:
        raise BackupError(f"Backup version {data.get('version')!r} is not supported (this app reads version {VERSION}).")
    for key in ("event", "clubs", "players", "roles", "registrations", "rounds"):
        if key not in data:
            raise BackupError(f"The backup has no “{key}” section.")


def _user(username: str | None, cache: dict):
    if not username:
        return None
    if username not in cache:
        model = get_user_model()
        user = model.objects.filter(username=username).first()
        if user is None:  # a person from the other machine: an account without a usable password
            user = model(username=username)
            user.set_unusable_password()
            user.save()
        cache[username] = user
    return cache[username]


@transaction.atomic
def import_event(data: Any, *, slug: str | None = None) -> Event:
    _check(data)
    try:
        return _import(data, slug)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise BackupError(f"The backup is damaged: {type(exc).__name__} {exc}") from exc


def _import(data: dict, slug: str | None) -> Event:
    fields = {f: data["event"][f] for f in EVENT_FIELDS if f in data["event"]}
    fields["slug"] = slug or fields["slug"]
    if Event.objects.filter(slug=fields["slug"]).exists():
        raise BackupError(f"An event with the short name “{fields['slug']}” already exists; choose another.")
    event = Event.objects.create(**fields, date=datetime.date.fromisoformat(data["event"]["date"]))
    users: dict = {}
    for role in data["roles"]:
        EventRole.objects.create(event=event, user=_user(role["user"], users), role=role["role"])
    clubs = {c["name"]: Club.objects.get_or_create(name=c["name"], defaults={"region": c["region"], "country": c["country"]})[0]
             for c in data["clubs"]}
    players = {}
    for p in data["players"]:
        player = Player.objects.filter(name=p["name"], club=clubs.get(p["club"])).first()
        if player is None:
            player = Player.objects.create(name=p["name"], club=clubs.get(p["club"]), region=p["region"], email=p["email"])
        if p.get("user") and player.user_id is None:
            player.user = _user(p["user"], users)
            player.save(update_fields=["user"])
        players[p["ref"]] = player
    regs = {r["player"]: Registration.objects.create(event=event, player=players[r["player"]],
                                                    **{f: r[f] for f in REG_FIELDS}) for r in data["registrations"]}
    for r in data["rounds"]:
        rnd = Round.objects.create(event=event, **{f: r[f] for f in ROUND_FIELDS},
                                   published_at=parse_datetime(r["published_at"]) if r["published_at"] else None,
                                   clock_started_at=parse_datetime(r["clock_started_at"]) if r["clock_started_at"] else None)
        for g in r["games"]:
            game = Game.objects.create(round=rnd, **{f: g[f] for f in GAME_FIELDS}, entered_by=_user(g["entered_by"], users),
                                       entered_at=parse_datetime(g["entered_at"]) if g["entered_at"] else None)
            by_side = {}
            for s in g["seats"]:
                values = {f: s[f] for f in SEAT_FIELDS}
                if Seat.objects.filter(report_token=values["report_token"]).exists():  # a copy of a live event
                    values["report_token"] = new_report_token()
                by_side[s["side"]] = Seat.objects.create(game=game, round=rnd, registration=regs[s["player"]], **values)
            for rep in g["reports"]:
                ResultReport.objects.create(game=game, seat=by_side.get(rep["side"]) if rep["side"] else None,
                                            source=rep["source"], submitted_by=_user(rep["submitted_by"], users),
                                            payload=rep["payload"])
    for a in data.get("audit", []):
        entry = AuditEntry.objects.create(event=event, user=_user(a["user"], users), action=a["action"],
                                          target=a["target"], before=a["before"], after=a["after"])
        AuditEntry.objects.filter(pk=entry.pk).update(at=parse_datetime(a["at"]))
    return event
