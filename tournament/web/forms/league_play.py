"""Reporting a ladder game, suggesting a merge to an account holder, importing a backup into a league."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.models import LadderGame
from tournament.web.forms.widgets import DateInput


class LadderForm(forms.Form):
    opponent = forms.TypedChoiceField(label=_("Opponent"), coerce=int)
    played_on = forms.DateField(label=_("Played on"), widget=DateInput())
    outcome = forms.ChoiceField(label=_("Your result"), choices=LadderGame.Outcome.choices)
    points_a = forms.IntegerField(label=_("Your points"), min_value=0, max_value=100, initial=0)
    points_b = forms.IntegerField(label=_("Opponent's points"), min_value=0, max_value=100, initial=0)

    def __init__(self, *args, opponents: list[tuple[int, str]], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["opponent"].choices = opponents


class SuggestForm(forms.Form):
    """An account-less person's entries that an account holder may confirm as theirs."""

    player = forms.TypedChoiceField(label=_("These entries (no account)"), coerce=int)
    into = forms.TypedChoiceField(label=_("may belong to the player with an account"), coerce=int)

    def __init__(self, *args, people: list[tuple[int, str]], holders: list[tuple[int, str]], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = people
        self.fields["into"].choices = holders


class LeagueImportForm(forms.Form):
    file = forms.FileField(label=_("Backup file"))
    slug = forms.SlugField(label=_("Short name for the new event"), required=False, max_length=60,
                           help_text=_("Empty: the one in the file."))
    premier = forms.BooleanField(label=_("Premier event"), required=False)
