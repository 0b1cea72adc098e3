"""Print jobs (service): asked for by an event's staff, run by the task worker (tournament.pdfs.tasks),
watched by the progress page. Writes happen here, inside transactions.

A job whose worker died is never left at "Preparing…": a queued or running job whose heartbeat is
older than the lease (settings.PRINT_JOB_LEASE_SECONDS) and whose task is not waiting in the queue
is queued again once, then marked failed (the page offers "try again"). The check runs when the
progress page is polled and, every few seconds, in the worker (`manage.py worker`).

The worker is shared by every event, so one account cannot hold it (issue #26): a user has at most one
active job per event and kind (asking again returns it), at most settings.PRINT_JOBS_PER_HOUR jobs an
hour, and a job lays out at most settings.PRINT_JOB_MAX_PAGES pages. Smaller jobs go first (the task's
priority falls with its pages), so a 60-player job does not wait behind another event's 2,000 sheets.
A finished PDF is dropped PRINT_JOB_KEEP_AFTER_DOWNLOAD after its first download, or
PRINT_JOB_KEEP_HOURS after it was made (`prune_print_jobs`, run by the worker's loop)."""

from __future__ import annotations

import datetime

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Q
from django.tasks.base import TASK_MAX_PRIORITY, TASK_MIN_PRIORITY
from django.utils import timezone

from tournament.leased_jobs import MAX_ATTEMPTS as MAX_ATTEMPTS  # a job runs at most this often
from tournament.leased_jobs import WORKER_LOST as WORKER_LOST  # the pages read it here
from tournament.leased_jobs import JobKind, checked, recover_lost
from tournament.models import Event, PrintJob
from tournament.pdfs.tasks import make_pdf

KEEP = datetime.timedelta(days=2)  # the job's row (what was asked, by whom): the hourly count reads it
ACTIVE = (PrintJob.Status.QUEUED, PrintJob.Status.RUNNING)


def lease() -> datetime.timedelta:
    return datetime.timedelta(seconds=settings.PRINT_JOB_LEASE_SECONDS)


class PrintQuotaExceeded(Exception):
    """The account asked for settings.PRINT_JOBS_PER_HOUR print jobs in the last hour."""

    def __init__(self, limit: int):
        self.limit = limit
        super().__init__(limit)


class AnotherJobRunning(Exception):
    """The user's active job of this event and kind is another document (another round, part, size or
    language): the new one waits its turn rather than being answered with the wrong PDF."""

    def __init__(self, job: PrintJob):
        self.job = job
        super().__init__(job.pk)


class TooManyPages(Exception):
    """The document would be longer than settings.PRINT_JOB_MAX_PAGES pages."""

    def __init__(self, pages: int, limit: int):
        self.pages, self.limit = pages, limit
        super().__init__(pages, limit)


def max_pages() -> int:
    return settings.PRINT_JOB_MAX_PAGES


def priority_for(pages: int) -> int:
    """Small jobs first: the task's priority falls from the highest (1 page) to the lowest (the cap)."""
    share = min(max(pages, 1), max_pages()) / max_pages()
    return round(TASK_MAX_PRIORITY - share * (TASK_MAX_PRIORITY - TASK_MIN_PRIORITY))


def _enqueue(job: PrintJob) -> None:
    job.attempts += 1
    PrintJob.objects.filter(pk=job.pk).update(attempts=job.attempts, status=PrintJob.Status.QUEUED, done=0,
                                              total=0, error="", task_id="", heartbeat_at=timezone.now())
    task = make_pdf.using(priority=priority_for(job.pages))
    result = task.enqueue(job.pk, job.attempts)  # the immediate backend (tests) runs it here
    PrintJob.objects.filter(pk=job.pk, attempts=job.attempts).update(task_id=str(result.id))


def jobs_asked_since(user, since: datetime.datetime) -> int:
    return PrintJob.objects.filter(requested_by=user, created_at__gte=since).count()


@transaction.atomic
def print_job_request(*, event: Event, user, kind: str, options: dict, filename: str, pages: int) -> PrintJob:
    """Record a print job of about `pages` pages for `event`, asked by `user`, and queue it (the task row
    commits with it). The user's active job of this event and kind, if any, is returned instead when it is
    the same document; when it is another one, AnotherJobRunning (one active job per user, event and kind).

    Raises TooManyPages over the cap and PrintQuotaExceeded past the hourly limit (superusers: none). The
    user's row is locked first, so parallel requests of one account are counted one after the other."""
    get_user_model().objects.select_for_update().filter(pk=user.pk).first()
    running = (PrintJob.objects.defer("pdf").filter(event=event, requested_by=user, kind=kind, status__in=ACTIVE)
               .order_by("-pk").first())
    if running is not None:
        if running.options == options and running.filename == filename[:200]:
            return running
        raise AnotherJobRunning(running)
    if pages > max_pages():
        raise TooManyPages(pages, max_pages())
    now = timezone.now()
    limit = settings.PRINT_JOBS_PER_HOUR
    if not user.is_superuser and jobs_asked_since(user, now - datetime.timedelta(hours=1)) >= limit:
        raise PrintQuotaExceeded(limit)
    prune_print_jobs(now)
    job = PrintJob.objects.create(event=event, requested_by=user, kind=kind, options=options,
                                  filename=filename[:200], pages=pages)
    _enqueue(job)
    return PrintJob.objects.defer("pdf").get(pk=job.pk)


def prune_print_jobs(now: datetime.datetime | None = None) -> int:
    """Drop finished PDFs (a while after their first download, or some hours after they were made) and
    forget jobs older than KEEP. Returns how many PDFs were dropped."""
    now = now or timezone.now()
    PrintJob.objects.filter(created_at__lt=now - KEEP).delete()
    after_download = datetime.timedelta(seconds=settings.PRINT_JOB_KEEP_AFTER_DOWNLOAD)
    old = PrintJob.objects.filter(status=PrintJob.Status.READY).filter(
        Q(finished_at__lt=now - datetime.timedelta(hours=settings.PRINT_JOB_KEEP_HOURS))
        | Q(downloaded_at__lt=now - after_download))
    return old.update(status=PrintJob.Status.EXPIRED, pdf=None)


def print_job_download(job: PrintJob) -> bytes | None:
    """The job's PDF, noting its first download (it is dropped a while after); None once dropped."""
    body = PrintJob.objects.filter(pk=job.pk, status=PrintJob.Status.READY).values_list("pdf", flat=True).first()
    if body is None:
        return None
    PrintJob.objects.filter(pk=job.pk, downloaded_at__isnull=True).update(downloaded_at=timezone.now())
    return bytes(body)


@transaction.atomic
def print_job_retry(job: PrintJob, user) -> PrintJob:
    """A new job with the same document, asked by `user` (the "try again" button)."""
    return print_job_request(event=job.event, user=user, kind=job.kind, options=job.options, filename=job.filename,
                             pages=job.pages)


PRINT_JOBS = JobKind(rows=lambda: PrintJob.objects.defer("pdf"), lease=lease, enqueue=lambda job: _enqueue(job),
                    failed=PrintJob.Status.FAILED, queued=PrintJob.Status.QUEUED, active=ACTIVE)


def print_job_check(job: PrintJob) -> PrintJob:
    """The job as it stands now, after queueing it again (or failing it) if its worker died."""
    return checked(PRINT_JOBS, job)


def recover_lost_jobs() -> int:
    """Queue again (or fail) every print job whose worker died; the worker runs this every few seconds."""
    return recover_lost(PRINT_JOBS)
