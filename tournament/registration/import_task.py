"""The player import task the worker runs (`manage.py worker`): every row of a job's file checked
(player_import.parse_frame) and, when all are good, the players stored in bulk (player_import.import_rows) in
one transaction together with the job's "done". A worker killed mid-job leaves nothing half-written: the job
is queued again (tournament.registration.import_jobs) and the next attempt stores the players whole.

An attempt runs only while the job still counts it as its latest (`attempts`); one that comes back after a
retry took over rolls its players back, so a file is imported exactly once."""

from __future__ import annotations

import pandas as pd
from django.conf import settings
from django.db import transaction
from django.tasks import task
from django.utils import timezone, translation

from tournament.models import PlayerImportJob
from tournament.registration.player_import import ImportRefused, import_rows, parse_frame

Status = PlayerImportJob.Status


class Superseded(Exception):
    """A later attempt of the job took over: this one's players are rolled back."""


def frame_table(frame: pd.DataFrame) -> dict:
    """A frame of text cells (tournament.transfer.exports.read_table) as the job keeps it, with its index (each
    row's line in the file less 2: the problems name the lines the organizer sees, blank rows counted)."""
    return {"columns": [str(c) for c in frame.columns], "rows": frame.to_numpy(dtype=object).tolist(),
            "index": [int(i) for i in frame.index]}


def table_frame(table: dict) -> pd.DataFrame:
    rows = table.get("rows") or []
    index = table.get("index")  # a job queued before the index was kept: rows numbered from the header
    return pd.DataFrame(rows, columns=table.get("columns") or [], dtype=str,
                        index=index if index and len(index) == len(rows) else None)


@task()
def import_players(job_id: int, attempt: int) -> int:
    """Import the file of job `job_id` (its attempt number `attempt`); returns the players added (0: none)."""
    mine = PlayerImportJob.objects.filter(pk=job_id, attempts=attempt)
    if not mine.filter(status=Status.QUEUED).update(status=Status.RUNNING, heartbeat_at=timezone.now()):
        return 0  # superseded, or already done
    job = mine.select_related("event", "requested_by").get()
    try:
        with translation.override(job.lang or settings.LANGUAGE_CODE):
            return _run(job, mine)
    except Superseded:
        return 0
    except Exception as exc:
        mine.update(status=Status.FAILED, error=(str(exc) or type(exc).__name__)[:500], table={},
                    finished_at=timezone.now())
        raise


def _run(job: PlayerImportJob, mine) -> int:
    report = parse_frame(job.event, table_frame(job.table))
    if not report.ok:  # every problem with its line; nothing imported
        mine.update(status=Status.FAILED, problems=[[line, text] for line, text in report.errors], table={},
                    finished_at=timezone.now())
        return 0
    try:
        with transaction.atomic():
            added = import_rows(job.event, report, job.requested_by)
            if not mine.filter(status=Status.RUNNING).update(status=Status.DONE, added=added, table={},
                                                             finished_at=timezone.now()):
                raise Superseded
    except ImportRefused as refused:  # a limit reached, or a name entered, since the file was uploaded
        mine.update(status=Status.FAILED, error=refused.message, table={}, finished_at=timezone.now())
        return 0
    return added
