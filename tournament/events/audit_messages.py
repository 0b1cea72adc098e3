"""Audit entries as sentences in the reader's language, with names, never raw ids or dicts.

"Swapped Peter Smith ↔ Hannah O'Brien (warning: rematch Luis v Hannah)", "Table 3: result corrected
from 4-1 to 1-4 by umpire Ana". `names` maps registration ids to player names, `roles` user ids to
their role at the event; both are read once per page by the view, which also passes `shorthand`
(a stored result payload as "4G-1C": the results room's, which this room does not import). Entries written before a field
existed (no player ids, say) get the plainer sentence that the entry still supports.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

from django.utils.translation import get_language, gettext_lazy, ngettext
from django.utils.translation import gettext as _

from tournament.models import AuditEntry, Event, EventRole

# The log's "kind" filter: a translated label and the action prefix it selects.
KINDS = {
    "rounds": (gettext_lazy("Rounds, swaps and clock"), "round."),
    "results": (gettext_lazy("Results"), "result."),
    "players": (gettext_lazy("Players and armies"), "registration."),
    "event": (gettext_lazy("Event settings"), "event."),
    "links": (gettext_lazy("Report links"), "seat."),
    "rulings": (gettext_lazy("Rulings at the tables"), "ruling."),
    "staff": (gettext_lazy("Staff"), "staff."),
}
TABLE = re.compile(r"\btable (\d+)")
REPORTER = re.compile(r"\((.+)\)\s*$")


def _name(value, names: Mapping[int, str]) -> str:
    return names.get(value, _("a player who has left")) if isinstance(value, int) else str(value or "")


def _shorthand(payload, shorthand: Callable[[dict], str]) -> str:
    """A stored result payload ({"outcome", "a": [lost, general, camp], "b": [...]}) as "4G-1C"."""
    try:
        return shorthand(payload)
    except (KeyError, TypeError, ValueError):
        return ""


def _by(entry: AuditEntry, roles: Mapping[int, str]) -> str:
    if entry.user_id is None:
        return _("by a player's report link")
    who = entry.user.get_full_name() or entry.user.get_username()
    role = roles.get(entry.user_id)
    if role == EventRole.Role.UMPIRE:
        return _("by umpire %(who)s") % {"who": who}
    if role == EventRole.Role.ORGANIZER:
        return _("by organizer %(who)s") % {"who": who}
    return _("by %(who)s") % {"who": who}


def broken_rule(note: Mapping, names: Mapping[int, str]) -> str:
    """A swap's warning in a few words: "rematch Luis v Hannah"."""
    p = {key: _name(note.get(key), names) for key in ("a", "b", "player")}
    code = note.get("code")
    if code == "rematch":
        return _("rematch %(a)s v %(b)s") % p
    if code == "same_club":
        return _("club mates %(a)s v %(b)s") % p if note.get("a") else _("club mates (%(club)s)") % {
            "club": note.get("club", "")}
    if code == "civil_war":
        return _("civil war %(a)s v %(b)s") % p if note.get("a") else _("civil war (%(army)s)") % {
            "army": note.get("army", "")}
    if code == "second_bye":
        return _("second bye for %(player)s") % p
    if code == "repeat_table":
        return _("%(player)s again at table %(table)s") % {**p, "table": note.get("table", "")}
    if code == "fixed_table":
        return _("%(player)s away from fixed table %(table)s") % {**p, "table": note.get("table", "")}
    return str(code)


def _swap(entry: AuditEntry, names) -> str:
    after = entry.after or {}
    players = after.get("players") or []
    if len(players) != 2:
        return _("Two players swapped in round %(n)s.") % {"n": entry.round_number or "?"}
    text = _("Swapped %(a)s ↔ %(b)s") % {"a": _name(players[0], names), "b": _name(players[1], names)}
    warnings = [broken_rule(n, names) for n in after.get("warnings", []) if isinstance(n, dict)]
    if warnings:
        label = ngettext("warning", "warnings", len(warnings))
        text += f" ({label}: {'; '.join(warnings)})"
    return text + "."


def _result(entry: AuditEntry, names, roles, shorthand) -> str:
    table = TABLE.search(entry.target or "")
    after = entry.after if isinstance(entry.after, dict) else {}
    params = {"table": table.group(1) if table else "?", "after": _shorthand(after, shorthand), "by": _by(entry, roles)}
    players = after.get("players") or []
    game = " v ".join(_name(p, names) for p in players)
    prefix = (_("Table %(table)s (%(game)s)") % {**params, "game": game}) if game else _("Table %(table)s") % params
    if entry.action == "result.report":
        reporter = _name(after.get("reporter"), names) if after.get("reporter") else (
            REPORTER.search(entry.target or "").group(1) if REPORTER.search(entry.target or "") else _("a player"))
        return prefix + ": " + _("%(player)s reported %(after)s.") % {**params, "player": reporter,
                                                                       "after": params["after"] or "—"}
    before = _shorthand(entry.before, shorthand) if isinstance(entry.before, dict) else ""
    if before and params["after"]:
        return prefix + ": " + _("result corrected from %(before)s to %(after)s %(by)s.") % {**params, "before": before}
    if not params["after"]:
        return prefix + ": " + _("result entered %(by)s.") % params
    return prefix + ": " + _("result %(after)s entered %(by)s.") % params


