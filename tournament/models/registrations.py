"""A player's entry in an event, with the army they bring.

Identity model: a `Player` is a person (their own profile when `user` is set, otherwise a record an
organizer typed in). A `Registration` keeps what was true at the event: the name, club and contact
the entry was made with. Every page, standing, export and PDF of the event reads these, never the
Player row, so nothing done in another event (or to the person's profile later) changes this event.
"""

from __future__ import annotations

import secrets

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.models.events import Event
from tournament.models.keys import name_key
from tournament.models.people import Club, Player


def empty_list() -> list:
    return []


def new_game_token() -> str:
    return secrets.token_urlsafe(18)


def new_game_pin() -> str:
    return f"{secrets.randbelow(10**6):06d}"


class Registration(models.Model):
    class Status(models.TextChoices):
        REGISTERED = "registered", _("Registered")
        CHECKED_IN = "checked_in", _("Checked in")
        DROPPED = "dropped", _("Dropped")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="registrations")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="registrations")
    # The entry as made (see the module docstring); filled from the player's profile when left empty.
    name = models.CharField(_("name"), max_length=120, default="")
    name_key = models.CharField(max_length=120, db_index=True, editable=False, default="")
    club = models.ForeignKey(
        Club, verbose_name=_("club"), null=True, blank=True, on_delete=models.SET_NULL, related_name="registrations"
    )
    region = models.CharField(_("region"), max_length=120, blank=True)
    email = models.EmailField(_("email"), blank=True)
    status = models.CharField(_("status"), max_length=12, choices=Status.choices, default=Status.REGISTERED)
    # Army: the list reference (e.g. "II/56a"), the 12 chosen elements in list order, and the general.
    army_ref = models.CharField(_("army list"), max_length=16, blank=True)
    army_name = models.CharField(_("army name"), max_length=160, blank=True)
    elements = models.JSONField(_("elements"), default=empty_list, blank=True)
    general = models.PositiveSmallIntegerField(_("general's element"), null=True, blank=True)
    camp = models.CharField(_("camp / camp followers"), max_length=60, blank=True)
    allies = models.JSONField(_("allies"), default=empty_list, blank=True)
    # Between rounds: late entry joins at a round; a drop leaves after one.
    late_entry_round = models.PositiveSmallIntegerField(_("joins at round"), null=True, blank=True)
    dropped_after_round = models.PositiveSmallIntegerField(_("dropped after round"), null=True, blank=True)
    fixed_table = models.PositiveSmallIntegerField(_("fixed table"), null=True, blank=True)
    notes = models.CharField(_("notes"), max_length=240, blank=True)
    # The player's "my game" link (QR code on the army sheet): always opens their current game. One per entry,
    # not per round, so a sheet printed before the event stays right; the organizer can issue a new one.
    game_token = models.CharField(max_length=32, unique=True, default=new_game_token, editable=False)
    # The link shows the game to anyone holding it (opponents see each other's army sheets); it reports only with
    # this PIN, printed on the player's own half of each table slip, or from the entry's own account.
    game_pin = models.CharField(max_length=6, default=new_game_pin, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["name_key", "pk"]
        verbose_name = _("registration")
        verbose_name_plural = _("registrations")
        constraints = [models.UniqueConstraint(fields=["event", "player"], name="unique_event_player")]

    def __str__(self) -> str:
        return f"{self.name} @ {self.event}"

    def save(self, *args, **kwargs) -> None:
        if not self.name and self.player_id:  # a new entry starts from the person's profile
            self.name, self.club_id = self.player.name, self.player.club_id
            self.region, self.email = self.player.region, self.player.email
        self.name = " ".join(self.name.split())
        self.name_key = name_key(self.name)[: Registration._meta.get_field("name_key").max_length]  # folding can lengthen
        super().save(*args, **kwargs)

    @property
    def is_active(self) -> bool:
        return self.status != self.Status.DROPPED
