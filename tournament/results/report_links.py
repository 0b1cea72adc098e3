"""A player's private report link: revoked, or renewed (the old one stops working). Django side."""

from __future__ import annotations

from django.db import transaction
from django.shortcuts import get_object_or_404

from tournament.events.audit import audit
from tournament.models import Event, Seat
from tournament.models.rounds import new_report_token


def report_link_set(event: Event, seat_pk: int, user, *, renew: bool) -> Seat:
    """Revoke the seat's report link, or issue a new one; only a seat of `event` (404 otherwise)."""
    with transaction.atomic():
        seat = get_object_or_404(Seat.objects.select_for_update().select_related("game__round", "registration"),
                                 pk=seat_pk, round__event=event)
        if renew:
            seat.report_token, seat.token_revoked = new_report_token(), False
        else:
            seat.token_revoked = True
        seat.save(update_fields=["report_token", "token_revoked"])
        audit(event=event, user=user, action="seat.report_link", target=seat.registration.name,
              after={"revoked": seat.token_revoked})
    return seat
