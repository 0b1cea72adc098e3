"""Rounds, the games in them, and each player's seat at a game.

A Seat row per player per round makes "a player plays once per round" a database
constraint (unique round + registration), and holds that side's result.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.models.events import Event
from tournament.models.registrations import Registration


def new_report_token() -> str:
    return secrets.token_urlsafe(18)


class Round(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft")
        PUBLISHED = "published", _("Published")
        COMPLETED = "completed", _("Completed")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(_("round"))
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.DRAFT)
    seed = models.BigIntegerField(_("random seed"), default=0)
    method = models.CharField(_("pairing method"), max_length=20, blank=True)
    cost = models.JSONField(_("pairing cost"), default=list, blank=True)
    warnings = models.JSONField(_("warnings"), default=list, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    published_at = models.DateTimeField(_("published at"), null=True, blank=True)
    # The round clock runs apart from publishing: pairings go up while tables are set, the clock starts
    # when the organizer says so. Its length is copied from the event when it starts; pauses add up.
    clock_started_at = models.DateTimeField(_("clock started at"), null=True, blank=True)
    clock_minutes = models.PositiveSmallIntegerField(_("round length (minutes)"), null=True, blank=True)
    clock_extra_minutes = models.PositiveSmallIntegerField(_("extra minutes"), default=0)
    clock_paused_at = models.DateTimeField(_("clock paused at"), null=True, blank=True)
    clock_paused_seconds = models.PositiveIntegerField(_("seconds paused"), default=0)
    clock_ended_at = models.DateTimeField(_("time called at"), null=True, blank=True)

    class Meta:
        ordering = ["event", "number"]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        constraints = [models.UniqueConstraint(fields=["event", "number"], name="unique_event_round")]

    def __str__(self) -> str:
        return f"{self.event} · {_('round')} {self.number}"


class Game(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", _("Awaiting result")
        REPORTED = "reported", _("Reported, awaiting confirmation")
        DISPUTED = "disputed", _("Reports differ: umpire needed")
        CONFIRMED = "confirmed", _("Confirmed")

    class Outcome(models.TextChoices):
        A = "a", _("Side A won")
        B = "b", _("Side B won")
        TIME = "time", _("Time called")

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="games")
    table = models.PositiveSmallIntegerField(_("table"), null=True, blank=True)
    is_bye = models.BooleanField(_("bye"), default=False)
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.PENDING)
    outcome = models.CharField(_("outcome"), max_length=4, choices=Outcome.choices, blank=True)
    explanation = models.JSONField(_("why this pairing"), default=list, blank=True)
    manual = models.BooleanField(_("changed by hand"), default=False)
    entered_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    entered_at = models.DateTimeField(null=True, blank=True)
    version = models.PositiveIntegerField(default=0, help_text="Bumped on every result change (optimistic locking).")

    class Meta:
        ordering = ["round", "table", "pk"]
        verbose_name = _("game")
        verbose_name_plural = _("games")
        constraints = [
            models.UniqueConstraint(fields=["round", "table"], name="unique_round_table"),
        ]

    def __str__(self) -> str:
        return f"{self.round} · {_('table')} {self.table}"


class Seat(models.Model):
    class Side(models.TextChoices):
        A = "a", "A"
        B = "b", "B"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="seats")
    # RESTRICT: a player with games cannot be deleted alone, but deleting the whole event (or round) may.
    registration = models.ForeignKey(Registration, on_delete=models.RESTRICT, related_name="seats")
    side = models.CharField(max_length=1, choices=Side.choices)
    # What this side lost in the game (counted per edition), and its score under the event preset.
    elements_lost = models.PositiveSmallIntegerField(_("elements lost"), default=0)
    general_lost = models.BooleanField(_("general lost"), default=False)
    camp_lost = models.BooleanField(_("camp / BUA / city lost"), default=False)
    score = models.IntegerField(_("score"), null=True, blank=True)
    report_token = models.CharField(max_length=32, unique=True, default=new_report_token, editable=False)
    token_revoked = models.BooleanField(default=False)

    class Meta:
        ordering = ["game", "side"]
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        constraints = [
            models.UniqueConstraint(fields=["round", "registration"], name="one_game_per_round"),
            models.UniqueConstraint(fields=["game", "side"], name="one_player_per_side"),
        ]

    def __str__(self) -> str:
        return f"{self.registration.player} ({self.side})"


class ResultReport(models.Model):
    """A result as reported by one source; the game's result is set when reports agree or an umpire decides."""

    class Source(models.TextChoices):
        PLAYER = "player", _("Player")
        UMPIRE = "umpire", _("Umpire")
        ORGANIZER = "organizer", _("Organizer")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="reports")
    seat = models.ForeignKey(Seat, null=True, blank=True, on_delete=models.CASCADE, related_name="reports")
    source = models.CharField(max_length=10, choices=Source.choices)
    submitted_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    payload = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "created_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["game", "seat"], condition=models.Q(seat__isnull=False), name="one_report_per_seat"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.game} · {self.get_source_display()}"
