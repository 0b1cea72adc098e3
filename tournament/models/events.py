"""An event (a DBA tournament) and who runs it."""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _


class Edition(models.TextChoices):
    DBA22 = "2.2", "DBA 2.2"
    DBA30 = "3.0", "DBA 3.0"


class CampReading(models.TextChoices):
    """Values of tournament.results.shorthand.CAMP_READINGS."""

    COUNTS = "counts", _("A lost camp counts toward the four elements and the comparison")
    COMPARISON = "comparison", _("A lost camp counts only toward “more elements lost than the enemy”")


class RoundOneMethod(models.TextChoices):
    RANDOM = "random", _("Random (recorded seed)")
    ARMY_DATE = "army_date", _("By army date (chronological)")
    ENEMIES = "enemies", _("Historical enemies preferred")
    RATING_FOLDED = "rating_fold", _("By rating, folded: 1st v N/2+1st, 2nd v N/2+2nd…")
    RATING_ACCELERATED = "rating_accel", _(
        "By rating, accelerated: top half and bottom half each folded (1st v N/4+1st…), round 1 only")


MAX_ROUNDS = 50


class HeadToHeadRule(models.TextChoices):
    ALL_MET = "all_met", _("Only when every pair of the tied players has played each other")
    ANY_GAMES = "any_games", _("Points in whatever games the tied players played among themselves")


DEFAULT_PRESET = {Edition.DBA22: "nasamw-v4", Edition.DBA30: "nasamw-3.0"}


def default_tiebreaks() -> list[str]:
    return ["head_to_head", "countback", "generals_killed", "elements_destroyed", "seeded_random"]


def default_restrictions() -> dict:
    return {}


def default_time_zone() -> str:
    """A new event's time zone: the site's (settings.TIME_ZONE)."""
    return settings.TIME_ZONE


def validate_time_zone(name: str) -> None:
    """A zone name this machine knows (a backup or the admin cannot store "Mars/Olympus")."""
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):  # OSError: "Europe" is a folder, a long name too long a path
        raise ValidationError(_("“%(name)s” is not a time zone name."), params={"name": name}) from None


class Event(models.Model):
    slug = models.SlugField(_("short name"), max_length=60, unique=True, help_text=_("Used in links, e.g. madrid-2026."))
    name = models.CharField(_("name"), max_length=160)
    date = models.DateField(_("date"))
    venue = models.CharField(_("venue"), max_length=200, blank=True)
    time_zone = models.CharField(
        _("time zone"), max_length=64, default=default_time_zone, validators=[validate_time_zone],
        help_text=_("The event's pages show their times (the round clock, the rulings log) in this zone."))
    edition = models.CharField(_("rules edition"), max_length=3, choices=Edition.choices, default=Edition.DBA30)
    rounds_planned = models.PositiveSmallIntegerField(
        _("number of rounds"), default=3, validators=[MinValueValidator(1), MaxValueValidator(MAX_ROUNDS)]
    )
    round_minutes = models.PositiveSmallIntegerField(
        _("round length (minutes)"), default=90, validators=[MinValueValidator(1), MaxValueValidator(600)]
    )
    scoring_preset = models.CharField(_("scoring preset"), max_length=40, default="nasamw-3.0")
    tiebreaks = models.JSONField(_("tie-breaks, in order"), default=default_tiebreaks, blank=True)
    # Points for a win, a draw and a loss under the "wdl" preset (its only configurable numbers).
    wdl_points = models.CharField(_("win/draw/loss points"), max_length=20, default="3/1/0")
    # The event's own scoring definition (docs/scoring.md; checked by tournament.results.definition): when not
    # empty it replaces the preset. Written only through tournament.results.rescoring.rescore.
    scoring_definition = models.JSONField(_("own scoring"), default=dict, blank=True)
    # Ties left after every tie-break, settled as the event settles them (tournament.results.tie_decisions):
    # [{"kind": "playoff" | "umpire" | "lot" | "shared", "players": [registration ids in order], "reason": …,
    #   "record": …, "result": …, "by": …, "at": …}]. On the event row, so the event's state (and every cached
    # page) changes with them.
    tie_decisions = models.JSONField(_("tie decisions"), default=list, blank=True)
    # Whether a lost camp / BUA counts toward the "four elements" threshold (guia22 L1577 vs L1583).
    victory_camp_reading = models.CharField(
        _("lost camp and the four-element threshold"), max_length=12, choices=CampReading.choices,
        default=CampReading.COUNTS,
        help_text=_("The DBA 2.2 guide counts a lost camp or BUA “as two elements destroyed” (L1583) but does not "
                    "say whether that reaches the “at least four elements” threshold (L1577) or only the "
                    "comparison. Default: it counts for both, so 2C-0 is a win."),
    )
    head_to_head_rule = models.CharField(
        _("head-to-head among three or more tied players"), max_length=10, choices=HeadToHeadRule.choices,
        default=HeadToHeadRule.ALL_MET,
    )
    # {"allowed_books": ["I", "II"], "allowed_refs": ["II/56a"], "date_from": -500, "date_to": 476,
    #  "troop_minimums": [["Wb", 6]]}
    restrictions = models.JSONField(_("army restrictions"), default=default_restrictions, blank=True)
    armies_locked = models.BooleanField(_("armies locked"), default=False)
    allow_option_changes = models.BooleanField(
        _("allow changing army options between games"),
        default=False,
        help_text=_("Italian custom: options may change between games. NASAMW: the army is fixed for the event."),
    )
    avoid_same_club = models.BooleanField(_("avoid pairing club mates"), default=True)
    avoid_civil_war = models.BooleanField(_("avoid civil wars (same army list)"), default=False)
    round_one_method = models.CharField(
        _("round 1 pairing"), max_length=12, choices=RoundOneMethod.choices, default=RoundOneMethod.RANDOM
    )
    global_rating = models.BooleanField(
        _("counts toward the global rating"), default=False,
        help_text=_("Every confirmed game of this event rates the players on the public ratings page (players "
                    "with an account are listed) once the site's staff approve the event. An event in a league "
                    "shows its league's rating instead."),
    )
    # Set by the site's staff only (admin): an event counts in the global rating when it asks to and is approved.
    global_rating_approved = models.BooleanField(_("approved for the global rating"), default=False)
    umpires_may_swap = models.BooleanField(_("umpires may swap players in a draft round"), default=False)
    listed = models.BooleanField(
        _("listed on the home page"), default=True,
        help_text=_("Unlisted events open by their link only. Tick this when the event is ready to be published."),
    )
    registration_open = models.BooleanField(_("self-registration open"), default=True)
    player_reports = models.BooleanField(_("players may report results"), default=True)
    self_check_in = models.BooleanField(
        _("players may check themselves in"), default=False,
        help_text=_("Open it on the day: each registered player then checks in from their own page."),
    )
    seed = models.BigIntegerField(_("random seed"), default=0, help_text=_("Recorded so every random choice can be replayed."))
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-date", "name"]
        verbose_name = _("event")
        verbose_name_plural = _("events")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournament:event", kwargs={"slug": self.slug})


class EventRole(models.Model):
    class Role(models.TextChoices):
        ORGANIZER = "organizer", _("Organizer")
        UMPIRE = "umpire", _("Umpire")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="roles")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="event_roles")
    role = models.CharField(max_length=10, choices=Role.choices)

    class Meta:
        verbose_name = _("event role")
        verbose_name_plural = _("event roles")
        constraints = [models.UniqueConstraint(fields=["event", "user", "role"], name="unique_event_user_role")]

    def __str__(self) -> str:
        return f"{self.user} · {self.get_role_display()} · {self.event}"
