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
        "rematch": lambda: _rematch(p),
        "same_club": lambda: _same_club(p),
        "civil_war": lambda: _("Civil war: both play %(army)s.") % {"army": p.get("army", "")},
        "bye": lambda: _("Bye: lowest-ranked player without a bye so far."),
        "second_bye": lambda: _second_bye(p),
        "avoided": lambda: _avoided(p),
        "repeat_table": lambda: _("%(player)s has already played on table %(table)s.") % {
            "player": p.get("player", ""), "table": p.get("table", "")},
        "fixed_table": lambda: _fixed_table(p),
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


# Notes with by_hand=True come from a game changed by hand: the engine did not choose it, so they do
# not say that nothing better was possible.

def _rematch(p: Mapping) -> str:
    if p.get("by_hand"):
        return _("Rematch: %(a)s and %(b)s have already met.") % {"a": p.get("a", ""), "b": p.get("b", "")}
    return _("Rematch: these players have already met (no other pairing was possible).")


def _same_club(p: Mapping) -> str:
    if p.get("by_hand"):
        return _("Same club (%(club)s).") % {"club": p.get("club", "")}
    return _("Same club (%(club)s): no better pairing was possible.") % {"club": p.get("club", "")}


def _second_bye(p: Mapping) -> str:
    if p.get("by_hand"):
        return _("%(player)s already had a bye.") % {"player": p.get("player", "")}
    return _("Second bye: every player has already had one.")


def _fixed_table(p: Mapping) -> str:
    """Honoured: the game's note. Not honoured (conflict): a round warning saying whose table was kept."""
    params = {"table": p.get("table", ""), "player": p.get("player", ""), "other": p.get("other", ""),
              "other_table": p.get("other_table", "")}
    if not p.get("conflict"):
        return _("Table %(table)s is fixed for this player.") % params
    if p.get("other_table"):
        return _("Table %(table)s was fixed for %(player)s, but the game sits at table %(other_table)s, "
                 "fixed for %(other)s.") % params
    if p.get("other"):
        return _("Table %(table)s was fixed for %(player)s, but it went to %(other)s, "
                 "who has the same fixed table.") % params
    return _("Table %(table)s was fixed for %(player)s, but another player's fixed table took it.") % params
