"""Warhammer Fantasy movement (the club's Spanish summary, wfbmove): terrain and stand and shoot. The working is
made of translatable lines (messages.py): the rules in the yaml's en/es/it, the doubts (English in the yaml) by their
msgids in locale/rules."""

from __future__ import annotations

from rulings.calculators.data import load
from rulings.calculators.messages import doubt, line
from rulings.calculators.params import ParamError, Params


def _words(rule: dict) -> dict:
    return {lang: rule[lang] for lang in ("en", "es", "it") if lang in rule}


def terrain_move(values) -> dict:
    """The allowance M spent in each kind of ground; difficult ground halves it, very difficult quarters it."""
    data = load("wfb")
    p = Params(values)
    m = p.number("m", low=0, high=100)
    covered, spent_total = 0.0, 0.0
    notes: list = []
    citations = []
    for row in data["terrain"]:
        spent = p.number(row["key"], 0, 0, 100)
        spent_total += spent
        if spent_total > m + 1e-9:
            raise ParamError(row["key"], "spent_more_than_m", {"spent": f"{spent_total:g}", "m": f"{m:g}"})
        part = spent / row["divisor"]
        covered += part
        notes.append(line("{ground}: {spent} cm of M → {part} cm ({why}, wfbmove L{line})", ground=row["name"],
                          spent=f"{spent:g}", part=f"{part:g}", why=_words(row), line=row["line"]))
        citations.append(f"wfbmove@L{row['line']}")
    if spent_total < m:
        notes.append(line("{cm} cm of M left unspent", cm=f"{m - spent_total:g}"))
    result = {"covered_cm": round(covered, 2)}
    if covered != int(covered):
        result["nearest_cm"] = int(covered + 0.5)
        notes.append(doubt(line(data["rounding"]["doubtful"])))
        citations.append(f"wfbmove@L{data['rounding']['line']}")
    return {"result": result, "breakdown": notes, "citations": citations}


def stand_and_shoot(values) -> dict:
    """Stand and shoot is allowed if the charger starts more than half its charge move away (wfbmove L18)."""
    rule = load("wfb")["stand_and_shoot"]
    p = Params(values)
    charge, distance = p.number("charge_move", low=0, high=200), p.number("distance", low=0, high=500)
    limit = charge * rule["ratio"]
    allowed = distance > limit
    verdict = ("{why} (wfbmove L{line}): allowed" if allowed else "{why} (wfbmove L{line}): not allowed")
    notes = [line("half the charge move: {limit} cm; the charger is {distance} cm away", limit=f"{limit:g}",
                  distance=f"{distance:g}"),
             line(verdict, why=_words(rule), line=rule["line"])]
    if distance == limit:
        notes.append(doubt(line(rule["boundary"]["doubtful"])))
    return {"result": {"allowed": allowed, "half_charge_cm": limit}, "breakdown": notes,
            "citations": [f"wfbmove@L{rule['line']}", "wfbmove@L19"]}