def _registration(entry: AuditEntry) -> str:
    player = entry.target
    after = entry.after if isinstance(entry.after, dict) else {}
    before = entry.before if isinstance(entry.before, dict) else {}
    action = entry.action.removeprefix("registration.")
    if action == "create":
        return _("%(player)s registered.") % {"player": after.get("player") or player}
    if action == "checked_in":
        return _("%(player)s checked in.") % {"player": player}
    if action == "dropped":
        return _("%(player)s dropped after round %(n)s.") % {"player": player, "n": after.get("dropped_after_round") or 0}
    if action == "registered" and before.get("status") == "checked_in":
        return _("%(player)s's check-in undone.") % {"player": player}
    if action == "registered":
        return _("%(player)s reinstated.") % {"player": player}
    if action == "army":
        return _("%(player)s's army set to %(army)s.") % {"player": player, "army": after.get("army_ref") or "—"}
    if action == "import":
        count = after.get("rows", 0)
        return ngettext("%(n)s player imported.", "%(n)s players imported.", count) % {"n": count}
    if action == "edit":
        changes = [f"{before.get(k) or '—'} → {after.get(k) or '—'}" for k in ("name", "club", "status", "fixed_table")
                   if before.get(k) != after.get(k)]
        return _("%(player)s's entry edited: %(changes)s.") % {"player": player, "changes": "; ".join(changes) or "—"}
    return _("%(player)s's entry changed.") % {"player": player}


def _event(entry: AuditEntry) -> str:
    after = entry.after if isinstance(entry.after, dict) else {}
    before = entry.before if isinstance(entry.before, dict) else {}
    fields = []
    for key in after:
        try:
            fields.append(str(Event._meta.get_field(key).verbose_name))
        except Exception:  # noqa: BLE001 - a field since removed
            fields.append(key)
    simple = {
        "event.create": lambda: _("Event created."),
        "event.edit": lambda: _("Event settings changed: %(fields)s.") % {"fields": ", ".join(fields) or "—"},
        "event.lock_armies": lambda: _("Armies locked."),
        "event.unlock_armies": lambda: _("Armies unlocked."),
        "event.finish": lambda: _("Event finished after round %(n)s: the standings are final.") % {
            "n": after.get("rounds", "?")},
        "event.rescore": lambda: _rescore(before, after),
        "event.global_rating": lambda: (_("Approved for the global rating by the site's staff.") if after.get("approved")
                                        else _("Withdrawn from the global rating by the site's staff.")),
        "event.import_results": lambda: ngettext(
            "Event imported from a table of its games: %(n)s game.", "Event imported from a table of its games: %(n)s games.",
            after.get("games", 0)) % {"n": after.get("games", 0)},
        "event.extra_round": lambda: _("Extra round %(n)s chosen beyond the %(planned)s planned.") % {
            "n": entry.round_number or "?", "planned": before.get("planned", "?")},
        "event.stage_reopen": lambda: _("Event reopened to play again the games of %(stages)s in round %(n)s: its "
                                        "standings are no longer final.") % {
            "stages": ", ".join(_("“%(name)s”") % {"name": name} for name in after.get("stages", [])) or "—",
            "n": entry.round_number or "?"},
        "event.stage_create": lambda: _("Stage “%(name)s” added.") % {"name": entry.target},
        "event.stage_edit": lambda: _("Stage “%(name)s” saved.") % {"name": entry.target},
        "event.stage_delete": lambda: _("Stage “%(name)s” deleted.") % {"name": entry.target},
        "event.stage_undraw": lambda: _("Draw of stage “%(name)s” cleared because “%(cut)s” changed: it takes the "
                                        "players “%(cut)s” leaves and is to be drawn again.") % {
            "name": entry.target, "cut": after.get("cut", "?")},
        "event.stage_draw": lambda: ngettext("Stage “%(name)s” drawn: %(n)s player.",
                                             "Stage “%(name)s” drawn: %(n)s players.",
                                             len(after.get("entries", []))) % {
            "name": entry.target, "n": sum(1 for row in after.get("entries", []) if row[1])},
        "event.provided_army": lambda: _provided(after),
        "event.provided_army_delete": lambda: _("Provided armies removed (%(target)s).") % {"target": entry.target},
    }
    return simple.get(entry.action, lambda: _("Event changed."))()


