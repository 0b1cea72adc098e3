"""Invitations to an event's staff: an organizer invites an account (by username or email) as umpire or
co-organizer; the account holds no role until it accepts from its home.

An invitation keeps what the organizer typed (`invited_as`) and the account it named, if any: an invitation to
no account is kept and listed like any other, so the staff page never tells whether an account exists."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournament.models.events import Event, EventRole


class StaffInvitation(models.Model):
    class State(models.TextChoices):
        PENDING = "pending", _("waiting for an answer")
        ACCEPTED = "accepted", _("accepted")
        DECLINED = "declined", _("declined")
        WITHDRAWN = "withdrawn", _("withdrawn")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="staff_invitations")
    invited_as = models.CharField(_("username or email"), max_length=254)
    # None when no account answers to `invited_as`: nobody can accept it.
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE,
                             related_name="staff_invitations")
    role = models.CharField(max_length=10, choices=EventRole.Role.choices)
    state = models.CharField(max_length=10, choices=State.choices, default=State.PENDING)
    invited_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("staff invitation")
        verbose_name_plural = _("staff invitations")
        constraints = [models.UniqueConstraint(fields=["event", "invited_as", "role"], condition=Q(state="pending"),
                                               name="one_pending_staff_invitation")]

    def __str__(self) -> str:
        return f"{self.invited_as} · {self.role} · {self.event} · {self.state}"
