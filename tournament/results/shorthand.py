"""A game's result, the umpires' shorthand for it, and plausibility checks (pure Python, no Django).

Shorthand gives side A's figures first: what A destroyed, a dash, what B destroyed. `G` marks the
enemy general among them, `C` (or `B`) the enemy camp / BUA / city. A trailing `T` means time was
called. `4G-1C`: A destroyed 4 elements including B's general, B destroyed 1 and A's camp; A won.
Without `T`, a side won if the enemy lost its general or 4+ elements and more than it did (the edition's
victory conditions); if neither did, time was called.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

import yaml

from config.paths import fixture

PRESETS_PATH = fixture("scoring_presets.yaml")
MAX_LOSSES = 12
_SHORTHAND = re.compile(
    r"^\s*(\d{1,2})\s*([GCB]*)\s*[-–—/:]\s*(\d{1,2})\s*([GCB]*)\s*(T|TIME|TIEMPO|TEMPO)?\s*$", re.IGNORECASE
)


@dataclass(frozen=True)
class SideResult:
    """What one side lost: elements (as the edition counts them), its general, its camp / BUA / city."""

    elements_lost: int = 0
    general_lost: bool = False
    camp_lost: bool = False


@dataclass(frozen=True)
class GameResult:
    a: SideResult
    b: SideResult
    outcome: str  # "a" or "b": that side met the victory conditions; "time": time was called

    def side(self, name: str) -> SideResult:
        return self.a if name == "a" else self.b


@dataclass(frozen=True)
class Problem:
    code: str
    params: tuple[tuple[str, object], ...] = ()


class ResultError(ValueError):
    """Shorthand that cannot be read; `code` and `params` say why."""

    def __init__(self, code: str, **params):
        super().__init__(code)
        self.code = code
        self.params = params


@cache
def victory_rules(edition: str) -> dict:
    rules = yaml.safe_load(PRESETS_PATH.read_text(encoding="utf-8"))["victory"]
    return rules.get(edition, rules["3.0"])


def counted_losses(side: SideResult, edition: str) -> int:
    """Elements a side has lost as victory counts them: a camp taken counts as several."""
    return side.elements_lost + (victory_rules(edition)["camp_counts"] if side.camp_lost else 0)


def has_lost(side: SideResult, enemy: SideResult, edition: str) -> bool:
    """General or `threshold` elements lost, and more lost than the enemy (guia22 lines 1575-1578)."""
    mine, theirs = counted_losses(side, edition), counted_losses(enemy, edition)
    return (side.general_lost or mine >= victory_rules(edition)["threshold"]) and mine > theirs


def parse_shorthand(text: str, edition: str, *, timed: bool = False) -> GameResult:
    match = _SHORTHAND.match(text or "")
    if not match:
        raise ResultError("syntax", text=text)
    a_kills, a_marks, b_kills, b_marks, time_mark = match.groups()
    b_side = SideResult(int(a_kills), "G" in a_marks.upper(), bool(set(a_marks.upper()) & {"C", "B"}))
    a_side = SideResult(int(b_kills), "G" in b_marks.upper(), bool(set(b_marks.upper()) & {"C", "B"}))
    if timed or time_mark:
        outcome = "time"
    else:
        a_lost, b_lost = has_lost(a_side, b_side, edition), has_lost(b_side, a_side, edition)
        outcome = "a" if b_lost else "b" if a_lost else "time"
    return GameResult(a=a_side, b=b_side, outcome=outcome)


def to_shorthand(result: GameResult) -> str:
    def marks(side: SideResult) -> str:
        return ("G" if side.general_lost else "") + ("C" if side.camp_lost else "")

    text = f"{result.b.elements_lost}{marks(result.b)}-{result.a.elements_lost}{marks(result.a)}"
    return text + (" T" if result.outcome == "time" else "")


def check_result(result: GameResult, edition: str) -> list[Problem]:
    """Plausibility for the edition; an empty list means the result can be stored."""
    problems: list[Problem] = []
    if result.outcome not in ("a", "b", "time"):
        return [Problem("unknown_outcome", (("outcome", result.outcome),))]
    for name in ("a", "b"):
        side = result.side(name)
        if side.elements_lost < 0:
            problems.append(Problem("negative_losses", (("side", name),)))
        elif side.elements_lost > MAX_LOSSES:
            problems.append(Problem("too_many_losses", (("side", name), ("most", MAX_LOSSES))))
        elif side.general_lost and side.elements_lost == 0:  # the general's element is one of those lost
            problems.append(Problem("general_not_counted", (("side", name),)))
    if problems:
        return problems
    threshold = victory_rules(edition)["threshold"]
    if result.outcome == "time":
        for name, other in (("a", "b"), ("b", "a")):
            if has_lost(result.side(name), result.side(other), edition):
                problems.append(Problem("timed_but_won", (("side", other),)))
        return problems
    winner, loser = result.outcome, "b" if result.outcome == "a" else "a"
    if not has_lost(result.side(loser), result.side(winner), edition):
        problems.append(Problem("win_below_threshold", (
            ("side", loser), ("threshold", threshold), ("lost", counted_losses(result.side(loser), edition)),
        )))
    return problems
