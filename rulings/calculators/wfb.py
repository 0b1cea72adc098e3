"""Warhammer Fantasy movement (the club's Spanish summary, wfbmove): terrain and stand and shoot."""

from __future__ import annotations

from rulings.calculators.data import doubt, load
from rulings.calculators.params import ParamError, Params


def terrain_move(values) -> dict:
    """The allowance M spent in each kind of ground; difficult ground halves it, very difficult quarters it."""
    data = load("wfb")
    p = Params(values)
    m = p.number("m", low=0, high=100)
    covered, spent_total = 0.0, 0.0
    notes: list[str] = []
    citations = []
    for row in data["terrain"]:
        spent = p.number(row["key"], 0, 0, 100)
        spent_total += spent
        if spent_total > m + 1e-9:
            raise ParamError(row["key"], "spent_more_than_m", {"spent": f"{spent_total:g}", "m": f"{m:g}"})
        part = spent / row["divisor"]
        covered += part
        notes.append(f"{row['key']}: {spent:g} cm of M → {part:g} cm ({row['en']}, wfbmove L{row['line']})")
        citations.append(f"wfbmove@L{row['line']}")
    if spent_total < m:
        notes.append(f"{m - spent_total:g} cm of M left unspent")
    result = {"covered_cm": round(covered, 2)}
    if covered != int(covered):
        result["nearest_cm"] = int(covered + 0.5)
        notes.append(doubt(data["rounding"]["doubtful"]))
        citations.append(f"wfbmove@L{data['rounding']['line']}")
    return {"result": result, "breakdown": notes, "citations": citations}


def stand_and_shoot(values) -> dict:
    """Stand and shoot is allowed if the charger starts more than half its charge move away (wfbmove L18)."""
    rule = load("wfb")["stand_and_shoot"]
    p = Params(values)
    charge, distance = p.number("charge_move", low=0, high=200), p.number("distance", low=0, high=500)
    limit = charge * rule["ratio"]
    allowed = distance > limit
    notes = [f"half the charge move: {limit:g} cm; the charger is {distance:g} cm away",
             f"{rule['en']} (wfbmove L{rule['line']}): {'allowed' if allowed else 'not allowed'}"]
    if distance == limit:
        notes.append(doubt(rule["boundary"]["doubtful"]))
    return {"result": {"allowed": allowed, "half_charge_cm": limit}, "breakdown": notes,
            "citations": [f"wfbmove@L{rule['line']}", "wfbmove@L19"]}
