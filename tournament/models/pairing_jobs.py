"""A pairing job: the next round of an event, a draft paired again ("Pair again") or an extra round beyond the
plan, paired by the task worker (tournament.pairing_jobs) while the organizer's page shows its progress. At most one job per event is queued or running (a constraint):
a double click, or a second organizer, gets the job already under way."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournament.leased_jobs import LeasedJob
from tournament.models.events import Event
from tournament.models.rounds import Round


class PairingJob(LeasedJob):
    class Kind(models.TextChoices):
        SWISS = "swiss", _("Next round")
        STAGES = "stages", _("Next stage round")
        AGAIN = "again", _("Pair again")  # the draft round `redo`, thrown away and paired anew
        EXTRA = "extra", _("Pair an extra round")  # one more round than planned, the organizer's explicit choice

    class Status(models.TextChoices):
        QUEUED = "queued", _("Waiting for the worker")
        RUNNING = "running", _("Pairing")
        DONE = "done", _("Paired")
        FAILED = "failed", _("Failed")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="pairing_jobs")
    requested_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    kind = models.CharField(max_length=8, choices=Kind.choices, default=Kind.SWISS)
    redo = models.PositiveSmallIntegerField(null=True, blank=True)  # "Pair again": the number of the draft round
    lang = models.CharField(max_length=10, blank=True)  # the organizer's language: the error is told in it
    status = models.CharField(_("status"), max_length=8, choices=Status.choices, default=Status.QUEUED)
    round = models.ForeignKey(Round, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    error = models.TextField(blank=True)  # why the round could not be paired, in `lang`

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("pairing job")
        verbose_name_plural = _("pairing jobs")
        constraints = [models.UniqueConstraint(fields=["event"], condition=Q(status__in=["queued", "running"]),
                                               name="one_active_pairing_job_per_event")]
        indexes = [models.Index(fields=["status", "heartbeat_at"], name="pairingjob_status_heartbeat")]

    def __str__(self) -> str:
        return f"{self.event} · {self.get_kind_display()} · {self.get_status_display()}"
