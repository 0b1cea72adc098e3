"""What every job leased to the task worker keeps (print, pairing and player import jobs): the task of its latest
attempt, the attempts made, and the times the lease is read from (`tournament.leased_jobs`)."""

from __future__ import annotations

from django.db import models


class LeasedJob(models.Model):
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
