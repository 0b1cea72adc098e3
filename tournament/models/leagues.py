"""Leagues: a season of events, run by league organizers of its own.

An event joins when one side invites and the other accepts: the league organizer invites an event,
or the event's organizer asks to join; the other side's organizer accepts. Only accepted events count.
A league page reads the events' results and entry names and clubs, never their emails or regions.
"""

from __future__ import annotations

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from tournament.models.events import Edition, Event


def empty_list() -> list:
    return []


class League(models.Model):
    slug = models.SlugField(_("short name"), max_length=60, unique=True, help_text=_("Used in links, e.g. uk-league-2026."))
    name = models.CharField(_("name"), max_length=160)
    season_start = models.DateField(_("season starts"))
    season_end = models.DateField(_("season ends"))
    edition = models.CharField(_("rules edition"), max_length=3, choices=Edition.choices, default=Edition.DBA30)
    public = models.BooleanField(_("public"), default=True, help_text=_("Listed on the leagues page."))
    scoring_preset = models.CharField(_("league scoring"), max_length=40, default="soa-best5")
    best_n = models.PositiveSmallIntegerField(
        _("results that count"), null=True, blank=True, validators=[MinValueValidator(1), MaxValueValidator(100)],
        help_text=_("Empty: the preset's own number."),
    )
    min_games = models.PositiveSmallIntegerField(
        _("minimum games to be ranked"), null=True, blank=True, validators=[MaxValueValidator(1000)]
    )
    custom_points = models.JSONField(_("custom placing points"), default=empty_list, blank=True)
    ladder_points = models.BooleanField(
        _("ladder games count toward points"), default=False,
        help_text=_("Confirmed ladder games always count toward ratings; with this, their game points and games "
                    "count in the table too (game-point and average rules)."),
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-season_start", "name"]
        verbose_name = _("league")
        verbose_name_plural = _("leagues")
        constraints = [
            models.CheckConstraint(condition=models.Q(season_end__gte=models.F("season_start")), name="league_season_order"),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("leagues:league", kwargs={"slug": self.slug})


class LeagueRole(models.Model):
    class Role(models.TextChoices):
        ORGANIZER = "organizer", _("League organizer")

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="roles")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="league_roles")
    role = models.CharField(max_length=10, choices=Role.choices, default=Role.ORGANIZER)

    class Meta:
        verbose_name = _("league role")
        verbose_name_plural = _("league roles")
        constraints = [models.UniqueConstraint(fields=["league", "user", "role"], name="unique_league_user_role")]

    def __str__(self) -> str:
        return f"{self.user} · {self.league}"


class LeagueEvent(models.Model):
    class State(models.TextChoices):
        INVITED = "invited", _("Invited by the league")
        REQUESTED = "requested", _("Asked to join by the event")
        ACCEPTED = "accepted", _("Member")

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="memberships")
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="league_memberships")
    state = models.CharField(_("state"), max_length=10, choices=State.choices)
    premier = models.BooleanField(_("premier event"), default=False)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    accepted_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["league", "event__date", "pk"]
        verbose_name = _("league event")
        verbose_name_plural = _("league events")
        constraints = [models.UniqueConstraint(fields=["league", "event"], name="unique_league_event")]

    def __str__(self) -> str:
        return f"{self.event} · {self.league}"


