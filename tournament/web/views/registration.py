"""Player-facing registration: sign up, enter an event, edit the army."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET
from django_htmx.http import HttpResponseClientRedirect

from config.htmx import render_partial, varies_on_htmx
from tournament.accounts.emails import MailNotSent, TooManyConfirmationMails, send_confirmation
from tournament.armies.elements import known_codes
from tournament.armies.service import (
    armies_lock_set,
    army_ally_problems,
    army_bad_boxes,
    army_choices,
    catalogue_for,
    default_army_for,
    list_captions,
)
from tournament.limits.counter import allow
from tournament.models import Event, Player, Registration
from tournament.registration.services import (
    ArmyLocked,
    army_save,
    entrant_add,
    player_register,
    similar_in_event,
)
from tournament.web.forms.accounts import SignupForm
from tournament.web.forms.players import ArmyForm, PlayerForm
from tournament.web.permissions import army_change_allowed, event_view, may_see_army, refusal
from tournament.web.request_values import client_address


def signup(request: HttpRequest) -> HttpResponse:
    """Sign up; at most SIGNUPS_PER_ADDRESS accounts an hour from one client address (IPv6: its /64)."""
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        if not allow("signup", client_address(request) or "-", limit=settings.SIGNUPS_PER_ADDRESS,
                     window=timedelta(hours=1)):
            form.add_error(None, _("Too many accounts were created from your network in the last hour. Try again "
                                   "later, or ask the organizer to enter you."))
            return render(request, "registration/signup.html", {"form": form}, status=429)
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        try:
            send_confirmation(user, request.build_absolute_uri)
        except (TooManyConfirmationMails, MailNotSent):
            pass  # the account stands; /accounts/confirm-email/ asks for a link again
        messages.success(request, _("Welcome! You can now register for an event."))
        target = request.GET.get("next", "")
        if not url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}, require_https=request.is_secure()):
            target = "tournament:home"
        return redirect(target or "tournament:home")
    return render(request, "registration/signup.html", {"form": form})


@login_required
@event_view()
def register(request: HttpRequest, event: Event) -> HttpResponse:
    """A signed-in user enters the event, creating their player profile the first time."""
    player = Player.objects.filter(user=request.user).first()
    existing = event.registrations.filter(player=player).first() if player else None
    if existing:
        return redirect("tournament:army", slug=event.slug, pk=existing.pk)
    if event.finished_at:  # the event page hides the button; a bookmark or the back button still comes here
        messages.error(request, _("This event is finished: registration is closed."))
        return redirect(event)
    if not event.registration_open:
        messages.error(request, _("Registration for this event is closed. Ask the organizer."))
        return redirect(event)
    if player is not None:  # their own profile: the entry starts from it, on a POST only (a GET is a link that
        # another site may have sent them by: it asks, and enters nobody)
        if request.method != "POST":
            return render(request, "tournament/register.html", {"event": event, "player": player})
        reg = player_register(event=event, player=player, user=request.user)
        messages.success(request, _("You are registered. Now choose your army."))
        return redirect("tournament:army", slug=event.slug, pk=reg.pk)
    initial = {"name": request.user.get_full_name()}  # the account's full name, never its username
    form = PlayerForm(request.POST or None, initial=initial, similar=lambda name: similar_in_event(event, name))
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        reg = entrant_add(event=event, user=request.user, name=data["name"], club=data["club"], region=data["region"],
                          email=data["email"], account=request.user)
        messages.success(request, _("You are registered. Now choose your army."))
        return redirect("tournament:army", slug=event.slug, pk=reg.pk)
    return render(request, "tournament/register.html", {"event": event, "form": form})


def _army_context(event: Event, reg: Registration, form: ArmyForm, problems: list[str], editable: bool) -> dict:
    return {
        "event": event, "reg": reg, "form": form, "problems": problems, "editable": editable,
        "army_refs": army_choices(event.edition), "element_codes": known_codes(event.edition),
        "has_catalogue": catalogue_for(event.edition) is not None,
    }


@varies_on_htmx
@event_view()
def army(request: HttpRequest, event: Event, pk: int) -> HttpResponse:
    """View and edit one registration's army; validation errors in the player's language."""
    reg = get_object_or_404(Registration.objects.select_related("player", "event"), pk=pk, event=event)
    if not may_see_army(request.user, reg):
        return refusal(request)
    editable = army_change_allowed(request.user, reg)
    problems: list[str] = []
    bad_boxes: set[int] = set()
    if request.method == "POST":
        form = ArmyForm(request.POST)
        if "load_defaults" in request.POST:
            form = ArmyForm(initial=default_army_for(event.edition, request.POST.get("army_ref", ""), request.POST))
        elif form.is_valid():
            army_input = form.to_army()
            try:
                problems = army_save(reg=reg, army=army_input, user=request.user,
                                     allowed=lambda locked, ref: army_change_allowed(request.user, locked, ref))
            except ArmyLocked as exc:
                raise PermissionDenied(_("Armies are locked for this event.")) from exc
            if problems:
                bad_boxes = army_bad_boxes(event, army_input)
                for problem in army_ally_problems(event, army_input):
                    form.add_error("allies", problem)
            else:
                messages.success(request, _("Army saved: it is valid for this event."))
                url = reverse("tournament:army", kwargs={"slug": event.slug, "pk": reg.pk})
                return HttpResponseClientRedirect(url) if request.htmx else redirect(url)
    else:
        form = ArmyForm(initial=ArmyForm.initial_for(reg))
    ref = form["army_ref"].value() or ""
    form.set_layout(list_captions(event.edition, str(ref)), bad_boxes)
    context = _army_context(event, reg, form, problems, editable)
    if request.method == "POST":
        return render_partial(request, "tournament/army.html", "tournament/army.html#army-form", context)
    return render(request, "tournament/army.html", context)


@require_GET
@event_view()
def army_defaults(request: HttpRequest, event: Event) -> HttpResponse:
    """htmx: the element boxes for the chosen list, each beside the list's option it stands for.

    The list's standard army fills them when asked (the button), or when the player changes the
    list with every box still empty (`keep=1`); otherwise what they typed stays.
    """
    ref = request.GET.get("army_ref", "")
    form = ArmyForm(initial=default_army_for(event.edition, ref, request.GET, keep=request.GET.get("keep") == "1"))
    form.set_layout(list_captions(event.edition, ref))
    return render(request, "tournament/army.html#elements", {"form": form, "editable": True, "event": event})


@event_view(role="organizer")
def lock_armies(request: HttpRequest, event: Event) -> HttpResponse:
    if request.method != "POST":
        return redirect(event)
    locked = request.POST.get("locked") == "1"
    armies_lock_set(event, locked, request.user)
    messages.success(request, _("Armies are locked.") if locked else _("Armies are open for changes."))
    return redirect(event)
