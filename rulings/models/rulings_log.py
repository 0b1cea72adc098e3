"""The rulings log: what an umpire ruled at an event, so the same question gets the same answer."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class RulingLogEntry(models.Model):
    event = models.ForeignKey("tournament.Event", on_delete=models.CASCADE, related_name="rulings_log")
    table = models.CharField(_("table"), max_length=40, blank=True)
    players = models.CharField(_("players"), max_length=200, blank=True)
    flow_id = models.CharField(_("flow"), max_length=80)
    path = models.JSONField(_("answers"), default=list, help_text=_("Answer tokens from the start of the flow"))
    ruling_node = models.CharField(_("ruling"), max_length=80)
    note = models.TextField(_("note"), blank=True)
    recorded_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                    related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["event", "flow_id", "ruling_node"])]
        verbose_name = _("ruling log entry")
        verbose_name_plural = _("ruling log entries")

    def __str__(self) -> str:
        return f"{self.event} · {self.flow_id}/{self.ruling_node} · {self.table}"


class DoubtDecision(models.Model):
    """How an event decided one of the doubts the sources leave open (rulings.doubts.collect ids)."""

    event = models.ForeignKey("tournament.Event", on_delete=models.CASCADE, related_name="doubt_decisions")
    doubt_id = models.CharField(_("doubt"), max_length=200)
    decision = models.TextField(_("decision"), max_length=2000)
    recorded_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                    related_name="+")
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["doubt_id"]
        constraints = [models.UniqueConstraint(fields=["event", "doubt_id"], name="one_decision_per_doubt")]
        verbose_name = _("decision on a doubt")
        verbose_name_plural = _("decisions on doubts")

    def __str__(self) -> str:
        return f"{self.event} · {self.doubt_id}"
