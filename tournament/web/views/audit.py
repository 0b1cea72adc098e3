"""The event's audit log: every change as a sentence with names, filtered by round, kind and person."""

from __future__ import annotations

from django import forms
from django.core.paginator import Paginator
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET

from config.htmx import render_partial
from tournament.events.audit_messages import KINDS, entry_message
from tournament.models import Event, EventRole
from tournament.results.entry import result_from_payload
from tournament.results.shorthand import to_shorthand
from tournament.web.permissions import ORGANIZER, event_view

PAGE = 100


def shorthand(payload: dict) -> str:
    return to_shorthand(result_from_payload(payload))


class AuditFilter(forms.Form):
    round = forms.TypedChoiceField(label=_("Round"), required=False, coerce=int, empty_value=None)
    kind = forms.ChoiceField(label=_("Kind"), required=False)
    person = forms.TypedChoiceField(label=_("Player"), required=False, coerce=int, empty_value=None)

    def __init__(self, data, event: Event, people: list[tuple[int, str]]):
        super().__init__(data)
        numbers = event.rounds.order_by("number").values_list("number", flat=True)
        self.fields["round"].choices = [("", _("All rounds"))] + [(n, _("Round %(n)s") % {"n": n}) for n in numbers]
        self.fields["kind"].choices = [("", _("Everything"))] + [(key, label) for key, (label, _p) in KINDS.items()]
        self.fields["person"].choices = [("", _("Everyone"))] + people


@require_GET
@event_view(role=ORGANIZER)
def audit_log(request: HttpRequest, event: Event) -> HttpResponse:
    regs = list(event.registrations.order_by("name_key", "pk"))
    names = {r.pk: r.name for r in regs}
    form = AuditFilter(request.GET or None, event, [(r.pk, r.name) for r in regs])
    entries = event.audit_entries.select_related("user")
    if form.is_valid():
        data = form.cleaned_data
        if data["round"] is not None:
            entries = entries.filter(round_number=data["round"])
        if data["kind"]:
            entries = entries.filter(action__startswith=KINDS[data["kind"]][1])
        if data["person"] is not None:
            name = names[data["person"]]
            entries = entries.filter(Q(people=data["person"]) | Q(action__startswith="registration.", target=name)
                                     | Q(action="seat.report_link", target=name)).distinct()
    page = Paginator(entries, PAGE).get_page(request.GET.get("page"))
    roles = dict(EventRole.objects.filter(event=event).values_list("user_id", "role"))
    rows = [{"entry": e, "text": entry_message(e, names, roles, shorthand), "role": roles.get(e.user_id)} for e in page]
    query = request.GET.copy()
    query.pop("page", None)
    context = {"event": event, "page": page, "rows": rows, "form": form, "query": query.urlencode()}
    return render_partial(request, "tournament/audit.html", "tournament/audit.html#entries", context)
