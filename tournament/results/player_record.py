"""One player's event, as the public player page shows it: every round (table, opponent, army, result
shorthand read from the player's side, elements lost both ways, points, running total), then each
tie-break figure with the games that make it up.

Read with `standings.load` (three queries whatever the event size) and computed in memory. Only what
the standings already show publicly: names and clubs as shown, armies, results. No contact data.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournament.results import explain, tiebreaks
from tournament.results.scoring import event_scoring
from tournament.results.shorthand import GameResult, victory_rules
from tournament.results.shorthand import to_shorthand as shorthand
from tournament.results.standings import Entrant, EventData, StandingRow, entry_as_shown, rank, shown_rank, shown_value


@dataclass(frozen=True)
class RoundLine:
    round: int
    table: int | None  # None: a bye
    opponent: str
    opponent_id: int | None
    opponent_army: str
    result: str  # shorthand, this player's figures first ("4G-1C": this player destroyed 4 and the general)
    outcome: str  # "won", "lost", "time", "bye"
    lost: int | None  # elements this player lost
    destroyed: int | None  # elements the opponent lost
    points: int
    total: int


@dataclass(frozen=True)
class Figure:
    key: str
    label: str
    definition: str
    value: object
    parts: tuple[str, ...]  # the games or opponents that make the figure
    proof: tuple[str, ...] = ()  # how it is computed, for whoever wants to check it (behind a disclosure)


@dataclass(frozen=True)
class PlayerRecord:
    registration: Entrant
    name: str
    club: str
    army: str
    rank: str | int
    rounds: tuple[RoundLine, ...]
    figures: tuple[Figure, ...]


def _mine(game: tiebreaks.PlayedGame, me: int) -> tuple[GameResult | None, int, int | None]:
    """The result seen from `me` (as side A), my points and the opponent."""
    if game.b is None:
        return None, game.points_a, None
    if game.a == me:
        return game.result, game.points_a, game.b
    flipped = {"a": "b", "b": "a"}.get(game.result.outcome, "time")
    return GameResult(a=game.result.b, b=game.result.a, outcome=flipped), game.points_b, game.a


def _elements(data: EventData):
    """A side's elements lost as the standings count them: Scythed Chariots too where the edition counts them."""
    return tiebreaks.Context((), sch_counts=victory_rules(data.event.edition).get("sch_count", True)).elements


def record(data: EventData, registration_id: int) -> PlayerRecord:
    regs = data.registrations
    rows = {row.registration_id: row for row in rank(data)}
    entries = {pk: entry_as_shown(reg) for pk, reg in regs.items()}
    tables = {(g.round, s.registration_id): g.table for g in data.games for s in g.seats if not g.is_bye}
    lines, total = [], 0
    counted = _elements(data)
    for game in data.played:
        if registration_id not in (game.a, game.b):
            continue
        result, points, other = _mine(game, registration_id)
        total += points
        if result is None:
            lines.append(RoundLine(game.round, None, _("Bye"), None, "", "", "bye", None, None, points, total))
            continue
        outcome = {"a": "won", "b": "lost"}.get(result.outcome, "time")
        lines.append(RoundLine(game.round, tables.get((game.round, registration_id)), entries[other].name, other,
                               entries[other].army, shorthand(result), outcome, counted(result.a), counted(result.b),
                               points, total))
    me = entries[registration_id]
    return PlayerRecord(regs[registration_id], me.name, me.club, me.army, shown_rank(rows[registration_id]),
                        tuple(lines), tuple(_figures(data, registration_id, rows, entries, lines)))


def _figures(data: EventData, me: int, rows: dict[int, StandingRow], entries, lines) -> list[Figure]:
    event = data.event
    keys = tiebreaks.metric_keys(event.tiebreaks or [], event_scoring(event).ranking)
    mine = rows[me].values
    opponents = [line for line in lines if line.opponent_id is not None]
    wins = tiebreaks.Context(data.played).wins  # an opponent's Wins, whether or not the event shows the column
    counted = _elements(data)
    vs = _("R%(round)s v %(name)s: %(value)s")

    def per_game(value_of) -> tuple[str, ...]:
        return tuple(vs % {"round": line.round, "name": line.opponent, "value": value_of(line)} for line in opponents)

    def from_played(attribute) -> tuple[str, ...]:
        parts = []
        for game in data.played:
            if me in (game.a, game.b) and game.b is not None:
                result, _points, other = _mine(game, me)
                parts.append(vs % {"round": game.round, "name": entries[other].name, "value": attribute(result)})
        return tuple(parts)

    parts = {
        "points": tuple(_("R%(round)s: %(value)s") % {"round": line.round, "value": line.points} for line in lines),
        "wins": tuple(_("R%(round)s: bye") % {"round": line.round} if line.outcome == "bye" else
                      vs % {"round": line.round, "name": line.opponent, "value": _("won")}
                      for line in lines if line.outcome in ("won", "bye")),
        "countback": per_game(lambda line: shown_value(rows[line.opponent_id].values.get("points"))),
        "sos": per_game(lambda line: ngettext("%(wins)s win", "%(wins)s wins", wins[line.opponent_id])
                        % {"wins": wins[line.opponent_id]}),
        "generals_killed": from_played(lambda r: int(r.b.general_lost)),
        "camps_taken": from_played(lambda r: int(r.b.camp_lost)),
        "elements_destroyed": from_played(lambda r: counted(r.b)),
        "fewest_lost": from_played(lambda r: counted(r.a)),
        "margin": from_played(lambda r: f"{counted(r.b)} − {counted(r.a)}"),
        "camps_and_generals": from_played(lambda r: int(r.b.camp_lost) + int(r.b.general_lost)),
        "head_to_head": _head_to_head(data, me, rows, entries, keys),
    }
    proofs = {"seeded_random": (explain.lot_proof(event), f"SHA-256(“{event.seed}:{entries[me].key}”)")}
    return [Figure(k, explain.label(k, event), explain.definition(k, event), shown_value(mine.get(k)), parts.get(k, ()),
                   proofs.get(k, ()))
            for k in keys]


def _head_to_head(data: EventData, me: int, rows, entries, keys) -> tuple[str, ...]:
    """The players tied with `me` on everything before head-to-head, and the games among them."""
    before = keys[: keys.index("head_to_head")] if "head_to_head" in keys else []
    group = [pk for pk, row in rows.items() if all(row.values.get(k) == rows[me].values.get(k) for k in before)]
    others = sorted(entries[pk].name for pk in group if pk != me)  # never tied with oneself
    if not others:
        return (_("No other player is level at that point, so head-to-head does not apply."),)
    parts = [_("Tied at that point with: %(names)s.") % {"names": ", ".join(others)}]
    for game in data.played:
        if game.b is not None and me in (game.a, game.b) and {game.a, game.b} <= set(group):
            result, points, other = _mine(game, me)
            parts.append(_("R%(round)s v %(name)s: %(value)s") % {"round": game.round, "name": entries[other].name,
                                                                  "value": points})
    return tuple(parts)
