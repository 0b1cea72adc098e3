"""Creating and editing an event."""

from __future__ import annotations

import unicodedata

from django import forms
from django.utils.formats import date_format
from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _

from tournament.events.services import LeagueMisfit
from tournament.events.time_zones import zone_choices
from tournament.leagues.roles import is_league_organizer
from tournament.models import CampReading, Event, HeadToHeadRule, LeagueEvent
from tournament.models.events import DEFAULT_PRESET, default_time_zone
from tournament.results.rescoring import has_played_results, has_scores
from tournament.web.forms.widgets import DateInput

LIST_LENGTH = 500  # the comma-separated lists below (stored in JSON fields)

# Presets written for one edition; the others fit both.
PRESET_EDITION = {"nasamw-v4": "2.2", "nasamw-3.0": "3.0"}
TIEBREAK_SLOTS = 6
TIEBREAK_LABELS = {
    "wins": _("Wins"),
    "head_to_head": _("Head-to-head"),
    "countback": _("Countback (the sum of the opponents' points)"),
    "sos": _("Strength of schedule"),
    "generals_killed": _("Generals killed"),
    "camps_taken": _("Camps taken"),
    "elements_destroyed": _("Elements destroyed"),
    "fewest_lost": _("Fewest elements lost"),
    "margin": _("Margin (destroyed minus lost)"),
    "camps_and_generals": _("Camps + generals"),
    "seeded_random": _("Random draw (recorded seed)"),
}


def unidecode_name(name: str) -> str:
    """"Torneo di Città" -> "Torneo di Citta": accents dropped, as the page's suggestion does."""
    return "".join(ch for ch in unicodedata.normalize("NFD", name) if not unicodedata.combining(ch))


class PresetSelect(forms.Select):
    """The scoring select: each preset says which edition it is for, so the page can filter them."""

    def create_option(self, name, value, label, selected, index, subindex=None, attrs=None):
        option = super().create_option(name, value, label, selected, index, subindex, attrs)
        if value in PRESET_EDITION:
            option["attrs"]["data-edition"] = PRESET_EDITION[value]
        return option


