"""ASL night ambush (aslnight L37-43, L178): at night the ATTACKER ambushes with a dr two less than the
DEFENDER's instead of three, unless the location is illuminated; the DEFENDER still needs three less."""

from __future__ import annotations

from rulings.calculators.data import load
from rulings.calculators.messages import line
from rulings.calculators.params import Params


def _words(rule: dict) -> dict:
    return {lang: rule[lang] for lang in ("en", "es", "it") if lang in rule}


def night_ambush(values) -> dict:
    data = load("asl")
    p = Params(values)
    attacker, defender = p.integer("attacker_dr", low=1, high=6), p.integer("defender_dr", low=1, high=6)
    lit, cloaked = p.flag("illuminated"), p.flag("attacker_cloaked")
    rule = data["attacker_illuminated"] if lit else data["attacker_night"]
    needed, defender_needs = rule["less_by"], data["defender"]["less_by"]
    notes = [line("ATTACKER needs a dr {n} less than the DEFENDER's: {why} (aslnight L{line})", n=needed,
                  why=_words(rule), line=rule["line"]),
             line("DEFENDER needs a dr {n} less than the ATTACKER's (aslnight L{line})", n=defender_needs,
                  line=data["defender"]["line"]),
             line("ATTACKER dr {a}, DEFENDER dr {d}", a=attacker, d=defender)]
    citations = [f"aslnight@L{rule['line']}", f"aslnight@L{data['defender']['line']}"]
    if defender - attacker >= needed:
        who = "attacker"
        if cloaked:
            notes.append(line("{why} (aslnight L{line})", why=_words(data["cloaked"]), line=data["cloaked"]["line"]))
    elif attacker - defender >= defender_needs:
        who = "defender"
    else:
        who = None
    notes.append(line({"attacker": "the ATTACKER ambushes", "defender": "the DEFENDER ambushes"}.get(who, "no ambush")))
    if not lit:
        citations.append(f"aslnight@L{data['attacker_night']['summary_line']}")
    return {"result": {"ambush": who, "attacker_needs": needed, "defender_needs": defender_needs,
                       "cloak_kept": bool(who == "attacker" and cloaked)},
            "breakdown": notes, "citations": citations}
