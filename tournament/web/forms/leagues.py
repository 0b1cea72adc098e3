"""Creating a league, inviting an event, asking to join."""

from __future__ import annotations

import datetime

from django import forms
from django.db.models import Q
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournament.leagues.presets import preset_choices
from tournament.models import Event, EventRole, League
from tournament.web.forms.events import unidecode_name
from tournament.web.forms.widgets import DateInput

MAX_CUSTOM_PLACES = 100


class LeagueForm(forms.ModelForm):
    custom_table = forms.CharField(
        label=_("Custom placing points"), required=False, max_length=600,
        help_text=_("Only for the custom placing table: points for 1st, 2nd, 3rd…, separated by commas, e.g. 10, 8, 6."),
    )

    class Meta:
        model = League
        fields = ["name", "slug", "season_start", "season_end", "edition", "public", "scoring_preset", "best_n", "min_games",
                  "ladder_points"]
        widgets = {"season_start": DateInput(), "season_end": DateInput()}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # The presets' names are the fixture's English, translated in locale/leagues.
        self.fields["scoring_preset"] = forms.ChoiceField(
            label=_("League scoring"), choices=[(key, gettext(name)) for key, name in preset_choices()])
        self.initial.setdefault("custom_table", ", ".join(str(p) for p in self.instance.custom_points or []))
        # The short name is suggested from the name as it is typed (static/js/app.js), or made from it on save.
        self.fields["name"].widget.attrs["data-suggests"] = "id_slug"
        self.fields["slug"].required = False
        self.fields["slug"].help_text = _("Part of the league's web address; suggested from the name.")
        # Not merely unlisted: a league that is not public is seen by its organizers alone (web.league_access).
        self.fields["public"].help_text = _("Anyone can see its table, and it is listed on the leagues page. "
                                            "Unticked, only the league's organizers can see it.")
        if not self.instance.pk:  # a new league's season: this calendar year
            year = timezone.localdate().year
            self.initial.setdefault("season_start", datetime.date(year, 1, 1))
            self.initial.setdefault("season_end", datetime.date(year, 12, 31))

    def clean_slug(self) -> str:
        """The organizer's short name, or one made from the name; a taken one made from the name gets a number."""
        typed = self.cleaned_data.get("slug")
        if typed:
            return typed
        base = slugify(unidecode_name(self.cleaned_data.get("name", "")))[:50]
        if not base:
            raise forms.ValidationError(_("Enter a short name (letters, numbers and hyphens)."))
        taken = set(League.objects.filter(slug__startswith=base).values_list("slug", flat=True)[:100])
        slug = base
        for n in range(2, 102):
            if slug not in taken:
                break
            slug = f"{base}-{n}"
        return slug

    def clean_custom_table(self) -> list[int]:
        parts = [p.strip() for p in self.cleaned_data["custom_table"].split(",") if p.strip()]
        if len(parts) > MAX_CUSTOM_PLACES or not all(p.isdigit() and int(p) <= 1000 for p in parts):
            raise forms.ValidationError(_("Write up to 100 whole numbers from 0 to 1000, separated by commas."))
        return [int(p) for p in parts]

    def clean(self):
        data = super().clean()
        start, end = data.get("season_start"), data.get("season_end")
        if start and end and end < start:
            self.add_error("season_end", _("The season cannot end before it starts."))
        if data.get("scoring_preset") == "custom-placing" and not data.get("custom_table"):
            self.add_error("custom_table", _("Give the points for each place."))
        return data

    def save(self, commit: bool = True) -> League:
        self.instance.custom_points = self.cleaned_data.get("custom_table") or []
        return super().save(commit=commit)


class InviteForm(forms.Form):
    """An event of the organizer's own, chosen from a list, or anyone's event by its short name."""

    own_event = forms.ModelChoiceField(label=_("One of your events"), queryset=Event.objects.none(), required=False)
    event = forms.SlugField(label=_("Or another organizer's event, by its short name"), max_length=60, required=False,
                            help_text=_("As in its link: /e/<short name>/."))
    premier = forms.BooleanField(label=_("Premier event"), required=False)

    def __init__(self, *args, league: League, user=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.league, self.user = league, user
        own = Event.objects.none()
        if user is not None and user.is_authenticated:
            own = eligible_events(league, Event.objects.filter(roles__user=user, roles__role=EventRole.Role.ORGANIZER)
                                  .exclude(league_memberships__league=league)).distinct().order_by("date", "name")
        if own.exists():
            self.fields["own_event"].queryset = own
        else:  # nothing of their own to offer: only the short name
            del self.fields["own_event"]
            self.fields["event"].label = _("Event's short name")

    def clean_event(self) -> Event | None:
        """A listed event, or one the inviter organizes: an unlisted event of someone else answers like one that
        does not exist (its organizer can ask to join from the league's page)."""
        if not self.cleaned_data["event"]:
            return None
        events = Event.objects.filter(slug=self.cleaned_data["event"])
        own = Q(roles__user=self.user, roles__role=EventRole.Role.ORGANIZER) if self.user is not None else Q(pk=None)
        event = events.filter(Q(listed=True) | own).first()
        if event is None:
            raise forms.ValidationError(_("No listed event has this short name. The organizer of an unlisted event "
                                          "can ask to join from the league's page."))
        if not (self.league.season_start <= event.date <= self.league.season_end):
            raise forms.ValidationError(_("This event is not played within the league's season."))
        if event.edition != self.league.edition:
            raise forms.ValidationError(_("This event is played under another rules edition than the league."))
        return event

    def clean(self):
        data = super().clean()
        chosen = data.get("own_event") or data.get("event")
        if chosen is None and not self.errors:
            self.add_error("event", _("Choose one of your events or write an event's short name."))
        data["chosen"] = chosen
        return data


def eligible_events(league: League, events):
    """Events that may join: played within the season, under the league's edition."""
    return events.filter(date__gte=league.season_start, date__lte=league.season_end, edition=league.edition)


class JoinForm(forms.Form):
    event = forms.ModelChoiceField(label=_("Your event"), queryset=Event.objects.none(), error_messages={
        "required": _("Choose one of your events played within the league's season and edition."),
        "invalid_choice": _("Choose one of your events played within the league's season and edition.")})

    def __init__(self, *args, events=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["event"].queryset = events if events is not None else Event.objects.none()


class MergeForm(forms.Form):
    """Two account-less people of the league: `player`'s results count as `into`'s."""

    player = forms.TypedChoiceField(label=_("This person's entries"), coerce=int)
    into = forms.TypedChoiceField(label=_("are the same person as"), coerce=int)

    def __init__(self, *args, people: list[tuple[int, str]], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = people
        self.fields["into"].choices = people
