"""Stages as the organizer runs them (Django): set up, draw (groups or seeds), pair a round, delete.

Every write locks the event row (`select_for_update`), runs in one transaction and writes an audit
entry. Pairing a stage round is a service function (`stage_pair`) the view calls, like the Swiss
`pairing.manager.round_pair`; the games it writes are ordinary games, so result entry, two-person
reports, corrections, the audit and the exports treat them like any other.
"""

from __future__ import annotations

import random

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.events.audit import audit
from tournament.models import Event, Game, Registration, Round, Seat, Stage, StageEntry
from tournament.models.stages import MAX_STAGES
from tournament.pairing.manager import RatingsSource, RoundError, active_registrations
from tournament.results import tiebreaks
from tournament.results.standings import entry_as_shown, event_standings, load, rank
from tournament.stages import brackets, groups
from tournament.stages.messages import PLACEMENT_NEEDS, group_error
from tournament.stages.tables import (
    bracket_state,
    group_games_left,
    group_members,
    group_shared_places,
    level_across_groups,
    placement_seeds,
    placement_ties,
    qualifying_order,
    stage_finished,
)

StageError = RoundError


def _lock(event: Event) -> Event:
    return Event.objects.select_for_update().get(pk=event.pk)


def _next_round_number(event: Event) -> int:
    last = event.rounds.order_by("-number").first()
    return (last.number if last else 0) + 1


def _active(event: Event, upto: int | None = None) -> list[Registration]:
    return active_registrations(event, _next_round_number(event) if upto is None else upto + 1)


def _standings_order(event: Event, players: list[Registration], upto: int | None = None) -> list[int]:
    place = {row.registration_id: row.rank_index for row in event_standings(event, upto)}
    return [r.pk for r in sorted(players, key=lambda r: (place.get(r.pk, len(place)), r.name_key, r.pk))]


def _seeded(event: Event, stage: Stage, players: list[Registration], ratings: RatingsSource | None,
            upto: int | None = None) -> list[int]:
    """The players in seeding order, best first, by the stage's seeding (by rating: from `ratings`, as
    `pairing.manager.RatingsSource`; without it every player is unrated, so in standings order)."""
    order = _standings_order(event, players, upto)
    if stage.seeding == Stage.Seeding.RANDOM:
        random.Random(event.seed * 1000 + 500 + stage.number).shuffle(order)
    elif stage.seeding == Stage.Seeding.RATING:
        rated = ratings(event) if ratings else None
        ratings = {pk: r.rating for pk, r in rated.ratings.items()} if rated else {}
        order.sort(key=lambda pk: (pk not in ratings, -ratings.get(pk, 0.0)))  # stable: the unrated by standings
    return order


def _taken_from_source(stage: Stage) -> set[int]:
    """Players already drawn into the sibling stages that take from the same stage (the cut, for a Plate)."""
    siblings = Stage.objects.filter(event=stage.event, source=stage.source, drawn_at__isnull=False).exclude(pk=stage.pk)
    return set(StageEntry.objects.filter(stage__in=siblings).values_list("registration_id", flat=True))


def _check_source(stage: Stage, event: Event, upto: int | None = None) -> None:
    """A stage is drawn from finished play: its source stage finished, or (a cut) every game so far (up to round
    `upto`) confirmed."""
    source = stage.source
    if source is not None and not stage_finished(source):
        raise StageError(_("“%(stage)s” is not finished yet: its qualifiers are not known.") % {"stage": source.name})
    games = Game.objects.filter(round__event=event, is_bye=False)
    if upto is not None:
        games = games.filter(round__number__lte=upto)
    if source is None and stage.entrants != Stage.Entrants.ALL and games.exclude(
            status=Game.Status.CONFIRMED).exists():
        raise StageError(_("Every game so far needs a confirmed result before the cut is drawn."))


def _placement_seeds(stage: Stage, active_ids: set[int]) -> list[int | None]:
    source = stage.source
    if source is None or source.kind != Stage.Kind.GROUPS or (source.groups or 0) < 2:
        raise StageError(PLACEMENT_NEEDS)
    return placement_seeds(source, active_ids)


