"""A player import job: an organizer's file of players, checked row by row and stored by the task worker
(tournament.registration.import_jobs) while the organizer's page shows its progress. At most one job per
event is queued or running (a constraint): a double click, or a second organizer, gets the job under way.

The file's table is kept only until the job ends (`table` is emptied then): what stays is the outcome, the players
added or every problem with its line."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournament.leased_jobs import LeasedJob
from tournament.models.events import Event


class PlayerImportJob(LeasedJob):
    class Status(models.TextChoices):
        QUEUED = "queued", _("Waiting for the worker")
        RUNNING = "running", _("Importing")
        DONE = "done", _("Imported")
        FAILED = "failed", _("Not imported")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="import_jobs")
    requested_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    lang = models.CharField(max_length=10, blank=True)  # the organizer's language: the problems are told in it
    filename = models.CharField(max_length=200, blank=True)
    # The file read as a table of text cells ({"columns": [...], "rows": [[...], ...]}), until the job ends.
    table = models.JSONField(default=dict, blank=True, editable=False)
    rows = models.PositiveIntegerField(default=0)  # rows the file holds (counted when it was uploaded)
    status = models.CharField(_("status"), max_length=8, choices=Status.choices, default=Status.QUEUED)
    added = models.PositiveIntegerField(default=0)  # players imported (the job is done)
    problems = models.JSONField(default=list, blank=True)  # [[line, sentence], …] in `lang`: nothing imported
    error = models.TextField(blank=True)  # why the file was refused as a whole, in `lang`

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("player import job")
        verbose_name_plural = _("player import jobs")
        constraints = [models.UniqueConstraint(fields=["event"], condition=Q(status__in=["queued", "running"]),
                                               name="one_active_import_job_per_event")]
        indexes = [models.Index(fields=["status", "heartbeat_at"], name="importjob_status_heartbeat")]

    def __str__(self) -> str:
        return f"{self.event} · {self.filename} · {self.get_status_display()}"
