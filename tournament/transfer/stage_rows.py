"""The stage rows of an imported event (Django): groups, the cut (semi-finals, final, third place) and a Plate,
checked as one event and written as the stages the app itself would have made (tournament/stages).

- `group:<name>` rows make one groups stage (a round robin in each group, "chosen by the organizer"): the
  players who played in `group:A` are group A. Groups are numbered (A, B, ... on the pages) in the natural
  order of their names; each player in one group, 3 to 8 players a group, each pair met at most once. A row
  with no `player_b` is that group round's bye: allowed, and it scores nothing, as in the app.
- `semi-final`, `final` and `third-place` rows make the cut: a single-elimination bracket (of 2, or 4 with
  semi-finals) whose players are taken as the organizer recorded them (after groups: "group winners and best
  runners-up"; after Swiss rounds: "top K"). `plate` rows make a Plate for those who did not qualify.
- A bracket must be one: a player who lost plays no more in it, and its final is played by the winners of
  the semi-finals; its seeds are made from its games (`stages.played.fit`), in the order the app would have
  seeded them (the groups' placings or the Swiss standings), so an event played in the app comes back with its
  own seeds. Otherwise the row and column are named, and nothing is written.
- The Swiss rounds come before the stages' rounds, as in the app (a drawn stage closes Swiss pairing).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.models import Event, Registration, Stage, StageEntry
from tournament.results.standings import event_standings
from tournament.stages.groups import GroupError
from tournament.stages.messages import group_error
from tournament.stages.played import Played, Unfit, fit
from tournament.stages.schedule import MAX_GROUP, MIN_GROUP
from tournament.stages.tables import stage_placings

GROUP = "group"
CUT = ("semi-final", "final", "third-place")
KNOCKOUT = (*CUT, "plate")


@dataclass
class Plan:
    groups: dict[str, tuple[int, list[str]]] = field(default_factory=dict)  # name -> (number, players)
    brackets: dict[str, tuple[list[Played], list[Played]]] = field(default_factory=dict)  # "cut"/"plate": games


def _natural(name: str) -> list:
    return [int(part) if part.isdigit() else part.casefold() for part in re.split(r"(\d+)", name)]


def _side(row, player: str) -> str:
    return "player_a" if row.a[0] == player else "player_b"


def _check_order(rows: list, staged: list, problem) -> None:
    """The Swiss rounds come before the first stage game's round."""
    first_stage = min((r.round for r in staged), default=None)
    if first_stage is None:
        return
    for row in rows:
        if row.stage == "swiss" and row.round >= first_stage:
            later = next(r for r in staged if r.round == first_stage)
            problem(row.line, "round", _("the Swiss rounds come before the stages: round %(round)s has a stage "
                                         "game (row %(row)s).") % {"round": first_stage, "row": later.line})


def _check_plate_players(cut: list, plate: list, problem) -> None:
    """Nobody plays both the final stages (the cut) and the Plate."""
    first_bracket: dict[str, int] = {}
    for row in cut:
        for person in (row.a, row.b):
            first_bracket.setdefault(person[0], row.line)
    for row in plate:
        for person in (row.a, row.b):
            first = first_bracket.get(person[0])
            if first is not None:
                problem(row.line, _side(row, person[0]), _("this player plays in the final stages too "
                                                           "(row %(row)s).") % {"row": first})


def check_stages(rows: list, points, problem) -> Plan:
    """Check the staged rows (`points(row)`: the row's points for A and B; `problem(line, column, message)`)."""
    plan = Plan()
    staged = [r for r in rows if r.stage not in ("swiss", "playoff")]
    _check_order(rows, staged, problem)
    _check_groups([r for r in staged if r.stage == GROUP], plan, problem)
    cut = [r for r in staged if r.stage in CUT]
    plate = [r for r in staged if r.stage == "plate"]
    if cut:
        _check_bracket("cut", cut, plan, points, problem)
    _check_plate_players(cut, plate, problem)
    if plate:
        _check_bracket("plate", plate, plan, points, problem)
    return plan


def _check_groups(rows: list, plan: Plan, problem) -> None:
    where: dict[str, tuple[str, int]] = {}
    members: dict[str, list[str]] = {}
    first_line: dict[str, int] = {}
    met: dict[tuple[str, frozenset], int] = {}
    for row in rows:
        first_line.setdefault(row.group, row.line)
        for person in [row.a, *([row.b] if row.b else [])]:
            group, line = where.setdefault(person[0], (row.group, row.line))
            if group != row.group:
                problem(row.line, _side(row, person[0]), _("this player plays in group %(group)s (row %(row)s).")
                        % {"group": group, "row": line})
            elif person[0] not in members.setdefault(row.group, []):
                members[row.group].append(person[0])
        if row.b is not None:
            pair = met.setdefault((row.group, frozenset((row.a[0], row.b[0]))), row.line)
            if pair != row.line:
                problem(row.line, "player_b", _("these players already met in this group (row %(row)s).")
                        % {"row": pair})
    for number, name in enumerate(sorted(members, key=_natural), 1):
        size = len(members[name])
        if not MIN_GROUP <= size <= MAX_GROUP:
            problem(first_line[name], "stage", group_error(GroupError(
                "one_group_size", group=name, size=size, low=MIN_GROUP, high=MAX_GROUP)))
        plan.groups[name] = (number, members[name])


