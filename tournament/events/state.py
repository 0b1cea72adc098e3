"""An event's state: one short key that changes whenever anything shown on its pages changes.

Caches of rendered tables (standings, pairings, stage tables) are keyed by it, so a result entered
or corrected, a report, a swap, a publish, a drop or a change of the event's settings (scoring
preset, tie-breaks, name) is visible on the next request, in every server process, without explicit
invalidation. The key reads the event row and four aggregates, whatever the event's size, in one
database round trip. (The anonymous public pages are keyed by `events.page_generation` instead: one
cache read, no query.)"""

from __future__ import annotations

import hashlib

from django.db import connection
from django.db.models import Count, Max, Q, Sum, Value
from django.utils.translation import get_language

from tournament.models import Event, Game, Registration, Round, Seat

# What stands for the event's key while the statement is compiled, once per database vendor: compiling the
# aggregates through the ORM costs more than running them.
_SENTINEL = -7_340_221
_compiled: dict[str, tuple[str, list, list[list[str]]]] = {}
_COLUMNS = [field.attname for field in Event._meta.concrete_fields]


def _aggregates(queryset, **aggregates):
    """`queryset.aggregate(**aggregates)` as SQL and parameters, always one row (no GROUP BY, no ORDER BY)."""
    query = queryset.order_by().annotate(_one=Value(1)).values("_one").annotate(**aggregates).values(*aggregates)
    return query.query.sql_with_params(), list(aggregates)


def _compile() -> tuple[str, list, list[list[str]]]:
    """One statement for the four aggregates of the event whose key stands where `_SENTINEL` is."""
    event = {"event_id": _SENTINEL}
    of_round = {f"round__{key}": value for key, value in event.items()}
    parts = [
        _aggregates(Game.objects.filter(**of_round),
                    v=Sum("version"), n=Count("pk"), t=Max("entered_at"), last=Max("pk"),
                    reported=Count("pk", filter=Q(status=Game.Status.REPORTED)),
                    disputed=Count("pk", filter=Q(status=Game.Status.DISPUTED))),
        # A swap deletes and recreates two seats: the newest seat key moves on.
        _aggregates(Seat.objects.filter(**of_round), n=Count("pk"), last=Max("pk"), s=Sum("score")),
        _aggregates(Registration.objects.filter(**event), t=Max("updated_at"), n=Count("pk")),
        _aggregates(Round.objects.filter(**event),
                    n=Count("pk"), last=Max("pk"), p=Max("published_at"), c=Max("clock_started_at"),
                    done=Count("pk", filter=Q(status=Round.Status.COMPLETED))),
    ]
    sql = " CROSS JOIN ".join(f"({part_sql}) AS s{k}" for k, ((part_sql, _), _) in enumerate(parts))
    params = [p for (_, part_params), _ in parts for p in part_params]
    assert params.count(_SENTINEL) == len(parts)  # noqa: S101 - the one variable
    return f"SELECT * FROM {sql}", params, [names for _, names in parts]  # noqa: S608 - ORM-compiled, bound


def _read(event_id: int) -> list[dict]:
    if connection.vendor not in _compiled:
        _compiled[connection.vendor] = _compile()
    sql, params, names = _compiled[connection.vendor]
    with connection.cursor() as cursor:
        cursor.execute(sql, [event_id if p == _SENTINEL else p for p in params])
        row = cursor.fetchone()
    values, start = [], 0
    for part in names:
        values.append(dict(zip(part, row[start:start + len(part)], strict=True)))
        start += len(part)
    return values


def event_state(event: Event, *parts) -> str:
    settings = [getattr(event, field) for field in _COLUMNS]
    values = [get_language(), settings, *_read(event.pk), *parts]
    return hashlib.sha256(repr(values).encode()).hexdigest()

