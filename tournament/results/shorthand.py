"""A game's result, the umpires' shorthand for it, and plausibility checks (pure Python, no Django).

Shorthand gives side A's figures first: what A destroyed, a dash, what B destroyed. `G` marks the
enemy general among them, `C` (or `B`) the enemy camp / BUA / city. A trailing `T` means time was
called. `4G-1C`: A destroyed 4 elements including B's general, B destroyed 1 and A's camp; A won.
Without `T`, a side won if the enemy lost its general or 4+ elements and more than it did (the edition's
victory conditions); if neither did, time was called.

`+1S` after a count adds Scythed Chariots destroyed: in DBA 2.2 they do not count toward victory
(guia22 L1582) while NASAMW v4 scoring counts them, so they are kept apart (`3+1S-2`).

Whether a lost camp / BUA counts toward the "at least four elements" threshold (guia22 L1577) or
only toward "more than the enemy" (L1578) is not said: L1583-1584 count it "as two elements
destroyed", nasamw22 L769 reads it as "two elements down". The event chooses (`camp_reading`):
CAMP_COUNTS (the default: both, as L1583 and L769 read literally) or CAMP_COMPARISON_ONLY;
`camp_reading_flags` names a result whose outcome depends on that choice.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

import yaml

from config.paths import fixture

PRESETS_PATH = fixture("scoring_presets.yaml")
MAX_LOSSES = 12
CAMP_COUNTS = "counts"  # a lost camp / BUA counts toward the threshold and the comparison
CAMP_COMPARISON_ONLY = "comparison"  # only toward "more elements lost than the enemy"
CAMP_READINGS = (CAMP_COUNTS, CAMP_COMPARISON_ONLY)
_SIDE = r"(\d{1,2})\s*(?:\+\s*(\d{1,2})\s*S(?:CH)?)?\s*([GCB]*)"
_SHORTHAND = re.compile(
    rf"^\s*{_SIDE}\s*[-–—/:]\s*{_SIDE}\s*(T|TIME|TIEMPO|TEMPO)?\s*$", re.IGNORECASE
)


@dataclass(frozen=True)
class SideResult:
    """What one side lost: elements (as the edition counts them), its general, its camp / BUA / city,
    and Scythed Chariots (kept apart: victory and scoring count them differently)."""

    elements_lost: int = 0
    general_lost: bool = False
    camp_lost: bool = False
    sch_lost: int = 0


@dataclass(frozen=True)
class GameResult:
    a: SideResult
    b: SideResult
    outcome: str  # "a" or "b": that side met the victory conditions; "time": time was called

    def side(self, name: str) -> SideResult:
        return self.a if name == "a" else self.b


def seat_side(seat) -> SideResult:
    """What one seat lost, as stored (a Seat, or any row with the same four fields)."""
    return SideResult(seat.elements_lost, seat.general_lost, seat.camp_lost, seat.sch_lost)


def seats_result(a, b, outcome: str) -> GameResult:
    """THE way from two stored seats (side A, side B) to a game result: entry, standings, rescoring and leagues
    all read a stored game through it, so none of them can drop a field (Scythed Chariots included)."""
    return GameResult(a=seat_side(a), b=seat_side(b), outcome=outcome)


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


def counted_losses(side: SideResult, edition: str, *, for_threshold: bool = False,
                   camp_reading: str = CAMP_COUNTS) -> int:
    """Elements a side has lost as victory counts them: Scythed Chariots only where the edition counts them
    (not in 2.2, guia22 L1582), a camp taken as several (L1583); toward the threshold only when the
    event reads the camp that way."""
    rules = victory_rules(edition)
    count = side.elements_lost + (side.sch_lost if rules.get("sch_count", True) else 0)
    camp_counts = not for_threshold or camp_reading != CAMP_COMPARISON_ONLY
    return count + (rules["camp_counts"] if side.camp_lost and camp_counts else 0)


def has_lost(side: SideResult, enemy: SideResult, edition: str, camp_reading: str = CAMP_COUNTS) -> bool:
    """General or `threshold` elements lost, and more lost than the enemy (guia22 lines 1575-1578)."""
    mine, theirs = counted_losses(side, edition), counted_losses(enemy, edition)
    toward = counted_losses(side, edition, for_threshold=True, camp_reading=camp_reading)
    return (side.general_lost or toward >= victory_rules(edition)["threshold"]) and mine > theirs


def camp_reading_flags(result: GameResult, edition: str) -> list[Problem]:
    """The sides whose defeat depends on whether a lost camp counts toward the threshold (guia22 L1577 vs
    L1583): an empty list means both readings give the same result."""
    flags = []
    for name, other in (("a", "b"), ("b", "a")):
        side, enemy = result.side(name), result.side(other)
        readings = {has_lost(side, enemy, edition, reading) for reading in CAMP_READINGS}
        if len(readings) == 2:
            flags.append(Problem("camp_reading", (("side", name), ("threshold", victory_rules(edition)["threshold"]))))
    return flags


def _side(count: str, sch: str | None, marks: str) -> SideResult:
    marks = marks.upper()
    return SideResult(int(count), "G" in marks, bool(set(marks) & {"C", "B"}), int(sch or 0))


def parse_shorthand(text: str, edition: str, *, timed: bool = False, camp_reading: str = CAMP_COUNTS) -> GameResult:
    match = _SHORTHAND.match(text or "")
    if not match:
        raise ResultError("syntax", text=text)
    a_kills, a_sch, a_marks, b_kills, b_sch, b_marks, time_mark = match.groups()
    b_side, a_side = _side(a_kills, a_sch, a_marks), _side(b_kills, b_sch, b_marks)
    if timed or time_mark:
        outcome = "time"
    else:
        a_lost = has_lost(a_side, b_side, edition, camp_reading)
        b_lost = has_lost(b_side, a_side, edition, camp_reading)
        outcome = "a" if b_lost else "b" if a_lost else "time"
    return GameResult(a=a_side, b=b_side, outcome=outcome)


def to_shorthand(result: GameResult) -> str:
    def figures(side: SideResult) -> str:
        return (f"{side.elements_lost}" + (f"+{side.sch_lost}S" if side.sch_lost else "")
                + ("G" if side.general_lost else "") + ("C" if side.camp_lost else ""))

    text = f"{figures(result.b)}-{figures(result.a)}"
    return text + (" T" if result.outcome == "time" else "")


def check_result(result: GameResult, edition: str, camp_reading: str = CAMP_COUNTS) -> list[Problem]:
    """Plausibility for the edition; an empty list means the result can be stored."""
    problems: list[Problem] = []
    if result.outcome not in ("a", "b", "time"):
        return [Problem("unknown_outcome", (("outcome", result.outcome),))]
    for name in ("a", "b"):
        side = result.side(name)
        if side.elements_lost < 0 or side.sch_lost < 0:
            problems.append(Problem("negative_losses", (("side", name),)))
        elif side.elements_lost + side.sch_lost > MAX_LOSSES:
            problems.append(Problem("too_many_losses", (("side", name), ("most", MAX_LOSSES))))
        elif side.general_lost and side.elements_lost + side.sch_lost == 0:  # the general's element is one of those lost
            problems.append(Problem("general_not_counted", (("side", name),)))
    if problems:
        return problems
    threshold = victory_rules(edition)["threshold"]
    if result.outcome == "time":
        for name, other in (("a", "b"), ("b", "a")):
            if has_lost(result.side(name), result.side(other), edition, camp_reading):
                problems.append(Problem("timed_but_won", (("side", other),)))
        return problems
    winner, loser = result.outcome, "b" if result.outcome == "a" else "a"
    if not has_lost(result.side(loser), result.side(winner), edition, camp_reading):
        lost = counted_losses(result.side(loser), edition, for_threshold=True, camp_reading=camp_reading)
        problems.append(Problem("win_below_threshold", (("side", loser), ("threshold", threshold), ("lost", lost))))
    return problems
