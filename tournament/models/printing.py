"""A print job: a PDF pack laid out by the task worker, recorded with its event and who asked.

The PDF is kept in the database row, so every app server of the deployment can hand it out whatever
machine the worker ran on, and nothing is written to a shared directory."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.leased_jobs import LeasedJob
from tournament.models.events import Event


class PrintJob(LeasedJob):
    class Kind(models.TextChoices):
        ARMY_SHEETS = "army_sheets", _("All army sheets")
        SLIPS = "slips", _("Result slips")
        PACK = "pack", _("Round pack")

    class Status(models.TextChoices):
        QUEUED = "queued", _("Waiting for the print worker")
        RUNNING = "running", _("Being prepared")
        READY = "ready", _("Ready")
        FAILED = "failed", _("Failed")
        EXPIRED = "expired", _("Deleted")  # the PDF was dropped a while after download, or after a few hours

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="print_jobs")
    requested_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    kind = models.CharField(_("document"), max_length=12, choices=Kind.choices)
    # What to lay out: {"lang": "es", "size": "A4", "round": 3, "base_url": "http://…/"}.
    options = models.JSONField(default=dict)
    filename = models.CharField(max_length=200)
    status = models.CharField(_("status"), max_length=8, choices=Status.choices, default=Status.QUEUED)
    # The pages it lays out, as estimated when asked: capped (settings.PRINT_JOB_MAX_PAGES), and the smaller
    # the job, the sooner the worker takes it (tournament.pdfs.jobs.priority_for).
    pages = models.PositiveIntegerField(default=0)
    done = models.PositiveIntegerField(default=0)
    total = models.PositiveIntegerField(default=0)
    error = models.TextField(blank=True)
    downloaded_at = models.DateTimeField(null=True)  # first download: the PDF is dropped a while after
    pdf = models.BinaryField(null=True, editable=False)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("print job")
        verbose_name_plural = _("print jobs")
        indexes = [models.Index(fields=["status", "heartbeat_at"], name="printjob_status_heartbeat"),
                   models.Index(fields=["requested_by", "created_at"], name="printjob_user_created")]

    def __str__(self) -> str:
        return f"{self.event} · {self.get_kind_display()} · {self.get_status_display()}"
