"""An event's own scoring: start from a template or another event, write the definition, see the points of every
outcome as it is typed (htmx), and save it (every confirmed game is rescored)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from tournament.models import Event
from tournament.results.definition import definition_data, definition_text
from tournament.results.evaluator import outcome_table
from tournament.results.rescoring import has_scores, proposed_definition, rescore
from tournament.results.rule_words import OUTCOME_WORDS, rule_lines
from tournament.results.scoring import event_scoring, own_scoring
from tournament.web.forms.scoring import OwnScoringForm
from tournament.web.htmx import varies, wants_fragment
from tournament.web.permissions import ORGANIZER, event_view


def _outcomes(event: Event, data: dict) -> dict:
    definition = own_scoring(data).definition
    rows = [(row, OUTCOME_WORDS[row.outcome]()) for row in outcome_table(definition, event.edition,
                                                                          event.victory_camp_reading)]
    return {"rows": rows, "words": rule_lines(definition), "bye": definition.bye, "name": definition.name}


@event_view(role=ORGANIZER)
def own_scoring_page(request: HttpRequest, event: Event) -> HttpResponse:
    current = definition_data(event_scoring(event).definition)
    form = OwnScoringForm(request.POST or None, event=event, user=request.user,
                          initial={"definition": definition_text(current)})
    action = request.POST.get("action", "preview")
    context = {"event": event, "form": form, "has_scores": has_scores(event), "outcomes": None}
    status = 200
    if request.method == "POST":
        if not form.is_valid():
            status = 400
        elif action == "load" and form.starting_point() is not None:
            loaded = definition_data(form.starting_point().definition)
            form = OwnScoringForm(event=event, user=request.user, initial={"definition": definition_text(loaded)})
            context.update(form=form, outcomes=_outcomes(event, loaded))
        elif action == "save" and form.cleaned_data["definition"]:
            count = rescore(event, proposed_definition(event, form.cleaned_data["definition"]), request.user)
            messages.success(request, _("Scoring saved; %(n)s games rescored.") % {"n": count})
            return redirect("tournament:standings", slug=event.slug)
        elif form.cleaned_data["definition"]:
            context["outcomes"] = _outcomes(event, form.cleaned_data["definition"])
        else:
            form.add_error("definition", _("Write a scoring definition, or start from a template."))
            status = 400
    else:
        context["outcomes"] = _outcomes(event, current)
    if wants_fragment(request):  # the live table as the definition is typed: a problem is shown in its place
        return varies(render(request, "tournament/_scoring_outcomes.html", context))
    return varies(render(request, "tournament/event_own_scoring.html", context, status=status))
