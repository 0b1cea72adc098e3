"""Counting tries against a limit: `allow` records one try and says whether it is within the limit.

Rows live in the database (`LimitHit`), one per try within the window, keyed by a hash of what is counted.
Tries for one key are counted one at a time (a PostgreSQL advisory lock; SQLite has one writer), so parallel
tries do not slip past the limit. Rows older than KEPT (longer than any window) are deleted as new ones come,
whatever their key, so the table holds at most a day of tries.
"""

from __future__ import annotations

import hashlib
import zlib
from datetime import datetime, timedelta

from django.db import connection, transaction
from django.utils import timezone

from tournament.models import LimitHit

KEPT = timedelta(days=1)


def _key(value: str) -> str:
    return hashlib.sha256(value.encode("utf-8", "replace")).hexdigest()


def _lock(scope: str, key: str) -> None:
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s, %s)", [7412, zlib.crc32(f"{scope}:{key}".encode()) % 2**31])


def allow(scope: str, value: str, *, limit: int, window: timedelta) -> bool:
    """Count one try for `value` in `scope`; False (and not counted) once `limit` tries fall in the window."""
    key, now = _key(value), timezone.now()
    if window > KEPT:
        raise ValueError("a limit's window is at most a day (LimitHit rows are kept for a day)")
    with transaction.atomic():
        _lock(scope, key)
        LimitHit.objects.filter(at__lt=now - KEPT).delete()
        LimitHit.objects.filter(scope=scope, key=key, at__lt=now - window).delete()
        if LimitHit.objects.filter(scope=scope, key=key).count() >= limit:
            return False
        LimitHit.objects.create(scope=scope, key=key, at=now)
    return True


def record(scope: str, value: str) -> None:
    """Count one try without a limit (a failed login, counted for the account's ceiling)."""
    now = timezone.now()
    LimitHit.objects.filter(at__lt=now - KEPT).delete()
    LimitHit.objects.create(scope=scope, key=_key(value), at=now)


def recent(scope: str, value: str, *, window: timedelta) -> tuple[int, datetime | None]:
    """How many tries `value` has in the window, and when the latest was."""
    rows = LimitHit.objects.filter(scope=scope, key=_key(value), at__gte=timezone.now() - window)
    latest = rows.order_by("-at").values_list("at", flat=True).first()
    return rows.count(), latest


def forget(scope: str, value: str) -> None:
    LimitHit.objects.filter(scope=scope, key=_key(value)).delete()
