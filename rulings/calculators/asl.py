"""ASL night ambush (aslnight L37-43, L178): at night the ATTACKER ambushes with a dr two less than the
DEFENDER's instead of three, unless the location is illuminated; the DEFENDER still needs three less."""

from __future__ import annotations

from rulings.calculators.data import load
from rulings.calculators.params import Params


def night_ambush(values) -> dict:
    data = load("asl")
    p = Params(values)
    attacker, defender = p.integer("attacker_dr", low=1, high=6), p.integer("defender_dr", low=1, high=6)
    lit, cloaked = p.flag("illuminated"), p.flag("attacker_cloaked")
    rule = data["attacker_illuminated"] if lit else data["attacker_night"]
    needed, defender_needs = rule["less_by"], data["defender"]["less_by"]
    notes = [f"ATTACKER needs a dr {needed} less than the DEFENDER's: {rule['en']} (aslnight L{rule['line']})",
             f"DEFENDER needs a dr {defender_needs} less than the ATTACKER's (aslnight L{data['defender']['line']})",
             f"ATTACKER dr {attacker}, DEFENDER dr {defender}"]
    citations = [f"aslnight@L{rule['line']}", f"aslnight@L{data['defender']['line']}"]
    if defender - attacker >= needed:
        who = "attacker"
        if cloaked:
            notes.append(f"{data['cloaked']['en']} (aslnight L{data['cloaked']['line']})")
    elif attacker - defender >= defender_needs:
        who = "defender"
    else:
        who = None
    notes.append({"attacker": "the ATTACKER ambushes", "defender": "the DEFENDER ambushes"}.get(who, "no ambush"))
    if not lit:
        citations.append(f"aslnight@L{data['attacker_night']['summary_line']}")
    return {"result": {"ambush": who, "attacker_needs": needed, "defender_needs": defender_needs,
                       "cloak_kept": bool(who == "attacker" and cloaked)},
            "breakdown": notes, "citations": citations}
