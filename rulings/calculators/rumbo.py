"""'Rumbo de colisión' (DBA 3 house rules): may, must or cannot the third column enter? (rumbo L35-39)"""

from __future__ import annotations

from rulings.calculators.params import Params

COST = 4


def third_column(values) -> dict:
    p = Params(values)
    bound, pips = p.integer("bound", low=1, high=50), p.integer("pips", low=1, high=6)
    second_on, third_off = p.flag("second_column_on"), p.flag("third_column_off")
    notes: list[str] = []
    if not third_off:
        verdict, cost = "cannot", 0
        notes.append("the third column is not off the table")
    elif bound == 1:
        verdict, cost = "cannot", 0
        notes.append("not in the first bound (rumbo L35)")
    elif pips == 6:
        verdict, cost = "must", COST if second_on else 0
        notes.append("6 PIPs after the first bound with a column still off: it must begin to enter (rumbo L37)")
        if not second_on:
            notes.append("doubtful: the second column is not wholly on; the text does not say which rule wins")
    elif second_on and pips >= COST:
        verdict, cost = "may", COST
        notes.append("after the first bound, with the second column wholly on, it may enter for 4 PIPs (rumbo L35)")
    else:
        verdict, cost = "cannot", 0
        notes.append("the second column is not wholly on the table" if not second_on else "fewer than 4 PIPs")
    return {"result": {"verdict": verdict, "cost": cost, "pips_left": max(0, pips - cost)}, "breakdown": notes,
            "citations": ["rumbo@L35", "rumbo@L37"]}
