"""The pairing engine's notes (codes with parameters) as sentences in the active language."""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournament.pairing.notes import warns


def _name(value, names: Mapping[int, str]) -> str:
    if isinstance(value, int) and value in names:
        return names[value]
    return "" if value is None else str(value)


def note_message(note: Mapping, names: Mapping[int, str] | None = None) -> str:
    """`note` is {"code": ..., **params} as stored on a game or round; `names` maps player ids to names."""
    names = names or {}
    p = {key: _name(value, names) if key in {"player", "other", "a", "b", "opponent", "x", "y"} else value
         for key, value in note.items()}
    code = p.get("code", "")
    messages = {
        "score_group": lambda: _("Score group %(score)s.") % {"score": p.get("score", "?")},
        "pulled_up": lambda: _("%(player)s was paired up from a lower score group.") % {"player": p.get("player", "")},
        "pulled_down": lambda: _("%(player)s was paired down to a lower score group.") % {"player": p.get("player", "")},
        "rematch": lambda: _rematch(p),
        "same_club": lambda: _same_club(p),
        "civil_war": lambda: _civil_war(p),
        "bye": lambda: _bye(p),
        "second_bye": lambda: _second_bye(p),
        "avoided": lambda: _avoided(p),
        "repeat_table": lambda: _("%(player)s has already played on table %(table)s.") % {
            "player": p.get("player", ""), "table": p.get("table", "")},
        "fixed_table": lambda: _fixed_table(p),
        "enemies": lambda: _("Historical enemies."),
        "chronological": lambda: _("Armies paired by date."),
        "manual": lambda: _("Swapped by the organizer."),
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


def is_warning(note: Mapping) -> bool:
    """A note the organizer should act on (shown as a warning, not as an explanation)."""
    return warns(str(note.get("code", "")), note)


# Notes with by_hand=True come from a game changed by hand: the engine did not choose it, so they do
# not say that nothing better was possible. Engine notes for club mates and civil wars say what
# avoiding them would have cost ("traded"), or that the event does not avoid them.

def _rematch(p: Mapping) -> str:
    if p.get("by_hand"):
        return _("Swapped by the organizer: creates a rematch (%(a)s and %(b)s have already met).") % {
            "a": p.get("a", ""), "b": p.get("b", "")}
    return _("Rematch: these players have already met; no pairing of this round avoids every rematch.")


def _same_club(p: Mapping) -> str:
    club = {"club": p.get("club", "")}
    if p.get("by_hand"):
        return _("Swapped by the organizer: club mates (%(club)s) meet.") % club
    if p.get("avoided") is False:
        return _("Same club (%(club)s).") % club + " " + _("This event does not avoid club mates.")
    if p.get("traded"):
        return _("Same club (%(club)s).") % club + " " + _trade(p)
    return _("Same club (%(club)s): no better pairing was possible.") % club


def _civil_war(p: Mapping) -> str:
    army = {"army": p.get("army", "")}
    if p.get("by_hand"):
        return _("Swapped by the organizer: both play %(army)s.") % army
    text = _("Civil war: both play %(army)s.") % army
    if p.get("avoided") and p.get("traded"):
        return text + " " + _trade(p)
    return text


def _trade(p: Mapping) -> str:
    """What the best pairing without this game would have cost (a sentence)."""
    params = {key: p.get(key, "") for key in ("x", "y")}
    for key in ("x_score", "y_score"):
        n = p.get(key) if isinstance(p.get(key), int) else 0
        params[key] = ngettext("%(n)s point", "%(n)s points", n) % {"n": n}
    sentences = {
        "impossible": lambda: _("No other pairing was possible."),
        "score": lambda: _("Avoiding it would have paired %(x)s (%(x_score)s) with %(y)s (%(y_score)s).") % params,
        "rematch": lambda: _("Avoiding it would have meant a rematch: %(x)s v %(y)s.") % params,
        "bye": lambda: _("Avoiding it would have given the bye to %(x)s.") % params,
        "club": lambda: _("Avoiding it would have paired club mates instead: %(x)s v %(y)s.") % params,
        "civil_war": lambda: _("Avoiding it would have meant another civil war instead: %(x)s v %(y)s.") % params,
    }
    return sentences.get(str(p.get("traded")), lambda: _("The pairing order decided."))()


def _bye(p: Mapping) -> str:
    if p.get("by_hand"):
        return _("Swapped by the organizer: %(player)s has the bye.") % {"player": p.get("player", "")}
    return _("Bye: lowest-ranked player without a bye so far.")


def _second_bye(p: Mapping) -> str:
    if p.get("by_hand"):
        return _("Swapped by the organizer: %(player)s gets a second bye.") % {"player": p.get("player", "")}
    return _("Second bye: every player has already had one.")


def _fixed_table(p: Mapping) -> str:
    """Honoured: the game's note. Not honoured (conflict): a round warning saying whose table was kept."""
    params = {"table": p.get("table", ""), "player": p.get("player", ""), "other": p.get("other", ""),
              "other_table": p.get("other_table", "")}
    if not p.get("conflict"):
        return _("Table %(table)s is fixed for this player.") % params
    if p.get("by_hand"):
        return _("Table %(table)s is fixed for %(player)s, but the swap put them at table %(other_table)s.") % params
    if p.get("other_table"):
        return _("Table %(table)s was fixed for %(player)s, but the game sits at table %(other_table)s, "
                 "fixed for %(other)s.") % params
    if p.get("other"):
        return _("Table %(table)s was fixed for %(player)s, but it went to %(other)s, "
                 "who has the same fixed table.") % params
    return _("Table %(table)s was fixed for %(player)s, but another player's fixed table took it.") % params
