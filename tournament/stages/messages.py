"""Stage words in the reader's language: group errors, bracket round names, match labels."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from tournament.stages import brackets, groups

PLACEMENT_NEEDS = gettext_lazy("Placement play-offs need a stage of two or more groups before them: choose it as "
                               "“the stage before”.")


def group_error(exc: groups.GroupError) -> str:
    p = exc.params
    messages = {
        "group_size": lambda: _("%(players)s players do not make %(groups)s groups of %(low)s to %(high)s.") % p,
        "one_group_size": lambda: _("Group %(group)s has %(size)s players: a group needs %(low)s to %(high)s.") % p,
        "unassigned": lambda: ngettext("%(n)s player has no group.", "%(n)s players have no group.",
                                       len(p["players"])) % {"n": len(p["players"])},
        "group_number": lambda: _("Group %(group)s does not exist.") % p,
        "cut_size": lambda: _("The cut must take between 2 and %(players)s players.") % p,
        "no_groups": lambda: _("At least one group is needed."),
    }
    return messages.get(exc.code, lambda: exc.code)()


def main_round_name(column: int, columns: int) -> str:
    """"Final", "Semi-finals", "Quarter-finals", "Round of 16", "Round 1"..."""
    left = columns - column
    if left == 0:
        return _("Final")
    if left == 1:
        return _("Semi-finals")
    if left == 2:
        return _("Quarter-finals")
    return _("Round of %(n)s") % {"n": 2 ** (left + 1)}


def _placement_columns(bracket: brackets.Bracket) -> int:
    return max((m.column for m in bracket.matches), default=1)


def column_name(bracket: brackets.Bracket, side: str, column: int) -> str:
    if bracket.kind == "placement":
        columns = _placement_columns(bracket)
        if columns == 1:
            return _("Play-offs")
        return _("Play-offs: %(round)s") % {"round": main_round_name(column, columns)}
    if side == brackets.LOSERS:
        return _("Losers' round %(n)s") % {"n": column}
    if side == brackets.GRAND:
        return _("Grand final")
    if side == brackets.RESET:
        return _("Grand final: reset game")
    if side == brackets.THIRD:
        return _("Third-place game")
    if bracket.kind == "double":
        return _("Winners' round %(n)s") % {"n": column} if column < bracket.columns else _("Winners' final")
    return main_round_name(column, bracket.columns)


def match_label(bracket: brackets.Bracket, match: brackets.Match) -> str:
    if match.side == brackets.PLACEMENT:
        first, last, code = brackets.placement_place(bracket, match)
        if last == first + 1 and code == match.code:
            return _("For places %(a)s and %(b)s") % {"a": first, "b": last}
        part = _("Third-place game") if code == "3P" else main_round_name(match.column, _placement_columns(bracket))
        return _("Places %(a)s to %(b)s: %(round)s") % {"a": first, "b": last, "round": part}
    return column_name(bracket, match.side, match.column)


def across_groups_sentence(labels: list[str]) -> str:
    """How players of the same place in different groups (the best runners-up) are compared."""
    return _("Players of the same place in different groups (the best runners-up, then the best thirds…) are "
             "compared by the event's own ranking: %(keys)s, each per game played, as groups may differ in size. "
             "Head-to-head does not compare players of different groups; then the better group order.") % {
        "keys": ", ".join(labels)}


def redraw_needed(stage_name: str) -> str:
    """After a result corrected in the play a stage was drawn from (`stages.redraws`)."""
    return _("“%(stage)s” was drawn before this correction, and a draw now would give other players or seeds: draw "
             "it again on the stages page.") % {"stage": stage_name}


def draw_stands(stage_name: str, coming: tuple[str, ...], going: tuple[str, ...], refused: bool,
                deletable: int | None) -> str:
    """After a result corrected in the play a stage that already has games was drawn from
    (`stages.redraws.standing_draws`): what a draw now would change, that the draw stands and who decides."""
    names = {"stage": stage_name, "coming": ", ".join(coming), "going": ", ".join(going)}
    if refused:
        changed = _("“%(stage)s” was drawn from results this correction changes, and a draw now would be refused.")
    elif coming and going:
        changed = _("“%(stage)s” was drawn from results this correction changes: a draw now would take %(coming)s "
                    "instead of %(going)s.")
    elif coming or going:  # one side only (not from a cut of a fixed size): no "instead of" to name
        changed = _("“%(stage)s” was drawn from results this correction changes: a draw now would take other "
                    "players.")
    else:
        changed = _("“%(stage)s” was drawn from results this correction changes: a draw now would give the same "
                    "players other seeds or groups.")
    stands = _("It already has games, so its draw stands: the organizer or umpire decides what to do.")
    if deletable is not None:
        stands += " " + _("Round %(round)s has no result yet: deleting it on its page lets the stage be drawn "
                          "again.") % {"round": deletable}
    return f"{changed % names} {stands}"


def paired_from_old(stage_name: str, changes, deletable: int | None) -> str:
    """After a result corrected in a bracket once later games of it were paired
    (`stages.bracket_corrections.paired_from_the_old_result`): who would have played each of them instead of whom,
    that their results stand and who decides."""
    parts = []
    for change in changes:
        names = {"game": change.label, "coming": ", ".join(change.coming), "going": ", ".join(change.going)}
        if change.coming and change.going:
            parts.append(_("%(coming)s would have played instead of %(going)s (%(game)s)") % names)
        elif change.going:  # the match before it is to be played again: who plays it is not known yet
            parts.append(_("%(going)s would not have played it yet (%(game)s)") % names)
        else:
            parts.append(_("%(coming)s would have played too (%(game)s)") % names)
    text = _("The games of “%(stage)s” after this one were paired from the old result: with this one, "
             "%(changes)s. Their results stand: the organizer or umpire decides.") % {
        "stage": stage_name, "changes": "; ".join(parts)}
    if deletable is not None:
        text += " " + _("Round %(round)s has no result yet: deleting it on its page lets the stage be paired "
                        "again.") % {"round": deletable}
    return text


def stale_bracket(stage_name: str) -> str:
    """On the final standings and stages pages: a bracket with a game paired from a result corrected since."""
    return _("A result of “%(stage)s” was corrected after later games were paired from it: by the corrected results "
             "the bracket is not finished, so it places no one and the final standings are by points, until the "
             "organizer or umpire decides.") % {
        "stage": stage_name}


def played_again(stage_name: str) -> str:
    """On the final standings page: a bracket with a match played again after a correction (`bracket_corrections`)."""
    return _("Games of “%(stage)s” were played again after a correction: the placings follow the games played again, "
             "and the earlier ones still count in the points and tie-breaks below.") % {"stage": stage_name}


def replay(stage_name: str, corrected: bool) -> str:
    """On the stages and rounds pages of a finished event whose stage has games to play (again, after a corrected
    result: `corrected`): pairing them is the organizer's choice to reopen the event
    (`stages.reopen.stage_pair_reopening`)."""
    if corrected:
        return _("A corrected result left “%(stage)s” with games to play again: pairing them reopens the "
                 "event.") % {"stage": stage_name}
    return _("“%(stage)s” still has games to play: pairing them reopens the event.") % {"stage": stage_name}
