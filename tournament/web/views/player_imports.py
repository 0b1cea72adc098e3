"""The organizer's player import (CSV or XLSX) on the task worker: the upload is read and checked for its
shape here (a bad file is a 4xx naming it, at once), then kept as an import job and queued
(tournament.registration.import_jobs); the job's page shows its progress (htmx polls it, a meta refresh
without JavaScript) and then its outcome: the players added, or every problem with its line."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from config.htmx import vary_on_htmx, wants_partial
from tournament.armies.catalogue import ARMY_SIZE
from tournament.models import Event, PlayerImportJob
from tournament.registration import import_jobs as jobs
from tournament.registration.player_import import (
    MAX_COLUMNS,
    MAX_ROWS,
    ImportRefused,
    check_import_allowed,
    sample_frame,
    shape_problem,
)
from tournament.transfer.exports import TableError, read_table, to_csv_bytes
from tournament.transfer.messages import table_error_message
from tournament.web.input_guard import takes_uploads
from tournament.web.permissions import ORGANIZER, event_view

MAX_UPLOAD_BYTES = 2 * 1024 * 1024
POLL_SECONDS = 1  # the page without JavaScript reloads this often


def _page(request: HttpRequest, event: Event, errors: list, status: int = 200) -> HttpResponse:
    context = {"event": event, "errors": errors, "army_size": ARMY_SIZE, "under_way": jobs.active_import_job(event)}
    return render(request, "tournament/player_import.html", context, status=status)


def _refused(request: HttpRequest, event: Event, refused: ImportRefused) -> HttpResponse:
    return _page(request, event, [(0, refused.message)], 429 if refused.too_many_requests else 400)


def _error(job: PlayerImportJob) -> str:
    if job.error == jobs.WORKER_LOST:
        return _("The task worker stopped while importing this file. Try again; if it stops again, "
                 "ask whoever runs the server to check the worker.")
    return job.error


def _outcome(job: PlayerImportJob) -> list[tuple[int, str]]:
    """What kept the file out: every problem with its line, or the one reason (line 0)."""
    return [(line, text) for line, text in job.problems] or [(0, _error(job))]


@event_view(role=ORGANIZER)
@takes_uploads()
def player_import(request: HttpRequest, event: Event) -> HttpResponse:
    """The upload: what the request can tell at once (the event's limits, no file, too large, unreadable, no
    name column, too many rows) is answered here with a 4xx; the rows are checked by the task worker."""
    if request.method != "POST":
        return _page(request, event, [])
    try:
        check_import_allowed(event)  # before the file is read: a refused import costs no parsing
    except ImportRefused as refused:
        return _refused(request, event, refused)
    upload = request.FILES.get("file")
    if upload is None:
        return _page(request, event, [(0, _("Choose a CSV or XLSX file."))], 400)
    if upload.size > MAX_UPLOAD_BYTES:
        return _page(request, event, [(0, _("The file is too large (2 MB at most)."))], 400)
    try:
        frame = read_table(upload.read(), upload.name, max_rows=MAX_ROWS, max_columns=MAX_COLUMNS)
    except TableError as exc:
        return _page(request, event, [(0, table_error_message(exc))], 400)
    problem = shape_problem(frame)
    if problem is not None:
        return _page(request, event, [(1, problem)], 400)
    asked_at = timezone.now()
    try:
        check_import_allowed(event, len(frame))
        job = jobs.import_job_request(event=event, user=request.user, frame=frame, filename=upload.name or "",
                                      lang=get_language() or "")
    except ImportRefused as refused:
        return _refused(request, event, refused)
    if job.status == PlayerImportJob.Status.DONE:  # the task ran at once (no worker in between: tests)
        messages.success(request, _("Imported %(n)s players.") % {"n": job.added})
        return redirect("tournament:players", slug=event.slug)
    if job.status == PlayerImportJob.Status.FAILED:
        return _page(request, event, _outcome(job), 200 if job.problems else 400)
    if job.created_at < asked_at:  # an import already under way for the event: this file waits for the organizer
        messages.info(request, _("An import is already under way for this event, so “%(file)s” was not read: "
                                 "import it again once this one has finished.") % {"file": upload.name or ""})
    return redirect("tournament:player_import_job", slug=event.slug, job=job.pk)


@require_GET
@event_view(role=ORGANIZER)
def player_import_job(request: HttpRequest, event: Event, job: int) -> HttpResponse:
    """The job's progress (htmx polls its partial), then its outcome."""
    found = get_object_or_404(PlayerImportJob.objects.defer("table").select_related("requested_by"), pk=job,
                              event=event)
    found = jobs.import_job_check(found)
    status = PlayerImportJob.Status
    context = {"event": event, "job": found, "poll": POLL_SECONDS, "queued": found.status == status.QUEUED,
               "done": found.status == status.DONE, "failed": found.status == status.FAILED,
               "errors": _outcome(found) if found.status == status.FAILED else [],
               "added": ngettext("Imported %(n)s player.", "Imported %(n)s players.", found.added) % {"n": found.added},
               "rows": ngettext("%(n)s row", "%(n)s rows", found.rows) % {"n": found.rows}}
    template = "tournament/player_import_job.html#progress" if wants_partial(request) else "tournament/player_import_job.html"
    return vary_on_htmx(render(request, template, context))


@require_GET
@event_view(role=ORGANIZER)
def player_import_sample(request: HttpRequest, event: Event) -> HttpResponse:
    """A sample CSV with every column the import reads, to fill in."""
    response = HttpResponse(to_csv_bytes(sample_frame()), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = 'attachment; filename="players-sample.csv"'
    return response
