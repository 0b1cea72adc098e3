"""Self check-in: the organizer opens it on the day, and each registered player checks in from their home.

The organizer's own check-in (one by one or everyone at once) is in `services`; both go through
`registration_set_status`, so the audit log reads the same whoever checked the player in."""

from __future__ import annotations

from django.db import transaction

from tournament.events.audit import audit
from tournament.models import Event, Registration
from tournament.registration.services import registration_set_status


class CheckInClosed(Exception):
    """The organizer has not opened self check-in, or the entry cannot check in (dropped, the event over)."""


@transaction.atomic
def self_check_in_set(*, event: Event, open_: bool, user) -> Event:
    """Open or close self check-in (an event setting, audited like any other)."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    if event.self_check_in != open_:
        before = {"self_check_in": event.self_check_in}
        event.self_check_in = open_
        event.save(update_fields=["self_check_in"])
        audit(event=event, user=user, action="event.edit", before=before, after={"self_check_in": open_})
    return event


@transaction.atomic
def self_check_in(*, reg: Registration, user) -> Registration:
    """The player checks themself in; checking in twice changes nothing."""
    reg = Registration.objects.select_for_update().select_related("event").get(pk=reg.pk)
    event = reg.event
    if reg.status == Registration.Status.CHECKED_IN:
        return reg
    if not event.self_check_in or event.finished_at or reg.status != Registration.Status.REGISTERED:
        raise CheckInClosed
    return registration_set_status(reg=reg, status=Registration.Status.CHECKED_IN, user=user)
