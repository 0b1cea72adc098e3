"""An event's stages beyond the Swiss rounds: groups with a round robin, knockout brackets (single or
double elimination, a cut to semi-finals and a final, a Plate) and placement play-offs between groups;
and the armies an organizer provides (per table or per round, matched pairs).

A stage's games are ordinary games in ordinary rounds (result entry, two-person reports, audit and
exports work unchanged); `Game.stage` and `Game.slot` say which stage and which group or bracket match
a game belongs to. The bracket itself is never stored: tournament/stages/brackets.py rebuilds it from
the number of entrants, and the winners come from the games.
"""

from __future__ import annotations

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.models.events import Event
from tournament.models.registrations import Registration

MAX_STAGES = 10


class Stage(models.Model):
    class Kind(models.TextChoices):
        GROUPS = "groups", _("Groups, a round robin in each")
        SINGLE = "single", _("Single elimination (a cut: semi-finals and a final)")
        DOUBLE = "double", _("Double elimination")
        PLACEMENT = "placement", _("Placement play-offs between groups (1st v 1st, 2nd v 2nd…)")

    class Entrants(models.TextChoices):
        ALL = "all", _("Every active player")
        TOP = "top", _("The best of the stage before (top K)")
        WINNERS = "winners", _("Group winners and the best runners-up (K in all)")
        REST = "rest", _("Those who did not qualify from the stage before (a Plate)")

    class Seeding(models.TextChoices):
        STANDINGS = "standings", _("By results so far (standings)")
        RATING = "rating", _("By rating")
        RANDOM = "random", _("Random draw (recorded seed)")
        ORGANIZER = "organizer", _("Chosen by the organizer")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="stages")
    number = models.PositiveSmallIntegerField(_("stage"))
    name = models.CharField(_("name"), max_length=80)
    kind = models.CharField(_("format"), max_length=10, choices=Kind.choices)
    entrants = models.CharField(_("who plays"), max_length=10, choices=Entrants.choices, default=Entrants.ALL)
    source = models.ForeignKey("self", null=True, blank=True, on_delete=models.RESTRICT, related_name="+",
                               verbose_name=_("the stage before"))
    cut = models.PositiveSmallIntegerField(_("how many qualify (K)"), null=True, blank=True,
                                           validators=[MinValueValidator(2), MaxValueValidator(64)])
    groups = models.PositiveSmallIntegerField(_("number of groups"), null=True, blank=True,
                                              validators=[MinValueValidator(1), MaxValueValidator(32)])
    seeding = models.CharField(_("groups and seeds"), max_length=10, choices=Seeding.choices,
                               default=Seeding.STANDINGS)
    third_place = models.BooleanField(_("third-place game"), default=True)
    # A double-elimination bracket's reset game (a second grand final when the losers' bracket player wins the
    # first). False for the stages made before the reset was played (migration 0032) and for backups that do not
    # say: their grand final, once played, decided the title, and stays so.
    grand_final_reset = models.BooleanField(_("grand final reset"), default=True, editable=False)
    drawn_at = models.DateTimeField(_("drawn at"), null=True, blank=True)

    class Meta:
        ordering = ["event", "number"]
        verbose_name = _("stage")
        verbose_name_plural = _("stages")
        constraints = [models.UniqueConstraint(fields=["event", "number"], name="unique_event_stage")]

    def __str__(self) -> str:
        return f"{self.event} · {self.name}"

    @property
    def is_bracket(self) -> bool:
        return self.kind != self.Kind.GROUPS


class StageEntry(models.Model):
    """A player in a stage: their seed (1 the best) and, in a groups stage, their group (1 = A)."""

    stage = models.ForeignKey(Stage, on_delete=models.CASCADE, related_name="entries")
    registration = models.ForeignKey(Registration, on_delete=models.RESTRICT, related_name="stage_entries")
    seed = models.PositiveSmallIntegerField(_("seed"))
    group = models.PositiveSmallIntegerField(_("group"), null=True, blank=True)

    class Meta:
        ordering = ["stage", "group", "seed"]
        constraints = [
            models.UniqueConstraint(fields=["stage", "registration"], name="one_entry_per_stage"),
            models.UniqueConstraint(fields=["stage", "seed"], name="one_seed_per_stage"),
        ]

    def __str__(self) -> str:
        return f"{self.stage} · {self.seed}"


class ProvidedArmy(models.Model):
    """Armies the organizer provides: for one table (every round, or one round), or for every table of a
    round. Side A plays `army_a`, side B `army_b`; a matched pair is two historical opponents, and two
    players who meet again on the same pair swap sides (tournament/armies/provided.py)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="provided_armies")
    round_number = models.PositiveSmallIntegerField(_("round"), null=True, blank=True,
                                                    help_text=_("Empty: every round."))
    table = models.PositiveSmallIntegerField(_("table"), null=True, blank=True, help_text=_("Empty: every table."))
    army_a = models.CharField(_("army of side A"), max_length=20)
    army_b = models.CharField(_("army of side B"), max_length=20)

    class Meta:
        ordering = ["event", "round_number", "table"]
        verbose_name = _("provided army pair")
        verbose_name_plural = _("provided army pairs")
        # One pair per (round, table) is kept by the service (an empty round or table is a value there).

    def __str__(self) -> str:
        return f"{self.army_a} v {self.army_b}"
