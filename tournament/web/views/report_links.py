"""A player's private report link, revoked or renewed by an organizer."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament.models import Event
from tournament.results.report_links import report_link_set
from tournament.web.permissions import ORGANIZER, event_view


@require_POST
@event_view(role=ORGANIZER)
def report_link(request: HttpRequest, event: Event, pk: int) -> HttpResponse:
    """Revoke a player's private report link, or issue a new one (the old one stops working)."""
    seat = report_link_set(event, pk, request.user, renew=request.POST.get("action") == "renew")
    messages.success(request, _("Report link revoked.") if seat.token_revoked else _("New report link issued."))
    return redirect("tournament:round", slug=event.slug, number=seat.game.round.number)
