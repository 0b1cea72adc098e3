"""Tries counted against a limit (sign-ups per address, reset mails per address and client, wrong PINs,
failed logins per account): one row per try, kept in the database so that no cache traffic evicts them."""

from __future__ import annotations

from django.db import models


class LimitHit(models.Model):
    scope = models.CharField(max_length=32)
    # A SHA-256 of what is counted (an address, an email, an account): no email or address is stored readable.
    key = models.CharField(max_length=64)
    at = models.DateTimeField(db_index=True)

    class Meta:
        indexes = [models.Index(fields=["scope", "key", "at"], name="limit_hit_scope_key_at")]

    def __str__(self) -> str:
        return f"{self.scope} {self.key[:8]} {self.at:%Y-%m-%d %H:%M:%S}"
