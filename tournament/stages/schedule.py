"""A round robin inside a group, by the circle method (pure Python, no Django).

The standard round-robin (Berger) table: the players sit in a circle; the first stays put and the
others turn one place each round. With an odd number of players an empty seat joins the circle, and
whoever faces it sits the round out (a bye). n players play n - 1 rounds (n rounds when n is odd),
every pair meets exactly once and nobody plays twice in a round. The fixed player changes side every
round, so sides alternate as evenly as the table allows.
"""

from __future__ import annotations

from collections.abc import Sequence

MIN_GROUP = 3
MAX_GROUP = 8


def rounds_needed(size: int) -> int:
    return size - 1 if size % 2 == 0 else size


def circle(players: Sequence[int]) -> list[list[tuple[int, int | None]]]:
    """The rounds of a round robin: each a list of games (a, b); b is None when a sits out (the bye).

    The games of a round come in table order: the pair across the circle's first seat first."""
    if len(set(players)) != len(players):
        raise ValueError("players must be distinct")
    seats: list[int | None] = list(players)
    if len(seats) < 2:
        return []
    if len(seats) % 2:
        seats.append(None)
    n = len(seats)
    rounds = []
    for r in range(n - 1):
        games: list[tuple[int, int | None]] = []
        for i in range(n // 2):
            a, b = seats[i], seats[n - 1 - i]
            if i == 0 and r % 2:
                a, b = b, a
            if a is None:
                a, b = b, None
            games.append((a, b))  # type: ignore[arg-type]
        # Real games first, in seat order; the bye last.
        rounds.append(sorted(games, key=lambda g: g[1] is None))
        seats = [seats[0], seats[-1], *seats[1:-1]]
    return rounds
