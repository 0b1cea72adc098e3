"""'Rumbo de colisión' (DBA 3 house rules): may, must or cannot the third column enter? (rumbo L35-39)"""

from __future__ import annotations

from rulings.calculators.data import doubt, load
from rulings.calculators.params import Params


def third_column(values) -> dict:
    data = load("rumbo")
    p = Params(values)
    bound, pips = p.integer("bound", low=1, high=50), p.integer("pips", low=1, high=6)
    second_on, third_off = p.flag("second_column_on"), p.flag("third_column_off")
    cost_pips = data["cost"]["pips"]
    forced = pips == data["forced"]["roll"]
    notes: list[str] = []
    citations = ["rumbo@L35"]
    verdict, cost = "cannot", 0
    if not third_off:
        notes.append("the third column is already on the table: nothing to bring on")
    elif bound < data["earliest_bound"]["bound"]:
        notes.append(f"not in the first bound: {data['earliest_bound']['en']} (rumbo L35)")
    elif not second_on:
        notes.append(f"the second column is not wholly on: {data['second_column']['en']} (rumbo L35)")
        if forced:
            notes.append(doubt(data["doubtful"]["forced_second_off"]["text"]))
            notes.append(f"{data['partial']['en']} (rumbo L39)")
            citations += ["rumbo@L37", "rumbo@L39"]
    elif forced:
        verdict, cost = "must", cost_pips
        notes.append(f"{data['forced']['en']} (rumbo L37); {data['cost']['en']}")
        notes.append(doubt(data["doubtful"]["forced_cost"]["text"]))
        citations.append("rumbo@L37")
    elif pips >= cost_pips:
        verdict, cost = "may", cost_pips
        notes.append(f"after the first bound, with the second column wholly on: {data['cost']['en']} (rumbo L35)")
    else:
        notes.append(f"{pips} PIPs: fewer than the {cost_pips} the entry costs (rumbo L35)")
    if verdict != "cannot":
        notes.append(f"{data['partial']['en']} (rumbo L39)")
        citations.append("rumbo@L39")
    return {"result": {"verdict": verdict, "cost": cost, "pips_left": pips - cost}, "breakdown": notes,
            "citations": sorted(set(citations))}
