"""Checks on every value of an event backup before it is stored (tournament/transfer/backup.py).

A backup is a file from outside: each value is checked for its type, then by the model's own
validation (lengths, choices, ranges, slug, uniqueness and constraints, as the event form does),
and the event settings the form builds from text (scoring, points, tie-breaks, restrictions) are
checked as that form checks them. Any failure is a BackupError naming the value, e.g.
“players[3].name: Ensure this value has at most 120 characters”.
"""

from __future__ import annotations

import datetime
import json
import math
import re
from typing import Any

from django.core.exceptions import ValidationError
from django.db import models
from django.db.backends.base.operations import BaseDatabaseOperations
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _

MAX_DEPTH = 20  # a normal backup nests 9 levels (data → rounds → games → explanation → note → value)
RESTRICTION_KEYS = {"allowed_books", "allowed_refs", "date_from", "date_to", "troop_minimums"}
BOOKS = {"I", "II", "III", "IV"}
WDL = re.compile(r"[0-9]{1,4}/[0-9]{1,4}/[0-9]{1,4}")
SCALARS = (str, int, float, bool, type(None))
MAX_ROUND_MINUTES = 600  # as the event's round length (Event.round_minutes)


class BackupError(ValueError):
    """The file is not a backup this version can import; the message says why."""


def fail(where: str, problem: str) -> BackupError:
    return BackupError(_("%(field)s: %(problem)s") % {"field": where, "problem": problem})


def _reject_constant(name: str):
    raise ValueError(name)


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(text)
    return value


def parse_json(raw: bytes) -> Any:
    """The file as JSON, refused cleanly when it is not UTF-8 JSON, holds NaN/Infinity, or nests too deeply."""
    try:
        data = json.loads(raw.decode("utf-8"), parse_constant=_reject_constant, parse_float=_finite_float)
    except RecursionError as exc:
        raise BackupError(_("The file is nested too deeply (more than %(max)s levels).") % {"max": MAX_DEPTH}) from exc
    except (UnicodeDecodeError, ValueError) as exc:  # JSONDecodeError is a ValueError
        raise BackupError(_("The file is not JSON.")) from exc
    check_depth(data)
    return data


def check_depth(data: Any) -> None:
    """No deeper than a backup ever is, and no NUL character anywhere (PostgreSQL text cannot hold it)."""
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise BackupError(_("The file is nested too deeply (more than %(max)s levels).") % {"max": MAX_DEPTH})
        if isinstance(value, str) and "\x00" in value:
            raise BackupError(_("The file contains a NUL character."))
        if isinstance(value, dict):
            if any("\x00" in key for key in value):
                raise BackupError(_("The file contains a NUL character."))
            stack.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, list):
            stack.extend((v, depth + 1) for v in value)


def items(data: dict, key: str, where: str = "") -> list[dict]:
    """`data[key]` as a list of objects."""
    path = f"{where}.{key}" if where else key
    value = data.get(key)
    if not isinstance(value, list):
        raise fail(path, _("expected a list."))
    for index, item in enumerate(value):
        if not isinstance(item, dict):
            raise fail(f"{path}[{index}]", _("expected an object."))
    return value


def _type_ok(field: models.Field, value: Any) -> bool:
    if value is None:
        return field.null
    if isinstance(field, models.BooleanField):
        return isinstance(value, bool)
    if isinstance(field, models.IntegerField):  # also the small, big and positive kinds
        # The column's range on every database (SQLite would store anything; PostgreSQL would answer 500).
        low, high = BaseDatabaseOperations.integer_field_ranges[field.get_internal_type()]
        return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high
    if isinstance(field, models.CharField):  # also slug and email
        return isinstance(value, str)
    return True  # JSON fields: checked by their own functions below


def values(model: type[models.Model], source: dict, names: list[str], where: str, *, required: bool = True) -> dict:
    """The named fields of `source`, each of the right type and range (missing ones only when not `required`)."""
    result = {}
    for name in names:
        if name not in source:
            if required:
                raise fail(f"{where}.{name}", _("missing."))
            continue
        field = model._meta.get_field(name)
        if not _type_ok(field, source[name]):
            raise fail(f"{where}.{name}", _("a value of the wrong type or out of range."))
        result[name] = source[name]
    return result


