"""Player import jobs (service): the organizer's file, read and checked for its shape in the request, is kept
as a job and queued on the task worker (tournament.registration.import_task), which checks every row and
stores the players in one transaction; the organizer's page follows it (htmx polling), so a 2,000-row file
holds no web worker.

One job per event at a time: a constraint allows one queued or running job per event, so a double click or
a second organizer gets the job already under way. Besides the event's own limits (imports an hour, entries
at most: player_import.check_import_allowed), an account may ask for settings.PLAYER_IMPORT_JOBS_PER_HOUR
jobs an hour, counted by tournament.limits.counter (files with bad rows too: each costs the worker).
A job whose worker died is queued again once, then failed (tournament.leased_jobs); the players are stored
in one transaction with the job's "done", so the dead attempt left nothing and the next one stores them all."""

from __future__ import annotations

import datetime

import pandas as pd
from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import ngettext

from tournament.leased_jobs import MAX_ATTEMPTS as MAX_ATTEMPTS  # a job runs at most this often
from tournament.leased_jobs import WORKER_LOST as WORKER_LOST  # the pages read it here
from tournament.leased_jobs import JobKind, checked, recover_lost
from tournament.limits.counter import allow
from tournament.models import Event, PlayerImportJob
from tournament.registration.import_task import frame_table, import_players
from tournament.registration.player_import import ImportRefused

ACTIVE = (PlayerImportJob.Status.QUEUED, PlayerImportJob.Status.RUNNING)
KEEP = datetime.timedelta(days=2)
LIMIT_SCOPE = "player-import"


def lease() -> datetime.timedelta:
    return datetime.timedelta(seconds=settings.PLAYER_IMPORT_JOB_LEASE_SECONDS)


def _enqueue(job: PlayerImportJob) -> None:
    job.attempts += 1
    PlayerImportJob.objects.filter(pk=job.pk).update(attempts=job.attempts, status=PlayerImportJob.Status.QUEUED,
                                                     error="", task_id="", heartbeat_at=timezone.now())
    result = import_players.enqueue(job.pk, job.attempts)  # the immediate backend (tests) runs it here
    PlayerImportJob.objects.filter(pk=job.pk, attempts=job.attempts).update(task_id=str(result.id))


def _rows():
    return PlayerImportJob.objects.defer("table").select_related("requested_by")


def import_job_request(*, event: Event, user, frame: pd.DataFrame, filename: str, lang: str = "") -> PlayerImportJob:
    """Queue the import of `frame` (a file already read, of a fit shape) into `event`, asked by `user`
    (problems are told in `lang`), and return the job; the event's job already queued or running, if any,
    is returned instead (a double click, a second organizer), and nothing is counted.

    Raises ImportRefused (too many requests) past the account's hourly limit. Two requests at once are kept
    to one job by the constraint: the one that loses returns the winner's."""
    active = _rows().filter(event=event, status__in=ACTIVE)
    running = active.first()
    if running is not None:
        return running
    limit = settings.PLAYER_IMPORT_JOBS_PER_HOUR
    if not allow(LIMIT_SCOPE, str(user.pk), limit=limit, window=datetime.timedelta(hours=1)):
        raise ImportRefused(ngettext("You have asked for %(n)s player import in the last hour, the limit: "
                                     "try again later.",
                                     "You have asked for %(n)s player imports in the last hour, the limit: "
                                     "try again later.", limit) % {"n": limit}, too_many_requests=True)
    PlayerImportJob.objects.filter(event=event, created_at__lt=timezone.now() - KEEP).delete()
    try:
        with transaction.atomic():
            job = PlayerImportJob.objects.create(event=event, requested_by=user, lang=lang[:10],
                                                 filename=filename[:200], rows=len(frame), table=frame_table(frame))
            _enqueue(job)
    except IntegrityError:  # another request queued one a moment ago
        return active.first() or _rows().filter(event=event).order_by("-pk")[0]
    return _rows().get(pk=job.pk)


def active_import_job(event: Event) -> PlayerImportJob | None:
    """The event's import under way, if any (the players and import pages link to it)."""
    return _rows().filter(event=event, status__in=ACTIVE).first()


IMPORT_JOBS = JobKind(rows=_rows, lease=lease, enqueue=lambda job: _enqueue(job),
                      failed=PlayerImportJob.Status.FAILED, queued=PlayerImportJob.Status.QUEUED, active=ACTIVE,
                      cleared=(("table", {}),))  # the file is kept only until the job ends, however it ends


def import_job_check(job: PlayerImportJob) -> PlayerImportJob:
    """The job as it stands now, after queueing it again (or failing it) if its worker died."""
    return checked(IMPORT_JOBS, job)


def recover_lost_import_jobs() -> int:
    """Queue again (or fail) every import job whose worker died; the worker runs this every few seconds."""
    return recover_lost(IMPORT_JOBS)
