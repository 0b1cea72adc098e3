"""Who may do what at an event: organizer, umpire, player, public. One rule per question, all here.

Views call these checks; `event_view` loads the event and enforces a minimum role; `refusal` answers a denied
request (anonymous: the login page, back here afterwards; signed in: 403). A service that must refuse under its
row lock is handed the same rule by its view (`army_save(..., allowed=...)`), so no second copy can drift.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils import timezone

from tournament.events.time_zones import event_zone
from tournament.models import Event, EventRole, Game, Registration, Round
from tournament.results.report_rights import owns_entry  # the one rule: whose entry this is

ORGANIZER = EventRole.Role.ORGANIZER
UMPIRE = EventRole.Role.UMPIRE


def roles_of(user, event: Event) -> set[str]:
    """The event roles a user holds (cached on the user for the request). Superusers organize everything."""
    if not getattr(user, "is_authenticated", False):
        return set()
    cache = user.__dict__.setdefault("_event_roles", {})
    if event.pk not in cache:
        roles = set(EventRole.objects.filter(event=event, user=user).values_list("role", flat=True))
        if user.is_superuser:
            roles.add(ORGANIZER)
        cache[event.pk] = roles
    return cache[event.pk]


def is_organizer(user, event: Event) -> bool:
    return ORGANIZER in roles_of(user, event)


def is_staff_of(user, event: Event) -> bool:
    """Organizer or umpire."""
    return bool(roles_of(user, event) & {ORGANIZER, UMPIRE})


def army_change_allowed(user, registration: Registration, army_ref: str | None = None) -> bool:
    """The one rule for changing an entry's army. Organizers always; the player themself until armies are
    locked, and after that only the options of the same list, if the event allows option changes. With
    `army_ref` None: whether the page offers any change at all; with it: whether this change is allowed."""
    event = registration.event
    if is_organizer(user, event):
        return True
    if not owns_entry(user, registration):
        return False
    if not event.armies_locked:
        return True
    return event.allow_option_changes and (army_ref is None or army_ref == registration.army_ref)


def may_see_army(user, registration: Registration) -> bool:
    """The army page: the event's organizers and the entry's own account."""
    return is_organizer(user, registration.event) or owns_entry(user, registration)


def may_print_army_sheet(user, registration: Registration) -> bool:
    """A player prints their own army sheet; the event's organizers and umpires print anyone's."""
    return is_staff_of(user, registration.event) or owns_entry(user, registration)


def may_print_round(user, rnd: Round, kind: str) -> bool:
    """A published round's pairing sheet is public; a draft's, and every round's slips and pack, are for staff."""
    if kind == "pairings" and rnd.status != Round.Status.DRAFT:
        return True
    return is_staff_of(user, rnd.event)


def may_swap(user, event: Event) -> bool:
    """Swapping players in a draft round: organizers; umpires when the event allows it."""
    return is_organizer(user, event) or (event.umpires_may_swap and is_staff_of(user, event))


def refusal(request: HttpRequest) -> HttpResponse:
    """A denied request: the login page (and back here afterwards) when anonymous; 403 when signed in."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    raise PermissionDenied


def own_entry(request, event: Event, pk: int) -> Registration:
    """An entry of this event that belongs to the signed-in account (404 for another event's entry, 403 for
    someone else's): what a player does from their home (report their game, check in) goes through here."""
    registration = get_object_or_404(Registration.objects.select_related("player", "event"), pk=pk, event=event)
    if not owns_entry(request.user, registration):
        raise PermissionDenied
    return registration


def event_view(*, role: str | None = None) -> Callable:
    """Decorator: resolve `slug` to `event`, then require a role (None = public; "staff" = organizer or umpire).
    The view runs in the event's time zone."""

    def decorator(view: Callable) -> Callable:
        @wraps(view)
        def wrapper(request, slug: str, *args, **kwargs):
            event = get_object_or_404(Event, slug=slug)
            if role is not None:
                allowed = is_staff_of(request.user, event) if role == "staff" else role in roles_of(request.user, event)
                if not allowed:
                    return refusal(request)
            with timezone.override(event_zone(event)):  # the event's times in its own zone (issue 27 item 15)
                return view(request, event, *args, **kwargs)

        return wrapper

    return decorator


def game_for(event: Event, pk: int) -> Game:
    """A game of this event (404 for any other event's game)."""
    return get_object_or_404(Game.objects.select_related("round"), pk=pk, round__event=event)
