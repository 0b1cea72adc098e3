"""Setting up a stage (groups, a cut, a bracket, a Plate, placement play-offs) and assigning groups by hand."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.models import Stage
from tournament.models.stages import MAX_STAGES
from tournament.stages.messages import PLACEMENT_NEEDS
from tournament.stages.schedule import MAX_GROUP
from tournament.stages.tables import group_letter

CUTS_FROM = (Stage.Entrants.TOP, Stage.Entrants.WINNERS)


class StageForm(forms.ModelForm):
    class Meta:
        model = Stage
        fields = ["name", "kind", "entrants", "source", "cut", "groups", "seeding", "third_place"]
        help_texts = {
            "source": _("Empty: the Swiss rounds (their standings)."),
            "cut": _("For a cut: 2, 4 or 8 make semi-finals and a final; any number from 2 works."),
            "groups": _("Groups of 3 to 8 players, as equal as they can be; an odd group has a bye each round."),
            "seeding": _("How the groups are made, or how the seeds are ordered when every player plays."),
        }

    def __init__(self, *args, event, **kwargs):
        super().__init__(*args, **kwargs)
        self.event = event
        others = event.stages.all()
        if self.instance.pk:
            others = others.filter(number__lt=self.instance.number)
        self.fields["source"].queryset = others
        self.fields["source"].empty_label = _("The Swiss rounds")

    def clean(self):
        data = super().clean()
        if not self.instance.pk and self.event.stages.count() >= MAX_STAGES:
            raise forms.ValidationError(_("An event has at most %(n)s stages.") % {"n": MAX_STAGES})
        kind, entrants, source = data.get("kind"), data.get("entrants"), data.get("source")
        if kind == Stage.Kind.GROUPS:
            if not data.get("groups"):
                self.add_error("groups", _("Say how many groups."))
            if entrants in CUTS_FROM and not data.get("cut"):
                self.add_error("cut", _("Say how many players qualify."))
        elif data.get("seeding") == Stage.Seeding.ORGANIZER:
            self.add_error("seeding", _("The organizer chooses groups, not bracket seeds: choose another seeding."))
        if kind in (Stage.Kind.SINGLE, Stage.Kind.DOUBLE) and entrants in CUTS_FROM and not data.get("cut"):
            self.add_error("cut", _("Say how many players qualify."))
        if entrants == Stage.Entrants.WINNERS and (source is None or source.kind != Stage.Kind.GROUPS):
            self.add_error("source", _("Group winners come from a stage of groups."))
        if kind == Stage.Kind.PLACEMENT and (source is None or source.kind != Stage.Kind.GROUPS or (source.groups or 0) < 2):
            self.add_error("source", PLACEMENT_NEEDS)
        return data


class GroupAssignmentForm(forms.Form):
    """One choice of group per player (the organizer's own groups: period groups and the like)."""

    def __init__(self, *args, players, groups: int, initial_groups: dict[int, int] | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        choices = [(str(g), group_letter(g)) for g in range(1, groups + 1)]
        self.players = players
        for reg in players:
            self.fields[f"group-{reg.pk}"] = forms.TypedChoiceField(
                label=reg.name, choices=choices, coerce=int,
                initial=(initial_groups or {}).get(reg.pk, 1 + (players.index(reg) % groups)),
            )
        self.max_group = MAX_GROUP

    def assignment(self) -> dict[int, int]:
        return {reg.pk: self.cleaned_data[f"group-{reg.pk}"] for reg in self.players}
