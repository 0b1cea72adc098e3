"""Home page, the event page, creating and editing an event, and changing its scoring."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models import Count, F, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from tournament.accounts.emails import EmailNotConfirmed
from tournament.events import services as event_services
from tournament.leagues.event_ratings import event_ratings, strength_of_field
from tournament.leagues.service import event_leagues
from tournament.models import Event, Registration
from tournament.results import explain
from tournament.results.rescoring import (
    StaleRescoring,
    has_played_results,
    has_scores,
    preview,
    proposed,
    rescore,
    rescore_byes,
)
from tournament.web.forms.events import EventForm, ScoringForm, league_misfit
from tournament.web.page_caches import public_page
from tournament.web.permissions import ORGANIZER, event_view, is_organizer, is_staff_of
from tournament.web.table_rows import roster_rows

LINKABLE_SLUG = r"^[-a-zA-Z0-9_]+$"  # Django's <slug:> path converter


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    """Listed events, a page at a time (unlisted ones open by their link only). Only rows with a slug a
    link can carry: one bad row (stored before imports were checked) must not break the page for everyone."""
    events = Event.objects.filter(listed=True, slug__regex=LINKABLE_SLUG).annotate(
        players=Count("registrations", filter=~Q(registrations__status=Registration.Status.DROPPED))
    ).order_by("-date", "name", "pk")
    page = Paginator(events, settings.EVENTS_PER_PAGE).get_page(request.GET.get("page"))
    return render(request, "tournament/home.html", {"events": page, "page": page})


@require_GET
@public_page("event")
@event_view()
def event_detail(request: HttpRequest, event: Event) -> HttpResponse:
    # The roster as values, only the columns it shows, its rows written by `table_rows.roster_rows`: a 1,000-player
    # event's home is rendered again after every result, and model instances and the template's row loop were
    # most of its time.
    registrations = list(event.registrations.exclude(status=Registration.Status.DROPPED).values(
        "pk", "name", "army_ref", "army_name", club_name=F("club__name")))
    own = None
    if request.user.is_authenticated:
        own = event.registrations.filter(player__user=request.user).first()
    context = {
        "event": event,
        "registrations": registrations,
        "roster_rows": roster_rows(registrations),
        "own_registration": own,
        "is_organizer": is_organizer(request.user, event),
        "is_staff": is_staff_of(request.user, event),
    }
    rated = event_ratings(event)
    if rated is not None:
        context["rated"] = rated
        context["strength"] = strength_of_field(rated, [reg["pk"] for reg in registrations])
    return render(request, "tournament/event.html", context)


@login_required
def event_create(request: HttpRequest) -> HttpResponse:
    """Any signed-in user may open an event; they become its organizer."""
    form = EventForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            event = event_services.event_create(event=form.save(commit=False), user=request.user)
        except EmailNotConfirmed:
            form.add_error(None, _("Confirm your email before creating events: ask for a link at /accounts/confirm-email/."))
            return render(request, "tournament/event_form.html", {"form": form, "event": None}, status=403)
        except event_services.EventQuotaExceeded as exc:
            form.add_error(None, _("You have created %(n)s events in the last 24 hours, the most one account may. "
                                   "Try again tomorrow, or ask an administrator.") % {"n": exc.limit})
            return render(request, "tournament/event_form.html", {"form": form, "event": None}, status=429)
        messages.success(request, _("Event created. Now add players or open registration."))
        return redirect(event)
    return render(request, "tournament/event_form.html", {"form": form, "event": None})


@event_view(role=ORGANIZER)
def event_edit(request: HttpRequest, event: Event) -> HttpResponse:
    """The event's settings; above them, the leagues it counts in (their season and edition hold its date and
    edition), each with a button to leave it while the organizer may (`leagues.service.event_leagues`)."""
    form = EventForm(request.POST or None, instance=event)
    if request.method == "POST" and form.is_valid():
        try:
            event_services.event_update(form=form, user=request.user, rescore_byes=rescore_byes,
                                        has_played_results=has_played_results)
        except event_services.LeagueMisfit as refused:  # nothing saved: the form again, as sent, naming the field
            form.add_error(refused.field, league_misfit(refused, request.user))
            event.refresh_from_db()  # the page's title and links: the event as it stays
            return render(request, "tournament/event_form.html", {
                "form": form, "event": event, "leagues": event_leagues(request.user, event)}, status=400)
        except event_services.LockedMeanwhile as refused:  # nothing saved: a result was confirmed since the page
            for name in refused.fields:
                form.add_error(name, _("A result was confirmed while you edited: it was counted under this, which is "
                                       "locked now. Nothing was saved; open the page again to edit the rest."))
            event.refresh_from_db()
            return render(request, "tournament/event_form.html", {
                "form": form, "event": event, "leagues": event_leagues(request.user, event)}, status=409)
        messages.success(request, _("Event saved."))
        return redirect(event)
    return render(request, "tournament/event_form.html", {
        "form": form, "event": event, "leagues": event_leagues(request.user, event)})


@event_view(role=ORGANIZER)
def event_scoring(request: HttpRequest, event: Event) -> HttpResponse:
    """Change the scoring of an event with results: preview the top of the table before and after, then confirm
    (every confirmed game is rescored) or keep the current scoring."""
    form = ScoringForm(request.POST or None, event=event)
    context = {"event": event, "form": form, "preview": None, "has_scores": has_scores(event)}
    if request.method == "POST" and form.is_valid():
        change = proposed(event, form.cleaned_data["scoring_preset"], form.cleaned_data["wdl_points"])
        asked = f"{change.preset}|{change.wdl_points}"
        if request.POST.get("action") == "confirm" and request.POST.get("previewed") == asked:
            try:
                count = rescore(event, change, request.user, expected_state=request.POST.get("state", "")[:64])
            except StaleRescoring:
                messages.warning(request, _("Results changed since the preview: check the new preview and confirm again."))
            else:
                messages.success(request, _("Scoring changed; %(n)s games rescored.") % {"n": count})
                return redirect("tournament:standings", slug=event.slug)
        context["preview"], context["asked"] = preview(event, change), asked
        context["tiebreak_names"] = [explain.label(key) for key in change.tiebreaks]  # as the standings name them
    return render(request, "tournament/event_scoring.html", context)
