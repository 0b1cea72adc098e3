"""The result of one game: the umpires' shorthand or the fields, side by side."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.results.messages import problem_message
from tournament.results.shorthand import (
    CAMP_COUNTS,
    MAX_LOSSES,
    GameResult,
    ResultError,
    SideResult,
    parse_shorthand,
)

OUTCOMES = [("a", _("Side A won")), ("b", _("Side B won")), ("time", _("Time called"))]


class ResultForm(forms.Form):
    shorthand = forms.CharField(
        label=_("Shorthand"), required=False, max_length=20,
        help_text=_("Side A's figures first, as umpires write them: 4G-1C, 3-1G T (time called), 4-2. "
                    "Scythed Chariots destroyed go apart after a plus: 3+1S-2."),
        widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "characters", "inputmode": "text"}),
    )
    outcome = forms.ChoiceField(label=_("Outcome"), choices=OUTCOMES, required=False)
    a_elements_lost = forms.IntegerField(label=_("Elements lost by A"), min_value=0, max_value=MAX_LOSSES, required=False)
    a_general_lost = forms.BooleanField(label=_("A lost its general"), required=False)
    a_camp_lost = forms.BooleanField(label=_("A lost its camp / BUA / city"), required=False)
    a_sch_lost = forms.IntegerField(label=_("Scythed Chariots lost by A (not in the elements above)"), min_value=0,
                                    max_value=MAX_LOSSES, required=False)
    b_elements_lost = forms.IntegerField(label=_("Elements lost by B"), min_value=0, max_value=MAX_LOSSES, required=False)
    b_general_lost = forms.BooleanField(label=_("B lost its general"), required=False)
    b_camp_lost = forms.BooleanField(label=_("B lost its camp / BUA / city"), required=False)
    b_sch_lost = forms.IntegerField(label=_("Scythed Chariots lost by B (not in the elements above)"), min_value=0,
                                    max_value=MAX_LOSSES, required=False)
    version = forms.IntegerField(widget=forms.HiddenInput, required=False)

    def __init__(self, *args, edition: str, camp_reading: str = CAMP_COUNTS, **kwargs):
        super().__init__(*args, **kwargs)
        self.edition = edition
        self.camp_reading = camp_reading

    def name_sides(self, a: str, b: str) -> ResultForm:
        """Labels with the players' names instead of "A" and "B"."""
        f = self.fields
        f["shorthand"].help_text = " ".join([
            str(_("%(name)s's figures first, as umpires write them: 4G-1C, 3-1G T (time called), 4-2.")) % {"name": a},
            str(_("Scythed Chariots destroyed go apart after a plus: 3+1S-2."))])
        f["outcome"].choices = [("a", _("%(name)s won") % {"name": a}), ("b", _("%(name)s won") % {"name": b}),
                                ("time", _("Time called"))]
        for side, name in (("a", a), ("b", b)):
            f[f"{side}_elements_lost"].label = _("Elements lost by %(name)s") % {"name": name}
            f[f"{side}_general_lost"].label = _("%(name)s lost the general") % {"name": name}
            f[f"{side}_camp_lost"].label = _("%(name)s lost the camp / BUA / city") % {"name": name}
            f[f"{side}_sch_lost"].label = _("Scythed Chariots lost by %(name)s (not in the elements above)") % {
                "name": name}
        return self

    def clean(self):
        data = super().clean()
        text = (data.get("shorthand") or "").strip()
        if text:
            try:
                data["result"] = parse_shorthand(text, self.edition, camp_reading=self.camp_reading)
            except ResultError as exc:
                raise forms.ValidationError(problem_message(exc)) from exc
            return data
        if not data.get("outcome"):
            raise forms.ValidationError(_("Write the shorthand (e.g. 4G-1C) or choose the outcome and fill in the losses."))
        data["result"] = GameResult(
            a=SideResult(data.get("a_elements_lost") or 0, bool(data.get("a_general_lost")), bool(data.get("a_camp_lost")),
                         data.get("a_sch_lost") or 0),
            b=SideResult(data.get("b_elements_lost") or 0, bool(data.get("b_general_lost")), bool(data.get("b_camp_lost")),
                         data.get("b_sch_lost") or 0),
            outcome=data["outcome"],
        )
        return data

    @classmethod
    def initial_for(cls, result: GameResult | None, version: int) -> dict:
        if result is None:
            return {"version": version}
        return {
            "version": version, "outcome": result.outcome,
            "a_elements_lost": result.a.elements_lost, "a_general_lost": result.a.general_lost,
            "a_camp_lost": result.a.camp_lost, "b_elements_lost": result.b.elements_lost,
            "b_general_lost": result.b.general_lost, "b_camp_lost": result.b.camp_lost,
            "a_sch_lost": result.a.sch_lost or None, "b_sch_lost": result.b.sch_lost or None,
        }
