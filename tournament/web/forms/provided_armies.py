"""A pair of armies the organizer provides, for a table, a round, or a table in one round."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.armies.service import army_choices
from tournament.models.events import MAX_ROUNDS

MAX_TABLE = 999


class ProvidedPairForm(forms.Form):
    round_number = forms.IntegerField(label=_("Round"), required=False, min_value=1, max_value=MAX_ROUNDS,
                                      help_text=_("Empty: every round."))
    table = forms.IntegerField(label=_("Table"), required=False, min_value=1, max_value=MAX_TABLE,
                               help_text=_("Empty: every table."))
    army_a = forms.CharField(label=_("Army of side A"), max_length=20)
    army_b = forms.CharField(label=_("Army of side B"), max_length=20,
                             help_text=_("A matched pair: two historical opponents. Two players who meet again on "
                                         "the same pair swap sides."))

    def __init__(self, *args, edition: str, **kwargs):
        super().__init__(*args, **kwargs)
        choices = army_choices(edition)
        if choices:
            options = [("", "—"), *((ref, f"{ref} {name}") for ref, name in choices)]
            for name in ("army_a", "army_b"):
                self.fields[name] = forms.ChoiceField(label=self.fields[name].label, choices=options,
                                                      help_text=self.fields[name].help_text)
