"""Who has won (DBA 2.2 and 3.0): each side's counted losses and the victory conditions.
Data: fixtures/calculators/victory.yaml (2.2 from the guide, 3.0 from the project's quick reference)."""

from __future__ import annotations

from rulings.calculators.data import doubt, load
from rulings.calculators.params import ParamError, Params
from tournament.armies.elements import element_profile


def _cite(rule: dict | None) -> str | None:
    if not rule or not rule.get("line"):
        return None
    return f"{rule.get('document', 'guia22')}@L{rule['line']}"


def _where(rule: dict) -> str:
    cite = _cite(rule)
    return f" ({cite.replace('@', ' ')})" if cite else " (quick reference)"


def _element_value(code: str, rules: dict, side: str, edition: str) -> tuple[int, str]:
    profile = element_profile(code, edition)
    if profile is None:
        raise ParamError(f"{side}_lost", f"{code[:12]!r} is not a DBA {edition} element code")
    if profile.type_code in rules["not_counted"]["types"]:
        return 0, f"{code} does not count: {rules['not_counted']['en']}{_where(rules['not_counted'])}"
    double = rules["double_elements"]
    if double["counts"] > 1 and code[:1] in double.get("prefixes", ()):
        return double["counts"], f"{code} counts {double['counts']}: {double['en']}"
    return 1, ""


def _counted(p: Params, side: str, rules: dict, notes: list[str], edition: str) -> dict:
    codes = [c.strip() for c in (p.raw(f"{side}_lost") or "").split(",") if c.strip()]
    label = side.upper()
    elements = 0
    for code in codes:
        value, why = _element_value(code, rules, side, edition)
        elements += value
        if why:
            notes.append(f"{label}: {why}")
    general = p.flag(f"{side}_general_lost")
    if general and not codes:
        elements = 1
        notes.append(f"{label}: the general's element is not in the list of losses; counted as 1")
    count = elements
    for key in ("camp", "bua"):
        if p.flag(f"{side}_{key}_lost"):
            count += rules[key]["counts"]
            notes.append(f"{label}: {rules[key]['en']}{_where(rules[key])}")
    notes.append(f"{label}: {count} counted" + (", general lost" if general else ""))
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
    notes.append(f"a side loses with {rules['threshold']['en']}, {rules['more_than_enemy']['en']}"
                 + _where(rules["threshold"]))
    for side in "ab":
        me, enemy = sides[side], sides["b" if side == "a" else "a"]
        if me["general"] and me["count"] <= enemy["count"] and rules.get("general_alone"):
            notes.append(f"{side.upper()}: {rules['general_alone']['en']}{_where(rules['general_alone'])}")
    camp_or_bua = any(me["count"] >= threshold > me["elements"] and not me["general"] for me in sides.values())
    for item in rules["doubtful"]:
        if item["line"] is None or camp_or_bua:
            notes.append(doubt(item["text"]))
    notes.append({"a": "A wins", "b": "B wins"}.get(winner, "no winner yet: play on"))
    citations = [c for r in ("threshold", "more_than_enemy", "not_counted", "camp", "bua", "general_alone")
                 if (c := _cite(rules.get(r)))]
    return {"result": {"winner": winner, "a_counted": sides["a"]["count"], "b_counted": sides["b"]["count"]},
            "breakdown": notes, "citations": list(dict.fromkeys(citations))}
