"""Recording changes in the audit log (call inside the write's transaction).

`round_number` and `people` (registration ids) feed the log's filters; tournament/events/audit_messages.py
turns an entry into a sentence in the reader's language."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tournament.models import AuditEntry, Event


def audit(*, event: Event | None, user, action: str, target: str = "", before: Any = None, after: Any = None,
          round_number: int | None = None, people: Iterable[int] = ()) -> AuditEntry:
    if user is not None and not getattr(user, "is_authenticated", False):
        user = None
    entry = AuditEntry.objects.create(event=event, user=user, action=action, target=target, before=before, after=after,
                                      round_number=round_number)
    people = sorted({pk for pk in people if pk is not None})
    if people:
        entry.people.add(*people)
    return entry