def _cut(stage: Stage, event: Event, order: list[int]) -> list[int]:
    """The players a cut takes (its top `cut`), or a "rest" stage the ones its sibling cuts left."""
    if stage.entrants == Stage.Entrants.REST:
        cuts = Stage.objects.filter(event=event, source=stage.source, drawn_at__isnull=True).exclude(
            entrants=Stage.Entrants.REST).exclude(pk=stage.pk).order_by("number").first()
        if cuts is not None:
            raise StageError(_("Draw “%(cut)s” first: this stage takes the players it leaves.") % {"cut": cuts.name})
        return [p for p in order if p not in _taken_from_source(stage)]
    k = stage.cut or 0
    if not 2 <= k <= len(order):
        raise StageError(_("The cut must take between 2 and %(n)s players.") % {"n": len(order)})
    return order[:k]


def _check_cut_tie(stage: Stage, event: Event, active_ids: set[int], upto: int | None = None) -> None:
    """A top-K cut of the standings through a place its players still share, which nothing orders (the event draws
    no lot among its tie-breaks, and the ties page has no decision for them, or one that they share the place),
    would take those whose names sort first: it is refused, naming them, until the tie is settled there."""
    k = stage.cut or 0
    data = load(event, upto)
    rows = [row for row in rank(data) if row.registration_id in active_ids]
    if not 1 <= k < len(rows):
        return  # no cut to make here (`_cut` says why when it is out of range)
    last, next_out = rows[k - 1], rows[k]
    if not (last.shared and next_out.shared and last.rank == next_out.rank):
        return  # not level, or a recorded decision ordered them (a playoff, a lot, the umpire's)
    lots = [key for key in last.values if key in tiebreaks.REGISTRY and tiebreaks.REGISTRY[key].lot]
    if any(last.values.get(key) != next_out.values.get(key) for key in lots):
        return  # the event's drawn lot orders them (they still share the rank, for the table)
    tied = [row.registration_id for row in rows if row.shared and row.rank == last.rank]
    raise StageError(_("%(players)s share a place that the cut of the top %(n)s splits: settle their tie on the ties "
                       "page first (a playoff game, a die roll or lot, or the umpire's decision).") % {
        "players": ", ".join(entry_as_shown(data.registrations[p]).name for p in tied), "n": k})


def _check_group_tie(stage: Stage, event: Event, active_ids: set[int], taken: set[int] | None) -> None:
    """A cut after groups that takes some of the players sharing a place in a group and leaves the others (nothing
    orders them: no drawn lot, no decision recorded for the group on the ties page) would take those whose names
    sort first: it is refused, naming them, until the tie is settled there, as `_check_cut_tie` for the standings.
    So is a cut that splits players of one place in different groups level on every key compared across the
    groups (the best runners-up...): it would take them by their groups' letters. Placement play-offs (`taken`
    None) split every place shared in a group: one of its players plays for the better places; and they would seed
    players of one place level across the groups by their groups' letters (`placement_ties`: which of them has a
    bye or meets whom in their place's bracket), so they are refused through them too."""
    data = load(event)
    names = lambda players: ", ".join(entry_as_shown(data.registrations[p]).name for p in players)  # noqa: E731
    for group, tie in group_shared_places(stage.source, data):
        players = [p for p in tie if p in active_ids]
        if len(players) > 1 and taken is None:
            raise StageError(_("%(players)s share a place in their group (%(group)s) that the play-offs split: settle "
                               "their tie on the ties page first (a playoff game, a die roll or lot, or the umpire's "
                               "decision).") % {"players": names(players), "group": group})
        if taken is not None and _splits(players, taken):
            raise StageError(_("%(players)s share a place in their group (%(group)s) that the cut splits: settle their "
                               "tie on the ties page first (a playoff game, a die roll or lot, or the umpire's "
                               "decision).") % {"players": names(players), "group": group})
    _check_level_across(stage, data, active_ids, taken, names)


