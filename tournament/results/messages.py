"""Result problems (codes from tournament.results.shorthand and the result services) as sentences."""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournament.results.shorthand import MAX_LOSSES


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