class EventForm(forms.ModelForm):
    allowed_books = forms.CharField(
        label=_("Allowed books"), required=False, max_length=LIST_LENGTH, help_text=_("Roman numerals separated by commas, e.g. I, II. Empty: all.")
    )
    allowed_refs = forms.CharField(
        label=_("Allowed army lists"), required=False, max_length=LIST_LENGTH, help_text=_("List references separated by commas, e.g. II/56a, III/40b.")
    )
    date_from = forms.IntegerField(label=_("Armies from year"), required=False, min_value=-5000, max_value=2100,
                                   help_text=_("BC years are negative."))
    date_to = forms.IntegerField(label=_("Armies up to year"), required=False, min_value=-5000, max_value=2100)
    troop_minimums = forms.CharField(
        label=_("Troop minimums"), required=False, max_length=LIST_LENGTH, help_text=_('Type and count, e.g. "6 Wb" or "4 Bw, 2 Ps".')
    )

    class Meta:
        model = Event
        fields = [
            "name", "slug", "date", "venue", "time_zone", "edition", "rounds_planned", "round_minutes", "scoring_preset", "wdl_points",
            "victory_camp_reading", "head_to_head_rule",
            "round_one_method", "global_rating", "avoid_same_club", "avoid_civil_war", "allow_option_changes",
            "umpires_may_swap",
            "registration_open", "self_check_in",
            "player_reports", "listed",
        ]
        widgets = {"date": DateInput()}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        from tournament.results.presets import preset_choices

        self.fields["scoring_preset"] = forms.ChoiceField(
            label=_("Scoring"), choices=preset_choices(),
            widget=PresetSelect(attrs={"data-defaults": ",".join(f"{e}={p}" for e, p in DEFAULT_PRESET.items())}),
        )
        self.fields["edition"].widget.attrs["data-filters"] = "id_scoring_preset"
        self.fields["name"].widget.attrs["data-suggests"] = "id_slug"
        self.fields["slug"].help_text = _("Part of the event's web address; suggested from the name.")
        self.fields["slug"].required = False
        zone = self.fields["time_zone"]
        self.fields["time_zone"] = forms.ChoiceField(
            label=zone.label, help_text=zone.help_text, initial=zone.initial, required=False,
            choices=zone_choices(self.instance.time_zone if self.instance.pk else None))
        if not self.instance.pk:  # edition and scoring agree from the start
            edition = self.initial.get("edition") or self.fields["edition"].initial or Event._meta.get_field("edition").default
            self.initial.setdefault("scoring_preset", DEFAULT_PRESET.get(edition, "nasamw-3.0"))
        self.fields["wdl_points"].required = False
        self.fields["victory_camp_reading"].required = False  # absent: the documented default
        self.fields["wdl_points"].help_text = _("Win/draw/loss points when the scoring is win/draw/loss, e.g. 3/1/0.")
        self.fields["head_to_head_rule"].required = False  # absent: the default convention (every pair has met)
        self.fields["head_to_head_rule"].help_text = _(
            "How head-to-head separates three or more players tied on points and earlier tie-breaks.")
        self.fields["round_one_method"].help_text = _(
            "By rating: the league's rating when the event is in a league, otherwise the global rating if the event "
            "counts toward it. Players without a rating come last, in random order.")
        self._lock_what_results_counted()
        self._add_tiebreaks_and_restrictions()

    def _lock_what_results_counted(self) -> None:
        """The scoring, the edition and the camp reading, locked once confirmed results were counted under them."""
        # A bye is scored when its round is paired, under the scoring, but no edition counted it and no camp reading
        # decided it: with byes alone all three stay free, and a new scoring saved here rescores the byes
        # (the service rescores them, events.services.event_update).
        scored = bool(self.instance.pk) and has_scores(self.instance)
        self.results_locked = scored and has_played_results(self.instance)
        if scored and not self.results_locked:
            self.fields["scoring_preset"].help_text = _(
                "A bye is already scored: a new scoring saved here scores it again.")
        own = self.instance.scoring_definition if self.instance.pk else None
        if own and not self.results_locked:  # the select shows the preset it started from, not the scoring in use
            notice = _("The event uses its own scoring, “%(name)s”: choosing another scoring here replaces it.") % {
                "name": own.get("name", "")}
            self.fields["scoring_preset"].help_text = " ".join(
                str(text) for text in (notice, self.fields["scoring_preset"].help_text) if text)
        if self.results_locked:
            for name in ("scoring_preset", "wdl_points"):
                self.fields[name].disabled = True
                self.fields[name].help_text = _(
                    "Locked because results are confirmed: a new scoring must rescore every one of them. Change it "
                    "with “Change the scoring”, which shows the top of the table before and after and asks you to "
                    "confirm.")
        if self.results_locked:
            # The edition picks the counts of the scoring (an own scoring's edition block, the victory rules):
            # changing it would leave the stored scores counted under the old edition.
            self.fields["edition"].disabled = True
            self.fields["edition"].help_text = _(
                "Locked because results are confirmed: their points were counted under this edition, and changing "
                "it would not rescore them.")
            # The camp reading decided who won each confirmed game (results.shorthand.has_lost): changed, it would
            # leave those games decided under the old reading.
            self.fields["victory_camp_reading"].disabled = True
            self.fields["victory_camp_reading"].help_text = _(
                "Locked because results are confirmed: who won each of them was decided under this reading, and "
                "changing it would not decide them again.")

    def _add_tiebreaks_and_restrictions(self) -> None:
        """The tie-break slots, and the event's army restrictions as the form's fields show them."""
        choices = [("", _("— none —")), *TIEBREAK_LABELS.items()]
        for n in range(1, TIEBREAK_SLOTS + 1):
            self.fields[f"tiebreak_{n}"] = forms.ChoiceField(
                label=_("Tie-break %(n)s") % {"n": n}, choices=choices, required=False)
        if self.instance.pk:
            for n, key in enumerate((self.instance.tiebreaks or [])[:TIEBREAK_SLOTS], start=1):
                self.initial.setdefault(f"tiebreak_{n}", key)
        if not self.instance.pk:
            self.initial.setdefault("listed", False)  # a new event stays off the home page until published
        restrictions = self.instance.restrictions or {}
        self.initial.setdefault("allowed_books", ", ".join(restrictions.get("allowed_books", [])))
        self.initial.setdefault("allowed_refs", ", ".join(restrictions.get("allowed_refs", [])))
        self.initial.setdefault("date_from", restrictions.get("date_from"))
        self.initial.setdefault("date_to", restrictions.get("date_to"))
        self.initial.setdefault(
            "troop_minimums", ", ".join(f"{n} {t}" for t, n in restrictions.get("troop_minimums", []))
        )

    def clean_slug(self) -> str:
        """The organizer's short name, or one made from the name (as the page suggests)."""
        slug = self.cleaned_data.get("slug") or slugify(unidecode_name(self.cleaned_data.get("name", "")))[:50]
        if not slug:
            raise forms.ValidationError(_("Enter a short name (letters, numbers and hyphens)."))
        return slug

    def clean_allowed_books(self) -> list[str]:
        books = [b.strip().upper() for b in self.cleaned_data["allowed_books"].split(",") if b.strip()]
        bad = [b for b in books if b not in {"I", "II", "III", "IV"}]
        if bad:
            raise forms.ValidationError(_("Unknown book: %(books)s. Use I, II, III or IV."), params={"books": ", ".join(bad)})
        return books

    def clean_allowed_refs(self) -> list[str]:
        return [r.strip() for r in self.cleaned_data["allowed_refs"].split(",") if r.strip()]

    def clean_troop_minimums(self) -> list[list]:
        result = []
        for part in self.cleaned_data["troop_minimums"].split(","):
            words = part.split()
            if not words:
                continue
            if len(words) != 2 or not words[0].isdigit():
                raise forms.ValidationError(_('Write each minimum as a number and a troop type, e.g. "6 Wb".'))
            result.append([words[1], int(words[0])])
        return result

    def clean_time_zone(self) -> str:
        """Left out (an older form, a script): the event keeps its zone, a new one takes the site's."""
        return self.cleaned_data.get("time_zone") or (self.instance.time_zone if self.instance.pk else default_time_zone())

    def main_fields(self):
        return [field for field in self if not field.name.startswith("tiebreak_")]

    def tiebreak_fields(self):
        return [self[f"tiebreak_{n}"] for n in range(1, TIEBREAK_SLOTS + 1)]

    def _clean_tiebreaks(self, cleaned: dict) -> None:
        """The chosen tie-breaks in the order of the selects, as `tiebreak_order`; each at most once."""
        keys = [cleaned.get(f"tiebreak_{n}") for n in range(1, TIEBREAK_SLOTS + 1)]
        order: list[str] = []
        for n, key in enumerate(keys, start=1):
            if not key:
                continue
            if key in order:
                self.add_error(f"tiebreak_{n}", _("“%(name)s” is already chosen above.") % {
                    "name": TIEBREAK_LABELS[key]})
            else:
                order.append(key)
        cleaned["tiebreak_order"] = order

    def clean_victory_camp_reading(self) -> str:
        return self.cleaned_data.get("victory_camp_reading") or CampReading.COUNTS

    def clean_wdl_points(self) -> str:
        return clean_points(self.cleaned_data.get("wdl_points"))

    def clean_head_to_head_rule(self) -> str:
        return self.cleaned_data.get("head_to_head_rule") or HeadToHeadRule.ALL_MET

    def clean(self):
        cleaned = super().clean()
        date_from, date_to = cleaned.get("date_from"), cleaned.get("date_to")
        if date_from is not None and date_to is not None and date_from > date_to:
            self.add_error("date_to", _("The end year is before the start year."))
        self._clean_tiebreaks(cleaned)
        edition, scoring = cleaned.get("edition"), cleaned.get("scoring_preset")
        if scoring in PRESET_EDITION and edition and PRESET_EDITION[scoring] != edition:
            self.add_error("scoring_preset", _("This scoring is for DBA %(preset)s, but the event plays DBA %(edition)s.")
                           % {"preset": PRESET_EDITION[scoring], "edition": edition})
        return cleaned

    def save(self, commit: bool = True) -> Event:
        event = super().save(commit=False)
        keys = ("allowed_books", "allowed_refs", "date_from", "date_to", "troop_minimums")
        event.restrictions = {k: self.cleaned_data[k] for k in keys if self.cleaned_data.get(k) not in (None, [], "")}
        if "scoring_preset" in self.changed_data or (
                "wdl_points" in self.changed_data and event.scoring_preset == "wdl"):
            # a preset chosen here replaces the event's own scoring (nothing is scored yet); new win/draw/loss points
            # only when the scoring is win/draw/loss (for any other preset the box counts for nothing)
            event.scoring_definition = {}
        # Every slot sent empty (the legend: "leave them all empty to use the scoring preset's own order") is that
        # order, on an edit too; a post without the slots (a script) keeps the event's order.
        cleared = any(f"tiebreak_{n}" in self.data for n in range(1, TIEBREAK_SLOTS + 1))
        if self.cleaned_data.get("tiebreak_order"):
            event.tiebreaks = self.cleaned_data["tiebreak_order"]
        elif cleared or "scoring_preset" in self.changed_data or not event.tiebreaks:
            from tournament.results.scoring import event_scoring, preset

            event.tiebreaks = list(event_scoring(event).tiebreaks or preset(event.scoring_preset).tiebreaks)
        if event.scoring_definition:
            # One order: the own scoring's definition names the tie-breaks the event uses, so its page shows them
            # and a later save there does not put an older order back (`rescoring.proposed_definition`).
            from tournament.results.definition import PRIMARY_KEYS

            order = [key for key in event.tiebreaks if key not in PRIMARY_KEYS]
            if order != list(event.scoring_definition.get("tiebreaks", [])):
                event.scoring_definition = {**event.scoring_definition, "tiebreaks": order}
        if commit:
            event.save()
        return event


