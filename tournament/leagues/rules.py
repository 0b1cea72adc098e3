"""A league's scoring rule in words, in the reader's language."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournament.leagues.presets import league_presets, league_rule
from tournament.models import League

BAND_NAMES = {
    "small": lambda n: _("events of %(n)s players or fewer") % {"n": n},
    "medium": lambda n: _("events of more than %(n)s players, or premier events of %(n)s or fewer") % {"n": n},
    "large": lambda n: _("premier events of more than %(n)s players") % {"n": n},
}


def rule_in_words(league: League) -> list[str]:
    preset = league_presets()[league.scoring_preset]
    rule = league_rule(league.scoring_preset, league.best_n, league.min_games, league.custom_points)
    lines: list[str] = []
    if rule.kind == "placing":
        lines.append(_("Each event gives points for the final place."))
        for key, points in rule.tables.items():
            table = "/".join(str(p) for p in points)
            given = (preset.get("tables") or {}).get(key, {}).get("given", len(points))
            if key in BAND_NAMES:
                lines.append(_("%(band)s: %(points)s.") % {"band": BAND_NAMES[key](rule.small_max_players).capitalize(),
                                                          "points": table})
                if given < len(points):
                    lines.append(_("(From place %(n)s on, these points are our extrapolation: check them against "
                                   "the league's published rules.)") % {"n": given + 1})
            else:
                lines.append(_("Points for 1st, 2nd, 3rd…: %(points)s.") % {"points": table})
        for n in sorted({rule.beyond.get(key, rule.beyond_table) for key in rule.tables}, reverse=True):
            lines.append(_("Places further down score %(n)s.") % {"n": n})
        if rule.best_n:
            lines.append(ngettext("Only the best result counts.", "Only the best %(n)s results count.",
                                  rule.best_n) % {"n": rule.best_n})
        else:
            lines.append(_("Every result counts."))
    elif rule.kind == "game_points":
        lines.append(_("Every game's points, under each event's own scoring, are added up."))
    else:
        lines.append(_("Average points per game, under each event's own scoring."))
        lines.append(ngettext("A player needs %(n)s game to be ranked.", "A player needs %(n)s games to be ranked.",
                              max(rule.min_games, 1)) % {"n": max(rule.min_games, 1)})
    lines.append(_("Players level on points share a place."))
    lines.append(_("Ratings: Glicko-2 from every confirmed game of the league's events, updated after every round; "
                   "± is the rating's deviation."))
    if league.ladder_points and rule.kind != "placing":
        lines.append(_("Ladder games (played outside events, confirmed by both players) count toward ratings "
                       "and toward points and games played."))
    else:
        lines.append(_("Ladder games (played outside events, confirmed by both players) count toward ratings only."))
    lines.append(_("Source: %(source)s") % {"source": _(preset["source"])})  # the fixture's English, translated in locale/leagues
    return lines
