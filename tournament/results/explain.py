"""The results in the reader's language: what a result's problems and a report say, a scoring's points rule and
its problems, and how the standings are ordered. The one place where the results room speaks; the other rooms'
words are in their own messages modules.

- A result's problems (codes from tournament.results.shorthand and the result services) and a report payload as
  sentences (`problem_message`, `report_sentence`).
- A scoring definition's points rule (`rule_lines`: the standings' "how this table is ordered" and the organizer's
  scoring page; the two shapes of the built-in presets, NASAMW's win base plus the difference of what each side
  destroyed and fixed points per result, keep their own sentences, any other definition is said line by line)
  and its problems (`definition_error_message`, tournament/results/definition.py's codes).
- "How this table is ordered" (`ordering`), generated from the event's scoring (fixtures/scoring_presets.yaml
  through tournament/results/scoring.py) and its tie-break order. The same one-line definitions are the
  standings' column tooltips, the standings PDF's legend and the player page's headings, so the page, the PDF
  and the exports never explain a column two ways.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournament.models import Event, HeadToHeadRule
from tournament.results.definition import Definition, DefinitionError, Line
from tournament.results.scoring import OWN, Preset, event_scoring
from tournament.results.shorthand import MAX_LOSSES
from tournament.results.tiebreaks import metric_keys

# A result's problems and a report.


def problem_message(problem) -> str:
    """A `Problem` or `ResultError` (both have `code` and params) in the active language."""
    code = getattr(problem, "code", "")
    raw = getattr(problem, "params", ()) or ()
    p = dict(raw.items() if isinstance(raw, dict) else raw)
    side = {"a": "A", "b": "B"}.get(str(p.get("side", "")), p.get("side", ""))
    p = {**p, "side": side}
    messages = {
        "syntax": _("“%(text)s” is not a result as umpires write it (e.g. 4G-1C, 3-1G T, 4-2).") % {
            "text": p.get("text", "")},
        "win_below_threshold": _("A win needs the loser's losses to reach the victory threshold (%(threshold)s elements "
                                 "or the general); side %(side)s lost only %(lost)s.") % {
            "threshold": p.get("threshold", 4), "side": side, "lost": p.get("lost", "?")},
        "too_many_losses": _("Side %(side)s cannot lose more than %(most)s elements.") % {
            "side": side, "most": p.get("most", MAX_LOSSES)},
        "timed_but_won": _("Time was called, but side %(side)s had already met the victory conditions: enter it as a win.")
        % {"side": side},
        "negative_losses": _("Losses cannot be negative (side %(side)s).") % {"side": side},
        "general_not_counted": _("Side %(side)s lost its general, so at least one of its elements was lost: count it.")
        % {"side": side},
        "camp_reading": _("Doubt: whether side %(side)s has lost depends on whether its lost camp counts toward the "
                          "%(threshold)s elements (guia22 L1577 vs L1583). This result follows the event's choice.")
        % {"side": side, "threshold": p.get("threshold", 4)},
        "bye": _("A bye has no result to enter."),
        "draft_round": _("Publish the round before entering results."),
        "already_confirmed": _("This result is already confirmed; ask an umpire to correct it."),
        "round_not_open": _("This round is not open for reports."),
        "awaiting_umpire": _("This game is waiting for an umpire; the umpire will enter the result."),
    }
    if code in messages:
        return messages[code]
    details = ", ".join(f"{k}: {v}" for k, v in p.items() if v not in ("", None))
    return _("The result is not plausible (%(code)s%(details)s).") % {"code": code, "details": f"; {details}" if details else ""}


def _losses(side: list, name: str, *, you: bool) -> str:
    """"you lost 4" / "Marco lost 1, his general and camp" from one side of a report payload."""
    lost, general, camp = (list(side) + [0, False, False])[:3]
    if you:
        text = _("you lost %(n)s") % {"n": lost}
    else:
        text = _("%(name)s lost %(n)s") % {"name": name, "n": lost}
    extras = [word for flag, word in ((general, _("the general")), (camp, _("the camp"))) if flag]
    if extras:
        text = _("%(losses)s (including %(what)s)") % {"losses": text, "what": _(" and ").join(extras)}
    return text


def report_sentence(payload: dict, names: dict[str, str], you: str | None = None) -> str:
    """A result report in words: "you lost 4, Marco lost 1: Marco won", with names, never "A/B".

    `names` maps the sides "a" and "b" to the players' names; `you` is the reader's side, told first.
    """
    sides = ["a", "b"] if you != "b" else ["b", "a"]
    losses = ", ".join(_losses(payload.get(side, [0]), names.get(side, ""), you=side == you) for side in sides)
    outcome = payload.get("outcome")
    if outcome in ("a", "b"):
        verdict = _("you won") if outcome == you else _("%(name)s won") % {"name": names.get(outcome, "")}
    else:
        verdict = _("time was called")
    return _("%(losses)s: %(verdict)s") % {"losses": losses, "verdict": verdict}


# A scoring's points rule and its problems.

OUTCOME_WORDS = {
    "win": lambda: _("Win"),
    "loss": lambda: _("Loss"),
    "time": lambda: _("Time called"),
    "time_ahead": lambda: _("Time called, ahead on the margin"),
    "time_level": lambda: _("Time called, level"),
    "time_behind": lambda: _("Time called, behind on the margin"),
}


def _plain(line: Line) -> bool:
    return line == Line(points=line.points)


def _nasamw(d: Definition) -> bool:
    win, loss, time = d.lines["win"], d.lines["loss"], d.lines["time"]
    return (set(d.lines) == {"win", "loss", "time"} and not d.rules and d.split is None
            and win == Line(points=win.points, per_destroyed=1, per_lost=-1) and loss == time == Line(per_destroyed=1))


def _fixed(d: Definition) -> bool:
    return (set(d.lines) <= {"win", "loss", "time", "time_ahead"} and not d.rules and d.split is None
            and all(_plain(line) for line in d.lines.values()))


def _value(d: Definition) -> str:
    c = d.counts
    text = _("What you destroyed is worth %(element)s per enemy element, %(sch)s per Scythed Chariots, +%(general)s "
             "for the enemy general and +%(camp)s for the enemy camp, BUA or city.") % {
        "element": c.element, "sch": c.sch, "general": c.general, "camp": c.camp}
    if c.cap is not None:
        text += " " + _("At most %(n)s.") % {"n": c.cap}
    return text


def _line(line: Line) -> str:
    parts = []
    if line.margin:
        rows = [(_("margin %(n)s or more: %(points)s") % {"n": r.at_least, "points": r.points}) if r.at_least is not None
                else _("otherwise %(points)s") % {"points": r.points} for r in line.margin]
        parts.append("; ".join(rows))
    elif line.points or not (line.per_destroyed or line.per_lost):
        parts.append(_("%(n)s points") % {"n": line.points})
    if line.per_destroyed:
        parts.append(_("%(n)s × what you destroyed") % {"n": f"{line.per_destroyed:+d}"})
    if line.per_lost:
        parts.append(_("%(n)s × what your opponent destroyed") % {"n": f"{line.per_lost:+d}"})
    if line.general_killed:
        parts.append(_("%(n)s for the enemy general") % {"n": f"{line.general_killed:+d}"})
    if line.camp_taken:
        parts.append(_("%(n)s for the enemy camp") % {"n": f"{line.camp_taken:+d}"})
    text = ", ".join(parts)
    if line.floor is not None:
        text += "; " + _("at least %(n)s") % {"n": line.floor}
    if line.cap is not None:
        text += "; " + _("at most %(n)s") % {"n": line.cap}
    return text


def rule_lines(d: Definition) -> tuple[str, ...]:
    lines: list[str] = []
    if _nasamw(d):
        c = d.counts
        lines += [
            _("Win: %(base)s, plus the points of what you destroyed, minus the points of what your opponent "
              "destroyed.") % {"base": d.lines["win"].points},
            _("What you destroyed is worth %(element)s per enemy element, +%(general)s for the enemy general and "
              "+%(camp)s for the enemy camp or BUA.") % {"element": c.element, "general": c.general, "camp": c.camp},
            _("Loss: the points of what you destroyed."),
            _("Time called (a draw): each player scores the points of what they destroyed."),
            _("Bye: %(bye)s points.") % {"bye": d.bye},
            _("Margin: it is in the points, since a win scores more the more you destroyed and the less you lost."),
        ]
    elif _fixed(d):
        draw, ahead = d.lines["time"].points, d.line("time_ahead").points
        if ahead != draw:
            text = _("Time called (a draw): %(ahead)s points having destroyed more than you lost, %(draw)s otherwise.")
            time = text % {"ahead": ahead, "draw": draw}
        else:
            time = _("Time called (a draw): %(draw)s points.") % {"draw": draw}
        lines += [_("Win: %(n)s points.") % {"n": d.lines["win"].points},
                  _("Loss: %(n)s points.") % {"n": d.lines["loss"].points}, time,
                  _("Bye: %(bye)s points.") % {"bye": d.bye},
                  _("Margin: it does not change the points; every win scores the same.")]
    else:
        lines.append(_value(d))
        for key, line in d.lines.items():
            lines.append(_("%(outcome)s: %(points)s.") % {"outcome": OUTCOME_WORDS[key](), "points": _line(line)})
        for rule in d.rules:
            lines.append(_("Then: %(rule)s.") % {"rule": rule.note or _rule_fallback(rule)})
        if d.split is not None:
            lines.append(_("Zero-sum: the side ahead scores as above and the other %(total)s minus that.")
                         % {"total": d.split})
        lines.append(_("Bye: %(bye)s points.") % {"bye": d.bye})
    if d.ranking[0] == "wins":
        lines.append(_("Players are ranked by wins first, then by points."))
    return tuple(lines)


def _rule_fallback(rule) -> str:
    when = ", ".join(f"{key} = {'/'.join(value) if isinstance(value, tuple) else value}" for key, value in rule.when)
    action = f"= {rule.points}" if rule.points is not None else f"{rule.add:+d}"
    return f"{when} → {action}"


DEFINITION_MESSAGES = {
    "not_a_mapping": lambda p: _("expected named fields (a mapping)."),
    "unknown_field": lambda p: _("unknown field; the known ones are: %(allowed)s.") % p,
    "not_an_integer": lambda p: _("expected a whole number."),
    "out_of_range": lambda p: _("out of range (at most %(most)s either way).") % p,
    "not_a_text": lambda p: _("expected a text of at most %(most)s characters.") % p,
    "not_a_list": lambda p: _("expected a list of at most %(most)s items.") % p,
    "required": lambda p: _("required."),
    "not_descending": lambda p: _("each row needs a smaller margin than the row before it."),
    "floor_above_cap": lambda p: _("the floor is above the cap."),
    "unknown_outcome": lambda p: _("unknown outcome; use one of: %(allowed)s.") % p,
    "not_a_flag": lambda p: _("expected true or false."),
    "points_or_add": lambda p: _("give either points (the side scores this) or add (added to its points)."),
    "unknown_key": lambda p: _("unknown key; use one of: %(allowed)s.") % p,
    "repeated": lambda p: _("a key appears twice."),
    "syntax": lambda p: _("this is not readable YAML or JSON: %(detail)s") % p,
}


def definition_error_message(error: DefinitionError) -> str:
    """"<field>: <what is wrong>", the field as a dotted path."""
    text = DEFINITION_MESSAGES.get(error.code, lambda p: error.code)(error.params)
    return f"{error.field or _('the definition')}: {text}"


# How the standings are ordered.

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


# each column's one-line definition, translated when asked for (a table asks for a few of them)
DEFINITIONS = {
    "rank": gettext_lazy("Players equal on points and on every tie-break share a rank, shown as =2."),
    "player": gettext_lazy("Follow a name for that player's games and how each of their figures was made."),
    "club": gettext_lazy("The player's club."),
    "army": gettext_lazy("The army list the player brought."),
    "points": gettext_lazy("The sum of the player's game points (see the points rule)."),
    "wins": gettext_lazy("Games won; a bye counts as a win."),
    "head_to_head": gettext_lazy("Points scored in the games among the players still tied at this point; "
                                 "– when it does not apply."),
    "countback": gettext_lazy("The sum of the player's opponents' final points (a bye is not an opponent)."),
    "sos": gettext_lazy("Strength of schedule (SoS): the sum of the player's opponents' Wins (a bye is not an "
                        "opponent)."),
    "generals_killed": gettext_lazy("Enemy generals destroyed in the player's games."),
    "camps_taken": gettext_lazy("Enemy camps, BUAs or cities taken in the player's games."),
    "elements_destroyed": gettext_lazy("Enemy elements destroyed in all the player's games."),
    "fewest_lost": gettext_lazy("The player's own elements lost in all their games; fewer is better."),
    "margin": gettext_lazy("Elements destroyed minus elements lost, over all the player's games."),
    "camps_and_generals": gettext_lazy("Enemy camps taken plus enemy generals destroyed."),
    "seeded_random": gettext_lazy("A lot drawn once for the event: it only orders players who share a rank "
                                  "(for prizes), and the higher lot comes first."),
}


def definition(key: str, event: Event) -> str:
    text = DEFINITIONS.get(key)
    return "" if text is None else str(text)


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
