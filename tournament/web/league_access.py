"""The league in the URL, as the visitor may see it (shared by the league views)."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest
from django.shortcuts import get_object_or_404

from tournament.leagues.service import is_league_organizer
from tournament.models import League


def league_in_url(request: HttpRequest, slug: str, *, organizer: bool = False) -> League:
    """A private league exists only for its organizers; `organizer` pages are for them alone."""
    league = get_object_or_404(League, slug=slug)
    is_organizer = is_league_organizer(request.user, league)
    if not league.public and not is_organizer:  # first: a stranger cannot tell a private league from none
        raise Http404
    if organizer and not is_organizer:
        raise PermissionDenied
    return league