def full_clean(obj: models.Model, where: str, exclude: tuple[str, ...] = ()) -> None:
    """The model's own validation: lengths, choices, ranges, slug, uniqueness, constraints."""
    try:
        obj.full_clean(exclude=list(exclude))
    except ValidationError as exc:
        field, problems = next(iter(exc.message_dict.items()))
        name = where if field == "__all__" else f"{where}.{field}"
        raise fail(name, " ".join(problems)) from exc


def text(value: Any, where: str, max_length: int, *, allow_empty: bool = True) -> str:
    if not isinstance(value, str) or len(value) > max_length or not (allow_empty or value.strip()):
        raise fail(where, _("expected a text of at most %(n)s characters.") % {"n": max_length})
    return value


def optional_name(value: Any, where: str) -> str | None:
    return None if value is None else text(value, where, 150, allow_empty=False)


def date(value: Any, where: str) -> datetime.date:
    try:
        return datetime.date.fromisoformat(value)
    except (TypeError, ValueError) as exc:
        raise fail(where, _("expected a date (YYYY-MM-DD).")) from exc


def moment(value: Any, where: str) -> datetime.datetime | None:
    if value is None:
        return None
    try:
        parsed = parse_datetime(value)
    except (TypeError, ValueError):
        parsed = None
    if parsed is None:
        raise fail(where, _("expected a date and time."))
    return parsed if timezone.is_aware(parsed) else timezone.make_aware(parsed)


def _str_list(value: Any, where: str, max_length: int, max_items: int) -> list[str]:
    if not isinstance(value, list) or len(value) > max_items:
        raise fail(where, _("expected a list of at most %(n)s texts.") % {"n": max_items})
    for index, item in enumerate(value):
        text(item, f"{where}[{index}]", max_length, allow_empty=False)
    return value


def notes(value: Any, where: str) -> list:
    """Pairing notes and costs: a list of numbers or of flat objects with simple values."""
    if not isinstance(value, list):
        raise fail(where, _("expected a list."))
    for index, item in enumerate(value):
        flat = isinstance(item, dict) and all(isinstance(k, str) and isinstance(v, SCALARS) for k, v in item.items())
        if not (flat or isinstance(item, (int, float)) and not isinstance(item, bool)):
            raise fail(f"{where}[{index}]", _("expected a number or a note."))
    return value


def clock(fields: dict, where: str) -> None:
    """A round's own length and extra minutes within what the clock page allows (types checked before)."""
    from tournament.pairing.clock import MAX_EXTRA_MINUTES

    length = fields.get("clock_minutes")
    if length is not None and not 1 <= length <= MAX_ROUND_MINUTES:
        raise fail(f"{where}.clock_minutes", _("expected from 1 to %(n)s minutes.") % {"n": MAX_ROUND_MINUTES})
    if not 0 <= fields.get("clock_extra_minutes", 0) <= MAX_EXTRA_MINUTES:
        raise fail(f"{where}.clock_extra_minutes", _("expected from 0 to %(n)s minutes.") % {"n": MAX_EXTRA_MINUTES})


def army(reg: dict, where: str) -> None:
    _str_list(reg["elements"], f"{where}.elements", 8, 24)
    _str_list(reg["allies"], f"{where}.allies", 16, 8)
    general = reg["general"]
    if general is not None and not (isinstance(general, int) and not isinstance(general, bool) and 0 <= general < 24):
        raise fail(f"{where}.general", _("expected the position of an element."))


def payload(value: Any, where: str) -> dict:
    """A reported result: {"outcome": "a"|"b"|"time", "a": [lost, general, camp], "b": [...]}."""
    ok = isinstance(value, dict) and set(value) == {"outcome", "a", "b"} and value["outcome"] in {"a", "b", "time"}
    for side in ("a", "b"):
        figures = value.get(side) if ok else None
        ok = ok and isinstance(figures, list) and len(figures) == 3 and type(figures[0]) is int \
            and 0 <= figures[0] <= 12 and isinstance(figures[1], bool) and isinstance(figures[2], bool)
    if not ok:
        raise fail(where, _("not a reported result."))
    return value