# Why an edit is refused (events.services.LeagueMisfit), by the field and the membership: "waiting" to join, "member"
# (the event's organizer may leave the league first: leagues.service.leave), "counted" (a member with confirmed
# results: only the league's organizer may take it out).
LEAGUE_MISFITS = {
    ("date", "member"): _("This date is outside the season of %(league)s (%(start)s to %(end)s), and the event counts "
                          "in that league: keep a date within the season, or first take the event out of the league "
                          "with “Leave the league” under “Leagues” on the event's edit page, then move it."),
    ("date", "counted"): _("This date is outside the season of %(league)s (%(start)s to %(end)s), and the event counts "
                           "in that league with confirmed results: keep a date within the season, or ask an organizer "
                           "of %(league)s to remove the event from the league first."),
    ("date", "waiting"): _("This date is outside the season of %(league)s (%(start)s to %(end)s), a league the event "
                           "asked to join: keep a date within the season, or first withdraw that request under "
                           "“Invitations and requests”."),
    ("edition", "member"): _("%(league)s counts %(league_edition)s events only, and the event counts in that league: "
                             "keep %(league_edition)s, or first take the event out of the league with “Leave the "
                             "league” under “Leagues” on the event's edit page, then change it."),
    ("edition", "counted"): _("%(league)s counts %(league_edition)s events only, and the event counts in that league "
                              "with confirmed results: keep %(league_edition)s, or ask an organizer of %(league)s to "
                              "remove the event from the league first."),
    ("edition", "waiting"): _("%(league)s counts %(league_edition)s events only, and the event asked to join it: keep "
                              "%(league_edition)s, or first withdraw that request under “Invitations and requests”."),
}


