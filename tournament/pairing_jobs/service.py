"""Pairing jobs (service): "Pair the next round" queues a task on the worker (tournament.pairing_jobs.tasks)
and the organizer's page follows it (htmx polling), so pairing a 1,000-player round holds no web worker.

One job per event at a time: a constraint allows one queued or running job per event, so a double click or
a second organizer gets the job already under way (without waiting for the event's lock, which the
pairing holds).
A job whose worker died (killed, machine restarted) is seen as print jobs are (tournament.pdfs.jobs): its
heartbeat is older than the lease (settings.PAIRING_JOB_LEASE_SECONDS) and its task is not waiting in the
queue; it is queued again once, then failed. The round is written in one transaction, so the dead attempt
left nothing behind and the next one pairs the round whole."""

from __future__ import annotations

import datetime

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from tournament.leased_jobs import MAX_ATTEMPTS as MAX_ATTEMPTS  # a job runs at most this often
from tournament.leased_jobs import WORKER_LOST as WORKER_LOST  # the pages read it here
from tournament.leased_jobs import JobKind, checked, recover_lost
from tournament.models import Event, PairingJob
from tournament.pairing_jobs.tasks import pair_next_round

ACTIVE = (PairingJob.Status.QUEUED, PairingJob.Status.RUNNING)
KEEP = datetime.timedelta(days=2)


def lease() -> datetime.timedelta:
    return datetime.timedelta(seconds=settings.PAIRING_JOB_LEASE_SECONDS)


def _enqueue(job: PairingJob) -> None:
    job.attempts += 1
    PairingJob.objects.filter(pk=job.pk).update(attempts=job.attempts, status=PairingJob.Status.QUEUED, error="",
                                                task_id="", heartbeat_at=timezone.now())
    result = pair_next_round.enqueue(job.pk, job.attempts)  # the immediate backend (tests) runs it here
    PairingJob.objects.filter(pk=job.pk, attempts=job.attempts).update(task_id=str(result.id))


def pairing_job_request(*, event: Event, user, kind: str = PairingJob.Kind.SWISS, lang: str = "") -> PairingJob:
    """Queue the pairing of `event`'s next round, asked by `user` (errors are told in `lang`), and return the
    job; the event's job already queued or running, if any, is returned instead.

    No lock on the event here: the pairing holds it while it runs, and a second click must not wait for it.
    Two requests at once are kept to one job by the constraint: the one that loses returns the winner's."""
    active = PairingJob.objects.select_related("round").filter(event=event, status__in=ACTIVE)
    running = active.first()
    if running is not None:
        return running
    PairingJob.objects.filter(event=event, created_at__lt=timezone.now() - KEEP).delete()
    try:
        with transaction.atomic():
            job = PairingJob.objects.create(event=event, requested_by=user, kind=kind, lang=lang[:10])
            _enqueue(job)
    except IntegrityError:  # another request queued one a moment ago
        return active.first() or PairingJob.objects.select_related("round").filter(event=event).order_by("-pk")[0]
    return PairingJob.objects.select_related("round").get(pk=job.pk)


PAIRING_JOBS = JobKind(rows=lambda: PairingJob.objects.select_related("round"), lease=lease,
                      enqueue=lambda job: _enqueue(job), failed=PairingJob.Status.FAILED,
                      queued=PairingJob.Status.QUEUED, active=ACTIVE)


def pairing_job_check(job: PairingJob) -> PairingJob:
    """The job as it stands now, after queueing it again (or failing it) if its worker died."""
    return checked(PAIRING_JOBS, job)


def recover_lost_pairing_jobs() -> int:
    """Queue again (or fail) every pairing job whose worker died; the worker runs this every few seconds."""
    return recover_lost(PAIRING_JOBS)
