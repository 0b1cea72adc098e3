"""A scoring definition's points rule in words, in the reader's language (the standings' "how this table is
ordered" and the organizer's scoring page). The two shapes of the built-in presets (NASAMW: a win base plus the
difference of what each side destroyed; fixed points per result) keep their own sentences; any other definition is
said line by line."""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournament.results.definition import Definition, Line

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
