"""Recording how an event decided a doubt (the Django side of rulings.doubts.collect)."""

from __future__ import annotations

from django import forms
from django.db import transaction
from django.utils.translation import gettext_lazy as _

from rulings.doubts.collect import all_doubts, doubt_ids
from rulings.models import DoubtDecision
from tournament.public import audit

MAX_DECISION = 2000


class DoubtDecisionForm(forms.Form):
    doubt = forms.CharField(label=_("Doubt"), max_length=200)
    decision = forms.CharField(label=_("How this event decided it"), max_length=MAX_DECISION,
                               widget=forms.Textarea(attrs={"rows": 2}))

    def clean_doubt(self) -> str:
        value = self.cleaned_data["doubt"]
        if value not in doubt_ids():
            raise forms.ValidationError(_("There is no doubt with this id."))
        return value


@transaction.atomic
def record_decision(event, doubt_id: str, decision: str, user) -> DoubtDecision:
    """One decision per doubt and event: a new one replaces the old (the unique constraint guards races), with an
    entry in the event's audit log ("Open doubt “…” decided: … (was: …)"). Recording the same words again changes
    nothing and logs nothing."""
    doubt = next((d for d in all_doubts() if d.id == doubt_id), None)
    if doubt is None:
        raise ValueError(f"unknown doubt {doubt_id!r}")
    text = decision.strip()[:MAX_DECISION]
    before = (DoubtDecision.objects.select_for_update().filter(event=event, doubt_id=doubt_id)
              .values_list("decision", flat=True).first())
    entry, _created = DoubtDecision.objects.update_or_create(
        event=event, doubt_id=doubt_id,
        defaults={"decision": text, "recorded_by": user if getattr(user, "is_authenticated", False) else None},
    )
    if before != text:
        # The doubt in its own words (a msgid, or its words per language), so the log reads it in the
        # reader's language; the audit room does not read the rulings' data.
        audit(event=event, user=user, action="event.doubt_decide", target=doubt_id,
              before={"decision": before} if before is not None else None,
              after={"doubt": doubt_id, "question": doubt.text, "decision": text})
    return entry


def decisions_of(event) -> dict[str, DoubtDecision]:
    return {d.doubt_id: d for d in DoubtDecision.objects.filter(event=event).select_related("recorded_by")}
