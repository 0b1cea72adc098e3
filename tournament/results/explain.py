""""How this table is ordered", in the active language, generated from the event's preset data
(fixtures/scoring_presets.yaml through tournament/results/scoring.py) and its tie-break order.

The same one-line definitions are the standings' column tooltips, the standings PDF's legend and the
player page's headings, so the page, the PDF and the exports never explain a column two ways.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournament.models import Event, HeadToHeadRule
from tournament.results.rule_words import rule_lines
from tournament.results.scoring import OWN, Preset, event_scoring
from tournament.results.tiebreaks import metric_keys

LABELS = {
    "rank": gettext_lazy("Rank"), "player": gettext_lazy("Player"), "club": gettext_lazy("Club"),
    "army": gettext_lazy("Army"), "points": gettext_lazy("Points"), "wins": gettext_lazy("Wins"),
    "head_to_head": gettext_lazy("Head-to-head"), "countback": gettext_lazy("Countback"),
    "sos": gettext_lazy("Strength of schedule"), "generals_killed": gettext_lazy("Generals killed"),
    "camps_taken": gettext_lazy("Camps taken"), "elements_destroyed": gettext_lazy("Elements destroyed"),
    "fewest_lost": gettext_lazy("Elements lost"), "margin": gettext_lazy("Margin"),
    "camps_and_generals": gettext_lazy("Camps + generals"), "seeded_random": gettext_lazy("Lot"),
}


@dataclass(frozen=True)
class Ordering:
    preset: str
    source: str
    points: tuple[str, ...]
    criteria: tuple[tuple[str, str, str], ...]  # (key, label, definition) in order, points first
    head_to_head: str
    shared: str
    ties: tuple[str, ...] = ()  # how the event settled ties left after every tie-break (standings.tie_words)
    lot_proof: str = ""  # how the lot is computed, when the order uses it


def event_preset(event: Event) -> Preset:
    return event_scoring(event)


def preset_name(event: Event) -> str:
    """The scoring's name (fixtures/scoring_presets.yaml) in the reader's language (locale/core); an event's own
    scoring keeps the name its organizer gave it."""
    p = event_preset(event)
    if p.key == OWN:
        return p.name
    if p.key == "wdl" and event.wdl_points:
        return f"{_(p.name.removesuffix(' 3/1/0'))} {event.wdl_points}"
    return _(p.name)


def label(key: str, event: Event | None = None) -> str:
    if key == "seeded_random" and event is not None:
        return _("Lot (seed %(seed)s)") % {"seed": event.seed}
    return str(LABELS.get(key, key))


def definition(key: str, event: Event) -> str:
    texts = {
        "rank": _("Players equal on points and on every tie-break share a rank, shown as =2."),
        "player": _("Follow a name for that player's games and how each of their figures was made."),
        "club": _("The player's club."),
        "army": _("The army list the player brought."),
        "points": _("The sum of the player's game points (see the points rule)."),
        "wins": _("Games won; a bye counts as a win."),
        "head_to_head": _("Points scored in the games among the players still tied at this point; "
                          "– when it does not apply."),
        "countback": _("The sum of the player's opponents' final points (a bye is not an opponent)."),
        "sos": _("Strength of schedule (SoS): the sum of the player's opponents' Wins (a bye is not an opponent)."),
        "generals_killed": _("Enemy generals destroyed in the player's games."),
        "camps_taken": _("Enemy camps, BUAs or cities taken in the player's games."),
        "elements_destroyed": _("Enemy elements destroyed in all the player's games."),
        "fewest_lost": _("The player's own elements lost in all their games; fewer is better."),
        "margin": _("Elements destroyed minus elements lost, over all the player's games."),
        "camps_and_generals": _("Enemy camps taken plus enemy generals destroyed."),
        "seeded_random": _("A lot drawn once for the event: it only orders players who share a rank (for prizes), "
                           "and the higher lot comes first."),
    }
    return texts.get(key, "")


def lot_proof(event: Event) -> str:
    """How the lot is computed, so anyone can repeat it (shown behind "How is this computed?")."""
    return _("A drawn lot: the first 6 hexadecimal digits of SHA-256 of “%(seed)s:name” (the name in "
             "lower case, without accents, single spaces), read as a number; the higher lot comes "
             "first. It only orders players who share a rank (for prizes), so anyone can repeat it.") % {"seed": event.seed}


def points_rule(p: Preset) -> tuple[str, ...]:
    """The scoring's points rule in words: win, loss, draw, bye and what the margin does."""
    return rule_lines(p.definition)


def ordering(event: Event, ties: tuple[str, ...] = ()) -> Ordering:
    p = event_preset(event)
    keys = metric_keys(event.tiebreaks or [], p.ranking)
    h2h = (_("Head-to-head among three or more tied players applies only when every pair of them has played each "
             "other; otherwise it does not separate them and the next tie-break decides.")
           if event.head_to_head_rule == HeadToHeadRule.ALL_MET else
           _("Head-to-head counts the points in whatever games the tied players played among themselves, even when "
             "not every pair of them has met."))
    bye = _("A bye counts as a win in Wins; it is not an opponent, so it adds nothing to countback or SoS.")
    return Ordering(
        preset=preset_name(event), source=p.source, points=(*points_rule(p), bye),
        criteria=tuple((k, label(k, event), definition(k, event)) for k in keys),
        head_to_head=h2h, shared=definition("rank", event), ties=tuple(ties),
        lot_proof=lot_proof(event) if "seeded_random" in keys else "",
    )
