"""An organizer's upload of a finished event's games (CSV or XLSX): tournament/transfer/results_import.py."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournament.accounts.emails import EmailNotConfirmed
from tournament.events.services import EventQuotaExceeded
from tournament.models import Edition, Event
from tournament.results.scoring import templates
from tournament.transfer.exports import TableError, read_table
from tournament.transfer.messages import table_error_message
from tournament.transfer.results_import import OPTIONAL, REQUIRED, ImportRejected, Problem, import_results
from tournament.web.input_guard import takes_uploads

MAX_UPLOAD_BYTES = 2 * 1024 * 1024  # as the player import takes


class ResultsImportForm(forms.Form):
    file = forms.FileField(label=gettext_lazy("Games (CSV or XLSX)"))
    # as long as an event's name and short name may be (the model's fields: a longer one would fail once written)
    name = forms.CharField(label=gettext_lazy("Event name"), max_length=Event._meta.get_field("name").max_length)
    slug = forms.SlugField(label=gettext_lazy("Short name (used in links)"),
                           max_length=Event._meta.get_field("slug").max_length)
    date = forms.DateField(label=gettext_lazy("Date"), widget=forms.DateInput(attrs={"type": "date"}))
    edition = forms.ChoiceField(label=gettext_lazy("Rules edition"), choices=Edition.choices, initial="3.0")
    scoring = forms.ChoiceField(label=gettext_lazy("Scoring"))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["scoring"].choices = [(key, _(p.name)) for key, p in templates().items()]


@login_required
@takes_uploads(max_bytes=MAX_UPLOAD_BYTES + 2**16)
def results_import(request: HttpRequest) -> HttpResponse:
    """A finished event from its games; the importer becomes its organizer. Nothing is written unless the whole
    file is clean: every problem is listed with its row and column."""
    form = ResultsImportForm(request.POST or None, request.FILES or None)
    problems: list[Problem] = []
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            upload = form.cleaned_data["file"]
            frame = None
            if upload.size > MAX_UPLOAD_BYTES:
                problems = [Problem(0, "file", _("The file is too large (2 MB at most)."))]
            else:
                try:
                    frame = read_table(upload.read(), upload.name)
                except TableError as exc:
                    problems = [Problem(0, "file", table_error_message(exc))]
            if frame is not None:
                data = form.cleaned_data
                try:
                    event = import_results(frame, slug=data["slug"], name=data["name"], date=data["date"],
                                           edition=data["edition"], scoring=templates()[data["scoring"]],
                                           user=request.user)
                except ImportRejected as exc:
                    problems = exc.problems
                except EmailNotConfirmed:
                    problems = [Problem(0, "", _("Confirm your email before creating events: ask for a link at "
                                                 "/accounts/confirm-email/."))]
                    status = 403
                except EventQuotaExceeded as exc:
                    problems = [Problem(0, "", _("You have created %(n)s events in the last 24 hours, the most one "
                                                 "account may. Try again tomorrow, or ask an administrator.")
                                        % {"n": exc.limit})]
                    status = 429
                else:
                    messages.success(request, _("Event imported: %(n)s rounds.") % {"n": event.rounds.count()})
                    return redirect("tournament:standings", slug=event.slug)
    context = {"form": form, "problems": problems, "required": REQUIRED, "optional": OPTIONAL}
    return render(request, "tournament/results_import.html", context, status=status)