def event_settings(fields: dict) -> None:
    """What the event form checks beyond the model: scoring, points, tie-breaks, restrictions."""
    from tournament.results.presets import PRESET_NAMES
    from tournament.results.tiebreaks import REGISTRY

    if fields["scoring_preset"] not in PRESET_NAMES:
        raise fail("event.scoring_preset", _("unknown scoring preset."))
    if not WDL.fullmatch(fields["wdl_points"]):
        raise fail("event.wdl_points", _('Write the points for a win, a draw and a loss as "3/1/0".'))
    tiebreaks = _str_list(fields["tiebreaks"], "event.tiebreaks", 40, 20)
    unknown = [k for k in tiebreaks if k not in REGISTRY or k == "points"]
    if unknown or len(set(tiebreaks)) != len(tiebreaks):
        raise fail("event.tiebreaks", _("Unknown tie-break: %(keys)s.") % {"keys": ", ".join(unknown or tiebreaks)})
    _restrictions(fields["restrictions"])
    _scoring_definition(fields.get("scoring_definition") or {})


def _scoring_definition(value: Any) -> None:
    """An event's own scoring, checked as the organizer's scoring page checks it (docs/scoring.md)."""
    from tournament.results.definition import DefinitionError
    from tournament.results.explain import definition_error_message
    from tournament.results.scoring import own_scoring

    if not value:
        return
    try:
        own_scoring(value)
    except DefinitionError as exc:
        raise fail(f"event.scoring_definition.{exc.field}", definition_error_message(exc)) from exc


def _year(value: Any, where: str) -> int | None:
    if value is not None and not (isinstance(value, int) and not isinstance(value, bool) and -5000 <= value <= 5000):
        raise fail(where, _("expected a year."))
    return value


def _restrictions(value: Any) -> None:
    where = "event.restrictions"
    if not isinstance(value, dict) or not set(value) <= RESTRICTION_KEYS:
        raise fail(where, _("expected an object with only these keys: %(keys)s.") % {
            "keys": ", ".join(sorted(RESTRICTION_KEYS))})
    books = _str_list(value.get("allowed_books", []), f"{where}.allowed_books", 3, 4)
    if not set(books) <= BOOKS:
        raise fail(f"{where}.allowed_books", _("Unknown book: %(books)s. Use I, II, III or IV.") % {
            "books": ", ".join(sorted(set(books) - BOOKS))})
    _str_list(value.get("allowed_refs", []), f"{where}.allowed_refs", 16, 1000)
    start, end = _year(value.get("date_from"), f"{where}.date_from"), _year(value.get("date_to"), f"{where}.date_to")
    if start is not None and end is not None and start > end:
        raise fail(f"{where}.date_to", _("The end year is before the start year."))
    minimums = value.get("troop_minimums", [])
    if not isinstance(minimums, list) or len(minimums) > 20:
        raise fail(f"{where}.troop_minimums", _("expected a list."))
    for index, item in enumerate(minimums):
        if not (isinstance(item, list) and len(item) == 2 and isinstance(item[0], str) and 0 < len(item[0]) <= 8
                and type(item[1]) is int and 0 <= item[1] <= 12):
            raise fail(f"{where}.troop_minimums[{index}]", _('Write each minimum as a number and a troop type, e.g. "6 Wb".'))


def tie_decisions(value: Any, players: dict[str, int]) -> list[dict]:
    """The event's recorded tie decisions, their players named by the backup's player refs."""
    from tournament.results.tiebreaks import KINDS

    if not isinstance(value, list) or len(value) > 50:
        raise fail("tie_decisions", _("expected a list."))
    out = []
    for index, item in enumerate(value):
        where = f"tie_decisions[{index}]"
        if not isinstance(item, dict) or item.get("kind") not in KINDS:
            raise fail(f"{where}.kind", _("unknown kind of decision."))
        refs = item.get("players")
        if not isinstance(refs, list) or len(refs) < 2 or any(r not in players for r in refs) or len(set(refs)) != len(refs):
            raise fail(f"{where}.players", _("expected two or more of the backup's players."))
        texts = {k: text(item.get(k, ""), f"{where}.{k}", 500) for k in ("reason", "record", "result", "by", "at")}
        if item.get("within", "") not in ("", "group"):
            raise fail(f"{where}.within", _("expected “group” or nothing."))
        out.append({"kind": item["kind"], "players": [players[r] for r in refs], **texts,
                    "within": item.get("within", "")})
    return out
