"""PDF documents: a player's army sheet, all army sheets, the round's pairing sheet, slips and pack,
the standings and the join poster. Big packs are print jobs laid out by the task worker, with a
progress page that only the event's organizers and umpires can see."""

from __future__ import annotations

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from config.htmx import render_partial
from tournament.models import Event, PrintJob, Registration
from tournament.pdfs import jobs
from tournament.pdfs.army_sheet import army_sheets_pdf
from tournament.pdfs.data import army_sheets, printed_registrations, round_sheet
from tournament.pdfs.poster import join_poster_pdf
from tournament.pdfs.round_docs import round_pdf, standings_pdf
from tournament.pdfs.sizes import army_sheet_pages, round_pages
from tournament.results.explain import ordering
from tournament.results.standings import load, tie_words
from tournament.transfer.frames import standings_frame
from tournament.web.permissions import (
    ORGANIZER,
    event_view,
    is_organizer,
    may_print_army_sheet,
    may_print_round,
    refusal,
)
from tournament.web.request_values import int_param, shown_round

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
    reg = get_object_or_404(Registration.objects.select_related("player", "event"), pk=pk, event=event)
    if not may_print_army_sheet(request.user, reg):
        return refusal(request)
    sheets = army_sheets(event, event.registrations.filter(pk=reg.pk), _base(request))
    body = army_sheets_pdf(sheets, lang=get_language(), size=_size(request))
    return pdf_response(body, f"{event.slug}-army-{reg.pk}-{size_suffix(request)}.pdf")


def _refused(request: HttpRequest, event: Event, message: str, status: int, parts=(), running=None) -> HttpResponse:
    return render(request, "tournament/print_refused.html",
                  {"event": event, "message": message, "parts": parts, "running": running}, status=status)


def _queue(request: HttpRequest, event: Event, **job) -> HttpResponse:
    """Queue a print job (or find the user's one already running) and show its progress page; past the
    hourly limit or the page cap, a page that says so."""
    return _job_or_refusal(request, event, lambda: jobs.print_job_request(event=event, user=request.user, **job))


def _job_or_refusal(request: HttpRequest, event: Event, ask) -> HttpResponse:
    """The progress page of the job `ask()` returns, or the page that says why there is none."""
    try:
        found = ask()
    except jobs.PrintQuotaExceeded as exc:
        return _refused(request, event, _("You have asked for %(n)s print jobs in the last hour, the most one "
                                          "account may. Try again later.") % {"n": exc.limit}, 429)
    except jobs.AnotherJobRunning as exc:
        return _refused(request, event, _("Your print job %(file)s for this event is still being prepared: ask for "
                                          "this document once it is ready.") % {"file": exc.job.filename}, 409,
                        running=exc.job)
    except jobs.TooManyPages as exc:
        return _refused(request, event, _("This document would be about %(pages)s pages, more than the "
                                          "%(limit)s one print job may lay out.")
                        % {"pages": exc.pages, "limit": exc.limit}, 400)
    return redirect("tournament:print_job", slug=event.slug, job=found.pk)


def army_sheet_parts(total: int, size: int) -> list[tuple[int, int, int]]:
    """(part, first sheet, last sheet), 1-based, for an event with more sheets than one job may print."""
    return [(n + 1, start + 1, min(start + size, total)) for n, start in enumerate(range(0, total, size))]


