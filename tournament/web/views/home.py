"""A signed-in person's home (the page after login, linked from every header): their entries with the
current game, the events they run, their leagues and what waits for them. Self check-in from there, and the
organizer's switch that opens it."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.messages import get_messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.cache import get_conditional_response
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from config.htmx import render_partial, vary_on_htmx, wants_partial
from tournament.models import Event
from tournament.registration.check_in import CheckInClosed, self_check_in, self_check_in_set
from tournament.web import personal_home
from tournament.web.permissions import ORGANIZER, event_view, own_entry


@require_GET
@login_required
def me(request: HttpRequest) -> HttpResponse:
    """The home; it polls itself (htmx, every 30 s) and is answered 304 while nothing it shows has changed."""
    user = request.user
    # One ETag per representation: the page, the polled fragment, each language (a browser revalidates what it
    # holds with its ETag even for a request that differs in HX-Request or the language cookie).
    etag = f'"{personal_home.home_key(user)}-{get_language()}{"-live" if wants_partial(request) else ""}"'
    unchanged = None if get_messages(request) else get_conditional_response(request, etag=etag)
    if unchanged is not None:
        return vary_on_htmx(unchanged)
    invited, asked = personal_home.invitations_for(user)
    context = {
        "entries": personal_home.my_entries(user),
        "rating": personal_home.my_rating(user),
        "running": personal_home.events_run(user),
        "leagues": personal_home.my_leagues(user),
        "played_leagues": personal_home.leagues_played(user),
        "invited": list(invited),
        "asked": list(asked),
        "merges": personal_home.merge_suggestions(user),
        "staff_invitations": list(personal_home.staff_invitations_for(user)),
    }
    response = render_partial(request, "tournament/me.html", "tournament/me.html#live", context)
    response["ETag"] = etag
    response["Cache-Control"] = "private, no-cache"
    return response


@require_POST
@login_required
@event_view()
def check_in_self(request: HttpRequest, event: Event, pk: int) -> HttpResponse:
    reg = own_entry(request, event, pk)
    try:
        self_check_in(reg=reg, user=request.user)
    except CheckInClosed:
        messages.error(request, _("Check-in is not open for you: ask the organizer at the desk."))
    else:
        messages.success(request, _("You are checked in for %(event)s.") % {"event": event.name})
    return redirect("tournament:me")


@require_POST
@event_view(role=ORGANIZER)
def check_in_open(request: HttpRequest, event: Event) -> HttpResponse:
    open_ = request.POST.get("open") == "1"
    self_check_in_set(event=event, open_=open_, user=request.user)
    if open_:
        messages.success(request, _("Self check-in is open: each registered player can check in from their own page."))
    else:
        messages.success(request, _("Self check-in is closed."))
    return redirect("tournament:players", slug=event.slug)
