"""An event's own scoring: start from a template or another event, build the definition in a form (or write it
as YAML in the advanced editor, for what the form cannot show), see the points of every outcome as it changes
(htmx), and save it (every confirmed game is rescored)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from config.htmx import vary_on_htmx, wants_partial
from tournament.models import Event
from tournament.results.definition import definition_data, definition_text
from tournament.results.definition_fields import definition_fields
from tournament.results.explain import OUTCOME_WORDS, rule_lines
from tournament.results.rescoring import has_scores, proposed_definition, rescore
from tournament.results.scoring import event_scoring, outcome_table, own_scoring, templates
from tournament.results.tiebreaks import REGISTRY
from tournament.web.forms.scoring import OwnScoringForm
from tournament.web.forms.scoring_builder import ScoringBuilderForm
from tournament.web.permissions import ORGANIZER, event_view


def _shown_name(name: str) -> str:
    """A template's own name in the reader's language, as the "Start from" list names it; any other name as written."""
    return _(name) if name and any(p.name == name for p in templates().values()) else name


def _outcomes(event: Event, data: dict) -> dict:
    definition = own_scoring(data).definition
    rows = [(row, OUTCOME_WORDS[row.outcome]()) for row in outcome_table(definition, event.edition,
                                                                          event.victory_camp_reading)]
    return {"rows": rows, "words": rule_lines(definition), "bye": definition.bye,
            "name": _shown_name(definition.name)}


def _filled(event: Event, user, data: dict, form: OwnScoringForm | None = None):
    """Both editors showing one definition; the advanced one chosen when the form cannot show all of it."""
    fit = definition_fields(data, set(REGISTRY))
    if form is None:
        form = OwnScoringForm(event=event, user=user, initial={"definition": definition_text(data),
                                                               "advanced": bool(fit.beyond)})
    return form, ScoringBuilderForm(initial={**fit.values, "name": _shown_name(fit.values.get("name", ""))}), fit.beyond


@event_view(role=ORGANIZER)
def own_scoring_page(request: HttpRequest, event: Event) -> HttpResponse:
    current = definition_data(event_scoring(event).definition)
    posted = request.method == "POST"
    # The page always posts its form ("builder"); a post of the YAML alone, or with "advanced", uses the YAML.
    use_builder = posted and "builder" in request.POST and not request.POST.get("advanced")
    form = OwnScoringForm(request.POST if posted else None, event=event, user=request.user, read_yaml=not use_builder,
                          initial={"definition": definition_text(current)})
    builder = ScoringBuilderForm(request.POST if posted and "builder" in request.POST else None)
    beyond: tuple = ()
    action = request.POST.get("action", "preview")
    context = {"event": event, "has_scores": has_scores(event), "outcomes": None, "builder_errors": []}
    status = 200
    definition = None
    if not posted:
        form, builder, beyond = _filled(event, request.user, current)
        definition = current
    elif not form.is_valid():
        status = 400
    elif action == "load" and form.starting_point() is not None:
        definition = definition_data(form.starting_point().definition)
        form, builder, beyond = _filled(event, request.user, definition)
    elif use_builder:
        if builder.is_valid():
            definition = builder.built_data
            form = OwnScoringForm(event=event, user=request.user, initial={"definition": definition_text(definition)})
            context["yaml_oob"] = True  # the live table also brings the advanced editor up to date
        else:
            context["builder_errors"] = builder.error_summary()
            status = 400
    elif form.cleaned_data["definition"]:
        definition = form.cleaned_data["definition"]
        _unused, builder, beyond = _filled(event, request.user, definition, form)
    else:
        form.add_error("definition", _("Write a scoring definition, or start from a template."))
        status = 400
    if definition and posted and action == "save":
        count = rescore(event, proposed_definition(event, definition), request.user)
        messages.success(request, _("Scoring saved; %(n)s games rescored.") % {"n": count})
        return redirect("tournament:standings", slug=event.slug)
    if definition:
        context["outcomes"] = _outcomes(event, definition)
    context.update(form=form, builder=builder, beyond=beyond,
                   advanced_open=bool(beyond) or bool(form["advanced"].value()) or bool(form.errors))
    if wants_partial(request):  # the live table as the definition changes: a problem is shown in its place
        return vary_on_htmx(render(request, "tournament/_scoring_outcomes.html", context))
    return vary_on_htmx(render(request, "tournament/event_own_scoring.html", context, status=status))
