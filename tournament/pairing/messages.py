"""The pairing engine's notes (codes with parameters) as sentences in the active language."""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext as _


def _name(value, names: Mapping[int, str]) -> str:
    if isinstance(value, int) and value in names:
        return names[value]
    return "" if value is None else str(value)


def note_message(note: Mapping, names: Mapping[int, str] | None = None) -> str:
    """`note` is {"code": ..., **params} as stored on a game or round; `names` maps player ids to names."""
    names = names or {}
    p = {key: _name(value, names) if key in {"player", "other", "a", "b", "opponent"} else value
         for key, value in note.items()}
    code = p.get("code", "")
    messages = {
        "score_group": lambda: _("Score group %(score)s.") % {"score": p.get("score", "?")},
        "pulled_up": lambda: _("%(player)s was paired up from a lower score group.") % {"player": p.get("player", "")},
        "pulled_down": lambda: _("%(player)s was paired down to a lower score group.") % {"player": p.get("player", "")},
        "rematch": lambda: _("Rematch: these players have already met (no other pairing was possible)."),
        "same_club": lambda: _("Same club (%(club)s): no better pairing was possible.") % {"club": p.get("club", "")},
        "civil_war": lambda: _("Civil war: both play %(army)s.") % {"army": p.get("army", "")},
        "bye": lambda: _("Bye: lowest-ranked player without a bye so far."),
        "second_bye": lambda: _("Second bye: every player has already had one."),
        "avoided": lambda: _avoided(p),
        "repeat_table": lambda: _("%(player)s has already played on table %(table)s.") % {
            "player": p.get("player", ""), "table": p.get("table", "")},
        "fixed_table": lambda: _("Table %(table)s is fixed for this player.") % {"table": p.get("table", "")},
        "enemies": lambda: _("Historical enemies."),
        "chronological": lambda: _("Armies paired by date."),
        "manual": lambda: _("Changed by hand."),
    }
    if code in messages:
        return messages[code]()
    details = ", ".join(f"{k}: {v}" for k, v in p.items() if k != "code")
    return f"{code} ({details})" if details else str(code)


def _avoided(p: Mapping) -> str:
    reason = p.get("reason", "")
    params = {"player": p.get("player", ""), "other": p.get("other", "")}
    if reason == "rematch":
        return _("%(player)s did not meet %(other)s: they have already played.") % params
    if reason in ("club", "same_club"):
        return _("%(player)s did not meet %(other)s: same club.") % params
    if reason == "civil_war":
        return _("%(player)s did not meet %(other)s: same army list.") % params
    return _("%(player)s did not meet %(other)s (%(reason)s).") % {**params, "reason": reason}