@require_GET
@event_view(role=ORGANIZER)
def all_army_sheets(request: HttpRequest, event: Event) -> HttpResponse:
    """Every army sheet: laid out here when few, else a print job; past the page cap, in parts (`?part=`)."""
    regs = printed_registrations(event)
    lang, size, filename = get_language(), _size(request), f"{event.slug}-army-sheets-{size_suffix(request)}.pdf"
    count, cap = regs.count(), jobs.max_pages()
    part = int_param(request.GET, "part", minimum=1, maximum=max(1, -(-count // cap)))
    if count <= BACKGROUND_SHEETS:
        return pdf_response(army_sheets_pdf(army_sheets(event, regs, _base(request)), lang=lang, size=size), filename)
    if army_sheet_pages(count) > cap and part is None:
        return _refused(request, event, _("This event has %(count)s army sheets; one print job lays out at most "
                                          "%(limit)s. Print them in parts:") % {"count": count, "limit": cap},
                        200, parts=army_sheet_parts(count, cap))
    offset = (part - 1) * cap if part else 0
    if part:
        filename = f"{event.slug}-army-sheets-{size_suffix(request)}-part-{part}.pdf"
    return _queue(request, event, kind=PrintJob.Kind.ARMY_SHEETS, filename=filename,
                  pages=army_sheet_pages(min(cap, count - offset)),
                  options={"lang": lang, "size": size, "base_url": _base(request), "offset": offset})


@require_GET
@event_view()
def round_print(request: HttpRequest, event: Event, number: int, kind: str) -> HttpResponse:
    """Pairing sheets of published rounds are public; slips and packs are for the event's staff."""
    if kind not in ("pairings", "slips", "pack"):
        raise Http404
    rnd = get_object_or_404(event.rounds.select_related("event"), number=number)
    if not may_print_round(request.user, rnd, kind):
        return refusal(request)
    lang, filename, games = get_language(), f"{event.slug}-round-{number}-{kind}.pdf", rnd.games.count()
    if kind == "pairings" or games <= BACKGROUND_GAMES:
        return pdf_response(round_pdf(round_sheet(rnd, _base(request)), kind=kind, lang=lang), filename)
    return _queue(request, event, kind=kind, filename=filename, pages=round_pages(games, kind),
                  options={"lang": lang, "round": rnd.number, "base_url": _base(request)})


@require_GET
@event_view()
def standings_print(request: HttpRequest, event: Event) -> HttpResponse:
    upto = shown_round(request.GET, event)
    data = load(event, upto)  # one read of the games: the table and the words on how it is ordered
    body = standings_pdf(event.name, standings_frame(event, upto, data), after_round=upto, lang=get_language(),
                         order=ordering(event, tie_words(event, upto, data)))
    return pdf_response(body, f"{event.slug}-standings.pdf")


@require_GET
@event_view(role="staff")
def join_poster(request: HttpRequest, event: Event) -> HttpResponse:
    """A poster for the hall: the event's name, its address and a QR code to it (SITE_URL in venue mode)."""
    url = (settings.SITE_URL + event.get_absolute_url()) if settings.SITE_URL else request.build_absolute_uri(
        event.get_absolute_url())
    return pdf_response(join_poster_pdf(event.name, url, lang=get_language()), f"{event.slug}-join-poster.pdf")


def _job_message(job: PrintJob) -> str:
    if job.status == PrintJob.Status.FAILED:
        if job.error == jobs.WORKER_LOST:
            return _("The print worker stopped while preparing this PDF. Try again; if it stops again, "
                     "ask whoever runs the server to check the worker.")
        return _("The PDF could not be made: %(error)s") % {"error": job.error}
    if job.status == PrintJob.Status.QUEUED:
        return _("Waiting for the print worker…")
    if job.status == PrintJob.Status.EXPIRED:
        return _("This PDF was deleted: finished PDFs are kept only a short while. Ask for it again.")
    return _("Preparing the PDF…")


@require_GET
@event_view(role="staff")
def print_job(request: HttpRequest, event: Event, job: int) -> HttpResponse:
    """Progress of a print job (htmx polls this page's partial); the PDF when it is ready. Any organizer
    or umpire of the event may follow and fetch it, not only who asked."""
    found = get_object_or_404(PrintJob.objects.defer("pdf").select_related("requested_by"), pk=job, event=event)
    found = jobs.print_job_check(found)
    if request.GET.get("download") and found.status == PrintJob.Status.READY:
        body = jobs.print_job_download(found)
        if body is not None:
            return pdf_response(body, found.filename)
        found = PrintJob.objects.defer("pdf").select_related("requested_by").get(pk=found.pk)
    percent = int(100 * found.done / found.total) if found.total else 0
    context = {"event": event, "job": found, "percent": percent, "message": _job_message(found),
               "is_organizer": is_organizer(request.user, event), "failed": found.status == PrintJob.Status.FAILED,
               "expired": found.status == PrintJob.Status.EXPIRED,
               "ready": found.status == PrintJob.Status.READY}
    return render_partial(request, "tournament/print_job.html", "tournament/print_job.html#progress", context)


@require_POST
@event_view(role="staff")
def print_job_retry(request: HttpRequest, event: Event, job: int) -> HttpResponse:
    """"Try again": a new job for the same document."""
    found = get_object_or_404(PrintJob.objects.defer("pdf"), pk=job, event=event)
    if found.status != PrintJob.Status.FAILED:
        return redirect("tournament:print_job", slug=event.slug, job=found.pk)
    return _job_or_refusal(request, event, lambda: jobs.print_job_retry(found, request.user))
