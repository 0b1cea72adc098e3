"""Ratings pages: the public global rating, and a league's "about" page (its rule in words, how the
ratings work and how well they predicted the league's own games). Reading only; a private league
exists only for its organizers, as on its other pages."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from tournament.leagues.global_rating import global_table
from tournament.leagues.predictions import measure
from tournament.leagues.rules import rule_in_words
from tournament.leagues.service import is_league_organizer
from tournament.leagues.table import load_league
from tournament.models import League


def _percent(share: float | None) -> float | None:
    return None if share is None else round(share * 100, 1)


@require_GET
def global_ratings(request: HttpRequest) -> HttpResponse:
    return render(request, "ratings/global.html", {"rows": global_table()})


@require_GET
def league_about(request: HttpRequest, slug: str) -> HttpResponse:
    league = get_object_or_404(League, slug=slug)
    if not league.public and not is_league_organizer(request.user, league):
        raise Http404
    data = load_league(league)
    result = measure(data.games)
    percent = {"rating": _percent(result.accuracy), "baseline": _percent(result.baseline_accuracy)}
    calibration = [{"low": round(b.low * 100), "high": round(b.high * 100), "games": b.games,
                    "expected": _percent(b.expected), "observed": _percent(b.observed)} for b in result.calibration]
    return render(request, "leagues/about.html", {
        "league": league, "rule": rule_in_words(league), "predictions": result, "percent": percent,
        "calibration": calibration,
        "events": len(data.memberships), "players": len(data.rows), "rated_games": len(data.games),
    })
