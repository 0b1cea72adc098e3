"""Table assignment after pairing (pure Python): fixed tables, fresh tables, top tables to top games.

Games come in pairing order (best-placed player first), so game k would ideally sit at table k + 1.
A player's fixed table is honoured first. When it cannot be (another game already holds that table,
or the opponent's own fixed table was honoured for this game), a "fixed_table" warning with
conflict=True names the player, their table and whose fixed table was kept instead ("other", and
"other_table" when that is a different table). Every other game, in order,
takes the best-placed free table that neither player has played on, else the best-placed free table.
A repair pass then swaps tables between two games whenever that makes both fresh. This greedy rule
with repair is not an exact minimum-cost assignment, but it keeps top games near the top tables and
removes every repeat that a single swap can remove.
"""

from __future__ import annotations

from collections.abc import Sequence

from tournament.pairing.types import Note


def assign_tables(games: Sequence[tuple], available: int | None = None) -> tuple[list[int | None], list]:
    """`games`: (entrant, entrant or None for a bye) in pairing order.

    Returns a table per game (None for the bye) and warnings (Notes) about fixed tables not honoured.
    """
    real = [k for k, (_a, b) in enumerate(games) if b is not None]
    tables: list[int | None] = [None] * len(games)
    fixed: dict[int, int] = {}  # game -> its fixed table
    holder: dict[int, int] = {}  # fixed table -> the player it was kept for
    warnings = []
    for k in real:
        for person in games[k]:
            wanted = person.fixed_table
            if not wanted or fixed.get(k) == wanted:
                continue
            if k not in fixed and wanted not in holder:
                fixed[k] = tables[k] = wanted
                holder[wanted] = person.id
            elif k in fixed:  # the opponent's fixed table was kept for this game
                warnings.append(Note("fixed_table", (("player", person.id), ("table", wanted), ("conflict", True),
                                                     ("other", holder[fixed[k]]), ("other_table", fixed[k]))))
            else:  # a better-placed game already holds this table for someone else
                warnings.append(Note("fixed_table", (("player", person.id), ("table", wanted), ("conflict", True),
                                                     ("other", holder[wanted]))))
    count = max([available or 0, len(real), *fixed.values()])
    free = [t for t in range(1, count + 1) if t not in set(fixed.values())]
    for k in real:
        if tables[k] is None:
            used = _used(games[k])
            choice = next((t for t in free if t not in used), free[0])
            free.remove(choice)
            tables[k] = choice
    _repair(games, tables, fixed)
    return tables, warnings


def _used(game) -> set[int]:
    return {t for e in game if e is not None for t in e.tables}


def _repair(games, tables: list[int | None], fixed: dict[int, int]) -> None:
    """Swap the tables of two games when each is a repeat where it is and fresh where the other is."""
    movable = [k for k, t in enumerate(tables) if t is not None and k not in fixed]
    for k in [k for k in movable if tables[k] in _used(games[k])]:
        for other in sorted(movable, key=lambda o: abs(o - k)):  # the nearest game first
            if other != k and tables[other] not in _used(games[k]) and tables[k] not in _used(games[other]):
                tables[k], tables[other] = tables[other], tables[k]
                break