def _check_level_across(stage: Stage, data, active_ids: set[int], taken: set[int] | None, names) -> None:
    """Players of one place level across the groups: refused when the play-offs (`taken` None) would seed them by
    their groups' letters, or when the cut splits them (`_check_group_tie`)."""
    for tie in placement_ties(stage.source, active_ids, data) if taken is None else ():
        raise StageError(_("%(players)s are level across the groups of %(stage)s, and the play-offs would order them "
                           "by their groups' letters: settle their tie on the ties page first (a playoff game, a die "
                           "roll or lot, or the umpire's decision).") % {
            "players": names(tie), "stage": stage.source.name})
    for tie in level_across_groups(stage.source, data) if taken is not None else ():
        players = [p for p in tie if p in active_ids]
        if _splits(players, taken):
            raise StageError(_("%(players)s are level across the groups of %(stage)s and the cut splits them: settle "
                               "their tie on the ties page first (a playoff game, a die roll or lot, or the umpire's "
                               "decision).") % {
                "players": names(players), "stage": stage.source.name})


def _splits(players: list[int], taken: set[int]) -> bool:
    """Whether the cut takes some of `players` and leaves the others."""
    return any(p in taken for p in players) and any(p not in taken for p in players)


def entrants(stage: Stage, ratings: RatingsSource | None = None, *, upto: int | None = None) -> list[int | None]:
    """Who plays the stage, in seeding order (None: an empty place, in placement play-offs). `upto`: as a draw
    after round `upto` would make it (the Swiss standings up to that round, the players of the next: a stage that
    has games since, in `redraws`); None: as a draw now would."""
    event = stage.event
    active = _active(event, upto)
    active_ids = {r.pk for r in active}
    _check_source(stage, event, upto)
    if stage.kind == Stage.Kind.PLACEMENT:
        seeds = _placement_seeds(stage, active_ids)
        _check_group_tie(stage, event, active_ids, None)
        return seeds
    if stage.entrants == Stage.Entrants.ALL:
        return list(_seeded(event, stage, active, ratings, upto))
    if stage.source is None and stage.entrants != Stage.Entrants.REST:
        _check_cut_tie(stage, event, active_ids, upto)
    taken = _cut(stage, event, [p for p in qualifying_order(event, stage.source, upto=upto) if p in active_ids])
    if stage.source is not None and stage.source.kind == Stage.Kind.GROUPS and stage.entrants != Stage.Entrants.REST:
        _check_group_tie(stage, event, active_ids, set(taken))
    return _crossed(stage, taken)


def _crossed(stage: Stage, order: list[int]) -> list[int]:
    """A bracket after groups: the seeds moved so that no first-round match replays a group game, when that can be
    done (`groups.crossed`: the first seed of each group's worth, the group winners, stay; the runners-up and later
    places move only as needed)."""
    source = stage.source
    if stage.kind not in (Stage.Kind.SINGLE, Stage.Kind.DOUBLE) or source is None or source.kind != Stage.Kind.GROUPS \
            or len(order) < 2:
        return order
    members = group_members(source)
    group_of = {p: number for number, ps in members for p in ps}
    return groups.crossed(order, group_of, len(members), brackets.first_round(len(order)))


def placed_draw(stage: Stage, event: Event, seeds: list[int | None], assignment: dict[int, int] | None
                ) -> list[tuple[int | None, int | None]]:
    """(registration, group) in seeding order: groups drawn, seeded or chosen; a bracket's seeds as they are."""
    try:
        if stage.kind != Stage.Kind.GROUPS:
            if sum(p is not None for p in seeds) < (3 if stage.kind == Stage.Kind.DOUBLE else 2):
                raise StageError(_("Too few players for this bracket."))
            return [(p, None) for p in seeds]
        count = stage.groups or 1
        ids = [p for p in seeds if p is not None]
        if stage.seeding == Stage.Seeding.ORGANIZER:
            made = groups.check_assignment(ids, assignment or {}, count)
        else:
            method = "random" if stage.seeding == Stage.Seeding.RANDOM else "seeded"
            made = groups.draw(ids, count, method, event.seed * 1000 + 500 + stage.number)
    except groups.GroupError as exc:
        raise StageError(group_error(exc)) from exc
    rank = {p: i for i, p in enumerate(ids)}
    return [(p, g) for g, members in enumerate(made, 1) for p in sorted(members, key=rank.__getitem__)]


