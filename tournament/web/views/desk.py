"""The organizer's desk: a one-time password reset link for a player, a new "my game" link."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from tournament.models import Event, Registration
from tournament.registration.desk import DeskResetRefused, desk_reset_link, game_link_renew
from tournament.web.permissions import ORGANIZER, event_view


def _entry(event: Event, pk: int) -> Registration:
    return get_object_or_404(Registration.objects.select_related("player__user"), pk=pk, event=event)


@never_cache
@require_POST
@event_view(role=ORGANIZER)
def desk_reset(request: HttpRequest, event: Event, pk: int) -> HttpResponse:
    """Show a one-time password reset link for the account of one of this event's players."""
    reg = _entry(event, pk)
    try:
        path = desk_reset_link(event=event, registration=reg, user=request.user, code=request.POST.get("code", "")[:40])
    except DeskResetRefused as exc:
        messages.error(request, str(exc))
        return redirect("tournament:entry_edit", slug=event.slug, pk=reg.pk)
    context = {"event": event, "reg": reg, "link": request.build_absolute_uri(path)}
    return render(request, "tournament/desk_reset.html", context)


@require_POST
@event_view(role=ORGANIZER)
def game_link(request: HttpRequest, event: Event, pk: int) -> HttpResponse:
    game_link_renew(event=event, registration=_entry(event, pk), user=request.user)
    messages.success(request, _("New “my game” link issued: the old one stops working. Reprint the army sheet."))
    return redirect("tournament:entry_edit", slug=event.slug, pk=pk)
