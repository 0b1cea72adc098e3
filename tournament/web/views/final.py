"""Finishing an event: the organizer's choice after the last round (finish; an explicit extra round is paired as a
pairing job, in views/rounds.py), and the final standings for everyone: page, printable PDF, podium page."""

from __future__ import annotations

import pandas as pd
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from tournament.models import Event
from tournament.pairing.finish import event_finish, event_finish_after_round
from tournament.pairing.manager import RoundError
from tournament.pdfs.final import final_standings_pdf, podium, podium_pdf
from tournament.stages.pages import placings_context
from tournament.stages.tables import in_placing_order
from tournament.transfer.frames import standings_frame
from tournament.web.downloads import table_download
from tournament.web.permissions import ORGANIZER, event_view, is_organizer


@require_POST
@event_view(role=ORGANIZER)
def event_finish_view(request: HttpRequest, event: Event) -> HttpResponse:
    try:
        event_finish(event, request.user)
    except RoundError as exc:
        messages.error(request, str(exc))
        return redirect("tournament:rounds", slug=event.slug)
    messages.success(request, _("The event is finished. These are the final standings."))
    return redirect("tournament:final", slug=event.slug)


@require_POST
@event_view(role=ORGANIZER)
def event_finish_early(request: HttpRequest, event: Event) -> HttpResponse:
    """Finish after this round: the round being played becomes the last one."""
    try:
        event = event_finish_after_round(event, request.user)
    except RoundError as exc:
        messages.error(request, str(exc))
        return redirect("tournament:rounds", slug=event.slug)
    if event.finished_at:
        messages.success(request, _("The event is finished. These are the final standings."))
        return redirect("tournament:final", slug=event.slug)
    messages.success(request, _("The event ends after round %(n)s. Once its results are in, finish it here.") % {
        "n": event.rounds_planned})
    return redirect("tournament:rounds", slug=event.slug)


def _finished(event: Event) -> None:
    if event.finished_at is None:
        raise Http404


@require_GET
@event_view()
def final_standings(request: HttpRequest, event: Event) -> HttpResponse:
    _finished(event)
    frame = standings_frame(event)
    placed = placings_context(event)  # an event decided in its stages: the placings, not the points
    context = {"event": event, "podium": podium(event), "columns": list(frame.columns),
               "rows": frame.to_dict("records"), "is_organizer": is_organizer(request.user, event),
               "placings": placed["placings"], "stale_brackets": placed["stale_brackets"],
               "played_again": placed["played_again"],
               "rounds_played": event.rounds.count()}  # a staged event plays beyond the plan
    return render(request, "tournament/final.html", context)


def _pdf(body: bytes, filename: str) -> HttpResponse:
    response = HttpResponse(body, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


@require_GET
@event_view()
def final_standings_pdf_view(request: HttpRequest, event: Event) -> HttpResponse:
    _finished(event)
    body = final_standings_pdf(event, lang=get_language())
    return _pdf(body, f"{event.slug}-final-standings.pdf")


@require_GET
@event_view()
def final_export(request: HttpRequest, event: Event, fmt: str) -> HttpResponse:
    """The final standings as CSV or XLSX, in the order the final page and its PDF give them: for an event run in
    stages, the final placings (the place first, the stage that placed each player), not the points. While a
    corrected bracket places no one (`stale_brackets`), a 409 with the final page's warning instead of a file."""
    _finished(event)
    stale = placings_context(event)["stale_brackets"]
    if stale:  # a file ranked by points would read as the final order: none is made until the bracket is decided
        return HttpResponse(" ".join(stale), status=409, content_type="text/plain; charset=utf-8")
    labels, rows, _staged = in_placing_order(event)
    return table_download(pd.DataFrame.from_records(rows, columns=labels), fmt, f"{event.slug}-final-standings",
                          _("Final standings"))


@require_GET
@event_view()
def podium_pdf_view(request: HttpRequest, event: Event) -> HttpResponse:
    _finished(event)
    return _pdf(podium_pdf(event, podium(event), lang=get_language()), f"{event.slug}-podium.pdf")
