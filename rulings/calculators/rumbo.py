"""'Rumbo de colisión' (DBA 3 house rules): may, must or cannot the third column enter? (rumbo L35-39; a
littoral army's first-bound landing, L47-53)"""

from __future__ import annotations

from rulings.calculators.data import doubt, load
from rulings.calculators.params import Params


def third_column(values) -> dict:
    data = load("rumbo")
    p = Params(values)
    bound, pips = p.integer("bound", low=1, high=50), p.integer("pips", low=1, high=6)
    second_on, third_off = p.flag("second_column_on"), p.flag("third_column_off")
    landing = data["landing"]
    lands = p.flag("littoral_landing")
    cost_pips = data["cost"]["pips"]
    forced = pips == data["forced"]["roll"]
    notes: list[str] = []
    citations = ["rumbo@L35"]
    verdict, cost = "cannot", 0
    if lands and third_off:
        citations += ["rumbo@L49", "rumbo@L53"]
        if bound != landing["bound"]:
            notes.append(f"{data['normal_after_landing']['en']} (rumbo L53)")
    if not third_off:
        notes.append("the third column is already on the table: nothing to bring on")
    elif lands and bound == landing["bound"]:
        if pips >= landing["pips"]:
            verdict, cost = "may", landing["pips"]
            notes.append(f"{landing['en']} (rumbo L49-52)")
            if not second_on:
                notes.append(doubt(data["doubtful"]["landing_second_column"]["text"]))
        else:
            notes.append(f"{pips} PIPs: fewer than the {landing['pips']} a landing costs (rumbo L49)")
        return {"result": {"verdict": verdict, "cost": cost, "pips_left": pips - cost}, "breakdown": notes,
                "citations": sorted(set(citations))}
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
