"""The organizer's player list: filter, add, edit in place, check in, drop and export (the import: player_imports)."""

from __future__ import annotations

from django.contrib import messages
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from config.htmx import varies_on_htmx, vary_on_htmx, wants_partial
from tournament.models import Event, Registration
from tournament.registration.names import sort_key
from tournament.registration.player_import import export_frame
from tournament.registration.services import (
    entrant_add,
    player_register,
    registration_edit,
    registration_set_status,
    registrations_check_in,
    reusable_players,
    similar_in_event,
)
from tournament.transfer.exports import to_csv_bytes, to_xlsx_bytes
from tournament.web.forms.players import EntryEditForm, ExistingPlayerForm, PlayerForm
from tournament.web.permissions import ORGANIZER, event_view


def _filtered(event: Event, params) -> tuple:
    regs = event.registrations.select_related("club")
    q = params.get("q", "").strip()
    status = params.get("status", "")
    if q:
        regs = regs.filter(Q(name__icontains=q) | Q(club__name__icontains=q) | Q(army_ref__icontains=q)
                           | Q(army_name__icontains=q))
    if status in Registration.Status.values:
        regs = regs.filter(status=status)
    language = get_language() or "en"
    return sorted(regs.order_by("name_key", "pk"), key=lambda r: sort_key(r.name, language)), q, status


@require_GET
@event_view(role=ORGANIZER)
def player_list(request: HttpRequest, event: Event) -> HttpResponse:
    regs, q, status = _filtered(event, request.GET)
    context = {"event": event, "regs": regs, "q": q, "status": status, "statuses": Registration.Status.choices,
               "form": PlayerForm()}
    template = "tournament/players.html#rows" if wants_partial(request) and request.htmx.target == "player-rows" else "tournament/players.html"
    return vary_on_htmx(render(request, template, context))


@event_view(role=ORGANIZER)
def player_add(request: HttpRequest, event: Event) -> HttpResponse:
    """A new person, or again a person this organizer has entered in another of their events (never any other)."""
    if request.method == "POST" and "existing" in request.POST:
        existing = ExistingPlayerForm(request.POST, queryset=reusable_players(event, request.user))
        if existing.is_valid():
            reg = player_register(event=event, player=existing.cleaned_data["existing"], user=request.user)
            messages.success(request, _("%(name)s is registered.") % {"name": reg.name})
            return redirect("tournament:players", slug=event.slug)
        context = {"event": event, "form": PlayerForm(), "existing_errors": existing.errors["existing"]}
        return render(request, "tournament/player_add.html", context, status=400)
    form = PlayerForm(request.POST or None, similar=lambda name: similar_in_event(event, name, request.user))
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        reg = entrant_add(event=event, user=request.user, name=data["name"], club=data["club"],
                          region=data["region"], email=data["email"])
        messages.success(request, _("%(name)s is registered.") % {"name": reg.name})
        return redirect("tournament:players", slug=event.slug)
    return render(request, "tournament/player_add.html", {"event": event, "form": form})


@varies_on_htmx
@event_view(role=ORGANIZER)
def entry_edit(request: HttpRequest, event: Event, pk: int) -> HttpResponse:
    """Edit one row in place (htmx swaps the row) or on its own page without JavaScript (or on a history restore)."""
    reg = get_object_or_404(Registration.objects.select_related("club"), pk=pk, event=event)
    form = EntryEditForm(request.POST or None, instance=reg)
    if request.method == "POST" and form.is_valid():
        reg = registration_edit(reg=reg, user=request.user, **form.cleaned_data)
        if wants_partial(request):
            return render(request, "tournament/players.html#row", {"event": event, "reg": reg})
        messages.success(request, _("Saved."))
        return redirect("tournament:players", slug=event.slug)
    template = "tournament/players.html#row-form" if wants_partial(request) else "tournament/entry_edit.html"
    return render(request, template, {"event": event, "reg": reg, "form": form})


@require_GET
@varies_on_htmx
@event_view(role=ORGANIZER)
def entry_row(request: HttpRequest, event: Event, pk: int) -> HttpResponse:
    """htmx: the read-only row again (cancel an in-place edit); anything else: the players page at that row."""
    reg = get_object_or_404(Registration.objects.select_related("club"), pk=pk, event=event)
    if not wants_partial(request):
        return redirect(reverse("tournament:players", args=[event.slug]) + f"#entry-{reg.pk}")
    return render(request, "tournament/players.html#row", {"event": event, "reg": reg})


@require_POST
@varies_on_htmx
@event_view(role=ORGANIZER)
def entry_status(request: HttpRequest, event: Event, pk: int) -> HttpResponse:
    reg = get_object_or_404(Registration.objects.select_related("club"), pk=pk, event=event)
    status = request.POST.get("status", "")
    if status not in Registration.Status.values:
        return HttpResponse(_("Unknown status."), status=400)
    reg = registration_set_status(reg=reg, status=status, user=request.user)
    if wants_partial(request):
        return render(request, "tournament/players.html#row", {"event": event, "reg": reg})
    return redirect("tournament:players", slug=event.slug)


@require_POST
@event_view(role=ORGANIZER)
def check_in_bulk(request: HttpRequest, event: Event) -> HttpResponse:
    """Check in the ticked players, or everyone still registered ("all")."""
    if request.POST.get("all"):
        ids = event.registrations.filter(status=Registration.Status.REGISTERED).values_list("pk", flat=True)
    else:
        try:
            ids = [int(value) for value in request.POST.getlist("entries")[:1000]]
        except ValueError:
            return HttpResponse(_("Players: choose from the list."), status=400)
    done = registrations_check_in(event=event, ids=ids, user=request.user)
    if done:
        messages.success(request, ngettext("%(n)s player checked in: %(names)s.", "%(n)s players checked in: %(names)s.",
                                           len(done)) % {"n": len(done), "names": ", ".join(r.name for r in done)})
    else:
        messages.info(request, _("Nobody to check in: tick the players who have arrived."))
    return redirect("tournament:players", slug=event.slug)


@require_GET
@event_view(role=ORGANIZER)
def player_export(request: HttpRequest, event: Event, fmt: str) -> HttpResponse:
    if fmt not in {"csv", "xlsx"}:
        raise Http404
    frame = export_frame(event)
    if fmt == "xlsx":
        body, content_type = to_xlsx_bytes(frame, _("Players")), "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    else:
        body, content_type = to_csv_bytes(frame, (_("yes"), _("no"))), "text/csv; charset=utf-8"
    response = HttpResponse(body, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{event.slug}-players.{fmt}"'
    return response
