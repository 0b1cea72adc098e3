"""Ties left after every tie-break, settled as the event settles them: a playoff game, the umpire's decision with
its reason, a recorded die roll or lot, or a shared place (tournament/results/tie_decisions.py)."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournament.events.audit_messages import TIE_KINDS
from tournament.models import Event
from tournament.results.standings import entry_as_shown
from tournament.results.tie_decisions import TieRejected, current_ties, record_tie_decision, remove_tie_decision
from tournament.stages.tables import cut_ties, group_ties
from tournament.web.permissions import event_view


class TieForm(forms.Form):
    kind = forms.ChoiceField(label=gettext_lazy("Settled by"), choices=())
    reason = forms.CharField(label=gettext_lazy("The umpire's reason"), required=False, max_length=500,
                             widget=forms.Textarea(attrs={"rows": 2}))
    record = forms.CharField(label=gettext_lazy("The roll or lot, as made"), required=False, max_length=500)
    result = forms.CharField(label=gettext_lazy("Playoff result (the first player listed first)"), required=False,
                             max_length=40)

    def __init__(self, *args, group: tuple[int, ...], names: dict[int, str], **kwargs):
        super().__init__(*args, **kwargs)
        self.group = group
        self.fields["kind"].choices = [(k, str(v).capitalize()) for k, v in TIE_KINDS.items()]
        choices = [(str(p), names[p]) for p in group]
        for n in range(1, len(group) + 1):
            self.fields[f"place_{n}"] = forms.TypedChoiceField(label=_("Place %(n)s") % {"n": n}, choices=choices,
                                                               coerce=int, required=False)

    def order(self) -> list[int]:
        return [self.cleaned_data.get(f"place_{n}") for n in range(1, len(self.group) + 1)]


def _names(event: Event) -> dict[int, str]:
    return {reg.pk: entry_as_shown(reg).name for reg in event.registrations.select_related("club")}


def _players(value: str) -> list[int]:
    return [int(x) for x in value.split(",") if x.isascii() and x.isdigit()][:50]


def _group_ties(event: Event) -> list[tuple[int, ...]]:
    return [tie for _name, tie in group_ties(event) + cut_ties(event)]


def _ties(event: Event, cut: list[tuple[str, tuple[int, ...]]]) -> list[tuple[str, tuple[int, ...]]]:
    """The ties of the standings, then those inside the groups of a groups stage (named by their group), then those
    across the groups that a cut after them splits (named by the cut), unless the standings offer the same players."""
    standing = [("", tie) for tie in current_ties(event)]
    across = [(where, tie) for where, tie in cut if not any(set(tie) == set(t) for _w, t in standing)]
    return standing + group_ties(event) + across


def _settle(request: HttpRequest, event: Event, group: list[int], form: TieForm, within: str) -> bool:
    """Record the organizer's decision for one tied group of the table `within` names ("": the standings, "group":
    a group's); False (the reason on the form) when refused."""
    try:
        record_tie_decision(event, request.user, kind=form.cleaned_data["kind"], players=list(group),
                            order=form.order(), reason=form.cleaned_data["reason"],
                            record=form.cleaned_data["record"], result=form.cleaned_data["result"],
                            also=_group_ties, within=within)
    except TieRejected as exc:
        form.add_error(exc.field if exc.field in form.fields else None, exc.message)
        return False
    return True


def _decisions(event: Event, names: dict[int, str], cut: list[tuple[str, tuple[int, ...]]]) -> list[tuple]:
    """Each recorded decision: its players (the form's value), how, their names, the decision, and the table it
    settles, in words ("": the standings; `cut`: the ties across the groups that a cut splits)."""
    across = {frozenset(tie) for _where, tie in cut}

    def table(d: dict) -> str:
        if d.get("within") != "group":
            return ""
        return _("across the groups, for the cut") if frozenset(d["players"]) in across else _("in their group's table")

    return [(",".join(map(str, d["players"])), TIE_KINDS.get(d["kind"], d["kind"]),
             [names.get(p, "?") for p in d["players"]], d, table(d)) for d in event.tie_decisions or []]


@event_view(role="staff")
def ties(request: HttpRequest, event: Event) -> HttpResponse:
    names = _names(event)
    cut = cut_ties(event)  # read once: the ties offered and the decisions listed both name them
    groups = _ties(event, cut)
    status = 200
    posted = _players(request.POST.get("players", "")) if request.method == "POST" else []
    if request.method == "POST" and request.POST.get("action") == "remove":
        within = request.POST.get("within")
        if remove_tie_decision(event, request.user, posted, within if within in ("", "group") else None):
            messages.success(request, _("Tie decision removed."))
        return redirect("tournament:ties", slug=event.slug)
    forms_by_group = []
    for where, group in groups:
        within = "group" if where else ""  # the same players may be level in their group and in the standings
        bound = request.method == "POST" and set(posted) == set(group) and request.POST.get("within", within) == within
        form = TieForm(request.POST if bound else None, group=group, names=names,
                       prefix=f"{'g' if within else 't'}{group[0]}")
        if bound and form.is_valid() and _settle(request, event, group, form, within):
            messages.success(request, _("Tie settled."))
            return redirect("tournament:ties", slug=event.slug)
        if bound:
            status = 400
        forms_by_group.append((",".join(map(str, group)), [names[p] for p in group], form, where, within))
    if request.method == "POST" and not any(set(posted) == set(g) for _where, g in groups):
        messages.error(request, _("These players do not share a place in the standings now."))
        status = 400
    context = {"event": event, "groups": forms_by_group, "decisions": _decisions(event, names, cut)}
    return render(request, "tournament/ties.html", context, status=status)
