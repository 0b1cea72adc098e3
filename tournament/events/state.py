"""An event's state: one short key that changes whenever anything shown on its pages changes.

Caches of rendered tables and pages are keyed by it, so a result entered or corrected, a report, a
swap, a publish, a drop or a change of the event's settings (scoring preset, tie-breaks, name) is
visible on the next request, in every server process, without explicit invalidation. The key reads
the event row (already loaded) and four aggregates, whatever the event's size, in one database round
trip (the public pages ask for it on every request)."""

from __future__ import annotations

import hashlib

from django.db import connection
from django.db.models import Count, Max, Q, Sum, Value
from django.utils.translation import get_language

from tournament.models import Event, Game, Registration, Round, Seat


def _aggregates(queryset, **aggregates):
    """`queryset.aggregate(**aggregates)` as SQL and parameters, always one row (no GROUP BY, no ORDER BY)."""
    query = queryset.order_by().annotate(_one=Value(1)).values("_one").annotate(**aggregates).values(*aggregates)
    return query.query.sql_with_params(), list(aggregates)


def _counts(event: Event) -> list:
    parts = [
        _aggregates(Game.objects.filter(round__event=event),
                    v=Sum("version"), n=Count("pk"), t=Max("entered_at"), last=Max("pk"),
                    reported=Count("pk", filter=Q(status=Game.Status.REPORTED)),
                    disputed=Count("pk", filter=Q(status=Game.Status.DISPUTED))),
        # A swap deletes and recreates two seats: the newest seat key moves on.
        _aggregates(Seat.objects.filter(round__event=event), n=Count("pk"), last=Max("pk"), s=Sum("score")),
        _aggregates(Registration.objects.filter(event=event), t=Max("updated_at"), n=Count("pk")),
        _aggregates(Round.objects.filter(event=event),
                    n=Count("pk"), last=Max("pk"), p=Max("published_at"), c=Max("clock_started_at"),
                    done=Count("pk", filter=Q(status=Round.Status.COMPLETED))),
    ]
    sql = " CROSS JOIN ".join(f"({part_sql}) AS s{k}" for k, ((part_sql, _), _) in enumerate(parts))
    params = [p for (_, part_params), _ in parts for p in part_params]
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT * FROM {sql}", params)  # noqa: S608 - ORM-compiled subqueries, bound parameters
        row = cursor.fetchone()
    values, start = [], 0
    for _, names in parts:
        values.append(dict(zip(names, row[start:start + len(names)], strict=True)))
        start += len(names)
    return values


def event_state(event: Event, *parts) -> str:
    settings = [getattr(event, field.attname) for field in Event._meta.concrete_fields]
    values = [get_language(), settings, *_counts(event), *parts]
    return hashlib.sha256(repr(values).encode()).hexdigest()
