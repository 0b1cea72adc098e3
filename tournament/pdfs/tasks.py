"""The print task the worker runs (`manage.py worker`): it reads the event from the database, lays out
the PDF with progress, and stores it in the job's row. Each progress step moves the job's heartbeat on,
so a job whose worker died is seen (tournament.pdfs.jobs) and queued again or failed.

An attempt runs only while the job still counts it as its latest (`attempts`): an attempt thought lost
that comes back writes nothing."""

from __future__ import annotations

import time

from django.conf import settings
from django.db.models import F
from django.tasks import task
from django.utils import timezone

from tournament.models import PrintJob
from tournament.pdfs.army_sheet import army_sheets_pdf
from tournament.pdfs.data import army_sheets, printed_registrations, round_sheet
from tournament.pdfs.round_docs import round_pdf
from tournament.pdfs.sizes import round_pages

BEAT_SECONDS = 0.5


class Superseded(Exception):
    """A newer attempt of the same job was queued while this one ran."""


class Heartbeat:
    """The progress callback: writes done/total and the heartbeat at most every BEAT_SECONDS."""

    def __init__(self, rows):
        self.rows, self.last = rows, 0.0

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if now - self.last >= BEAT_SECONDS or done == total:
            self.last = now
            if not self.rows.update(done=done, total=total, heartbeat_at=timezone.now()):
                raise Superseded


class TooLong(Exception):
    """The document grew past the page cap since it was asked for."""


def build(job: PrintJob, progress) -> bytes:
    """Lay out the job's document, never more than settings.PRINT_JOB_MAX_PAGES pages: army sheets from
    the job's `offset` (a part of a larger event), a round only while its slips fit."""
    event, options, cap = job.event, job.options, settings.PRINT_JOB_MAX_PAGES
    lang, base = options.get("lang") or settings.LANGUAGE_CODE, options.get("base_url") or "/"
    if job.kind == PrintJob.Kind.ARMY_SHEETS:
        offset = int(options.get("offset", 0))
        regs = printed_registrations(event)[offset:offset + cap]
        sheets = army_sheets(event, regs, base)
        return army_sheets_pdf(sheets, lang=lang, size=options.get("size", "A4"), progress=progress)
    rnd = event.rounds.get(number=options["round"])
    if round_pages(rnd.games.count(), job.kind) > cap:
        raise TooLong(f"more than {cap} pages")
    return round_pdf(round_sheet(rnd, base), kind=job.kind, lang=lang, progress=progress)


@task()
def make_pdf(job_id: int, attempt: int) -> int:
    """Lay out print job `job_id` (its attempt number `attempt`); returns the PDF's size in bytes."""
    mine = PrintJob.objects.filter(pk=job_id, attempts=attempt)
    if not mine.filter(status=PrintJob.Status.QUEUED).update(status=PrintJob.Status.RUNNING,
                                                             heartbeat_at=timezone.now()):
        return 0  # superseded, or already done
    job = mine.select_related("event").defer("pdf").get()
    try:
        body = build(job, Heartbeat(mine))
    except Superseded:
        return 0
    except Exception as exc:
        mine.update(status=PrintJob.Status.FAILED, error=(str(exc) or type(exc).__name__)[:500],
                    finished_at=timezone.now())
        raise
    now = timezone.now()
    # Also over a "lost" verdict on this last attempt (a layout stalled past the lease): the PDF is there.
    mine.update(status=PrintJob.Status.READY, pdf=body, error="", done=F("total"), finished_at=now, heartbeat_at=now)
    return len(body)
