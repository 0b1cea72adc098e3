"""Forms for players, entries and armies."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.armies.catalogue import ARMY_SIZE
from tournament.armies.service import ArmyInput
from tournament.models import Registration

ELEMENT_COUNT = ARMY_SIZE


class PlayerForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=120)
    club = forms.CharField(label=_("Club"), max_length=120, required=False)
    region = forms.CharField(label=_("Region"), max_length=120, required=False)
    email = forms.EmailField(label=_("Email"), max_length=254, required=False)
    different_person = forms.BooleanField(
        label=_("This is a different person from the similar names shown"), required=False
    )

    def __init__(self, *args, similar=None, **kwargs):
        self.similar_lookup = similar
        self.similar: list = []
        super().__init__(*args, **kwargs)

    def clean_name(self) -> str:
        name = " ".join(self.cleaned_data["name"].split())
        if not name:
            raise forms.ValidationError(_("Enter the player's name."))
        return name

    def clean(self):
        cleaned = super().clean()
        name = cleaned.get("name")
        if name and self.similar_lookup and not cleaned.get("different_person"):
            self.similar = self.similar_lookup(name)
            if self.similar:
                raise forms.ValidationError(self._similar_errors())
        return cleaned

    def _similar_errors(self) -> list[forms.ValidationError]:
        """Registered entries are said to be registered; people from other events can be registered again."""
        def names(people) -> str:
            return ", ".join(p.name + (f" ({p.club})" if p.club else "") for p in people)

        here = [p for p in self.similar if p.pk is None]
        elsewhere = [p for p in self.similar if p.pk is not None]
        errors = []
        if here:
            errors.append(forms.ValidationError(
                _("Already registered for this event: %(names)s."), params={"names": names(here)}, code="registered"))
        if elsewhere:
            errors.append(forms.ValidationError(
                _("A player with a similar name already exists: %(names)s. Register them instead."),
                params={"names": names(elsewhere)}, code="similar"))
        errors.append(forms.ValidationError(  # the checkbox named by its own label, in the reader's language
            _("If this is someone else, tick “%(label)s” and register again."),
            params={"label": self.fields["different_person"].label}, code="different"))
        return errors

    @property
    def similar_elsewhere(self) -> list:
        """Similar people from the organizer's other events, who can be registered here."""
        return [p for p in self.similar if p.pk is not None]

    @property
    def shown_fields(self):
        """The fields to show: “different person” only once similar names are shown to compare with."""
        return [field for field in self if field.name != "different_person" or self.similar]


class ExistingPlayerForm(forms.Form):
    """Enter again a person from the organizer's own events; any other id is an invalid choice."""

    existing = forms.ModelChoiceField(queryset=None)

    def __init__(self, *args, queryset, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["existing"].queryset = queryset


class EntryEditForm(forms.ModelForm):
    """Organizer's in-place edit of one row of the player list: the entry as this event knows it."""

    name = forms.CharField(label=_("Name"), max_length=120)
    club = forms.CharField(label=_("Club"), max_length=120, required=False)

    class Meta:
        model = Registration
        fields = ["status", "fixed_table", "notes"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.initial.setdefault("name", self.instance.name)
        self.initial.setdefault("club", self.instance.club.name if self.instance.club_id else "")

    def clean_name(self) -> str:
        name = " ".join(self.cleaned_data["name"].split())
        if not name:
            raise forms.ValidationError(_("Enter the player's name."))
        return name


class ArmyForm(forms.Form):
    army_size = ARMY_SIZE
    army_ref = forms.CharField(
        label=_("Army list"), max_length=16, help_text=_("The list reference, e.g. II/56a."),
        widget=forms.TextInput(attrs={"list": "army-refs", "autocomplete": "off", "spellcheck": "false"}),
    )
    general = forms.TypedChoiceField(
        label=_("General"), coerce=int, choices=[(i, str(i + 1)) for i in range(ELEMENT_COUNT)],
        widget=forms.RadioSelect, required=False,
    )
    camp = forms.CharField(label=_("Camp / camp followers"), max_length=60, required=False)
    allies = forms.CharField(label=_("Allies"), max_length=120, required=False, help_text=_("List references, comma-separated."))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for i in range(ELEMENT_COUNT):
            self.fields[f"e{i}"] = forms.CharField(
                label=_("Element %(n)s") % {"n": i + 1}, max_length=8, required=False,
                widget=forms.TextInput(attrs={"list": "element-codes", "autocomplete": "off", "spellcheck": "false",
                                              "size": 6}),
            )

    captions: list[str] = []
    bad_boxes: set[int] = set()

    def set_layout(self, captions: list[str], bad_boxes: set[int] = frozenset()) -> ArmyForm:
        """The list's option beside each box, and the boxes an error is about (marked invalid)."""
        self.captions, self.bad_boxes = list(captions), set(bad_boxes)
        for i in range(ELEMENT_COUNT):
            attrs = self.fields[f"e{i}"].widget.attrs
            if i < len(self.captions):
                attrs["aria-describedby"] = f"caption-e{i}"
            if i in self.bad_boxes:
                attrs["aria-invalid"] = "true"
        return self

    @property
    def boxes(self):
        """(index, field, caption, invalid) for each element box, in list order."""
        return [(i, self[f"e{i}"], self.captions[i] if i < len(self.captions) else "", i in self.bad_boxes)
                for i in range(ELEMENT_COUNT)]

    def clean_army_ref(self) -> str:
        return self.cleaned_data["army_ref"].strip()

    def to_army(self) -> ArmyInput:
        data = self.cleaned_data
        elements = tuple(data.get(f"e{i}", "").strip() for i in range(ELEMENT_COUNT))
        # Empty boxes at the end are simply missing elements; the validator names the count.
        while elements and not elements[-1]:
            elements = elements[:-1]
        allies = tuple(a.strip() for a in data.get("allies", "").split(",") if a.strip())
        general = data.get("general")
        return ArmyInput(ref=data["army_ref"], elements=elements, general=general if general != "" else None,
                         camp=data.get("camp", ""), allies=allies)

    @classmethod
    def initial_for(cls, reg: Registration) -> dict:
        initial = {"army_ref": reg.army_ref, "general": reg.general, "camp": reg.camp, "allies": ", ".join(reg.allies)}
        for i, code in enumerate(reg.elements[:ELEMENT_COUNT]):
            initial[f"e{i}"] = code
        return initial
