"""DBA 2.2 PIP cost of one tactical move: 1, plus at most one extra per category (guia22 L791-830;
NASAMW commentary worked examples nasamw22 L125, L129, L131, L188)."""

from __future__ import annotations

from rulings.calculators.params import ParamError, Params
from tournament.elements import element_profile

HEAVY = {"El", "Hd", "WWg", "Art"}
GENERAL_PLACES = ("none", "bua", "camp", "wood", "oasis", "marsh", "other")


def calculate(values) -> dict:
    p = Params(values)
    move = p.choice("move", ("single", "group"), "single")
    codes = [c.strip() for c in p.text("elements").split(",") if c.strip()]
    types = []
    for code in codes:
        profile = element_profile(code, "2.2")
        if profile is None:
            raise ParamError("elements", f"{code[:12]!r} is not a DBA 2.2 element")
        types.append(profile.type_code)
    if move == "single" and len(types) != 1:
        raise ParamError("elements", "a single move has exactly one element")
    general_in = p.choice("general_in", GENERAL_PLACES, "none")
    first, beyond, lost = p.flag("first_bound"), p.flag("beyond_command"), p.flag("general_lost")
    dismounting, extra = p.flag("dismounting"), p.flag("extra_move")
    notes = ["1 PIP for the move (guia22 L793)"]
    citations = ["guia22@L793"]
    if first:
        notes.append("first bound: no extra PIPs (guia22 L799)")
        citations.append("guia22@L799")
        cost = 1
    else:
        cost = 1
        heavy = sorted(set(types) & HEAVY)
        if heavy or dismounting:
            why = ", ".join(heavy + (["dismounting"] if dismounting else []))
            cost += 1
            notes.append(f"+1: {why} (guia22 L805; one extra for the category)")
            citations.append("guia22@L805")
        if beyond or lost:
            cost += 1
            notes.append("+1: " + ("the general is lost" if lost else "beyond the general's command distance")
                         + " (guia22 L813)")
            citations.append("guia22@L813")
        if general_in in ("bua", "camp", "wood", "oasis", "marsh") and not lost:
            cost += 1
            notes.append(f"+1: the general is in a {general_in} (guia22 L820; not for the general's own single move)")
            citations.append("guia22@L820")
        notes.append("at most one extra PIP per category (guia22 L822)")
        citations.append("guia22@L822")
    if extra:
        notes.append("a further move in the same bound is priced again like this one (nasamw22 L123)")
        citations.append("nasamw22@L123")
    return {"result": {"pips": cost}, "breakdown": notes, "citations": citations}
