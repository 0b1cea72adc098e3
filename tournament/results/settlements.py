"""Ties settled the way the event settles them (pure Python): after every tie-break, players still sharing a rank
may be ordered by a playoff game, an umpire's decision, a recorded die roll or lot, or left sharing the place.

A settlement names the tied players in their decided order. It applies to a tie of exactly those players (a
correction that changes the tie leaves it unapplied, and the page says so); then they take successive ranks,
except for a shared place, which keeps them level.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tournament.results.tiebreaks import Row

KINDS = ("playoff", "umpire", "lot", "shared")


@dataclass(frozen=True)
class Settlement:
    kind: str  # one of KINDS
    players: tuple[int, ...]  # in the decided order


def tied_groups(rows: Sequence[Row]) -> list[tuple[int, ...]]:
    """The players sharing each shared rank, in table order."""
    groups: dict[int, list[int]] = {}
    for row in rows:
        if row.shared:
            groups.setdefault(row.rank, []).append(row.player)
    return [tuple(players) for players in groups.values()]


def settle(rows: Sequence[Row], settlements: Sequence[Settlement]) -> tuple[list[Row], list[Settlement]]:
    """The rows with every matching settlement applied, and the settlements that applied. `rows` as
    `tiebreaks.standings` ranks them: the rows sharing a rank are next to each other."""
    if not settlements:  # nothing to apply: the rows as they are
        return list(rows), []
    by_set = {frozenset(s.players): s for s in settlements}
    out: list[Row] = []
    applied: list[Settlement] = []
    index = 0
    while index < len(rows):
        row = rows[index]
        end = index + 1
        while row.shared and end < len(rows) and rows[end].rank == row.rank:  # the rows sharing its rank
            end += 1
        group = rows[index:end]
        found = by_set.get(frozenset(r.player for r in group)) if row.shared else None
        if found is None:
            out += group
        else:
            applied.append(found)
            ordered = sorted(group, key=lambda r: found.players.index(r.player))
            shared = found.kind == "shared"
            out += [r._replace(rank=row.rank if shared else row.rank + k, shared=shared, settled=found.kind)
                    for k, r in enumerate(ordered)]
        index += len(group)
    return out, applied


def settlements_of(decisions: Sequence[dict]) -> list[Settlement]:
    """The settlements of an event's recorded decisions (`Event.tie_decisions`, checked when recorded)."""
    return [Settlement(d["kind"], tuple(d["players"])) for d in decisions or ()
            if d.get("kind") in KINDS and len(d.get("players") or ()) >= 2]
