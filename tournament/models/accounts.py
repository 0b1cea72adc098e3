"""An account's confirmed email: the address a link mailed to it was opened for (tournament/accounts/emails.py)."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class ConfirmedEmail(models.Model):
    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="confirmed_email")
    email = models.EmailField(max_length=254)
    confirmed_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"{self.user_id} {self.email}"
