"""Rounds, the games in them, each player's seat at a game, and the jobs that pair them.

A Seat row per player per round makes "a player plays once per round" a database
constraint (unique round + registration), and holds that side's result.

A pairing job is the next round of an event, a draft paired again ("Pair again") or an extra round beyond the
plan, paired by the task worker (tournament.pairing_jobs) while the organizer's page shows its progress. At most
one job per event is queued or running (a constraint): a double click, or a second organizer, gets the job
already under way.
"""

from __future__ import annotations

import datetime
import secrets
from dataclasses import dataclass

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournament.leased_jobs import LeasedJob
from tournament.models.events import Event
from tournament.models.registrations import Registration


def new_report_token() -> str:
    return secrets.token_urlsafe(18)


@dataclass(frozen=True)
class ClockState:
    """A round's clock as it reads at one moment (`Round.clock_state`)."""

    state: str  # "waiting" (not started), "running", "paused", "called" (time is up or was called)
    remaining: int  # seconds left (0 once time is called)
    minutes: int  # the round's length, extra minutes included
    started_at: datetime.datetime | None
    ends_at: datetime.datetime | None  # while running: when time will be called
    called_at: datetime.datetime | None  # when time was called

    @property
    def left(self) -> str:
        """52:07, or 1:30:00 past an hour."""
        hours, rest = divmod(max(0, self.remaining), 3600)
        minutes, secs = divmod(rest, 60)
        return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


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

    def clock_state(self, now: datetime.datetime | None = None) -> ClockState:
        """The clock read from the fields above: its length is the event's round length until it starts (then the
        length it started with), plus the extra minutes; pauses push the end back; running out calls time."""
        now = now or timezone.now()
        minutes = (self.clock_minutes or self.event.round_minutes) + self.clock_extra_minutes
        if self.clock_started_at is None:
            return ClockState("waiting", minutes * 60, minutes, None, None, None)
        end = self.clock_started_at + datetime.timedelta(minutes=minutes, seconds=self.clock_paused_seconds)
        if self.clock_ended_at is not None:
            return ClockState("called", 0, minutes, self.clock_started_at, None, self.clock_ended_at)
        if self.clock_paused_at is not None:
            left = max(0, int((end - self.clock_paused_at).total_seconds()))
            return ClockState("paused", left, minutes, self.clock_started_at, None, None)
        left = int((end - now).total_seconds())
        if left <= 0:
            return ClockState("called", 0, minutes, self.clock_started_at, None, end)
        return ClockState("running", left, minutes, self.clock_started_at, end, None)


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
