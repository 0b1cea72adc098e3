"""Pairing jobs: "Pair the next round", "Pair again" (a draft thrown away and paired anew) and "Play an extra
round" queue a task on the worker and the organizer's page follows it (htmx polling), so pairing a 1,000-player
round holds no web worker.

The request (`pairing_job_request`): one job per event at a time. A constraint allows one queued or running
job per event, so a double click or a second organizer gets the job already under way (without waiting for
the event's lock, which the pairing holds).

The task (`pair_next_round`, run by `manage.py worker`): the job's round, by the rounds service of its kind
(tournament.pairing.manager.round_pair for the next round, tournament.stages.service.stage_pair for an event
in stages, manager.round_regenerate for the draft paired again, which refuses a round published meanwhile (a
stage round's draft: deleted and paired again by stage_pair), and
tournament.pairing.finish.round_pair_extra for an extra round). The service writes the round in one
transaction, so a worker killed mid-job leaves no round half-made. An attempt runs only while the job still counts it as its latest (`attempts`); the service returns
the draft already made, so an attempt that comes back after a retry made the round adds nothing.

A job whose worker died (killed, machine restarted) is seen as print jobs are (tournament.leased_jobs): its
heartbeat is older than the lease (settings.PAIRING_JOB_LEASE_SECONDS) and its task is not waiting in the
queue; it is queued again once, then failed, and the next attempt pairs the round whole."""

from __future__ import annotations

import datetime

from django.conf import settings
from django.db import IntegrityError, transaction
from django.tasks import task
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from tournament.leagues.event_ratings import event_ratings
from tournament.leased_jobs import MAX_ATTEMPTS as MAX_ATTEMPTS  # a job runs at most this often
from tournament.leased_jobs import WORKER_LOST as WORKER_LOST  # the pages read it here
from tournament.leased_jobs import JobKind, checked, recover_lost
from tournament.models import Event, PairingJob, Round
from tournament.pairing.finish import round_pair_extra
from tournament.pairing.manager import RoundError, locked_round, round_delete, round_pair, round_regenerate
from tournament.stages.service import StageError, stage_pair

ACTIVE = (PairingJob.Status.QUEUED, PairingJob.Status.RUNNING)
KEEP = datetime.timedelta(days=2)


class Superseded(Exception):
    """A later attempt of the job took over: this one's round is rolled back."""


@task()
def pair_next_round(job_id: int, attempt: int) -> int:
    """Pair the round of job `job_id` (its attempt number `attempt`); returns the round's number (0: none)."""
    mine = PairingJob.objects.filter(pk=job_id, attempts=attempt)
    if not mine.filter(status=PairingJob.Status.QUEUED).update(status=PairingJob.Status.RUNNING,
                                                               heartbeat_at=timezone.now()):
        return 0  # superseded, or already done
    job = mine.select_related("event", "requested_by").get()
    try:
        # The round and the job's "done" in one transaction: a worker killed between the two would leave a round
        # its retry no longer finds (published meanwhile), and the retry would pair another. An attempt that a
        # retry took over meanwhile rolls its round back.
        with transaction.atomic(), translation.override(job.lang or settings.LANGUAGE_CODE):
            rnd = _pair(job)
            if not mine.filter(status=PairingJob.Status.RUNNING).update(status=PairingJob.Status.DONE, round=rnd,
                                                                        error="", finished_at=timezone.now()):
                raise Superseded
    except Superseded:
        return 0
    except (RoundError, StageError) as exc:  # not pairable now: the organizer reads why
        mine.update(status=PairingJob.Status.FAILED, error=str(exc)[:500], finished_at=timezone.now())
        return 0
    except Exception as exc:
        mine.update(status=PairingJob.Status.FAILED, error=(str(exc) or type(exc).__name__)[:500],
                    finished_at=timezone.now())
        raise
    return rnd.number


def _pair(job: PairingJob) -> Round:
    """The job's round by the service of its kind (each locks the event; round 1 by rating reads the ratings the
    event's league or the global rating give)."""
    if job.kind == PairingJob.Kind.STAGES:
        return stage_pair(job.event, job.requested_by)
    if job.kind == PairingJob.Kind.EXTRA:
        return round_pair_extra(job.event, job.requested_by, ratings=event_ratings)
    if job.kind == PairingJob.Kind.AGAIN:
        Event.objects.select_for_update().get(pk=job.event_id)  # the draft as it is under the lock
        draft = job.event.rounds.filter(number=job.redo).first()
        if draft is None:  # deleted meanwhile
            raise RoundError(_("Round %(n)s was deleted meanwhile: there is no draft to pair again.") % {"n": job.redo})
        if draft.method == "stage":
            return _stage_again(draft, job.requested_by)
        return round_regenerate(draft, job.requested_by, ratings=event_ratings)
    return round_pair(job.event, job.requested_by, ratings=event_ratings)


def _stage_again(draft: Round, user) -> Round:
    """A stage round's draft paired again: thrown away, and the stages' next games paired anew (a player dropped
    meanwhile loses their match, or leaves their group game out); the Swiss `round_regenerate` would refuse, the
    event being in its stages."""
    draft = locked_round(draft)  # a publish meanwhile is seen: a published round is never thrown away here
    if draft.status != Round.Status.DRAFT:
        raise RoundError(_("Only a draft can be paired again; delete a published round first."))
    round_delete(draft, user)
    return stage_pair(draft.event, user)


def lease() -> datetime.timedelta:
    return datetime.timedelta(seconds=settings.PAIRING_JOB_LEASE_SECONDS)


def _enqueue(job: PairingJob) -> None:
    job.attempts += 1
    PairingJob.objects.filter(pk=job.pk).update(attempts=job.attempts, status=PairingJob.Status.QUEUED, error="",
                                                task_id="", heartbeat_at=timezone.now())
    result = pair_next_round.enqueue(job.pk, job.attempts)  # the immediate backend (tests) runs it here
    PairingJob.objects.filter(pk=job.pk, attempts=job.attempts).update(task_id=str(result.id))


def pairing_job_request(*, event: Event, user, kind: str = PairingJob.Kind.SWISS, lang: str = "",
                        redo: int | None = None) -> PairingJob:
    """Queue the pairing of `event`'s next round (of its kind: for "Pair again", draft round `redo` paired anew),
    asked by `user` (errors are told in `lang`), and return the job; the event's job already queued or running,
    if any, is returned instead.

    No lock on the event here: the pairing holds it while it runs, and a second click must not wait for it.
    Two requests at once are kept to one job by the constraint: the one that loses returns the winner's."""
    active = PairingJob.objects.select_related("round").filter(event=event, status__in=ACTIVE)
    running = active.first()
    if running is not None:
        return running
    PairingJob.objects.filter(event=event, created_at__lt=timezone.now() - KEEP).delete()
    try:
        with transaction.atomic():
            job = PairingJob.objects.create(event=event, requested_by=user, kind=kind, lang=lang[:10],
                                            redo=redo if kind == PairingJob.Kind.AGAIN else None)
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
