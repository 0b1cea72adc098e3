"""Warhammer Fantasy movement (the club's Spanish summary, wfbmove)."""

from __future__ import annotations

from rulings.calculators.params import ParamError, Params


def terrain_move(values) -> dict:
    """Difficult ground halves the distance spent in it, very difficult quarters it (wfbmove L88-91)."""
    p = Params(values)
    m = p.number("m", low=0, high=100)
    spent = {k: p.number(k, 0, 0, 100) for k in ("open", "difficult", "very_difficult")}
    if sum(spent.values()) > m + 1e-9:
        raise ParamError("open", f"the distances spent add up to {sum(spent.values()):g} cm, more than M {m:g}")
    covered = spent["open"] + spent["difficult"] / 2 + spent["very_difficult"] / 4
    notes = [f"open {spent['open']:g} cm counts in full",
             f"difficult {spent['difficult']:g} cm is halved: {spent['difficult'] / 2:g} cm",
             f"very difficult {spent['very_difficult']:g} cm is quartered: {spent['very_difficult'] / 4:g} cm"]
    return {"result": {"covered_cm": round(covered, 2)}, "breakdown": notes,
            "citations": ["wfbmove@L88", "wfbmove@L90"]}


def stand_and_shoot(values) -> dict:
    """Stand and shoot is allowed if the charger starts more than half its charge move away (wfbmove L18)."""
    p = Params(values)
    charge, distance = p.number("charge_move", low=0, high=200), p.number("distance", low=0, high=500)
    half = charge / 2
    allowed = distance > half
    notes = [f"half the charge move: {half:g} cm; the charger is {distance:g} cm away"]
    if distance == half:
        notes.append("doubtful: exactly half is not covered by the text ('más de la mitad'); read as not allowed")
    return {"result": {"allowed": allowed}, "breakdown": notes, "citations": ["wfbmove@L18"]}
