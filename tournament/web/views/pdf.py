"""PDF documents: a player's army sheet, all army sheets, the round's pairing sheet, slips and pack,
and the standings. Big packs are laid out in the background with a progress page."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from tournament.models import Event, Registration, Round
from tournament.pdfs import jobs
from tournament.pdfs.army_sheet import army_sheets_pdf
from tournament.pdfs.data import army_sheets, round_sheet
from tournament.pdfs.round_docs import round_pdf, standings_pdf
from tournament.results.standings import standings_frame
from tournament.web.permissions import ORGANIZER, event_view, is_organizer, is_staff_of

BACKGROUND_SHEETS = 40  # about a second of layout: more than this goes to the background
BACKGROUND_GAMES = 60


def pdf_response(body: bytes, filename: str) -> HttpResponse:
    response = HttpResponse(body, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


def _base(request: HttpRequest) -> str:
    return request.build_absolute_uri("/")


def _size(request: HttpRequest) -> str:
    return "A5" if request.GET.get("size", "").upper() == "A5" else "A4"


def size_suffix(request: HttpRequest) -> str:
    """"a4" or "a5": an A4 and an A5 copy of one sheet get different file names."""
    return _size(request).lower()


@require_GET
@event_view()
def army_sheet(request: HttpRequest, event: Event, pk: int) -> HttpResponse:
    """A player prints their own sheet; organizers and umpires print anyone's."""
    reg = get_object_or_404(Registration.objects.select_related("player"), pk=pk, event=event)
    if not request.user.is_authenticated:
        return redirect(f"{_login()}?next={request.get_full_path()}")
    if not (is_staff_of(request.user, event) or reg.player.user_id == request.user.pk):
        raise PermissionDenied
    sheets = army_sheets(event, event.registrations.filter(pk=reg.pk), _base(request))
    body = army_sheets_pdf(sheets, lang=get_language(), size=_size(request))
    return pdf_response(body, f"{event.slug}-army-{reg.pk}-{size_suffix(request)}.pdf")


def _login() -> str:
    from django.urls import reverse

    return reverse("login")


@require_GET
@event_view(role=ORGANIZER)
def all_army_sheets(request: HttpRequest, event: Event) -> HttpResponse:
    regs = event.registrations.exclude(status=Registration.Status.DROPPED).order_by("player__name")
    sheets = army_sheets(event, regs, _base(request))
    lang, size, filename = get_language(), _size(request), f"{event.slug}-army-sheets-{size_suffix(request)}.pdf"
    if len(sheets) <= BACKGROUND_SHEETS:
        return pdf_response(army_sheets_pdf(sheets, lang=lang, size=size), filename)
    job = jobs.start(lambda progress: army_sheets_pdf(sheets, lang=lang, size=size, progress=progress),
                     owner=request.user.pk, filename=filename)
    return redirect("tournament:print_job", slug=event.slug, job=job)


@require_GET
@event_view()
def round_print(request: HttpRequest, event: Event, number: int, kind: str) -> HttpResponse:
    """Pairing sheets of published rounds are public; slips and packs are for the event's staff."""
    if kind not in ("pairings", "slips", "pack"):
        raise Http404
    rnd = get_object_or_404(event.rounds.all(), number=number)
    staff = is_staff_of(request.user, event)
    if kind != "pairings" or rnd.status == Round.Status.DRAFT:
        if not request.user.is_authenticated:
            return redirect(f"{_login()}?next={request.get_full_path()}")
        if not staff:
            raise PermissionDenied
    sheet = round_sheet(rnd, _base(request))
    lang, filename = get_language(), f"{event.slug}-round-{number}-{kind}.pdf"
    if kind == "pairings" or len(sheet.games) <= BACKGROUND_GAMES:
        return pdf_response(round_pdf(sheet, kind=kind, lang=lang), filename)
    job = jobs.start(lambda progress: round_pdf(sheet, kind=kind, lang=lang, progress=progress),
                     owner=request.user.pk, filename=filename)
    return redirect("tournament:print_job", slug=event.slug, job=job)


@require_GET
@event_view()
def standings_print(request: HttpRequest, event: Event) -> HttpResponse:
    value = request.GET.get("round", "")
    upto = int(value) if value.isdigit() else None
    body = standings_pdf(event.name, standings_frame(event, upto=upto), after_round=upto, lang=get_language())
    return pdf_response(body, f"{event.slug}-standings.pdf")


@login_required
@require_GET
@event_view()
def print_job(request: HttpRequest, event: Event, job: str) -> HttpResponse:
    """Progress of a background print job (htmx polls this page's partial); the PDF when it is ready."""
    state = jobs.status(job)
    if state is None or state["owner"] != request.user.pk:
        raise Http404
    if request.GET.get("download") and state["ready"]:
        return pdf_response(jobs.result(job) or b"", state["filename"])
    percent = int(100 * state["done"] / state["total"]) if state["total"] else 0
    context = {"event": event, "job": job, "state": state, "percent": percent,
               "is_organizer": is_organizer(request.user, event), "message": _("Preparing the PDF…")}
    template = "tournament/print_job.html#progress" if request.htmx else "tournament/print_job.html"
    return render(request, template, context)
