"""DBA 2.2 PIP cost of one tactical move: 1, plus at most one extra per category (guia22 L791-830;
the NASAMW commentary's worked examples nasamw22 L125, L129, L131, L188). Data: dba22_pips.yaml."""

from __future__ import annotations

from rulings.calculators.data import doubt, load
from rulings.calculators.params import ParamError, Params
from tournament.armies.elements import element_profile

GENERAL_PLACES = ("none", "bua", "camp", "wood", "oasis", "marsh", "other")


def _types(p: Params, move: str) -> list[str]:
    codes = [c.strip() for c in p.text("elements").split(",") if c.strip()]
    types = []
    for code in codes:
        profile = element_profile(code, "2.2")
        if profile is None:
            raise ParamError("elements", f"{code[:12]!r} is not a DBA 2.2 element")
        types.append(profile.type_code)
    if not types:
        raise ParamError("elements", "is required")
    if move == "single" and len(types) != 1:
        raise ParamError("elements", "a single move has exactly one element")
    return types


def _holds(condition: dict, facts: dict, types: list[str]) -> str:
    """Why the condition holds ('' if it does not)."""
    key = condition["key"]
    if key == "heavy":
        heavy = sorted(set(types) & set(condition["types"]))
        if "Lit" in types and not heavy:
            facts["notes"].append(doubt(condition["doubtful"]))
        return ", ".join(heavy)
    if key == "general_in":
        if facts["general_in"] in condition["places"] and not facts["general_lost"]:
            if facts["general_moving"]:
                facts["notes"].append("the general's own single move does not pay for the general's terrain (L820)")
                return ""
            return f"the general is in a {facts['general_in']}"
        return ""
    return key.replace("_", " ") if facts[key] else ""


def calculate(values) -> dict:
    data = load("dba22_pips")
    p = Params(values)
    move = p.choice("move", ("single", "group"), "single")
    types = _types(p, move)
    facts = {"general_in": p.choice("general_in", GENERAL_PLACES, "none"),
             **{k: p.flag(k) for k in ("first_bound", "beyond_command", "general_lost", "dismounting",
                                        "extra_move", "bua_move", "general_moving")}, "notes": []}
    if facts["general_moving"] and move != "single":
        raise ParamError("general_moving", "the general's own move exemption is for a single-element move")
    notes = [f"{data['base']['pips']} PIP: {data['base']['en']} (guia22 L{data['base']['line']})"]
    citations = [f"guia22@L{data['base']['line']}"]
    cost = data["base"]["pips"]
    extras: list[dict] = []
    if facts["first_bound"]:
        notes.append(f"{data['first_bound']['en']} (guia22 L{data['first_bound']['line']}, nasamw22 L125)")
        citations += [f"guia22@L{data['first_bound']['line']}", data["first_bound"]["commentary"]]
    else:
        for category in data["categories"]:
            reasons = [(c, why) for c in category["conditions"] if (why := _holds(c, facts, types))]
            if not reasons:
                continue
            cost += 1
            extras.append({"category": category["number"], "reasons": [why for _c, why in reasons]})
            notes.append(f"+1 (category {category['number']}): "
                         + "; ".join(f"{why}: {c['en']} (guia22 L{c['line']})" for c, why in reasons))
            citations += [f"guia22@L{c['line']}" for c, _why in reasons]
            if len(reasons) > 1:
                notes.append(f"only one extra for category {category['number']}: {data['per_category']['en']} "
                             f"(guia22 L{data['per_category']['line']})")
                notes.append(doubt(data["cumulative_doubt"]["doubtful"]))
                citations += [f"guia22@L{data['per_category']['line']}", "nasamw22@L125"]
        notes.extend(facts["notes"])
    if facts["extra_move"]:
        notes.append(f"{data['extra_move']['en']} (nasamw22 L{data['extra_move']['line']})")
        citations.append(f"nasamw22@L{data['extra_move']['line']}")
    notes.append(f"total: {cost} PIP{'s' if cost != 1 else ''}")
    return {"result": {"pips": cost, "extras": extras}, "breakdown": notes, "citations": list(dict.fromkeys(citations))}
