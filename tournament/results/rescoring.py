"""Changing an event's scoring after results exist: the preset, the win/draw/loss points of a result preset, or
the event's own scoring definition (docs/scoring.md).

Points are stored on each seat when a result is confirmed, so a new scoring must rescore every confirmed
game (byes included), or one table would mix two scorings. `preview` shows the top of the table before
and after without writing; `rescore` changes the event and every stored score in one transaction, with
the event row locked, and records it in the audit log. Round-by-round tables are made from the stored
scores, so they follow. Event creation and the other event fields live elsewhere (tournament/events/).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from django.db import transaction

from tournament.events.audit import audit
from tournament.events.cache_keys import event_state
from tournament.models import Event, Game, Seat
from tournament.results import tiebreaks
from tournament.results.definition import PRIMARY_KEYS
from tournament.results.presets import PRESET_NAMES
from tournament.results.scoring import Preset, bye_score, event_scoring, own_scoring, preset, score_game, with_points
from tournament.results.shorthand import seats_result
from tournament.results.standings import EventData, StandingRow, entry_as_shown, load, rank, shown_rank

TOP = 8


class StaleRescoring(Exception):
    """Results or the scoring changed since the preview was shown."""


@dataclass(frozen=True)
class ScoringChange:
    preset: str
    wdl_points: str
    tiebreaks: tuple[str, ...]
    definition: dict = field(default_factory=dict, hash=False)  # the event's own scoring; empty: the preset

    def scoring(self) -> Preset:
        return own_scoring(self.definition) if self.definition else with_points(self.preset, self.wdl_points)


@dataclass(frozen=True)
class Preview:
    change: ScoringChange
    games: int  # confirmed games (byes included) that will be rescored
    changed: int  # of those, games whose points change
    before: tuple[tuple[str | int, str, int], ...]  # (rank, name, points)
    after: tuple[tuple[str | int, str, int], ...]
    state: str  # the event state the preview was made from


def has_scores(event: Event) -> bool:
    """Some game is scored, a bye included (its points are the scoring's): a new scoring has to rescore it."""
    return Seat.objects.filter(round__event=event, game__status=Game.Status.CONFIRMED).exists()


def has_played_results(event: Event) -> bool:
    """Some game between two players has a confirmed result, which the edition counted and the camp reading
    decided. A bye is not one: it is confirmed when its round is paired, and neither of them reads it."""
    return Game.objects.filter(round__event=event, status=Game.Status.CONFIRMED, is_bye=False).exists()


def proposed(event: Event, preset_key: str, wdl_points: str) -> ScoringChange:
    """The change asked for. Tie-breaks follow the new preset unless the organizer had set their own order."""
    own_order = list(event.tiebreaks or []) != list(event_scoring(event).tiebreaks)
    order = tuple(event.tiebreaks) if own_order else preset(preset_key).tiebreaks
    return ScoringChange(preset_key, wdl_points, order)


def proposed_definition(event: Event, definition: dict) -> ScoringChange:
    """The event's own scoring: its tie-breaks are the definition's (the event's current order if it names none, or
    names the same: a definition cannot name "points" or "wins" among them, which the edit page may)."""
    named = own_scoring(definition).tiebreaks
    current = tuple(event.tiebreaks or ())
    same = named == tuple(key for key in current if key not in PRIMARY_KEYS)
    return ScoringChange(event.scoring_preset, event.wdl_points, current if not named or same else named, definition)


def _rescored(played: list[tiebreaks.PlayedGame], change: ScoringChange, edition: str) -> list[tiebreaks.PlayedGame]:
    scoring = change.scoring()
    result = []
    for g in played:
        if g.b is None:
            result.append(tiebreaks.PlayedGame(g.round, g.a, None, None, bye_score(scoring), 0))
        else:
            result.append(tiebreaks.PlayedGame(g.round, g.a, g.b, g.result, *score_game(g.result, scoring, edition)))
    return result


def _top(data: EventData, rows: list[StandingRow]) -> tuple:
    return tuple((shown_rank(r), entry_as_shown(data.registrations[r.registration_id]).name, r.points) for r in rows[:TOP])


def preview(event: Event, change: ScoringChange) -> Preview:
    """The top of the table now and with the new scoring (nothing written)."""
    state = event_state(event)
    data = load(event)
    after_played = _rescored(data.played, change, event.edition)
    changed_event = Event(**{f.attname: getattr(event, f.attname) for f in Event._meta.concrete_fields})
    changed_event.scoring_preset, changed_event.wdl_points, changed_event.tiebreaks = (
        change.preset, change.wdl_points, list(change.tiebreaks))
    changed_event.scoring_definition = change.definition
    after = replace(data, event=changed_event, played=after_played)
    changed = sum((old.points_a, old.points_b) != (new.points_a, new.points_b)
                  for old, new in zip(data.played, after_played, strict=True))
    return Preview(change, len(data.played), changed, _top(data, rank(data)), _top(after, rank(after)), state)


def _name(preset_key: str, definition: dict) -> str:
    return definition.get("name", "") if definition else PRESET_NAMES.get(preset_key, "")


@transaction.atomic
def rescore_byes(event: Event) -> int:
    """Score every confirmed bye of the event again under its scoring as saved; returns how many. For a scoring
    changed before any game between two players is confirmed (`has_played_results`): byes are all it has scored."""
    if has_played_results(event):  # the caller's promise broken: a played result is rescored only by `rescore`
        raise ValueError("played results are rescored with rescore(), which shows the table before and after")
    seats = list(Seat.objects.filter(round__event=event, game__is_bye=True, game__status=Game.Status.CONFIRMED))
    score = bye_score(event_scoring(event))
    for seat in seats:
        seat.score = score
    Seat.objects.bulk_update(seats, ["score"], batch_size=500)
    return len(seats)


@transaction.atomic
def rescore(event: Event, change: ScoringChange, user, *, expected_state: str | None = None) -> int:
    """Apply the new scoring to the event and every confirmed game; returns the number of games rescored."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    if expected_state is not None and event_state(event) != expected_state:
        raise StaleRescoring
    scoring = change.scoring()
    games = Game.objects.filter(round__event=event, status=Game.Status.CONFIRMED).prefetch_related("seats")
    seats, count = [], 0
    for game in games:
        by_side = {s.side: s for s in game.seats.all()}
        if game.is_bye:
            by_side["a"].score = bye_score(scoring)
        else:
            by_side["a"].score, by_side["b"].score = score_game(seats_result(by_side["a"], by_side["b"], game.outcome),
                                                                scoring, event.edition)
        seats += by_side.values()
        count += 1
    Seat.objects.bulk_update(seats, ["score"], batch_size=500)
    before = {"scoring_preset": event.scoring_preset, "scoring_name": _name(event.scoring_preset, event.scoring_definition),
              "wdl_points": event.wdl_points, "tiebreaks": event.tiebreaks,
              **({"definition": event.scoring_definition} if event.scoring_definition else {})}
    event.scoring_preset, event.wdl_points, event.tiebreaks = change.preset, change.wdl_points, list(change.tiebreaks)
    event.scoring_definition = change.definition
    event.save(update_fields=["scoring_preset", "wdl_points", "tiebreaks", "scoring_definition"])
    audit(event=event, user=user, action="event.rescore", target=event.slug, before=before,
          after={"scoring_preset": change.preset, "scoring_name": _name(change.preset, change.definition),
                 "wdl_points": change.wdl_points, "tiebreaks": list(change.tiebreaks), "games_rescored": count,
                 **({"definition": change.definition} if change.definition else {})})
    return count
