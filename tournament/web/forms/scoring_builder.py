"""The event's own scoring built in a form, without YAML (docs/scoring.md): the common cases as named fields
(tournament/results/definition_fields.py spreads a definition over them and builds it back). What the form
cannot show (conditional rules, a zero-sum split without a table…) stays in the advanced YAML editor."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.results.definition import COUNT_KEYS, EDITIONS, LIMIT, DefinitionError, definition_data
from tournament.results.definition_fields import (
    LINE_LIMITS,
    LINE_NUMBERS,
    LINES,
    SPLIT_ROWS,
    TIEBREAK_SLOTS,
    edition_prefix,
    field_for_path,
    fields_definition,
    split_totals,
)
from tournament.results.explain import DEFINITION_MESSAGES
from tournament.results.scoring import own_scoring
from tournament.web.forms.events import TIEBREAK_LABELS

COUNT_LABELS = {
    "element": _("Each enemy element"),
    "sch": _("Each enemy Scythed Chariots (entered as +1S)"),
    "general": _("The enemy general (on top of its element)"),
    "camp": _("The enemy camp, BUA or city"),
    "cap": _("At most (blank: no limit)"),
}
LINE_LEGENDS = {
    "win": _("A win (the victory conditions met)"),
    "loss": _("A loss"),
    "time": _("An unfinished game (time called)"),
    "time_ahead": _("Time called, ahead on the margin"),
    "time_level": _("Time called, level"),
    "time_behind": _("Time called, behind on the margin"),
}
LINE_LABELS = {
    "points": _("Points"),
    "per_destroyed": _("Per enemy element destroyed"),
    "per_lost": _("Per own element lost (negative subtracts)"),
    "general_killed": _("Bonus: enemy general killed"),
    "camp_taken": _("Bonus: enemy camp or city taken"),
    "floor": _("At least (floor)"),
    "cap": _("At most (cap)"),
}
SPLIT_LABELS = {"at_least": _("Margin at least"), "winner": _("Points for the winner"),
                "other": _("Points for the other side")}
RANKINGS = [("points", _("Points")), ("wins,points", _("Wins, then points"))]


def _number(label, required=False):
    return forms.IntegerField(label=label, required=required, min_value=-LIMIT, max_value=LIMIT,
                              widget=forms.NumberInput(attrs={"inputmode": "numeric", "class": "short"}))


class ScoringBuilderForm(forms.Form):
    """Every field of the structured scoring form; `definition()` is the checked plain mapping."""

    name = forms.CharField(label=_("Name of the scoring"), max_length=120)
    source = forms.CharField(label=_("Where the numbers come from"), required=False, max_length=600,
                             widget=forms.Textarea(attrs={"rows": 2}))
    doubtful = forms.CharField(label=_("What the source leaves open"), required=False, max_length=1000,
                               widget=forms.Textarea(attrs={"rows": 2}))
    bye = _number(_("Points for a bye"))
    ranking = forms.ChoiceField(label=_("Rank players by"), choices=RANKINGS)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.full_labels = {"name": self.fields["name"].label, "source": self.fields["source"].label,
                            "doubtful": self.fields["doubtful"].label, "bye": self.fields["bye"].label,
                            "ranking": self.fields["ranking"].label}
        for key in (*COUNT_KEYS, "cap"):
            self._add(f"counts_{key}", COUNT_LABELS[key], _("What counts"))
        for edition in EDITIONS:
            legend = _("Only in DBA %(edition)s (blank: as above)") % {"edition": edition}
            for key in (*COUNT_KEYS, "cap"):
                self._add(edition_prefix(edition) + key, COUNT_LABELS[key], legend)
        for line in LINES:
            for key in (*LINE_NUMBERS, *LINE_LIMITS):
                self._add(f"{line}_{key}", LINE_LABELS[key], LINE_LEGENDS[line])
        for n in range(1, SPLIT_ROWS + 1):
            for key, label in SPLIT_LABELS.items():
                self._add(f"split_{n}_{key}", label, _("Margin table, row %(n)s") % {"n": n})
        choices = [("", _("— none —")), *((k, v) for k, v in TIEBREAK_LABELS.items() if k != "wins")]
        for n in range(1, TIEBREAK_SLOTS + 1):
            self.fields[f"tiebreak_{n}"] = forms.ChoiceField(label=_("Tie-break %(n)s") % {"n": n}, choices=choices,
                                                             required=False)
            self.full_labels[f"tiebreak_{n}"] = self.fields[f"tiebreak_{n}"].label

    def _add(self, name: str, label, legend) -> None:
        self.fields[name] = _number(label)
        self.full_labels[name] = f"{legend} · {label}"

    # --- what the template lays out -------------------------------------------------------------------------
    def counts_fields(self):
        return [self[f"counts_{k}"] for k in (*COUNT_KEYS, "cap")]

    def edition_sections(self):
        sections = []
        for edition in EDITIONS:
            fields = [self[edition_prefix(edition) + k] for k in (*COUNT_KEYS, "cap")]
            sections.append((edition, fields, any(f.value() not in (None, "") for f in fields)))
        return sections

    def line_sections(self, lines):
        return [(LINE_LEGENDS[line], [self[f"{line}_{k}"] for k in (*LINE_NUMBERS, *LINE_LIMITS)]) for line in lines]

    def main_lines(self):
        return self.line_sections(("win", "loss", "time"))

    def draw_lines(self):
        return self.line_sections(("time_ahead", "time_level", "time_behind"))

    def split_rows(self):
        return [[self[f"split_{n}_{k}"] for k in SPLIT_LABELS] for n in range(1, SPLIT_ROWS + 1)]

    def tiebreak_fields(self):
        return [self[f"tiebreak_{n}"] for n in range(1, TIEBREAK_SLOTS + 1)]

    def error_summary(self) -> list[str]:
        """Each problem as "<the field, in the reader's language>: <what is wrong>"."""
        return [f"{self.full_labels.get(name, '')}: {message}" if name in self.full_labels else str(message)
                for name, messages in self.errors.items() for message in messages]

    # --- checking --------------------------------------------------------------------------------------------
    def clean(self):
        cleaned = super().clean()
        if self.errors:
            return cleaned
        if len(split_totals(cleaned)) > 1:
            self.add_error("split_1_other", _("every row must share the same total (the winner's points plus the "
                                              "other side's)."))
            return cleaned
        tiebreaks = [cleaned[f"tiebreak_{n}"] for n in range(1, TIEBREAK_SLOTS + 1) if cleaned.get(f"tiebreak_{n}")]
        if len(set(tiebreaks)) != len(tiebreaks):
            self.add_error("tiebreak_1", _("a tie-break appears twice."))
            return cleaned
        data = fields_definition(cleaned)
        try:
            self.built = own_scoring(data).definition
        except DefinitionError as exc:
            name = field_for_path(exc.field)
            text = DEFINITION_MESSAGES[exc.code](exc.params) if exc.code in DEFINITION_MESSAGES else exc.code
            self.add_error(name if name in self.fields else None, text)
            return cleaned
        self.built_data = definition_data(self.built)
        return cleaned
