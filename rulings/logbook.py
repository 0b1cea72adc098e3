"""Recording a ruling in an event's rulings log (Django side: the view parses, this writes), with an
entry in the event's audit log ("Table 7 (Ana v Bruno): ruling recorded.")."""

from __future__ import annotations

from django.db import transaction

from rulings.models import RulingLogEntry
from tournament.public import audit


def ruling_record(*, event, flow_id: str, tokens: list[str], node: str, form, user) -> RulingLogEntry:
    """Save a validated RulingLogForm as the ruling reached by `tokens` in flow `flow_id`, for `event`."""
    with transaction.atomic():
        entry = form.save(commit=False)
        entry.event, entry.flow_id, entry.path = event, flow_id, tokens
        entry.ruling_node, entry.recorded_by = node, user
        entry.save()
        audit(event=event, user=user, action="ruling.record", target=entry.table,
              after={"flow": flow_id, "ruling": node, "table": entry.table, "players": entry.players})
    return entry
