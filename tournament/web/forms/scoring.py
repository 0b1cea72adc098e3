"""An event's own scoring (docs/scoring.md): where to start from, and the definition itself as YAML."""

from __future__ import annotations

from django import forms
from django.db.models import Q
from django.utils.formats import date_format
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournament.models import Event, EventRole
from tournament.results.definition import MAX_TEXT, DefinitionError, definition_data, read_definition_text
from tournament.results.explain import definition_error_message
from tournament.results.scoring import Preset, event_scoring, own_scoring, templates

TEMPLATE, EVENT = "template:", "event:"


def visible_events(user, event: Event):
    """Other events whose scoring the user may copy: those they organize or umpire."""
    roles = [EventRole.Role.ORGANIZER, EventRole.Role.UMPIRE]
    mine = Event.objects.all() if user.is_superuser else Event.objects.filter(
        Q(roles__user=user, roles__role__in=roles))
    return mine.exclude(pk=event.pk).distinct().order_by("-date", "name")[:200]


class OwnScoringForm(forms.Form):
    start = forms.ChoiceField(label=_("Start from"), required=False)
    definition = forms.CharField(label=_("Scoring definition (YAML)"), widget=forms.Textarea(attrs={
        "rows": 22, "spellcheck": "false", "autocapitalize": "off", "class": "code"}), max_length=MAX_TEXT,
        required=False, help_text=_("docs/scoring.md in the project explains every field, with examples."))
    advanced = forms.BooleanField(label=_("Use this definition instead of the form"), required=False)

    def __init__(self, *args, event: Event, user, read_yaml: bool = True, **kwargs):
        super().__init__(*args, **kwargs)
        self.event = event
        self.read_yaml = read_yaml  # False: the structured form is used, the YAML is only carried along
        self.events = {e.slug: e for e in visible_events(user, event)}
        template_choices = [(TEMPLATE + key, gettext(p.name)) for key, p in templates().items()]
        event_choices = [(EVENT + slug, f"{e.name} ({date_format(e.date)})") for slug, e in self.events.items()]
        self.fields["start"].choices = [("", "—"), (gettext("Templates"), template_choices)] + (
            [(gettext("Your other events"), event_choices)] if event_choices else [])

    def starting_point(self) -> Preset | None:
        """The template or event chosen in `start` (None: nothing chosen)."""
        value = self.cleaned_data.get("start") or ""
        if value.startswith(TEMPLATE):
            return templates()[value.removeprefix(TEMPLATE)]
        if value.startswith(EVENT):
            return event_scoring(self.events[value.removeprefix(EVENT)])
        return None

    def clean_definition(self) -> dict:
        text = self.cleaned_data.get("definition") or ""
        if not text.strip() or not self.read_yaml:
            return {}
        try:
            data = read_definition_text(text)
            return definition_data(own_scoring(data).definition)
        except DefinitionError as exc:
            raise forms.ValidationError(definition_error_message(exc), code=exc.code) from None
