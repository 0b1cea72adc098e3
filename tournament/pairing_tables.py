"""Table assignment after pairing (pure Python): top tables to top games, fresh tables, fixed tables.

Games come in ranking order. A player's fixed table is honoured first; every other game takes the
best-placed free table that neither player has used, else the best-placed free table (the repeat
is noted). A final pass swaps tables between two games when that makes both fresh.
"""

from __future__ import annotations

from collections.abc import Sequence


def assign_tables(games: Sequence[tuple], available: int | None = None) -> list[int | None]:
    """`games`: (entrant, entrant or None for a bye) in ranking order. Returns a table per game (None: bye)."""
    real = [k for k, (_a, b) in enumerate(games) if b is not None]
    fixed = {k: _fixed(games[k]) for k in real if _fixed(games[k]) is not None}
    count = max([available or 0, len(real), *fixed.values()])
    free = [t for t in range(1, count + 1) if t not in set(fixed.values())]
    tables: list[int | None] = [None] * len(games)
    for k, table in fixed.items():
        tables[k] = table
    for k in real:
        if tables[k] is not None:
            continue
        used = _used(games[k])
        choice = next((t for t in free if t not in used), free[0])
        free.remove(choice)
        tables[k] = choice
    _repair(games, tables, fixed)
    return tables


def _fixed(game) -> int | None:
    return next((e.fixed_table for e in game if e is not None and e.fixed_table), None)


def _used(game) -> set[int]:
    return {t for e in game if e is not None for t in e.tables}


def _repair(games, tables: list[int | None], fixed: dict[int, int]) -> None:
    """Swap the tables of two games when each is a repeat where it is and fresh where the other is."""
    movable = [k for k, t in enumerate(tables) if t is not None and k not in fixed]
    stale = [k for k in movable if tables[k] in _used(games[k])]
    for k in stale:
        if tables[k] not in _used(games[k]):
            continue
        for other in movable:
            if other == k:
                continue
            if tables[other] not in _used(games[k]) and tables[k] not in _used(games[other]):
                tables[k], tables[other] = tables[other], tables[k]
                break