def _check_bracket(stage: str, rows: list, plan: Plan, points, problem) -> None:
    by_line = {r.line: r for r in rows}

    def played(row) -> Played:
        outcome = row.result.outcome
        if outcome == "time":
            pa, pb = points(row)
            outcome = "a" if pa > pb else "b" if pb > pa else ""
        winner = row.a[0] if outcome == "a" else row.b[0] if outcome == "b" else None
        return Played(row.line, row.round, row.a[0], row.b[0], winner)

    third = [played(r) for r in rows if r.stage == "third-place"]
    main = [played(r) for r in rows if r.stage != "third-place"]
    try:
        fitted = fit(main, third)
    except Unfit as exc:
        row = by_line.get(exc.key, rows[-1])
        if exc.code == "lost":
            problem(row.line, _side(row, exc.params["player"]), _("%(player)s lost on row %(row)s and cannot play on "
                                                                  "in this bracket.") % exc.params)
        elif exc.code == "third":
            problem(row.line, "stage", _("the third-place game is played by the two losers of the semi-finals."))
        else:
            problem(row.line, "stage", _("these games do not make one single-elimination bracket of %(n)s players.")
                    % {"n": exc.params["players"]})
        return
    plan.brackets[stage] = (main, third)
    if stage == "plate":
        return
    for row in rows:
        wanted = ("final" if row.line == fitted.final else "semi-final" if row.line in fitted.semis
                  else "third-place" if row.stage == "third-place" else None)
        if row.stage != wanted:
            problem(row.line, "stage", _("the final is the bracket's last game, played by the winners of the "
                                         "semi-finals."))


def write_groups(event: Event, plan: Plan, rows: list, regs: dict[str, Registration]) -> tuple[Stage | None, dict]:
    """The groups stage of `plan`, drawn, with its entries; and each group row's (stage, slot) by its line."""
    if not plan.groups:
        return None, {}
    groups = Stage.objects.create(event=event, number=1, name=_("Groups"), kind=Stage.Kind.GROUPS,
                                  entrants=Stage.Entrants.ALL, groups=len(plan.groups),
                                  seeding=Stage.Seeding.ORGANIZER, third_place=False, drawn_at=timezone.now())
    ordered = sorted(plan.groups.values())
    StageEntry.objects.bulk_create([
        StageEntry(stage=groups, registration=regs[p], seed=seed, group=group)
        for seed, (group, p) in enumerate(((g, p) for g, members in ordered for p in members), 1)])
    return groups, {row.line: (groups, f"g{plan.groups[row.group][0]}") for row in rows
                    if row.stage == GROUP and row.b is not None}


def write_brackets(event: Event, plan: Plan, games: dict, regs: dict[str, Registration], groups: Stage | None,
                   swiss_rounds: int | None) -> None:
    """The cut and the Plate of `plan`, once the groups' and Swiss games are written: seeded from their games in
    the order the app would have seeded them (the groups' placings, or the Swiss standings), and their games
    (`games`: by row line) given their stage and match."""
    name_of = {reg.pk: name for name, reg in regs.items()}
    if groups is not None:
        rank = [name_of[p] for _place, p in stage_placings(groups)]
    elif swiss_rounds:
        rank = [name_of[row.registration_id] for row in event_standings(event, upto=swiss_rounds)]
    else:
        rank = []
    earlier = groups is not None or bool(swiss_rounds)
    number = event.stages.count()
    for key, name in (("cut", _("Finals")), ("plate", _("Plate"))):
        if key not in plan.brackets:
            continue
        main, third = plan.brackets[key]
        fitted = fit(main, third, rank)
        number += 1
        if not earlier:
            entrants = Stage.Entrants.ALL
        elif key == "plate":
            entrants = Stage.Entrants.REST
        else:
            entrants = Stage.Entrants.WINNERS if groups is not None else Stage.Entrants.TOP
        stage = Stage.objects.create(event=event, number=number, name=name, kind=Stage.Kind.SINGLE, entrants=entrants,
                                     source=groups, cut=len(fitted.seeds) if entrants in ("top", "winners") else None,
                                     third_place=bool(third), drawn_at=timezone.now())
        StageEntry.objects.bulk_create([StageEntry(stage=stage, registration=regs[p], seed=seed)
                                        for seed, p in enumerate(fitted.seeds, 1)])
        for line, code in fitted.slots.items():
            games[line].stage, games[line].slot = stage, code
            games[line].save(update_fields=["stage", "slot"])
