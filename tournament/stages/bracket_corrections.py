"""Games of a bracket paired from a result corrected since (Django, read only).

A bracket pairs each match once its players are known (`stages.service.next_games`); a result corrected after a
later match was paired from it changes who should have played that match, but not the game paired (nor its
result). The result page compares the bracket's matches as the old result made them (`matches_before`, read before
the correction) with the same after it (`paired_from_the_old_result`), and names who would have played each later
game instead of whom: the results stand, and the organizer or umpire decides. The final standings and stages pages
say which brackets have such games (`stale_brackets`): their placings wait for that decision."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count

from tournament.models import Event, Game, Registration, Stage
from tournament.pairing.manager import has_results
from tournament.results import standings
from tournament.stages import brackets
from tournament.stages.messages import match_label
from tournament.stages.tables import bracket_state

Players = dict[str, frozenset[int]]  # each match's real players, by match code


def _is_bracket(stage: Stage | None) -> bool:
    return stage is not None and stage.drawn_at is not None and stage.kind != Stage.Kind.GROUPS


def _players(states) -> Players:
    return {code: frozenset(p for p in (s.a, s.b) if p is not None and p != brackets.BYE)
            for code, s in states.items()}


def matches_before(game: Game) -> Players:
    """Read before a correction of `game` is written: who plays each match of its bracket (empty when it is not a
    bracket's game)."""
    if not _is_bracket(game.stage):
        return {}
    return _players(bracket_state(game.stage)[1])


@dataclass(frozen=True)
class Change:
    """A later game of the bracket whose players the correction changes: its label as the pages give it, who would
    have played it with the corrected result and who played it instead (names)."""

    label: str
    coming: tuple[str, ...]
    going: tuple[str, ...]


@dataclass(frozen=True)
class PairedFromOld:
    """The later games of a bracket paired from the result a correction replaced. `deletable`: the round they are
    all in, when that is the event's last and has no result yet (deleting it on its page lets the stage be paired
    again), else None."""

    stage: Stage
    changes: tuple[Change, ...]
    deletable: int | None = None


def _latest(stage: Stage, after: int) -> dict[str, Game]:
    """The stage's game of each match paired in a round after round `after` (the latest, if played again)."""
    latest: dict[str, Game] = {}
    for game in (stage.games.filter(round__number__gt=after).select_related("round").prefetch_related("seats")
                 .order_by("round__number")):
        latest[game.slot] = game
    return latest


def _deletable(event: Event, games: list[Game]) -> int | None:
    last = event.rounds.order_by("-number").first()
    if last is None or {g.round.number for g in games} != {last.number} or has_results(last):
        return None
    return last.number


def paired_from_the_old_result(game: Game, before: Players) -> PairedFromOld | None:
    """The later games of `game`'s bracket that the correction of `game` changes the players of: who plays each
    match with the corrected result against the same with the old one (`before`: `matches_before`). Only the two
    are compared: a game already paired otherwise (an earlier correction) is not this correction's."""
    if not before or not _is_bracket(game.stage):
        return None
    stage = game.stage
    bracket, states = bracket_state(stage)
    now = _players(states)
    later = _latest(stage, game.round.number)
    changed = [(code, g) for code, g in later.items() if code in now and now[code] != before.get(code, now[code])]
    if not changed:
        return None
    name = dict(Registration.objects.filter(pk__in={p for c, _g in changed for p in now[c] | before[c]})
                .values_list("pk", "name"))
    changes = tuple(Change(match_label(bracket, states[code].match),
                           tuple(name[p] for p in sorted(now[code] - before[code], key=name.get)),
                           tuple(name[p] for p in sorted(before[code] - now[code], key=name.get)))
                    for code, _g in changed)
    return PairedFromOld(stage, changes, _deletable(stage.event, [g for _c, g in changed]))


def stale_brackets(event: Event, data: standings.EventData | None = None) -> list[Stage]:
    """The brackets with a game whose players are not those the results now give its match (a result before it
    corrected after it was paired), unless a player of the match dropped out since (a walkover now): their placings
    wait for the organizer's or umpire's decision."""
    found = []
    for stage in event.stages.filter(drawn_at__isnull=False).exclude(kind=Stage.Kind.GROUPS).order_by("number"):
        if not stage.games.exists():
            continue
        data = data or standings.load(event)
        states = bracket_state(stage, data)[1]
        now = _players(states)
        for code, game in _latest(stage, 0).items():
            if code in now and not states[code].forfeit and frozenset(s.registration_id for s in game.seats.all()) != now[code]:
                found.append(stage)
                break
    return found


def played_again(event: Event) -> list[str]:
    """The names of the brackets with a match played more than once (a correction changed who played it): the
    earlier game's result still counts in the standings' points."""
    twice = (Game.objects.filter(stage__event=event, stage__isnull=False).exclude(stage__kind=Stage.Kind.GROUPS)
             .values("stage__number", "stage__name", "slot").annotate(n=Count("pk")).filter(n__gt=1)
             .order_by("stage__number"))
    return list(dict.fromkeys(row["stage__name"] for row in twice))