def _provided(after: dict) -> str:
    where = {"round": after.get("round") or _("every round"), "table": after.get("table") or _("every table")}
    return _("Armies provided for round %(round)s, table %(table)s: %(a)s v %(b)s.") % {
        **where, "a": after.get("army_a", "?"), "b": after.get("army_b", "?")}


def _scoring_name(side: dict) -> str:
    """A scoring as the rescoring recorded it: its preset's name (the key for older entries), with the points."""
    if side.get("definition"):  # the event's own scoring, under the name its organizer gave it
        return str(side.get("scoring_name") or "—")
    if side.get("scoring_preset") == "wdl":
        return _("win/draw/loss %(points)s") % {"points": side.get("wdl_points") or "3/1/0"}
    return _(side.get("scoring_name") or side.get("scoring_preset") or "—")


def _rescore(before: dict, after: dict) -> str:
    """The rescoring in words: "Scoring changed from NASAMW (DBA 3.0 adaptation) to win/draw/loss 3/1/0: 3 games rescored"."""
    n = after.get("games_rescored", 0)
    return ngettext("Scoring changed from %(before)s to %(after)s: %(n)s game rescored.",
                    "Scoring changed from %(before)s to %(after)s: %(n)s games rescored.", n) % {
        "before": _scoring_name(before), "after": _scoring_name(after), "n": n}


TIE_KINDS = {
    "playoff": gettext_lazy("a playoff game"), "umpire": gettext_lazy("the umpire's decision"),
    "lot": gettext_lazy("a die roll or lot"), "shared": gettext_lazy("a shared place"),
}


def _tie(entry: AuditEntry, names) -> str:
    """A tie settled (or its decision removed), with the players in the decided order and the reason."""
    side = (entry.after if entry.action == "event.tie_settle" else entry.before) or {}
    if not isinstance(side, dict):
        return _("Tie decision changed.")
    players = ", ".join(_name(p, names) for p in side.get("players", ()))
    how = TIE_KINDS.get(side.get("kind"), side.get("kind") or "—")
    if entry.action == "event.tie_remove":
        return _("Tie decision removed (%(how)s: %(players)s).") % {"how": how, "players": players}
    detail = side.get("result") or side.get("reason") or side.get("record") or ""
    text = _("Tie settled by %(how)s: %(players)s.") % {"how": how, "players": players}
    return f"{text} {detail}".strip()
def _ruling(entry: AuditEntry) -> str:
    """A ruling recorded in the rulings log: "Table 7 (Ana v Bruno): ruling recorded." (table and players
    are what the umpire typed; the rulings log shows the ruling itself)."""
    after = entry.after if isinstance(entry.after, dict) else {}
    table, players = after.get("table") or "", after.get("players") or ""
    if table:
        prefix = (_("Table %(table)s (%(game)s)") % {"table": table, "game": players} if players
                  else _("Table %(table)s") % {"table": table})
    else:
        prefix = players
    return prefix + ": " + _("ruling recorded.") if prefix else _("Ruling recorded.")


QUESTION_WORDS = 140  # a doubt's words are cut here in the log (the rulings' doubts page has it whole)


def _doubt(entry: AuditEntry) -> str:
    """How the event decided an open doubt of the rules: "Open doubt “…” decided: the decision (was: …)"."""
    after = entry.after if isinstance(entry.after, dict) else {}
    before = entry.before if isinstance(entry.before, dict) else {}
    question = after.get("question") or entry.target
    if isinstance(question, dict):  # its words per language
        language = (get_language() or "en").split("-")[0]
        question = question.get(language) or question.get("en") or entry.target
    else:
        question = _(question) if question else "—"
    if len(question) > QUESTION_WORDS:
        question = question[:QUESTION_WORDS].rsplit(" ", 1)[0] + "…"
    params = {"question": question, "decision": after.get("decision") or "—", "before": before.get("decision") or ""}
    if params["before"]:
        return _("Open doubt “%(question)s” decided again: %(decision)s (was: %(before)s)") % params
    return _("Open doubt “%(question)s” decided: %(decision)s") % params


