"""DBA 2.2: what happens to an element that must recoil. The NASAMW recoil table (nasamw22 L683-696:
friends behind, Elephants through friends) with the guide's conditions for passing through and pushing
(guia22 L1472-1507) and the recoils that destroy (guia22 L1430-1440): a river, the table edge, an enemy,
a BUA or camp. Data: fixtures/calculators/dba22_recoil.yaml. The combat calculator links here."""

from __future__ import annotations

from fractions import Fraction

from rulings.calculators.data import load
from rulings.calculators.messages import line
from rulings.calculators.params import ParamError, Params
from tournament.armies.elements import element_profile

BEHIND = ("nothing", "friend", "enemy", "river", "table_edge", "bua_or_camp", "impassable", "bad_going")
RIVERS = ("unknown", "minor", "normal", "difficult", "blocked")
ENEMY_TOUCHED = ("other", "rear", "rear_corner", "side_by_corner")


def _profile(p: Params, name: str):
    code = p.text(name)
    profile = element_profile(code, "2.2")
    if profile is None:
        raise ParamError(name, "unknown_element", {"code": code[:12], "edition": "2.2"})
    return profile


def _kind(profile, mapping: dict) -> str:
    if profile.type_code in mapping:
        return mapping[profile.type_code]
    return mapping["mounted"] if profile.mounted and "mounted" in mapping else mapping["other"]


class _Answer:
    def __init__(self):
        self.notes: list = []
        self.cites: list[str] = []

    def say(self, sources: list[str], template: str, /, **params):
        self.notes.append(line(template, **params))
        self.cites.extend(sources)

    def done(self, outcome: str, friend: str | None = None, enemy: str | None = None, **extra) -> dict:
        result = {"recoiler": outcome, "friend": friend, "enemy": enemy, **extra}
        return {"result": result, "breakdown": self.notes, "citations": list(dict.fromkeys(self.cites))}


def _friend(p: Params, recoiler, answer: _Answer) -> dict:
    data = load("dba22_recoil")
    friend = _profile(p, "friend")
    other_way = p.flag("friend_facing_other_way")
    no_room = p.flag("no_room_beyond_friend")
    second = p.flag("second_friend_behind")
    column = _kind(recoiler, data["recoiler_kind"])
    row = _kind(friend, data["friend_kind"])
    cell = data["table"][column][row]
    lines = data["table_lines"]
    table = [f"nasamw22@L{lines['commentary']}", f"guia22@L{lines['guide']}"]
    if friend.type_code == "Lit":
        answer.say([f"guia22@L{data['litter_as_wwg']['line']}", data["litter_as_wwg"]["commentary"]],
                   "Litter counts as War Wagons (guia22 L1346, nasamw22 L377)")
    answer.say(table, "{recoiler} recoiling into {friend}: the table says '{cell}' (nasamw22 L687-694, guia22 L1478)",
               recoiler=recoiler.code, friend=friend.code, cell=load("dba22_words")["cells"][cell])
    el = data["elephant"]
    if cell == "both":
        answer.say([f"guia22@L{el['destroys']}", "nasamw22@L677", "nasamw22@L696"],
                   "an Elephant recoiling into an Elephant: both are destroyed (guia22 L1458, nasamw22 L677)")
        return answer.done("destroyed", friend="destroyed")
    if cell == "destroys":
        answer.say([f"guia22@L{el['destroys']}", f"nasamw22@L{el['commentary']}"],
                   "the Elephant destroys the friend it recoils into (guia22 L1458, nasamw22 L677)")
        if other_way:
            answer.say([f"nasamw22@L{el['through']}"], "and is lost itself: the friend was not facing the same "
                                                       "way (nasamw22 L681)")
            return answer.done("destroyed", friend="destroyed")
        answer.say([f"nasamw22@L{el['through']}"], "and completes its recoil through it (nasamw22 L681)")
        return answer.done("recoils", friend="destroyed")
    if cell == "destroyed":
        return answer.done("destroyed", friend="stays")
    pass_rule, push = data["pass"], data["push"]
    if cell == "passes":
        blocked = ([f"guia22@L{pass_rule['facing']}"] if other_way else []) + (
            [f"guia22@L{pass_rule['room']}"] if no_room else []) + (
            [f"nasamw22@L{pass_rule['one_only']}"] if second else [])
        if not blocked:
            answer.say([f"guia22@L{pass_rule['facing']}", f"guia22@L{pass_rule['room']}"],
                       "it passes through: the friend faces the same way and there is room beyond it "
                       "(guia22 L1474-1475)")
            return answer.done("passes_through", friend="stays")
        answer.say(blocked, "it cannot pass through ({cites}), so it must push", cites=_cites(blocked))
        if row in ("elephant", "wwg"):
            answer.say([f"guia22@L{push['not_el_wwg']}"], "an Elephant or War Wagon cannot be pushed: the recoiler "
                                                         "is destroyed (guia22 L1501, nasamw22 L698)")
            return answer.done("destroyed", friend="stays")
    if other_way:
        answer.say([f"guia22@L{push['facing']}", f"nasamw22@L{push['commentary_room']}"],
                   "the friend is not facing exactly the same way: the recoiler is destroyed (guia22 L1500, "
                   "nasamw22 L700)")
        return answer.done("destroyed", friend="stays")
    if no_room:
        answer.say([f"guia22@L{push['room']}", f"nasamw22@L{push['commentary_room']}",
                    f"nasamw22@L{push['commentary_behind']}"],
                   "no room to push the friend back: the recoiler is destroyed, not the friend, unless the friend "
                   "was giving it rear support (guia22 L1503, nasamw22 L700, L224)")
        return answer.done("destroyed", friend="stays")
    answer.say([f"guia22@L{push['room']}", f"nasamw22@L{push['commentary_room']}"],
               "it pushes the friend back with it; a friend pushed off the table is destroyed (guia22 L1503, "
               "nasamw22 L700)")
    return answer.done("recoils", friend="pushed back")


