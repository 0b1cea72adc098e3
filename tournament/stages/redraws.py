"""The stages a corrected result leaves drawn on results that changed (Django, read only).

A stage is drawn once from the play before it (a cut from the Swiss standings or a groups stage's tables, a Plate
from what the cut left, placement play-offs, groups seeded by the standings); a result corrected there afterwards
changes who would qualify, or their seeds, but not the draw. The result page asks which stages, not played yet,
a draw now would make otherwise, and tells the organizer to draw them again (`stages.service.stage_draw`)."""

from __future__ import annotations

from tournament.models import Game, Stage
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


def redraws(game: Game) -> list[tuple[Stage, str]]:
    """The stages drawn from the play `game` belongs to (the Swiss rounds, or its stage), with no game yet, that a
    draw now would make with other players or seeds: (the stage, "" or why a draw now is refused)."""
    event = game.round.event
    found = []
    for stage in event.stages.filter(drawn_at__isnull=False, source_id=game.stage_id).order_by("number"):
        if not _follows_results(stage) or stage.games.exists():
            continue
        try:
            if not _drawn_so(stage, entrants(stage)):
                found.append((stage, ""))
        except StageError as exc:  # a tie the corrected result made, which the cut now splits...
            found.append((stage, str(exc)))
    return found
