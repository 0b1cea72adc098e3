"""Jobs leased to the task worker (print jobs, pairing jobs, player import jobs): what each job keeps of its lease,
and one way to tell a job whose worker died, and to queue it again once or fail it.

A job row extends `LeasedJob`: `task_id` (the task of its latest attempt), `attempts`, `heartbeat_at` and the
times; each kind adds its own `status` (queued, running, …). A queued or running job whose heartbeat is older
than its lease and whose task is not waiting in the queue is lost: its dead task row is marked failed, and the
job is queued again while it has attempts left, else failed with WORKER_LOST (emptying what the kind keeps only while
it runs, as every other end does). The check runs when a progress
page is polled and, every few seconds, in the worker's loop."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass

from django.db import models, transaction
from django.tasks import DEFAULT_TASK_BACKEND_ALIAS, TaskResultStatus, task_backends
from django.tasks.exceptions import TaskResultDoesNotExist
from django.utils import timezone

MAX_ATTEMPTS = 2
WORKER_LOST = "worker-lost"  # the error of a job whose worker died on every attempt


class LeasedJob(models.Model):
    """The fields of a job's lease, which every kind of job keeps (the print, pairing and player import job models
    extend it)."""

    # The django.tasks result of the latest attempt; `attempts` fences off an older attempt still running.
    task_id = models.CharField(max_length=64, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    # Set when queued and moved on while it runs: a queued or running job whose heartbeat is older than its
    # lease lost its worker.
    heartbeat_at = models.DateTimeField(null=True)
    finished_at = models.DateTimeField(null=True)

    class Meta:
        abstract = True


@dataclass(frozen=True)
class JobKind:
    """What the lease needs to know of one kind of job."""

    rows: Callable[[], models.QuerySet]  # the kind's rows as they are read (e.g. without the PDF bytes)
    lease: Callable[[], datetime.timedelta]
    enqueue: Callable[[models.Model], None]  # one more attempt: attempts + 1, queued, its task enqueued
    failed: str  # the kind's failed status
    queued: str
    active: tuple[str, ...]
    # What else a job of this kind empties when it ends (the player import's file), failed for a lost worker too.
    cleared: tuple[tuple[str, object], ...] = ()


def task_waiting(task_id: str) -> bool:
    """The job's task is still in the queue, not taken by a worker (a busy worker is no lost one). A task row that
    cannot be read (its task's path no longer imports, as after a task moved) waits for nothing: the job is lost
    and queued again under today's path."""
    try:
        return task_backends[DEFAULT_TASK_BACKEND_ALIAS].get_result(task_id).status == TaskResultStatus.READY
    except (NotImplementedError, TaskResultDoesNotExist, ValueError, ImportError):
        return False


def lost(kind: JobKind, job, now: datetime.datetime) -> bool:
    if job.status not in kind.active or (job.heartbeat_at and job.heartbeat_at > now - kind.lease()):
        return False
    return not (job.status == kind.queued and task_waiting(job.task_id))


def retire_task(task_id: str, now: datetime.datetime) -> None:
    """Mark the dead attempt's task row failed, so the task list does not show it running forever."""
    from django_tasks_db.backend import DatabaseBackend
    from django_tasks_db.models import DBTaskResult

    if task_id and isinstance(task_backends[DEFAULT_TASK_BACKEND_ALIAS], DatabaseBackend):
        DBTaskResult.objects.filter(id=task_id, status=TaskResultStatus.RUNNING).update(
            status=TaskResultStatus.FAILED, finished_at=now, exception_class_path="tournament.leased_jobs.WorkerLost",
            traceback="The worker stopped while running this task (no heartbeat within the lease).")


def _recover(kind: JobKind, pk: int, now: datetime.datetime) -> bool:
    job = kind.rows().select_for_update(of=("self",)).get(pk=pk)  # only the job row (a related row may be NULL)
    if not lost(kind, job, now):
        return False
    retire_task(job.task_id, now)
    if job.attempts < MAX_ATTEMPTS:
        kind.enqueue(job)
    else:
        kind.rows().filter(pk=pk).update(status=kind.failed, error=WORKER_LOST, finished_at=now, **dict(kind.cleared))
    return True


def checked(kind: JobKind, job):
    """The job as it stands now, after queueing it again (or failing it) if its worker died."""
    now = timezone.now()
    if lost(kind, job, now):
        with transaction.atomic():
            _recover(kind, job.pk, now)
        job = kind.rows().get(pk=job.pk)
    return job


def recover_lost(kind: JobKind) -> int:
    """Queue again (or fail) every job of this kind whose worker died; the worker runs this every few seconds."""
    now = timezone.now()
    stale = kind.rows().filter(status__in=kind.active, heartbeat_at__lt=now - kind.lease()).values_list("pk", flat=True)
    recovered = 0
    for pk in list(stale):
        with transaction.atomic():
            recovered += _recover(kind, pk, now)
    return recovered
