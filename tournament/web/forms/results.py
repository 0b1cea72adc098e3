"""The result of one game: the umpires' shorthand or the fields, side by side."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.results.explain import problem_message
from tournament.results.shorthand import (
    CAMP_COUNTS,
    MAX_LOSSES,
    GameResult,
    ResultError,
    SideResult,
    parse_shorthand,
)

OUTCOMES = [("a", _("Side A won")), ("b", _("Side B won")), ("time", _("Time called"))]
MINE = [("won", _("I won")), ("lost", _("I lost")), ("time", _("Time was called: no winner"))]


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
        self.player_side = ""
        self.side_a_name = "A"

    def for_player(self, side: str) -> ResultForm:
        """A player's report: the outcome first, in their own words ("I won"), then the figures, which must
        agree with it (a player on side B who types their own losses first is told, not recorded the other way)."""
        self.player_side = side
        # Required in the browser; a report sent with the shorthand alone (an older page, a queued offline
        # report) is still read, side A's figures first.
        mine = forms.ChoiceField(label=_("Your result"), choices=MINE, required=False,
                                 widget=forms.RadioSelect(attrs={"required": True}))
        self.fields = {"mine": mine,
                       **{k: v for k, v in self.fields.items() if k != "outcome"}}
        return self

    def name_sides(self, a: str, b: str) -> ResultForm:
        """Labels with the players' names instead of "A" and "B"."""
        f = self.fields
        self.side_a_name = a
        f["shorthand"].help_text = " ".join([
            str(_("%(name)s's figures first, as umpires write them: 4G-1C, 3-1G T (time called), 4-2.")) % {"name": a},
            str(_("Scythed Chariots destroyed go apart after a plus: 3+1S-2."))])
        f.get("outcome", forms.ChoiceField()).choices = [("a", _("%(name)s won") % {"name": a}), ("b", _("%(name)s won") % {"name": b}),
                                ("time", _("Time called"))]
        for side, name in (("a", a), ("b", b)):
            f[f"{side}_elements_lost"].label = _("Elements lost by %(name)s") % {"name": name}
            f[f"{side}_general_lost"].label = _("%(name)s lost the general") % {"name": name}
            f[f"{side}_camp_lost"].label = _("%(name)s lost the camp / BUA / city") % {"name": name}
            f[f"{side}_sch_lost"].label = _("Scythed Chariots lost by %(name)s (not in the elements above)") % {
                "name": name}
        return self

    def _declared(self, data: dict) -> str | None:
        """The outcome the player chose, as a side ("a", "b") or "time"; None when it is missing."""
        mine = data.get("mine")
        if not mine:
            return None
        other = "b" if self.player_side == "a" else "a"
        return {"won": self.player_side, "lost": other, "time": "time"}[mine]

    def clean(self):
        data = super().clean()
        text = (data.get("shorthand") or "").strip()
        declared = self._declared(data) if self.player_side else None
        if self.player_side and declared is None and not text:
            raise forms.ValidationError(_("Choose your result (I won, I lost or time was called), then the figures."))
        if text:
            try:
                data["result"] = parse_shorthand(text, self.edition, camp_reading=self.camp_reading)
            except ResultError as exc:
                raise forms.ValidationError(problem_message(exc)) from exc
            if declared and data["result"].outcome != declared:
                raise forms.ValidationError(_(
                    "The figures do not match the result you chose. In the shorthand %(name)s's figures come first: "
                    "what they destroyed, a dash, what the opponent destroyed."
                ) % {"name": self.side_a_name})
            return data
        if declared:
            data["outcome"] = declared
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
