"""The round clock: the full-screen page for the hall (public, polled), and the organizer's controls
(start, pause, resume, extend, end) on the round page."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_POST

from tournament.models import Event, Round
from tournament.models.rounds import ClockState
from tournament.pairing.clock import (
    MAX_EXTRA_MINUTES,
    ClockError,
    clock_end,
    clock_extend,
    clock_pause,
    clock_resume,
    clock_start,
)
from tournament.templatetags.event_times import zoned_time
from tournament.web.permissions import ORGANIZER, event_view


class ExtendForm(forms.Form):
    minutes = forms.IntegerField(label=gettext_lazy("Extra minutes"), min_value=1, max_value=MAX_EXTRA_MINUTES)


def _time(value) -> str:
    """"14:05 (Europe/Madrid)": in the event's zone (event_view), the zone named."""
    return zoned_time(value)


def state_text(state: ClockState) -> str:
    """The clock's state in a sentence (also shown without JavaScript)."""
    if state.state == "waiting":
        return _("The clock has not started yet: %(minutes)s minutes.") % {"minutes": state.minutes}
    if state.state == "paused":
        return _("Paused.")
    if state.state == "called":
        return _("Time called at %(time)s.") % {"time": _time(state.called_at)}
    return _("Ends at %(time)s.") % {"time": _time(state.ends_at)}


def state_data(state: ClockState) -> dict:
    return {"state": state.state, "remaining": state.remaining, "minutes": state.minutes,
            "ends_at": state.ends_at.isoformat() if state.ends_at else None, "text": state_text(state)}


@require_GET
@event_view()
def round_clock(request: HttpRequest, event: Event, number: int) -> HttpResponse:
    """Full screen for the hall; `?format=json` is what the page polls to follow pauses and extensions."""
    rnd = get_object_or_404(event.rounds.exclude(status=Round.Status.DRAFT), number=number)
    state = rnd.clock_state()
    if request.GET.get("format") == "json":
        response = JsonResponse(state_data(state))
        response["Cache-Control"] = "no-store"
        return response
    return render(request, "tournament/clock.html", {"event": event, "round": rnd, "clock": state,
                                                     "text": state_text(state)})


ACTIONS = {"start": clock_start, "pause": clock_pause, "resume": clock_resume, "end": clock_end}
DONE = {"start": gettext_lazy("The clock is running."), "pause": gettext_lazy("The clock is paused."),
        "resume": gettext_lazy("The clock is running again."), "end": gettext_lazy("Time is called.")}


@require_POST
@event_view(role=ORGANIZER)
def clock_control(request: HttpRequest, event: Event, number: int, action: str) -> HttpResponse:
    rnd = get_object_or_404(event.rounds.all(), number=number)
    try:
        if action == "extend":
            form = ExtendForm(request.POST)
            if not form.is_valid():
                return HttpResponseBadRequest(_("Extra minutes: enter a whole number from 1 to %(most)s.") % {
                    "most": MAX_EXTRA_MINUTES})
            clock_extend(rnd, form.cleaned_data["minutes"], request.user)
            messages.success(request, _("%(n)s minutes added.") % {"n": form.cleaned_data["minutes"]})
        elif action in ACTIONS:
            ACTIONS[action](rnd, request.user)
            messages.success(request, str(DONE[action]))
        else:
            return HttpResponseBadRequest(_("Unknown clock action."))
    except ClockError as exc:
        messages.error(request, str(exc))
    return redirect("tournament:round", slug=event.slug, number=number)