class LeagueMerge(models.Model):
    """Two people are one, inside this league only: a league organizer's decision for two account-less
    people, or an organizer's suggestion that an account-less person is an account holder, which counts
    only once the account holder confirms it.

    Nothing in the events changes (their entries keep their Player): the league table counts `player`'s
    results as `into`'s. Undone by deleting the row; every step leaves an audit entry.
    """

    class State(models.TextChoices):
        SUGGESTED = "suggested", _("Waiting for the player to confirm")
        CONFIRMED = "confirmed", _("Merged")

    state = models.CharField(_("state"), max_length=10, choices=State.choices, default=State.CONFIRMED)
    confirmed_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                     related_name="+")
    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="merges")
    player = models.ForeignKey("tournament.Player", on_delete=models.CASCADE, related_name="+")
    into = models.ForeignKey("tournament.Player", on_delete=models.CASCADE, related_name="+")
    # Whom `player` was merged into before it followed them on to `into` (when that person was merged on, or
    # confirmed as an account holder): undoing that person's merge gives `player` back to them.
    via = models.ForeignKey("tournament.Player", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("league merge")
        verbose_name_plural = _("league merges")
        constraints = [models.UniqueConstraint(fields=["league", "player"], name="unique_league_merge")]

    def __str__(self) -> str:
        return f"{self.player_id} → {self.into_id} · {self.league}"


class LadderGame(models.Model):
    """A game two players of a league played outside any event, reported by one and confirmed by the other.

    Side A is the reporter's side. It counts once both sides' accounts have confirmed it, and those are
    two different accounts (reporting is side A's confirmation): one person alone never confirms a game.
    """

    class State(models.TextChoices):
        PENDING = "pending", _("Waiting for the opponent")
        CONFIRMED = "confirmed", pgettext_lazy("ladder game", "Confirmed")  # es "Confirmada": a partida
        REJECTED = "rejected", _("Rejected by the opponent")

    class Outcome(models.TextChoices):
        A = "a", _("Won")
        B = "b", _("Lost")
        DRAW = "draw", _("Draw")

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="ladder_games")
    played_on = models.DateField(_("played on"))
    player_a = models.ForeignKey("tournament.Player", on_delete=models.CASCADE, related_name="+")
    player_b = models.ForeignKey("tournament.Player", on_delete=models.CASCADE, related_name="+")
    outcome = models.CharField(_("result"), max_length=4, choices=Outcome.choices)
    points_a = models.PositiveSmallIntegerField(_("your points"), default=0, validators=[MaxValueValidator(100)])
    points_b = models.PositiveSmallIntegerField(_("opponent's points"), default=0, validators=[MaxValueValidator(100)])
    state = models.CharField(_("state"), max_length=10, choices=State.choices, default=State.PENDING)
    reported_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    confirmed_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                     related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["league", "played_on", "pk"]
        verbose_name = _("ladder game")
        verbose_name_plural = _("ladder games")
        constraints = [
            models.CheckConstraint(condition=~models.Q(player_a=models.F("player_b")), name="ladder_two_players"),
        ]

    def __str__(self) -> str:
        return f"{self.player_a_id} v {self.player_b_id} · {self.league}"


class LadderPair(models.Model):
    """Two players of a league who may play ladder games that count: approved by a league organizer, or
    at once when they met in a played game of one of the league's events. Their games count only while
    the pair is approved (tournament/leagues/ladder.py); `player_low` has the smaller key."""

    class State(models.TextChoices):
        PENDING = "pending", _("Waiting for the league organizer")
        APPROVED = "approved", _("Approved")
        REFUSED = "refused", _("Refused by the league organizer")

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="ladder_pairs")
    player_low = models.ForeignKey("tournament.Player", on_delete=models.CASCADE, related_name="+")
    player_high = models.ForeignKey("tournament.Player", on_delete=models.CASCADE, related_name="+")
    state = models.CharField(_("state"), max_length=10, choices=State.choices, default=State.PENDING)
    decided_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["league", "created_at", "pk"]
        verbose_name = _("ladder pair")
        verbose_name_plural = _("ladder pairs")
        constraints = [
            models.UniqueConstraint(fields=["league", "player_low", "player_high"], name="unique_ladder_pair"),
            models.CheckConstraint(condition=models.Q(player_low__lt=models.F("player_high")), name="ladder_pair_order"),
        ]

    def __str__(self) -> str:
        return f"{self.player_low_id} & {self.player_high_id} · {self.league}"
