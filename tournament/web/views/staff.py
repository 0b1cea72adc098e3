"""An event's staff page (organizers invite umpires and co-organizers, withdraw invitations, remove staff) and
the invited account's answer (accept or decline). The writes are tournament/events/staff.py's."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from tournament.events import staff
from tournament.models import Event, StaffInvitation
from tournament.web.forms.staff import StaffInviteForm
from tournament.web.permissions import ORGANIZER, event_view


@require_http_methods(["GET", "POST"])
@event_view(role=ORGANIZER)
def staff_page(request: HttpRequest, event: Event) -> HttpResponse:
    form = StaffInviteForm(request.POST or None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                staff.invite(event, request.user, form.cleaned_data["invited_as"], form.cleaned_data["role"])
            except staff.TooManyStaffInvitations:
                form.add_error("invited_as", _("This event has sent as many invitations as it may today: "
                                               "try again tomorrow."))
                status = 429
            else:
                messages.success(request, _("If such an account exists, it has been invited. It becomes staff "
                                            "once it accepts."))
                return redirect("tournament:staff", slug=event.slug)
        else:
            status = 400
    context = {"event": event, "form": form, "staff": staff.staff_of(event), "pending": staff.pending(event),
               "organizers": staff.staff_of(event).filter(role=ORGANIZER).count()}
    return render(request, "tournament/staff.html", context, status=status)


@require_POST
@event_view(role=ORGANIZER)
def staff_withdraw(request: HttpRequest, event: Event, pk: int) -> HttpResponse:
    staff.withdraw(event, request.user, pk)
    messages.success(request, _("Invitation withdrawn."))
    return redirect("tournament:staff", slug=event.slug)


@require_POST
@event_view(role=ORGANIZER)
def staff_remove(request: HttpRequest, event: Event, pk: int) -> HttpResponse:
    try:
        role = staff.remove(event, request.user, pk)
    except staff.LastOrganizer:
        messages.error(request, _("An event needs an organizer: invite another one before you remove the last."))
        return redirect("tournament:staff", slug=event.slug)
    messages.success(request, _("%(who)s is no longer staff in this role.") % {
        "who": role.user.get_full_name() or role.user.get_username()})
    if role.user_id == request.user.pk and role.role == ORGANIZER:
        return redirect("tournament:me")
    return redirect("tournament:staff", slug=event.slug)


@require_http_methods(["GET"])
@login_required
def invitation(request: HttpRequest, pk: int) -> HttpResponse:
    return render(request, "tournament/staff_invitation.html", {"invitation": staff.invitation_for(request.user, pk)})


@require_POST
@login_required
def invitation_answer(request: HttpRequest, pk: int, answer: str) -> HttpResponse:
    invitation = staff.answer(request.user, pk, accept=answer == "accept")
    event = invitation.event
    if invitation.state == StaffInvitation.State.ACCEPTED:
        messages.success(request, _("You are now on the staff of %(event)s.") % {"event": event.name})
        return redirect(event.get_absolute_url())
    if invitation.state == StaffInvitation.State.DECLINED:
        messages.success(request, _("Invitation to %(event)s declined.") % {"event": event.name})
    else:
        messages.error(request, _("This invitation was withdrawn."))
    return redirect("tournament:me")
