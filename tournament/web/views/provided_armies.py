"""Armies the organizer provides: set pairs per table or per round, and see who plays what in each round."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from tournament.armies.handout import (
    HandoutError,
    army_label,
    event_armies,
    historical_enemies,
    pair_delete,
    pair_set,
)
from tournament.models import Event
from tournament.web.forms.provided_armies import ProvidedPairForm
from tournament.web.permissions import ORGANIZER, event_view


@require_http_methods(["GET", "POST"])
@event_view(role=ORGANIZER)
def provided_armies(request: HttpRequest, event: Event) -> HttpResponse:
    form = ProvidedPairForm(request.POST or None, edition=event.edition)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            pair_set(event, request.user, round_number=data["round_number"], table=data["table"],
                     army_a=data["army_a"], army_b=data["army_b"])
        except HandoutError as exc:
            form.add_error(exc.field, str(exc))
        else:
            messages.success(request, _("Armies saved."))
            return redirect("tournament:provided_armies", slug=event.slug)
    names = dict(event.registrations.values_list("pk", "name"))
    label = {ref: army_label(event.edition, ref) for p in event.provided_armies.all() for ref in (p.army_a, p.army_b)}
    games = [{"round": g.round, "table": g.table, "a": names.get(g.a, ""), "b": names.get(g.b, ""),
              "army_a": label.get(g.armies.a, g.armies.a), "army_b": label.get(g.armies.b, g.armies.b),
              "swapped": g.armies.swapped} for g in event_armies(event)]
    pairs = [{"pk": p.pk, "round": p.round_number, "table": p.table, "army_a": label[p.army_a],
              "army_b": label[p.army_b], "enemies": historical_enemies(event.edition, p.army_a, p.army_b)}
             for p in event.provided_armies.all()]
    return render(request, "tournament/provided_armies.html",
                  {"event": event, "form": form, "pairs": pairs, "games": games}, status=400 if form.errors else 200)


@require_POST
@event_view(role=ORGANIZER)
def provided_army_delete(request: HttpRequest, event: Event, pk: int) -> HttpResponse:
    pair_delete(event, request.user, pk)
    return redirect("tournament:provided_armies", slug=event.slug)