def _cites(cites: list[str]) -> str:
    return ", ".join(c.replace("@L", " L") for c in cites)


def _river(p: Params, answer: _Answer) -> dict:
    data = load("dba22_recoil")["river"]
    kind = p.choice("river", RIVERS, "unknown")
    type_die = p.optional_integer("river_type_die", 1, 6)
    crossing = p.optional_integer("crossing_die", 1, 6)
    if kind == "unknown" and type_die is not None:
        kind = "minor" if type_die <= 2 else "normal" if type_die <= 5 else "difficult"
        answer.say([f"guia22@L{data['types']}", "nasamw22@L200"], "the river's type is rolled: {die} makes it "
                   "{kind} (guia22 L569-572, nasamw22 L200)", die=type_die, kind=load("dba22_words")["rivers"][kind])
    if kind == "minor":
        answer.say([f"guia22@L{data['minor']}"], "a minor river has no effect (guia22 L580)")
        return answer.done("recoils")
    if kind == "normal":
        answer.say(["nasamw22@L673", f"nasamw22@L{data['keeps_crossing']}"],
                   "it recoils into the river and must keep crossing in the next bounds until its front is out "
                   "(nasamw22 L673, L712)")
        return answer.done("recoils", keeps_crossing=True)
    if kind == "blocked":
        answer.say([f"nasamw22@L{data['blocked']}"], "a difficult river failed this bound is impassable: the "
                   "recoiler is destroyed (nasamw22 L363)")
        return answer.done("destroyed")
    cites = [f"guia22@L{data['difficult']}", f"nasamw22@L{data['commentary']}", "nasamw22@L712"]
    if kind == "difficult" and crossing is not None:
        crossed = crossing >= 3
        answer.say(cites, "a difficult river: {die} {verdict} (3+ crosses; guia22 L594, nasamw22 L202, L712)",
                   die=crossing, verdict=load("dba22_words")["crossing"]["crosses" if crossed else "fails"])
        return answer.done("recoils" if crossed else "destroyed", keeps_crossing=crossed)
    # Not yet rolled: the odds (type 1/6 difficult when unknown, then 4/6 to cross).
    survive = Fraction(4, 6) if kind == "difficult" else Fraction(5, 6) + Fraction(1, 6) * Fraction(4, 6)
    answer.say(cites + [f"guia22@L{data['types']}"], "not rolled yet: it survives with probability {p} "
               "(guia22 L569-572, L594; nasamw22 L202)", p=str(survive))
    return answer.done("depends on the dice", survive=str(survive))


def _enemy(p: Params, answer: _Answer) -> dict:
    data = load("dba22_recoil")
    touched = p.choice("enemy_touched", ENEMY_TOUCHED, "other")
    answer.say([f"guia22@L{data['behind']['enemy']['line']}", data["behind"]["enemy"]["commentary"]],
               "it meets an enemy: the recoiler is destroyed (guia22 L1434, nasamw22 L717)")
    if touched == "other":
        return answer.done("destroyed", enemy="stays")
    rule = data["enemy_destroyed"]
    answer.say([f"guia22@L{rule[touched]}", f"nasamw22@L{rule['commentary']}"],
               "and destroys that enemy too: it touched the enemy's {where} (guia22 L{line}, nasamw22 L717)",
               where=load("dba22_words")["enemy_touched"][touched], line=rule[touched])
    return answer.done("destroyed", enemy="destroyed")


def calculate(values) -> dict:
    data = load("dba22_recoil")
    p = Params(values)
    recoiler = _profile(p, "recoiler")
    behind = p.choice("behind", BEHIND, "nothing")
    answer = _Answer()
    for rule in load("dba22_combat")["recoil_destroyed"]:
        if p.flag(rule["key"]):
            answer.say([f"guia22@L{rule['line']}", rule["commentary"]],
                       "destroyed instead: {why} (guia22 L{line}, {commentary})",
                       why={k: rule[k] for k in ("en", "es", "it")}, line=rule["line"],
                       commentary=rule["commentary"].replace("@L", " L"))
            return answer.done("destroyed")
    if behind == "friend":
        return _friend(p, recoiler, answer)
    if behind == "river":
        return _river(p, answer)
    if behind == "enemy":
        return _enemy(p, answer)
    if behind == "bad_going":
        rule = data["behind"]["bad_going"]
        if recoiler.type_code in rule["types"]:
            answer.say([f"nasamw22@L{rule['commentary']}", f"guia22@L{rule['line']}"],
                       "Artillery and War Wagons cannot enter bad going: destroyed (nasamw22 L359, guia22 L1439)")
            return answer.done("destroyed")
        answer.say(["guia22@L1430"], "bad going does not stop a recoil (guia22 L1430-1440)")
        return answer.done("recoils")
    if behind in data["behind"]:
        rule = data["behind"][behind]
        answer.say([f"guia22@L{rule['line']}", rule["commentary"]], "it meets {what}: destroyed (guia22 L{line}, "
                   "{commentary})", what=load("dba22_words")["behind"][behind], line=rule["line"],
                   commentary=rule["commentary"].replace("@L", " L"))
        return answer.done("destroyed")
    answer.say(["guia22@L1430"], "nothing behind it: it moves back its base depth, or its width if less "
                                 "(guia22 L1430)")
    return answer.done("recoils")
