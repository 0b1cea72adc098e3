"""Armies the organizer provides (pure Python, no Django): per table, per round, or per table in one
round; matched pairs of historical opponents, and who plays which side of a pair.

A pair applies to a game by the most specific rule: this round and this table, then this table in every
round, then every table of this round, then every table of every round. Side A of the game plays
`army_a` and side B `army_b`, except that two players who meet again on the same two armies swap:
whoever played `army_a` against this opponent last time plays `army_b` now.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class ProvidedPair:
    round: int | None  # None: every round
    table: int | None  # None: every table
    army_a: str
    army_b: str


@dataclass(frozen=True)
class Assigned:
    """The armies of one game: side A's, side B's, and whether they were swapped because the two met again."""

    a: str
    b: str
    swapped: bool


def pair_for(pairs: Iterable[ProvidedPair], round_number: int, table: int | None) -> ProvidedPair | None:
    found = {(p.round, p.table): p for p in pairs}
    keys = [(round_number, table), (None, table)] if table is not None else []
    for key in [*keys, (round_number, None), (None, None)]:
        if key in found:
            return found[key]
    return None


def assign_event(pairs: Sequence[ProvidedPair],
                 rounds: Sequence[tuple[int, Sequence[tuple[int | None, int, int | None]]]]) -> dict[tuple[int, int | None], Assigned]:
    """The armies of every game: `rounds` is [(round number, [(table, side A, side B or None)])] in order.

    Returns {(round, table): Assigned} for the games a pair applies to (a bye plays no one)."""
    last: dict[tuple[frozenset, frozenset], int] = {}  # (the two players, the two armies) -> who had army_a
    result: dict[tuple[int, int | None], Assigned] = {}
    for number, games in sorted(rounds, key=lambda r: r[0]):
        for table, a, b in games:
            pair = pair_for(pairs, number, table)
            if pair is None or b is None:
                continue
            key = (frozenset((a, b)), frozenset((pair.army_a, pair.army_b)))
            swapped = pair.army_a != pair.army_b and last.get(key) == a
            assigned = Assigned(pair.army_b, pair.army_a, True) if swapped else Assigned(pair.army_a, pair.army_b, False)
            last[key] = b if swapped else a
            result[(number, table)] = assigned
    return result
