"""What a stage shows (Django, read only): its groups and their tables, its bracket and who won each
match, who qualifies from it, and the event's final placings.

A group's table is the event's own standings code (`results.standings.build_table` and `rank`) over
the group's players and games only: the same scoring, the same tie-breaks in the same order.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from tournament.models import Event, Registration, Seat, Stage
from tournament.pairing.manager import active_registrations
from tournament.results import standings, tiebreaks
from tournament.results.scoring import event_scoring
from tournament.results.tiebreaks import tied_groups
from tournament.stages import brackets, groups, schedule

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def group_letter(number: int) -> str:
    return LETTERS[number - 1] if 1 <= number <= len(LETTERS) else str(number)


def group_members(stage: Stage) -> list[tuple[int, list[int]]]:
    """(group number, its players in seeding order)."""
    result: dict[int, list[int]] = {}
    for reg, group in stage.entries.order_by("group", "seed").values_list("registration_id", "group"):
        result.setdefault(group or 1, []).append(reg)
    return sorted(result.items())


def _stage_games(data: standings.EventData, stage: Stage, slot: str | None = None) -> list:
    return [g for g in data.games if g.stage_id == stage.pk and (slot is None or g.slot == slot)]


def group_games_left(stage: Stage) -> list[tuple[str, int, int]]:
    """The next round of every group's round robin: (slot, side A, side B), in group and table order.

    A group's next round is the first round of its circle (`schedule.circle`), in order, that still has a game
    not yet played (no game of the stage in the group's slot between those two players) between two players
    still active; its unplayed games between active players are the ones to pair. A player who dropped out leaves
    their opponents without a game (like a bye), and the round robin goes on to the games still to play. Empty
    when no group has a game left."""
    active = _active_ids(stage.event)
    met: dict[int, list[int]] = {}
    slots: dict[int, str] = {}
    for game, slot, reg in Seat.objects.filter(game__stage=stage).values_list("game_id", "game__slot", "registration_id"):
        met.setdefault(game, []).append(reg)
        slots[game] = slot
    played = {(slots[game], frozenset(regs)) for game, regs in met.items()}
    games = []
    for number, members in group_members(stage):
        slot = f"g{number}"
        for rnd in schedule.circle(members):
            left = [(a, b) for a, b in rnd if b is not None and {a, b} <= active
                    and (slot, frozenset((a, b))) not in played]
            if left:
                games += [(slot, a, b) for a, b in left]
                break
    return games


def _active_ids(event: Event) -> set[int]:
    """The players still in for the event's next round (those a stage drawn now takes)."""
    last = event.rounds.order_by("-number").first()
    return {r.pk for r in active_registrations(event, (last.number if last else 0) + 1)}


@dataclass(frozen=True)
class GroupTable:
    number: int
    letter: str
    table: standings.StandingsTable
    rows: list[standings.StandingRow]
    games: dict[int, int]  # games played per player
    schedule: list[list[tuple[int, int | None]]]


def group_tables(stage: Stage, data: standings.EventData | None = None) -> list[GroupTable]:
    data = data or standings.load(stage.event)
    result = []
    for number, members in group_members(stage):
        slot = f"g{number}"
        part = data.part(members, lambda game, slot=slot: game.stage_id == stage.pk and game.slot == slot, group=True)
        played: dict[int, int] = dict.fromkeys(members, 0)
        for game in part.played:
            for p in (game.a, game.b):
                if p in played:
                    played[p] += 1
        result.append(GroupTable(number, group_letter(number), standings.build_table(part), standings.rank(part),
                                 played, schedule.circle(members)))
    return result


def group_ties(event: Event, data: standings.EventData | None = None) -> list[tuple[str, tuple[int, ...]]]:
    """The ties inside the groups of the event's drawn groups stages, before any decision: (the group's name, the
    players level after every tie-break) per tie. A decision recorded for exactly those players orders them in the
    group's table (`standings.rank`), as one for players level in the standings orders the standings."""
    ties = []
    stages = event.stages.filter(kind=Stage.Kind.GROUPS, drawn_at__isnull=False).order_by("number")
    for stage in stages:
        data = data or standings.load(event)
        for number, members in group_members(stage):
            slot = f"g{number}"
            part = data.part(members, lambda game, slot=slot, pk=stage.pk: game.stage_id == pk and game.slot == slot,
                             group=True)
            name = _("%(stage)s, group %(letter)s") % {"stage": stage.name, "letter": group_letter(number)}
            ties += [(name, tie) for tie in tied_groups(standings.ranked(part))]
    return ties


def group_shared_places(stage: Stage, data: standings.EventData | None = None) -> list[tuple[str, tuple[int, ...]]]:
    """The places still shared in the groups of `stage` after the recorded decisions: (the group's name, the players
    sharing it, in table order) per place. Players the event's drawn lot orders do not share one here (they still
    share the rank in the table), as for a cut of the standings."""
    return [(_("%(stage)s, group %(letter)s") % {"stage": stage.name, "letter": table.letter}, tie)
            for table in group_tables(stage, data) for tie in _shared_in(table)]


def _shared_in(table: GroupTable) -> list[tuple[int, ...]]:
    places: dict[tuple, list[int]] = {}
    for row in table.rows:
        if row.shared:
            lots = tuple(v for k, v in row.values.items() if k in tiebreaks.REGISTRY and tiebreaks.REGISTRY[k].lot)
            places.setdefault((row.rank, lots), []).append(row.registration_id)
    return [tuple(players) for players in places.values() if len(players) > 1]


def across_groups(event: Event) -> list[str]:
    """The keys that compare players of different groups, in the event's order (its ranking keys, then its
    tie-breaks, the drawn lot last): head-to-head is left out, as players of different groups never met."""
    return [k for k in tiebreaks.metric_keys(event.tiebreaks or [], event_scoring(event).ranking) if k not in CROSS_GROUP_NEVER]


CROSS_GROUP_NEVER = {"head_to_head"}


def _placed(row: standings.StandingRow, games: int, keys: list[str], place: int) -> groups.Placed:
    values = []
    for k in keys:
        metric = tiebreaks.REGISTRY[k]
        values.append(groups.Key(row.values.get(k), metric.ascending, per_game=not metric.lot))
    return groups.Placed(row.registration_id, games, tuple(values), place)


def _lines(stage: Stage, data: standings.EventData | None = None) -> list[list[groups.Placed]]:
    """Each group's table as `groups.Placed` lines: a player's place is the rank they share in the table when
    nothing orders them there (no drawn lot, no decision: `group_shared_places`), else their own line's."""
    keys = across_groups(stage.event)
    lines = []
    for t in group_tables(stage, data):
        sharing = {p for tie in _shared_in(t) for p in tie}
        lines.append([_placed(row, t.games[row.registration_id], keys, row.rank if row.registration_id in sharing else i)
                      for i, row in enumerate(t.rows, 1)])
    return lines


def decided_orders(event: Event) -> list[tuple[int, ...]]:
    """The orders the event's recorded tie decisions give (a playoff, the umpire's, a lot; not a shared place), in
    the standings or in a group's table: the order of players of different groups level on every key compared
    across the groups, when one of them names them all (`groups.winners_and_runners_up`)."""
    return [s.players for s in tiebreaks.settlements_of(event.tie_decisions) if s.kind != "shared"]


def _kept(source: Stage, keep: set[int], data: standings.EventData | None = None) -> list[list[groups.Placed]]:
    return [[p for p in line if p.player in keep] for line in _lines(source, data)]


def placement_seeds(source: Stage, keep: set[int]) -> list[int | None]:
    """The seeds of placement play-offs after the groups stage `source`, only the players in `keep` (the active)."""
    return groups.placement_seeds(_kept(source, keep), decided_orders(source.event))


def placement_ties(source: Stage, keep: set[int], data: standings.EventData | None = None, *,
                   decided: bool = True) -> list[tuple[int, ...]]:
    """The players in `keep` (the active) of one place in different groups of `source` that the placement play-offs
    after it would seed by their groups' letters (every key compared across the groups level, no decision recorded
    for them unless `decided` is False, and not two who meet in their place's first game): `groups.placement_level`
    over the lines `placement_seeds` deals."""
    first_round = brackets.first_round(source.groups or 2)
    return groups.placement_level(_kept(source, keep, data), first_round,
                                  decided_orders(source.event) if decided else ())


def _groups_order(stage: Stage, data: standings.EventData | None = None) -> list[int]:
    tables = _lines(stage, data)
    return groups.winners_and_runners_up(tables, sum(len(t) for t in tables), decided_orders(stage.event)) \
        if tables else []


def level_across_groups(stage: Stage, data: standings.EventData | None = None, *,
                        decided: bool = True) -> list[tuple[int, ...]]:
    """The players of one place in different groups of the groups stage `stage` that nothing orders (every key
    compared across the groups level, and no decision recorded for them unless `decided` is False):
    `groups.level_across`."""
    return groups.level_across(_lines(stage, data), decided_orders(stage.event) if decided else ())


def cut_ties(event: Event, data: standings.EventData | None = None) -> list[tuple[str, tuple[int, ...]]]:
    """The ties across groups that a cut after a finished groups stage splits (the group winners and the best
    runners-up...), or that placement play-offs after it would seed by the groups' letters (`placement_ties`),
    before any decision: (where, the players) per tie, for the ties page, where a decision recorded for them orders
    them for the cut or the play-offs (`decided_orders`)."""
    ties = []
    after_groups = event.stages.filter(source__kind=Stage.Kind.GROUPS).select_related("source").order_by("number")
    for cut in after_groups:
        is_cut = cut.cut is not None and cut.entrants in (Stage.Entrants.TOP, Stage.Entrants.WINNERS)
        if cut.kind != Stage.Kind.PLACEMENT and not is_cut:
            continue
        data = data or standings.load(event)
        if not stage_finished(cut.source, data):
            continue
        where = _("%(stage)s: level across the groups of %(source)s") % {"stage": cut.name, "source": cut.source.name}
        if cut.kind == Stage.Kind.PLACEMENT:
            ties += [(where, tie) for tie in placement_ties(cut.source, _active_ids(event), data, decided=False)]
            continue
        taken = set(qualifying_order(event, cut.source, data)[: cut.cut or 0])
        ties += [(where, tie) for tie in level_across_groups(cut.source, data, decided=False)
                 if taken & set(tie) and set(tie) - taken]
    return ties


def entry_seeds(stage: Stage) -> tuple[list[int | None], dict[int, int]]:
    """The seeds list (None: an empty place) and each player's seed."""
    pairs = list(stage.entries.values_list("seed", "registration_id"))
    size = max((s for s, _r in pairs), default=0)
    seeds: list[int | None] = [None] * size
    for seed, reg in pairs:
        seeds[seed - 1] = reg
    return seeds, {reg: seed for seed, reg in pairs}


def bracket_of(stage: Stage, entrants: int) -> brackets.Bracket:
    between = (stage.source.groups or 2) if stage.kind == Stage.Kind.PLACEMENT and stage.source_id else 2
    return brackets.build(stage.kind, entrants, stage.third_place, between, stage.grand_final_reset)


def bracket_state(stage: Stage, data: standings.EventData | None = None):
    """(the bracket, the state of each match) from the confirmed games of the stage."""
    seeds, seed_of = entry_seeds(stage)
    bracket = bracket_of(stage, len(seeds))
    data = data or standings.load(stage.event)
    winners: dict[str, int] = {}
    played: dict[str, frozenset[int]] = {}
    for game in _stage_games(data, stage):  # in round order: a match played again counts its latest game
        a, b = game.seats[:2]
        side = brackets.knockout_winner(game.outcome, a.score or 0, b.score or 0,
                                        seed_of.get(a.registration_id, 999), seed_of.get(b.registration_id, 999))
        winners[game.slot] = a.registration_id if side == "a" else b.registration_id
        played[game.slot] = frozenset((a.registration_id, b.registration_id))
    dropped = frozenset(pk for pk, entrant in data.registrations.items()
                        if entrant.status == Registration.Status.DROPPED)
    return bracket, brackets.resolve(bracket, seeds, winners, played, dropped)


def stage_finished(stage: Stage, data: standings.EventData | None = None) -> bool:
    if stage.drawn_at is None:
        return False
    if stage.games.exclude(status="confirmed").exists():
        return False
    if stage.kind == Stage.Kind.GROUPS:
        return not group_games_left(stage)
    return brackets.finished(bracket_state(stage, data)[1])


def stage_placings(stage: Stage, data: standings.EventData | None = None) -> list[tuple[int, int]]:
    """(place, registration) of a finished stage, best first (shared places for a bracket round's losers, and for
    a groups stage's players sharing their place in a group or level across the groups: `groups.placings`)."""
    if stage.kind == Stage.Kind.GROUPS:
        return groups.placings(_lines(stage, data), decided_orders(stage.event))
    bracket, states = bracket_state(stage, data)
    return brackets.placings(bracket, states)


def qualifying_order(event: Event, source: Stage | None, data: standings.EventData | None = None, *,
                     upto: int | None = None) -> list[int]:
    """Who is best after `source` (None: the Swiss rounds, by the standings, up to round `upto` if given), best
    first: after groups, the group winners, then the runners-up... (`groups.winners_and_runners_up`)."""
    if source is None:
        return [row.registration_id for row in standings.event_standings(event, upto)]
    if source.kind == Stage.Kind.GROUPS:
        return _groups_order(source, data)
    return [p for _place, p in stage_placings(source, data)]


def event_placings(event: Event, data: standings.EventData | None = None,
                   leave: frozenset[int] = frozenset()) -> list[tuple[int, int, str]]:
    """The final placings of an event run in stages: (place, registration, the stage that placed them).

    The brackets place their players first, the cut before a Plate; then the groups by place, players of the
    same place compared across the groups as `across_groups` says; then anyone else by the Swiss standings (up to
    the last Swiss round: the stages' games are not theirs), but the players in `leave` (no place for them)."""
    data = data or standings.load(event)
    stages = list(event.stages.filter(drawn_at__isnull=False))
    knockouts = sorted((s for s in stages if s.is_bracket), key=lambda s: (s.entrants == Stage.Entrants.REST, -s.number))
    pools = sorted((s for s in stages if not s.is_bracket), key=lambda s: -s.number)
    result: list[tuple[int, int, str]] = []
    placed: set[int] = set()
    for stage in [*knockouts, *pools]:
        offset = len(result)
        left = [(place, player) for place, player in stage_placings(stage, data) if player not in placed]
        rank: dict[int, int] = {}  # the stage's place: the event's, counted over the players it still places
        for index, (place, player) in enumerate(left):
            placed.add(player)
            result.append((rank.setdefault(place, offset + index + 1), player, stage.name))
    rest = [p for p in swiss_order(data) if p not in placed and p not in leave]
    result += [(len(result) + 1 + i, p, "") for i, p in enumerate(rest)]
    return result


def swiss_order(data: standings.EventData) -> list[int]:
    """Every player by the standings of the Swiss rounds only: the games of the stages left out."""
    return [row.registration_id for row in standings.rank(data.part(data.registrations, lambda g: g.stage_id is None))]


def final_placings(event: Event, data: standings.EventData | None = None) -> list[tuple[int, int, str]]:
    """The event's final order when it was run in stages and every stage is played: `event_placings`, without the
    players who dropped out and were placed by no stage. Empty for an event without stages or with a stage still
    to play (its order is then the standings')."""
    stages = list(event.stages.all())
    if not stages:
        return []
    data = data or standings.load(event)
    if not all(stage_finished(s, data) for s in stages):
        return []
    dropped = frozenset(pk for pk, reg in data.registrations.items() if reg.status == Registration.Status.DROPPED)
    return event_placings(event, data, leave=dropped)  # numbered without them: no empty place where one was


def in_placing_order(event: Event) -> tuple[list[str], list[tuple], bool]:
    """The standings table's columns and rows, and whether the event was placed by its stages: then in the order of
    its final placings, the place in the first column and the stage that placed each player after their name (the
    final standings' PDF and downloads). One read of the games for both."""
    data = standings.load(event)
    table = standings.build_table(data)
    labels = [c.label for c in table.columns]
    staged = final_placings(event, data)
    if not staged:
        return labels, [cells for _pk, cells in table.rows], False
    cells_of = dict(table.rows)
    labels = [_("Place"), labels[1], _("Placed by"), *labels[2:]]
    rows = [(place, cells_of[p][1], stage or _("Swiss rounds"), *cells_of[p][2:]) for place, p, stage in staged]
    placed = {p for _place, p, _s in staged}
    rows += [(standings.DASH, cells[1], "", *cells[2:]) for pk, cells in table.rows if pk not in placed]
    return labels, rows, True