def _round(entry: AuditEntry, names) -> str:
    n = {"n": entry.round_number or "?"}
    after = entry.after if isinstance(entry.after, dict) else {}
    simple = {
        "round.pair": lambda: ngettext("Round %(n)s paired: %(games)s game.", "Round %(n)s paired: %(games)s games.",
                                       len(after.get("pairings", []))) % {**n, "games": len(after.get("pairings", []))},
        "round.publish": lambda: _("Round %(n)s published.") % n,
        "round.delete": lambda: _("Round %(n)s deleted.") % n,
        "round.clock_start": lambda: _("Round %(n)s: clock started (%(minutes)s minutes).") % {
            **n, "minutes": after.get("minutes", "?")},
        "round.clock_pause": lambda: _("Round %(n)s: clock paused.") % n,
        "round.clock_resume": lambda: _("Round %(n)s: clock running again.") % n,
        "round.clock_extend": lambda: _("Round %(n)s: %(minutes)s minutes added.") % {**n, "minutes": after.get("minutes")},
        "round.clock_end": lambda: _("Round %(n)s: time called.") % n,
        "round.swap": lambda: _swap(entry, names),
    }
    return simple.get(entry.action, lambda: _("Round %(n)s changed.") % n)()


def _staff(entry: AuditEntry) -> str:
    """An invitation to the event's staff, its answer, or a removal: "ana invited as umpire by organizer Pia"."""
    role = (entry.after or {}).get("role") if isinstance(entry.after, dict) else None
    params = {"who": entry.target or "—",
              "role": _("co-organizer") if role == EventRole.Role.ORGANIZER else _("umpire"),
              "by": entry.user.get_full_name() or entry.user.get_username() if entry.user_id else "—"}
    messages = {
        "staff.invite": lambda: _("%(who)s invited as %(role)s by %(by)s.") % params,
        "staff.withdraw": lambda: _("Invitation of %(who)s as %(role)s withdrawn by %(by)s.") % params,
        "staff.accept": lambda: _("%(who)s accepted to join the staff as %(role)s.") % params,
        "staff.decline": lambda: _("%(who)s declined to join the staff as %(role)s.") % params,
        "staff.remove": lambda: _("%(who)s removed from the staff (%(role)s) by %(by)s.") % params,
    }
    return messages.get(entry.action, lambda: _("Staff changed (%(who)s).") % params)()


def _who(entry: AuditEntry) -> str:
    """The account that wrote the entry by its name (or the name an imported backup kept)."""
    if entry.user_id is None:
        return entry.user_name or "—"
    return entry.user.get_full_name() or entry.user.get_username()


def _league(entry: AuditEntry) -> str:
    """The event's memberships of a league (the target is the league's short name)."""
    after = entry.after if isinstance(entry.after, dict) else {}
    league = {"league": entry.target or "—"}
    if entry.action == "league.join" and after.get("state") == "requested":
        return _("Asked to join the league “%(league)s”.") % league
    if entry.action == "league.leave":
        who = {**league, "who": _who(entry)}
        by = after.get("by")
        if by == "league":
            return _("Removed from the league “%(league)s” by %(who)s, an organizer of the league.") % who
        if by == "event":
            return _("Left the league “%(league)s”: taken out by %(who)s, the event's organizer.") % who
        return _("Removed from the league “%(league)s” by %(who)s.") % who
    if entry.action == "league.premier":
        return (_("Marked premier in the league “%(league)s”.") if after.get("premier")
                else _("No longer premier in the league “%(league)s”.")) % league
    words = {"league.invite": _("Invited to the league “%(league)s”."),
             "league.join": _("Joined the league “%(league)s”."), "league.accept": _("Joined the league “%(league)s”."),
             "league.decline": _("No longer waiting to join the league “%(league)s”: declined or withdrawn.")}
    return words.get(entry.action, _("Other change (%(target)s).")) % {**league, "target": entry.target or "—"}


def entry_message(entry: AuditEntry, names: Mapping[int, str], roles: Mapping[int, str],
                  shorthand: Callable[[dict], str]) -> str:
    """One audit entry as a sentence."""
    kind = entry.action.split(".", 1)[0]
    if kind == "round":
        return _round(entry, names)
    if kind == "result":
        return _result(entry, names, roles, shorthand)
    if kind == "registration":
        return _registration(entry)
    if kind == "staff":
        return _staff(entry)
    if entry.action in ("event.tie_settle", "event.tie_remove"):
        return _tie(entry, names)
    if kind == "league":
        return _league(entry)
    if entry.action == "event.doubt_decide":
        return _doubt(entry)
    if kind == "event":
        return _event(entry)
    if kind == "ruling":
        return _ruling(entry)
    if entry.action == "seat.report_link":
        revoked = isinstance(entry.after, dict) and entry.after.get("revoked")
        text = _("%(player)s: report link revoked.") if revoked else _("%(player)s: new report link issued.")
        return text % {"player": entry.target}
    if entry.action == "account.desk_reset":
        at = entry.after.get("at_event", "") if isinstance(entry.after, dict) else ""
        return _("%(player)s: password reset link given at the desk of event “%(event)s”.") % {
            "player": entry.target, "event": at or "—"}
    return _("Other change (%(target)s).") % {"target": entry.target or "—"}
