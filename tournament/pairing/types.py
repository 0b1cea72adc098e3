"""The pairing engine's plain data: who is paired, with what options, and what comes out (pure Python)."""

from __future__ import annotations

from dataclasses import dataclass

BYE = -1
LEVELS = ("rematch", "bye", "outside_group", "score_gap", "same_club", "civil_war", "not_enemies", "rank")


@dataclass(frozen=True)
class Entrant:
    id: int
    score: int
    rank: int
    club: str | None = None
    army_ref: str | None = None
    army_year: int | None = None
    opponents: frozenset[int] = frozenset()
    had_bye: bool = False
    tables: frozenset[int] = frozenset()
    fixed_table: int | None = None
    enemies: frozenset[str] = frozenset()
    rating: float | None = None  # a league or global rating, for round 1 by rating (None: unrated)
    # The wins, when the event ranks by wins first (scoring ranking [wins, points]): the score groups are then
    # (wins, score), as the standings order them. None: by score alone.
    wins: int | None = None


@dataclass(frozen=True)
class PairingOptions:
    avoid_same_club: bool = True
    avoid_civil_war: bool = False
    round1: str = "random"  # random | date | enemies | rating_folded | rating_accelerated
    seed: int = 0
    tables: int | None = None


DEFAULT_OPTIONS = PairingOptions()


@dataclass(frozen=True)
class Note:
    code: str
    params: tuple[tuple[str, object], ...] = ()


@dataclass(frozen=True)
class Pairing:
    a: int
    b: int | None
    table: int | None
    notes: tuple[Note, ...] = ()


@dataclass(frozen=True)
class PairingResult:
    pairings: tuple[Pairing, ...]
    cost: tuple[int, ...]
    warnings: tuple[Note, ...]


def standing(e: Entrant) -> tuple[int, int]:
    """What the score groups follow: (wins, score) when the event ranks by wins first, else (0, score)."""
    return (e.wins or 0, e.score)


def enemies(a: Entrant, b: Entrant) -> bool:
    """True when either army lists the other as a historical enemy."""
    return bool(a.army_ref and b.army_ref and (b.army_ref in a.enemies or a.army_ref in b.enemies))