@transaction.atomic
def stage_draw(stage: Stage, user, assignment: dict[int, int] | None = None, *,
               ratings: RatingsSource | None = None) -> Stage:
    """Fix a stage's players, seeds and groups (again, while it has no game). Seeding by rating reads `ratings`
    (the caller passes `leagues.event_ratings.event_ratings`, as to `round_pair`: stages do not reach up into the
    leagues)."""
    event = _lock(stage.event)
    stage = Stage.objects.select_for_update().get(pk=stage.pk, event=event)
    if stage.games.exists():
        raise StageError(_("“%(stage)s” already has games: it cannot be drawn again.") % {"stage": stage.name})
    _write_draw(stage, event, user, placed_draw(stage, event, entrants(stage, ratings), assignment))
    if stage.entrants != Stage.Entrants.REST:
        _plates_follow(stage, event, user, ratings)
    return stage


def _write_draw(stage: Stage, event: Event, user, placed: list[tuple[int | None, int | None]]) -> None:
    stage.entries.all().delete()
    StageEntry.objects.bulk_create([
        StageEntry(stage=stage, registration_id=p, seed=i, group=g) for i, (p, g) in enumerate(placed, 1) if p is not None
    ])
    stage.drawn_at = timezone.now()
    stage.save(update_fields=["drawn_at"])
    audit(event=event, user=user, action="event.stage_draw", target=stage.name, people=[p for p, _g in placed if p],
          after={"stage": stage.number, "entries": [[i, p, g] for i, (p, g) in enumerate(placed, 1)]})


def _plates_follow(stage: Stage, event: Event, user, ratings: RatingsSource | None) -> None:
    """A Plate already drawn from the players a cut left follows the cut drawn again (the standings corrected, a
    new random seeding, a cut deleted and made again): drawn again itself, as it was set up, when the players it
    takes change (groups the organizer chose are cleared, to be chosen again); a Plate that already has games keeps
    them, so the cut may not change who it leaves. A cut set up again clears its Plate's draw (`stage_save`)."""
    plates = Stage.objects.select_for_update().filter(event=event, source=stage.source, drawn_at__isnull=False,
                                                      entrants=Stage.Entrants.REST).exclude(pk=stage.pk)
    for plate in plates.order_by("number"):
        seeds = entrants(plate, ratings)
        if {p for p in seeds if p is not None} == set(plate.entries.values_list("registration_id", flat=True)):
            continue
        if plate.games.exists():
            raise StageError(_("“%(plate)s” already has games with the players the cut left before, and this draw of "
                               "“%(stage)s” would change them: set the cut up to leave the same players, or delete "
                               "the rounds of “%(plate)s” first.") % {"plate": plate.name, "stage": stage.name})
        if plate.kind == Stage.Kind.GROUPS and plate.seeding == Stage.Seeding.ORGANIZER:
            _undraw(plate, event, user, stage)
            continue
        _write_draw(plate, event, user, placed_draw(plate, event, seeds, None))


def _undraw(stage: Stage, event: Event, user, cut: Stage) -> None:
    """Clear the draw of `stage`, a Plate, because its `cut` changed: audited as such (not as the Plate saved), with
    the players it had."""
    players = list(stage.entries.values_list("registration_id", flat=True))
    stage.entries.all().delete()
    stage.drawn_at = None
    stage.save(update_fields=["drawn_at"])
    audit(event=event, user=user, action="event.stage_undraw", target=stage.name, people=players,
          after={"stage": stage.number, "cut": cut.name})


def _bracket_games(stage: Stage) -> list[tuple[str, int, int]]:
    _bracket, states = bracket_state(stage)
    # A match is paired once for its players; after a correction changed who plays it, it is paired again.
    paired = {(g.slot, frozenset(s.registration_id for s in g.seats.all())) for g in stage.games.prefetch_related("seats")}
    return [(s.match.code, s.a, s.b) for s in brackets.playable(states) if (s.match.code, frozenset((s.a, s.b))) not in paired]


