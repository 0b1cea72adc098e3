"""ASL night ambush (aslnight L37-43, L178): at night the ATTACKER ambushes with a dr two less than the
DEFENDER's instead of three, unless the location is illuminated; the DEFENDER still needs three less."""

from __future__ import annotations

from rulings.calculators.params import Params


def night_ambush(values) -> dict:
    p = Params(values)
    attacker, defender = p.integer("attacker_dr", low=1, high=6), p.integer("defender_dr", low=1, high=6)
    lit, cloaked = p.flag("illuminated"), p.flag("attacker_cloaked")
    needed = 3 if lit else 2
    notes = [f"the attacker needs a dr {needed} less than the defender's ({'illuminated' if lit else 'night'})",
             "the defender needs a dr 3 less than the attacker's"]
    if defender - attacker >= needed:
        who = "attacker"
        if cloaked:
            notes.append("a cloaked unit that ambushes keeps its cloak marker (aslnight L39)")
    elif attacker - defender >= 3:
        who = "defender"
    else:
        who = None
    return {"result": {"ambush": who}, "breakdown": notes, "citations": ["aslnight@L39", "aslnight@L43"]}
