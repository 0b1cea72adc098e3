"""The pairing task the worker runs (`manage.py worker`): the next round of a pairing job's event, by the
rounds service (tournament.pairing.manager.round_pair, or tournament.stages.service.stage_pair for an event
in stages). The service writes the round in one transaction, so a worker killed mid-job leaves no round
half-made: the job is queued again (tournament.pairing_jobs.service) and the next attempt pairs it whole.

An attempt runs only while the job still counts it as its latest (`attempts`); the service returns the
draft already made, so an attempt that comes back after a retry made the round adds nothing."""

from __future__ import annotations

from django.conf import settings
from django.tasks import task
from django.utils import timezone, translation

from tournament.leagues.event_ratings import event_ratings
from tournament.models import PairingJob
from tournament.pairing.manager import RoundError, round_pair
from tournament.stages.service import StageError, stage_pair


@task()
def pair_next_round(job_id: int, attempt: int) -> int:
    """Pair the round of job `job_id` (its attempt number `attempt`); returns the round's number (0: none)."""
    mine = PairingJob.objects.filter(pk=job_id, attempts=attempt)
    if not mine.filter(status=PairingJob.Status.QUEUED).update(status=PairingJob.Status.RUNNING,
                                                               heartbeat_at=timezone.now()):
        return 0  # superseded, or already done
    job = mine.select_related("event", "requested_by").get()
    try:
        with translation.override(job.lang or settings.LANGUAGE_CODE):
            if job.kind == PairingJob.Kind.STAGES:
                rnd = stage_pair(job.event, job.requested_by)
            else:  # round 1 by rating reads the ratings the event's league or the global rating give
                rnd = round_pair(job.event, job.requested_by, ratings=event_ratings)
    except (RoundError, StageError) as exc:  # not pairable now: the organizer reads why
        mine.update(status=PairingJob.Status.FAILED, error=str(exc)[:500], finished_at=timezone.now())
        return 0
    except Exception as exc:
        mine.update(status=PairingJob.Status.FAILED, error=(str(exc) or type(exc).__name__)[:500],
                    finished_at=timezone.now())
        raise
    mine.update(status=PairingJob.Status.DONE, round=rnd, error="", finished_at=timezone.now())
    return rnd.number
