"""Audit log: who changed what, when, with the values before and after."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.models.events import Event
from tournament.models.registrations import Registration


class AuditEntry(models.Model):
    event = models.ForeignKey(Event, null=True, blank=True, on_delete=models.CASCADE, related_name="audit_entries")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    # Who, as written in an imported backup: history keeps the name, no account is linked to it.
    user_name = models.CharField(_("user (imported)"), max_length=150, blank=True)
    action = models.CharField(_("action"), max_length=60)
    target = models.CharField(_("object"), max_length=120, blank=True)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    at = models.DateTimeField(auto_now_add=True, db_index=True)
    # For the log's filters: the round the change belongs to, and the players it concerns.
    round_number = models.PositiveSmallIntegerField(_("round"), null=True, blank=True, db_index=True)
    people = models.ManyToManyField(Registration, blank=True, related_name="audit_entries")

    class Meta:
        ordering = ["-at", "-pk"]
        verbose_name = _("audit entry")
        verbose_name_plural = _("audit entries")

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.action} {self.target}"
