"""Clubs and players.

A Player is a person: their own profile when `user` is set (only the person links it, by registering
themselves), otherwise a record an organizer typed in, reusable only in events that organizer runs.
What an event shows about a person lives on their Registration (tournament/models/registrations.py).
Cross-event identity comes from the account; a merge the person confirms re-points their registrations
to their own Player (`Registration.player`), which changes nothing the events show.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.models.keys import name_key


class Club(models.Model):
    name = models.CharField(_("name"), max_length=120, unique=True)
    region = models.CharField(_("region"), max_length=120, blank=True)
    country = models.CharField(_("country"), max_length=60, blank=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("club")
        verbose_name_plural = _("clubs")

    def __str__(self) -> str:
        return self.name


class Player(models.Model):
    name = models.CharField(_("name"), max_length=120)
    # Lower-cased, accent-free, space-folded name: finds "Jose  Garcia" when "José García" exists.
    name_key = models.CharField(max_length=120, db_index=True, editable=False)
    club = models.ForeignKey(Club, verbose_name=_("club"), null=True, blank=True, on_delete=models.SET_NULL, related_name="players")
    region = models.CharField(_("region"), max_length=120, blank=True)
    email = models.EmailField(_("email"), blank=True)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="player"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("player")
        verbose_name_plural = _("players")

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs) -> None:
        self.name = " ".join(self.name.split())
        # Folding can lengthen a name ("ß" -> "ss", "ﬃ" -> "ffi"): the key is cut to what its column holds.
        self.name_key = name_key(self.name)[: Player._meta.get_field("name_key").max_length]
        super().save(*args, **kwargs)
