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

    class Review(models.TextChoices):
        """Why a game waits for an umpire (shown to the players and the umpire)."""

        NONE = "", _("None")
        DIFFERENT = "different", _("The two players' reports differ: an umpire will decide.")
        SAME_REPORTER = "same_reporter", _("Both sides were reported from the same browser or account: "
                                           "an umpire must confirm the result.")
        CHANGED = "changed", _("A player sent a second, different report: an umpire will decide.")
        SAME_ADDRESS = "same_address", _("Both sides were reported seconds apart from the same address: "
                                         "an umpire must confirm the result.")

    class Outcome(models.TextChoices):
        A = "a", _("Side A won")
        B = "b", _("Side B won")
        TIME = "time", _("Time called")

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="games")
    table = models.PositiveSmallIntegerField(_("table"), null=True, blank=True)
    is_bye = models.BooleanField(_("bye"), default=False)
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.PENDING)
    outcome = models.CharField(_("outcome"), max_length=4, choices=Outcome.choices, blank=True)
    review_reason = models.CharField(_("why an umpire is needed"), max_length=16, choices=Review.choices, blank=True)
    explanation = models.JSONField(_("why this pairing"), default=list, blank=True)
    manual = models.BooleanField(_("changed by hand"), default=False)
    entered_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    entered_by_name = models.CharField(max_length=150, blank=True, help_text="As written in an imported backup.")
    entered_at = models.DateTimeField(null=True, blank=True)
    version = models.PositiveIntegerField(default=0, help_text="Bumped on every result change (optimistic locking).")
    # A game of a stage beyond the Swiss rounds (tournament/models/stages.py): the stage, and the group
    # ("g1" = group A) or the bracket match ("W1-2", "L3-1", "GF", "GF2" the reset, "3P", "P2", "P1-W1-1") it plays.
    stage = models.ForeignKey("tournament.Stage", null=True, blank=True, on_delete=models.RESTRICT, related_name="games")
    slot = models.CharField(max_length=12, blank=True)

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
    # Scythed Chariots lost, apart from elements_lost: not counted toward 2.2 victory (guia22 L1582), scored by NASAMW v4.
    sch_lost = models.PositiveSmallIntegerField(_("scythed chariots lost"), default=0)
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
        return f"{self.registration.name} ({self.side})"


class ResultReport(models.Model):
    """A result as reported by one source; the game's result is set when reports agree or an umpire decides.

    Reports are kept, never overwritten: a player's second, different report is stored beside the first.
    """

    class Source(models.TextChoices):
        PLAYER = "player", _("Player")
        UMPIRE = "umpire", _("Umpire")
        ORGANIZER = "organizer", _("Organizer")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="reports")
    seat = models.ForeignKey(Seat, null=True, blank=True, on_delete=models.CASCADE, related_name="reports")
    source = models.CharField(max_length=10, choices=Source.choices)
    submitted_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    # A random marker kept in the reporting browser's session: two sides reported from one browser do not confirm.
    reporter = models.CharField(max_length=64, blank=True, editable=False)
    # The client address (IPv6 by its /64) a player's report came from: two sides from one address seconds
    # apart wait for an umpire.
    address = models.GenericIPAddressField(null=True, blank=True, editable=False)
    submitted_by_name = models.CharField(max_length=150, blank=True, help_text="As written in an imported backup.")
    payload = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "created_at", "pk"]

    def __str__(self) -> str:
        return f"{self.game} · {self.get_source_display()}"
