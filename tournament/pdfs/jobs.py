"""Print jobs (service): asked for by an event's staff, run by the task worker (tournament.pdfs.tasks),
watched by the progress page. Writes happen here, inside transactions.

A job whose worker died is never left at "Preparing…": a queued or running job whose heartbeat is
older than the lease (settings.PRINT_JOB_LEASE_SECONDS) and whose task is not waiting in the queue
is queued again once, then marked failed (the page offers "try again"). The check runs when the
progress page is polled and, every few seconds, in the worker (`manage.py worker`)."""

from __future__ import annotations

import datetime

from django.conf import settings
from django.db import transaction
from django.tasks import DEFAULT_TASK_BACKEND_ALIAS, TaskResultStatus, task_backends
from django.tasks.exceptions import TaskResultDoesNotExist
from django.utils import timezone

from tournament.models import Event, PrintJob
from tournament.pdfs.tasks import make_pdf

MAX_ATTEMPTS = 2
KEEP = datetime.timedelta(days=2)
WORKER_LOST = "worker-lost"  # the error of a job whose worker died on every attempt
ACTIVE = (PrintJob.Status.QUEUED, PrintJob.Status.RUNNING)


def lease() -> datetime.timedelta:
    return datetime.timedelta(seconds=settings.PRINT_JOB_LEASE_SECONDS)


def _enqueue(job: PrintJob) -> None:
    job.attempts += 1
    PrintJob.objects.filter(pk=job.pk).update(attempts=job.attempts, status=PrintJob.Status.QUEUED, done=0,
                                              total=0, error="", task_id="", heartbeat_at=timezone.now())
    result = make_pdf.enqueue(job.pk, job.attempts)  # the immediate backend (tests) runs it here
    PrintJob.objects.filter(pk=job.pk, attempts=job.attempts).update(task_id=str(result.id))


@transaction.atomic
def print_job_request(*, event: Event, user, kind: str, options: dict, filename: str) -> PrintJob:
    """Record a print job for `event`, asked by `user`, and queue it (the task row commits with it)."""
    PrintJob.objects.filter(created_at__lt=timezone.now() - KEEP).delete()
    job = PrintJob.objects.create(event=event, requested_by=user if user.is_authenticated else None, kind=kind,
                                  options=options, filename=filename[:200])
    _enqueue(job)
    return PrintJob.objects.defer("pdf").get(pk=job.pk)


@transaction.atomic
def print_job_retry(job: PrintJob, user) -> PrintJob:
    """A new job with the same document, asked by `user` (the "try again" button)."""
    return print_job_request(event=job.event, user=user, kind=job.kind, options=job.options, filename=job.filename)


def _task_waiting(task_id: str) -> bool:
    """The job's task is still in the queue, not taken by a worker (a busy worker is no lost one)."""
    try:
        return task_backends[DEFAULT_TASK_BACKEND_ALIAS].get_result(task_id).status == TaskResultStatus.READY
    except (NotImplementedError, TaskResultDoesNotExist, ValueError):
        return False


def _lost(job: PrintJob, now: datetime.datetime) -> bool:
    if job.status not in ACTIVE or (job.heartbeat_at and job.heartbeat_at > now - lease()):
        return False
    return not (job.status == PrintJob.Status.QUEUED and _task_waiting(job.task_id))


def _retire_task(task_id: str, now: datetime.datetime) -> None:
    """Mark the dead attempt's task row failed, so the task list does not show it running forever."""
    from django_tasks_db.backend import DatabaseBackend
    from django_tasks_db.models import DBTaskResult

    if task_id and isinstance(task_backends[DEFAULT_TASK_BACKEND_ALIAS], DatabaseBackend):
        DBTaskResult.objects.filter(id=task_id, status=TaskResultStatus.RUNNING).update(
            status=TaskResultStatus.FAILED, finished_at=now, exception_class_path="tournament.pdfs.jobs.WorkerLost",
            traceback="The worker stopped while running this task (no heartbeat within the lease).")


def _recover(pk: int, now: datetime.datetime) -> bool:
    job = PrintJob.objects.select_for_update().defer("pdf").get(pk=pk)
    if not _lost(job, now):
        return False
    _retire_task(job.task_id, now)
    if job.attempts < MAX_ATTEMPTS:
        _enqueue(job)
    else:
        PrintJob.objects.filter(pk=pk).update(status=PrintJob.Status.FAILED, error=WORKER_LOST, finished_at=now)
    return True


def print_job_check(job: PrintJob) -> PrintJob:
    """The job as it stands now, after queueing it again (or failing it) if its worker died."""
    now = timezone.now()
    if _lost(job, now):
        with transaction.atomic():
            _recover(job.pk, now)
        job = PrintJob.objects.defer("pdf").get(pk=job.pk)
    return job


def recover_lost_jobs() -> int:
    """Queue again (or fail) every job whose worker died; the worker runs this every few seconds."""
    now = timezone.now()
    stale = PrintJob.objects.filter(status__in=ACTIVE, heartbeat_at__lt=now - lease()).values_list("pk", flat=True)
    recovered = 0
    for pk in list(stale):
        with transaction.atomic():
            recovered += _recover(pk, now)
    return recovered