def next_games(stage: Stage) -> list[tuple[str, int, int]]:
    if stage.drawn_at is None:
        return []
    return group_games_left(stage) if stage.kind == Stage.Kind.GROUPS else _bracket_games(stage)


@transaction.atomic
def stage_pair(event: Event, user) -> Round:
    """Pair the next round of every drawn stage with games to play, as one draft round (a second call while
    that draft exists returns it unchanged)."""
    event = _lock(event)
    last = event.rounds.order_by("-number").first()
    if last is not None and last.status == Round.Status.DRAFT:
        return last
    if event.finished_at is not None:
        raise StageError(_("The event is finished: its standings are final."))
    if Game.objects.filter(round__event=event, is_bye=False).exclude(status=Game.Status.CONFIRMED).exists():
        raise StageError(_("Every game of the previous rounds needs a confirmed result before pairing the next."))
    seated: set[int] = set()
    planned: list[tuple[Stage, str, int, int]] = []
    for stage in event.stages.filter(drawn_at__isnull=False).order_by("number"):
        for slot, a, b in next_games(stage):
            if a in seated or b in seated:
                continue  # a player still busy in an earlier stage: this game waits a round
            seated |= {a, b}
            planned.append((stage, slot, a, b))
    if not planned:
        raise StageError(_("No stage has a game to play: draw the next stage, or every stage is finished."))
    number = _next_round_number(event)
    rnd = Round.objects.create(event=event, number=number, seed=event.seed * 1000 + number, method="stage")
    for table, (stage, slot, a, b) in enumerate(planned, 1):
        game = Game.objects.create(round=rnd, table=table, stage=stage, slot=slot)
        Seat.objects.create(game=game, round=rnd, registration_id=a, side=Seat.Side.A)
        Seat.objects.create(game=game, round=rnd, registration_id=b, side=Seat.Side.B)
    audit(event=event, user=user, action="round.pair", target=f"round {number}", round_number=number,
          after={"pairings": [[t, a, b] for t, (_s, _slot, a, b) in enumerate(planned, 1)],
                 "stages": [[s.number, slot] for s, slot, _a, _b in planned]})
    return rnd


@transaction.atomic
def stage_delete(stage: Stage, user) -> None:
    event = _lock(stage.event)
    stage = Stage.objects.select_for_update().get(pk=stage.pk, event=event)
    if stage.games.exists():
        raise StageError(_("“%(stage)s” already has games: delete its rounds first.") % {"stage": stage.name})
    if Stage.objects.filter(source=stage).exists():
        raise StageError(_("Another stage takes its players from “%(stage)s”.") % {"stage": stage.name})
    name = stage.name
    stage.entries.all().delete()
    stage.delete()
    audit(event=event, user=user, action="event.stage_delete", target=name, before={"stage": name})


@transaction.atomic
def stage_save(stage: Stage, user, *, created: bool) -> Stage:
    """Save a stage from the setup form (its number is the next free one when new)."""
    event = _lock(stage.event)
    if created and event.stages.count() >= MAX_STAGES:
        raise StageError(_("An event has at most %(n)s stages.") % {"n": MAX_STAGES})
    if created:
        last = event.stages.order_by("-number").first()
        stage.number = (last.number if last else 0) + 1
    elif stage.drawn_at is not None and stage.games.exists():
        raise StageError(_("“%(stage)s” already has games: it cannot be changed.") % {"stage": stage.name})
    else:
        stage.drawn_at = None
        stage.entries.all().delete()
        if stage.entrants != Stage.Entrants.REST:  # its Plate, drawn from those it left, is drawn again after it
            for plate in Stage.objects.filter(event=event, source=stage.source, entrants=Stage.Entrants.REST,
                                              drawn_at__isnull=False, games__isnull=True).exclude(pk=stage.pk).distinct():
                _undraw(plate, event, user, stage)
    stage.save()
    fields = ["name", "kind", "entrants", "cut", "groups", "seeding", "third_place"]
    audit(event=event, user=user, action="event.stage_create" if created else "event.stage_edit", target=stage.name,
          after={f: getattr(stage, f) for f in fields} | {"source": stage.source_id})
    return stage
