"""Recording changes in the audit log (call inside the write's transaction)."""

from __future__ import annotations

from typing import Any

from tournament.models import AuditEntry, Event


def audit(*, event: Event | None, user, action: str, target: str = "", before: Any = None, after: Any = None) -> AuditEntry:
    if user is not None and not getattr(user, "is_authenticated", False):
        user = None
    return AuditEntry.objects.create(event=event, user=user, action=action, target=target, before=before, after=after)
