"""DBA 2.2 PIP cost of one tactical move: 1, plus at most one extra per category (guia22 L791-830;
the NASAMW commentary's worked examples nasamw22 L125, L129, L131, L188). Data: dba22_pips.yaml."""

from __future__ import annotations

from rulings.calculators.data import load
from rulings.calculators.messages import doubt, line
from rulings.calculators.params import ParamError, Params
from tournament.armies.elements import element_profile

GENERAL_PLACES = ("none", "bua", "camp", "wood", "oasis", "marsh", "other")
# The general's terrain in words (the form's own labels, the same msgids: rulings/views/calculators.py).
PLACE_WORDS = {"bua": "a BUA", "camp": "its camp", "wood": "a wood", "oasis": "an oasis", "marsh": "a marsh"}


def _types(p: Params, move: str) -> list[str]:
    codes = [c.strip() for c in p.text("elements").split(",") if c.strip()]
    types = []
    for code in codes:
        profile = element_profile(code, "2.2")
        if profile is None:
            raise ParamError("elements", "unknown_element", {"code": code[:12], "edition": "2.2"})
        types.append(profile.type_code)
    if not types:
        raise ParamError("elements", "required")
    if move == "single" and len(types) != 1:
        raise ParamError("elements", "single_move_one_element")
    return types


def _i18n(row: dict) -> dict:
    return {k: row[k] for k in ("en", "es", "it") if k in row}


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
                facts["notes"].append(line("the general's own single move does not pay for the general's terrain "
                                           "(guia22 L820)"))
                return ""
            return line("the general is in: {place}", place=line(PLACE_WORDS[facts["general_in"]]))
        return ""
    return line(key.replace("_", " ")) if facts[key] else ""


def calculate(values) -> dict:
    data = load("dba22_pips")
    p = Params(values)
    move = p.choice("move", ("single", "group"), "single")
    types = _types(p, move)
    facts = {"general_in": p.choice("general_in", GENERAL_PLACES, "none"),
             **{k: p.flag(k) for k in ("first_bound", "beyond_command", "general_lost", "dismounting",
                                        "extra_move", "bua_move", "general_moving")}, "notes": []}
    if facts["general_moving"] and move != "single":
        raise ParamError("general_moving", "general_single_move")
    base = data["base"]
    notes: list = [line("{pips} PIP: {why} (guia22 L{line})", pips=base["pips"], why=_i18n(base), line=base["line"])]
    citations = [f"guia22@L{base['line']}"]
    cost = base["pips"]
    extras: list[dict] = []
    heavy = sorted({t for t in types if t in data["categories"][0]["conditions"][0]["types"]})
    if facts["first_bound"]:
        first = data["first_bound"]
        notes.append(line("{why} (guia22 L{line}, nasamw22 L125)", why=_i18n(first), line=first["line"]))
        citations += [f"guia22@L{first['line']}", first["commentary"]]
        if heavy:
            notes.append(line("in the first bound even Elephants, Hordes, War Wagons and Artillery move for 1 PIP "
                              "(nasamw22 L101, guia22 L799)"))
            citations.append(first["heavy"])
    else:
        for category in data["categories"]:
            reasons = [(c, why) for c in category["conditions"] if (why := _holds(c, facts, types))]
            if not reasons:
                continue
            cost += 1
            extras.append({"category": category["number"], "reasons": [why for _c, why in reasons]})
            for c, why in reasons:
                notes.append(line("+1 (category {number}): {why}: {condition} (guia22 L{line})",
                                  number=category["number"], why=why, condition=_i18n(c), line=c["line"]))
                citations.append(f"guia22@L{c['line']}")
                if c.get("commentary"):
                    citations.append(c["commentary"])
            if len(reasons) > 1:
                notes.append(line("only one extra for category {number}: {why} (guia22 L{line})",
                                  number=category["number"], why=_i18n(data["per_category"]),
                                  line=data["per_category"]["line"]))
                notes.append(doubt(data["cumulative_doubt"]["doubtful"]))
                citations += [f"guia22@L{data['per_category']['line']}", "nasamw22@L125"]
        notes.extend(facts["notes"])
    if facts["extra_move"]:
        notes.append(line("{why} (nasamw22 L{line})", why=_i18n(data["extra_move"]), line=data["extra_move"]["line"]))
        citations.append(f"nasamw22@L{data['extra_move']['line']}")
    notes.append(line("total: {pips} PIP(s)", pips=cost))
    return {"result": {"pips": cost, "extras": extras}, "breakdown": notes, "citations": list(dict.fromkeys(citations))}