def league_misfit(refused: LeagueMisfit, user=None) -> str:
    """Why the edit is refused, for the form's field `refused.field` (the organizer's form and the admin's), and how
    to go on: a waiting membership declined or withdrawn, a member's league left (`leagues.service.leave`), or, once
    the event has confirmed results, the league's organizer asked to remove it, unless `user` is one (then they may
    leave it themselves, as the edit page's "Leave the league" button offers)."""
    membership = refused.membership
    league = membership.league
    if membership.state != LeagueEvent.State.ACCEPTED:
        how = "waiting"
    elif has_played_results(membership.event) and not is_league_organizer(user, league):
        how = "counted"
    else:
        how = "member"
    return LEAGUE_MISFITS[refused.field, how] % {
        "league": league.name, "start": date_format(league.season_start), "end": date_format(league.season_end),
        "league_edition": league.get_edition_display()}


def clean_points(value: str | None) -> str:
    text = (value or "").replace(" ", "")
    if not text:
        return "3/1/0"
    parts = text.split("/")
    if len(parts) != 3 or not all(p.isascii() and p.isdigit() and len(p) <= 3 for p in parts):
        raise forms.ValidationError(_('Write the points for a win, a draw and a loss as "3/1/0".'))
    return "/".join(str(int(p)) for p in parts)


class ScoringForm(forms.Form):
    """A new scoring for an event that already has results (rescored on confirmation)."""

    scoring_preset = forms.ChoiceField(label=_("Scoring"))
    wdl_points = forms.CharField(label=_("win/draw/loss points"), max_length=20, required=False,
                                 help_text=_("Win/draw/loss points when the scoring is win/draw/loss, e.g. 3/1/0."))

    def __init__(self, *args, event: Event, **kwargs):
        super().__init__(*args, **kwargs)
        from tournament.results.presets import preset_choices

        self.event = event
        self.fields["scoring_preset"].choices = preset_choices()
        self.initial.setdefault("scoring_preset", event.scoring_preset)
        self.initial.setdefault("wdl_points", event.wdl_points)

    def clean_wdl_points(self) -> str:
        return clean_points(self.cleaned_data.get("wdl_points"))

    def clean(self):
        cleaned = super().clean()
        preset, points = cleaned.get("scoring_preset"), cleaned.get("wdl_points")
        same = preset == self.event.scoring_preset and (preset != "wdl" or points == self.event.wdl_points)
        if preset and points and same and not self.event.scoring_definition:  # a preset replaces an own scoring
            raise forms.ValidationError(_("That is the scoring the event already uses."))
        if preset in PRESET_EDITION and PRESET_EDITION[preset] != self.event.edition:  # as the event form refuses it
            self.add_error("scoring_preset", _("This scoring is for DBA %(preset)s, but the event plays DBA %(edition)s.")
                           % {"preset": PRESET_EDITION[preset], "edition": self.event.edition})
        return cleaned
