"""Who has won (DBA 2.2 and 3.0): each side's counted losses and the victory conditions.
Data: fixtures/calculators/victory.yaml (2.2 from the guide, 3.0 from the project's quick reference).
The working is made of translatable lines (messages.py); the yaml gives each rule in en/es/it."""

from __future__ import annotations

from rulings.calculators.data import load
from rulings.calculators.messages import doubt, line
from rulings.calculators.params import ParamError, Params
from tournament.armies.elements import element_profile


def _cite(rule: dict | None) -> str | None:
    if not rule or not rule.get("line"):
        return None
    return f"{rule.get('document', 'guia22')}@L{rule['line']}"


QUICK_REFERENCE = {"en": "quick reference", "es": "referencia rápida", "it": "riferimento rapido"}


def _where(rule: dict) -> str | dict:
    cite = _cite(rule)
    return cite.replace("@", " ") if cite else QUICK_REFERENCE


def _words(rule: dict) -> dict:
    return {lang: rule[lang] for lang in ("en", "es", "it") if lang in rule}


def _element_value(code: str, rules: dict, side: str, edition: str) -> tuple[int, str]:
    profile = element_profile(code, edition)
    if profile is None:
        raise ParamError(f"{side}_lost", "unknown_element_code", {"code": code[:12], "edition": edition})
    if profile.type_code in rules["not_counted"]["types"]:
        return 0, line("{code} does not count: {why} ({where})", code=code, why=_words(rules["not_counted"]),
                       where=_where(rules["not_counted"]))
    double = rules["double_elements"]
    if double["counts"] > 1 and code[:1] in double.get("prefixes", ()):
        return double["counts"], line("{code} counts {n}: {why}", code=code, n=double["counts"], why=_words(double))
    return 1, ""


def _counted(p: Params, side: str, rules: dict, notes: list[str], edition: str) -> dict:
    codes = [c.strip() for c in (p.raw(f"{side}_lost") or "").split(",") if c.strip()]
    label = side.upper()
    elements = 0
    for code in codes:
        value, why = _element_value(code, rules, side, edition)
        elements += value
        if why:
            notes.append(line("{side}: {why}", side=label, why=why))
    general = p.flag(f"{side}_general_lost")
    if general and not codes:
        elements = 1
        notes.append(line("{side}: the general's element is not in the list of losses; counted as 1", side=label))
    elif general:  # the form asks for the general's element in the list: say so, for a reader who left it out
        notes.append(line("{side}: the general's element is counted among the listed losses", side=label))
    count = elements
    for key in ("camp", "bua"):
        if p.flag(f"{side}_{key}_lost"):
            count += rules[key]["counts"]
            notes.append(line("{side}: {why} ({where})", side=label, why=_words(rules[key]), where=_where(rules[key])))
    notes.append(line("{side}: {count} counted, general lost", side=label, count=count) if general
                 else line("{side}: {count} counted", side=label, count=count))
    return {"count": count, "elements": elements, "general": general}


def calculate(values) -> dict:
    p = Params(values)
    edition = p.choice("edition", ("2.2", "3.0"), "2.2")
    rules = load("victory")["editions"][edition]
    notes: list[str] = []
    sides = {s: _counted(p, s, rules, notes, edition) for s in "ab"}
    threshold = rules["threshold"]["elements"]

    def loses(me: dict, enemy: dict) -> bool:
        return (me["general"] or me["count"] >= threshold) and me["count"] > enemy["count"]

    loser = "a" if loses(sides["a"], sides["b"]) else "b" if loses(sides["b"], sides["a"]) else None
    winner = {"a": "b", "b": "a"}.get(loser)
    notes.append(line("a side loses with {threshold}, {more} ({where})", threshold=_words(rules["threshold"]),
                      more=_words(rules["more_than_enemy"]), where=_where(rules["threshold"])))
    for side in "ab":
        me, enemy = sides[side], sides["b" if side == "a" else "a"]
        if me["general"] and me["count"] <= enemy["count"] and rules.get("general_alone"):
            notes.append(line("{side}: {why} ({where})", side=side.upper(), why=_words(rules["general_alone"]),
                              where=_where(rules["general_alone"])))
    camp_or_bua = any(me["count"] >= threshold > me["elements"] and not me["general"] for me in sides.values())
    for item in rules["doubtful"]:
        if item["line"] is None or camp_or_bua:
            notes.append(doubt(item["text"]))
    notes.append(line({"a": "A wins", "b": "B wins"}.get(winner, "no winner yet: play on")))
    citations = [c for r in ("threshold", "more_than_enemy", "not_counted", "camp", "bua", "general_alone")
                 if (c := _cite(rules.get(r)))]
    return {"result": {"winner": winner, "a_counted": sides["a"]["count"], "b_counted": sides["b"]["count"]},
            "breakdown": notes, "citations": list(dict.fromkeys(citations))}
