"""The stages a corrected result leaves drawn on results that changed (Django, read only).

A stage is drawn once from the play before it (a cut from the Swiss standings or a groups stage's tables, a Plate
from what the cut left, placement play-offs, groups seeded by the standings); a result corrected there afterwards
changes who would qualify, or their seeds, but not the draw. The result page asks which stages, not played yet,
a draw now would make otherwise, and tells the organizer to draw them again (`stages.service.stage_draw`); and which
stages that already have games were drawn otherwise than the corrected play now draws them (`standing_draws`): their
draw stands (no bracket is replayed, nor changed here), and the page says who would come in and go out."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Min, Q

from tournament.models import Game, Registration, Stage
from tournament.pairing.manager import has_results
from tournament.stages.service import StageError, entrants, placed_draw
from tournament.stages.tables import entry_seeds


def _follows_results(stage: Stage) -> bool:
    """Whether who plays the stage, or their seeds, come from the results: a cut, a Plate, placement play-offs, or
    every player seeded by the standings (by rating, at random or by the organizer's choice, every player plays
    whatever the results)."""
    return stage.entrants != Stage.Entrants.ALL or stage.kind == Stage.Kind.PLACEMENT \
        or stage.seeding == Stage.Seeding.STANDINGS


def _trimmed(seeds: list[int | None]) -> list[int | None]:
    while seeds and seeds[-1] is None:
        seeds = seeds[:-1]
    return seeds


def _drawn_so(stage: Stage, seeds: list[int | None]) -> bool:
    """Whether the stage's draw is the one `seeds` (its entrants now, in seeding order) make."""
    if stage.kind != Stage.Kind.GROUPS:
        return _trimmed(list(seeds)) == _trimmed(entry_seeds(stage)[0])
    drawn = list(stage.entries.order_by("seed").values_list("registration_id", "group"))
    if stage.seeding in (Stage.Seeding.RANDOM, Stage.Seeding.ORGANIZER):  # the groups are the lot's or the organizer's
        return {p for p in seeds if p is not None} == {p for p, _g in drawn}
    return [(p, g) for p, g in placed_draw(stage, stage.event, seeds, None) if p is not None] == drawn


def _drawn_from(game: Game):
    """The drawn stages whose players or seeds come from the play `game` belongs to (the Swiss rounds, or its
    stage), in order."""
    stages = game.round.event.stages.filter(drawn_at__isnull=False, source_id=game.stage_id).order_by("number")
    return [stage for stage in stages if _follows_results(stage)]


def redraws(game: Game) -> list[tuple[Stage, str]]:
    """The stages drawn from the play `game` belongs to (the Swiss rounds, or its stage), with no game yet, that a
    draw now would make with other players or seeds: (the stage, "" or why a draw now is refused)."""
    found = []
    for stage in _drawn_from(game):
        if stage.games.exists():
            continue
        try:
            if not _drawn_so(stage, entrants(stage)):
                found.append((stage, ""))
        except StageError as exc:  # a tie the corrected result made, which the cut now splits...
            found.append((stage, str(exc)))
    return found


@dataclass(frozen=True)
class StandingDraw:
    """A stage that has games, drawn from play a correction changed, that a draw now would make otherwise: its draw
    stands. `refused`: why a draw now is refused ("" if it is not); `coming`, `going`: the names of the players a draw
    now would take that the draw made left out, and the reverse, in seed order (both empty: the same players, other
    seeds or groups);
    `deletable`: the round its games are all in, when that is the event's last and has no result yet (deleting it
    on its page lets the stage be drawn again), else None."""

    stage: Stage
    refused: str = ""
    coming: tuple[str, ...] = ()
    going: tuple[str, ...] = ()
    deletable: int | None = None


def _deletable(stage: Stage) -> int | None:
    numbers = set(stage.games.values_list("round__number", flat=True))
    last = stage.event.rounds.order_by("-number").first()
    if last is None or numbers != {last.number} or has_results(last):
        return None
    return last.number


def _names(ids: list[int]) -> tuple[str, ...]:
    name = dict(Registration.objects.filter(pk__in=ids).values_list("pk", "name"))
    return tuple(name[p] for p in ids)


def _played_stages(game: Game) -> list[tuple[Stage, int]]:
    """The stages that already have games, drawn from play `game` counted in when they were drawn (its own stage's,
    or the standings, which count every game before them), with their first round: (stage, first round)."""
    event = game.round.event
    stages = event.stages.filter(drawn_at__isnull=False).filter(
        Q(source_id=game.stage_id) | Q(source__isnull=True)).annotate(first=Min("games__round__number"))
    return [(stage, stage.first) for stage in stages.order_by("number")
            if stage.first is not None and game.round.number < stage.first and _follows_results(stage)]


Draw = tuple[tuple[int | None, ...] | None, str]  # (the seeds, or None) and why a draw is refused ("" if it is not)


def _draw_as_of(stage: Stage, upto: int) -> Draw:
    """The stage as a draw after round `upto` would make it: the standings then, the players then (what its own
    games and later drops changed is left out)."""
    try:
        return tuple(entrants(stage, upto=upto)), ""
    except StageError as exc:  # a tie the cut splits...
        return None, str(exc)


def draws_before(game: Game) -> dict[int, Draw]:
    """Read before a correction of `game` is written: each stage with games drawn from its play, as drawn then
    (`standing_draws` compares them with the same after the correction)."""
    return {stage.pk: _draw_as_of(stage, first - 1) for stage, first in _played_stages(game)}


def standing_draws(game: Game, before: dict[int, Draw]) -> list[StandingDraw]:
    """The stages drawn from the play `game` belongs to that already have games, whose draw the correction of `game`
    changes: a draw as after the last round before their first game gives other players or seeds with the corrected
    result than with the one it replaced (`before`: `draws_before`, read before the correction). Only the two are
    compared: what differed already (a drop since the draw, a draw made before every result was in, an earlier
    correction) is not this correction's; nor is a correction that brings the draw back to the one made."""
    found = []
    for stage, first in _played_stages(game):
        if stage.pk not in before:
            continue
        seeds, refused = now = _draw_as_of(stage, first - 1)
        if now == before[stage.pk]:
            continue
        if refused:
            found.append(StandingDraw(stage, refused, deletable=_deletable(stage)))
            continue
        if _drawn_so(stage, list(seeds)):
            continue
        was = [p for p in entry_seeds(stage)[0] if p is not None]  # named against the draw made, as the page says
        is_ = [p for p in seeds if p is not None]
        found.append(StandingDraw(stage, "", _names([p for p in is_ if p not in was]),
                                  _names([p for p in was if p not in is_]), _deletable(stage)))
    return found
