"""What a user reads above a calculator's working (summary.py) and how a line of working is shown in the
page's language (messages.py), without Django: the sentences, the bar of odds, the seeds' words (es from the
guide's result table, guia22 L1638-1670; it from the commentary, nasamw22 L615, L631-659)."""

from __future__ import annotations

from rulings.calculators import REGISTRY
from rulings.calculators.messages import Line, doubt, line, render
from rulings.calculators.summary import element_name, odds_rows, summarize


def english(value) -> str:
    return render(value, lambda template: template, "en")


def said(name, lang="en", translate=lambda template: template, **params):
    query = {k: str(v) for k, v in params.items()}
    return [render(item, translate, lang) for item in summarize(name, REGISTRY[name][0](query), query)]


# --- DBA combat ----------------------------------------------------------------------------------------

def test_combat_odds_are_said_per_side_with_the_seeds_words():
    # 4Bd v 3Kn: 3 v 3 before the dice (guia22 L1597, L1603). Blades lose 15/36 (beaten by Knights in good going:
    # destroyed, L1653; doubled 2/36, L1670), Knights lose 15/36 (13 recoil, 2 destroyed), 6 ties stand (L1642).
    assert said("dba-combat", a="4Bd", b="3Kn") == [
        "Before the dice: Blades (4Bd) 3, Knights (3Kn) 3",
        "Blades (4Bd): 42% destroyed",
        "Knights (3Kn): 36% recoil, 6% destroyed",
        "No effect on either side: 17%",
    ]
    assert said("dba-combat", "es", a="4Bd", b="3Kn")[1:3] == ["Espadas (4Bd): 42% destruido",
                                                              "Caballeros (3Kn): 36% retrocede, 6% destruido"]


def test_combat_odds_rows_feed_the_bar():
    query = {"a": "4Bd", "b": "3Kn"}
    rows = odds_rows(REGISTRY["dba-combat"][0](query)["result"], query)
    shown = [(english(r["who"]), english(r["outcome"]), english(r["band"]), r["percent"], r["width"], r["fraction"])
             for r in rows]
    assert shown == [("Blades (4Bd)", "destroyed", "beaten", "36%", 36, "13/36"),
                     ("Knights (3Kn)", "recoil", "beaten", "36%", 36, "13/36"),
                     ("neither side", "stand", "tie", "17%", 17, "1/6"),
                     ("Blades (4Bd)", "destroyed", "doubled", "6%", 6, "1/18"),
                     ("Knights (3Kn)", "destroyed", "doubled", "6%", 6, "1/18")]
    assert render(rows[0]["band"], lambda t: t, "it") == "battuto" and render(rows[2]["who"], lambda t: t, "es") == \
        "ningún bando"


def test_the_bar_of_odds_of_a_shot_and_of_a_combat_with_dice():
    # 4Bw shoot at 4Bd, 2 v 5 (guia22 L1596, L1595): the Bows ignore 30 of the 36 throws (L1211), 3 ties (L1642),
    # 3 throws beat the Blades: 4Bd recoil (L1653).
    query = {"a": "4Bw", "b": "4Bd", "mode": "shooting"}
    rows = odds_rows(REGISTRY["dba-combat"][0](query)["result"], query)
    assert [(r["percent"], r["width"], r["fraction"]) for r in rows] == [("50%", 50, "1/2"), ("33%", 33, "1/3"),
                                                                         ("8%", 8, "1/12"), ("8%", 8, "1/12")]
    assert [english(r["who"]) for r in rows] == ["neither side", "neither side", "neither side", "Blades (4Bd)"]
    thrown = {**query, "a_die": "6", "b_die": "1"}
    assert odds_rows(REGISTRY["dba-combat"][0](thrown)["result"], thrown) == []  # the dice are thrown: no odds


def test_scythed_chariots_tied_with_each_other_are_both_destroyed():
    # guia22 L1641: Scythed Chariots are destroyed on a tie; against each other both are.
    assert said("dba-combat", a="SCh", b="SCh")[-1] == "both: 17% destroyed"
    assert said("dba-combat", "it", a="SCh", b="SCh")[-1] == "entrambi: 17% distrutto"
    query = {"a": "SCh", "b": "SCh"}
    rows = odds_rows(REGISTRY["dba-combat"][0](query)["result"], query)
    assert [english(r["who"]) for r in rows if r["band"]["en"] == "tie"] == ["both"]
    assert said("dba-combat", a="SCh", b="SCh", a_die=3, b_die=3) == [
        "Scythed Chariots (SCh) 7, Scythed Chariots (SCh) 7 with the dice", "tie: both destroyed"]


def test_combat_with_dice_says_the_totals_and_the_result():
    assert said("dba-combat", a="4Bd", b="3Kn", a_die=1, b_die=6) == [
        "Blades (4Bd) 4, Knights (3Kn) 9 with the dice", "doubled: Blades (4Bd) destroyed"]  # guia22 L1670
    assert said("dba-combat", "es", a="4Bd", b="3Kn", a_die=1, b_die=6)[1] == "derrota por doblado: Espadas (4Bd) destruido"
    assert said("dba-combat", a="4Bd", b="4Bd", a_die=3, b_die=3) == [
        "Blades (4Bd) 8, Blades (4Bd) 8 with the dice", "tie: no effect"]  # guia22 L1642


def test_a_shooter_whose_target_cannot_answer_is_said_to_ignore_the_result():
    # guia22 L1211: 3 v 11, the Bows would be doubled but Blades cannot shoot back.
    assert said("dba-combat", a="4Bw", b="4Bd", mode="shooting", a_die=1, b_die=6) == [
        "Bows (4Bw) 3, Blades (4Bd) 11 with the dice", "Bows (4Bw) ignores the result: its target cannot shoot back"]
    assert said("dba-combat", a="4Bw", b="4Bd", mode="shooting") == [
        "Before the dice: Bows (4Bw) 2, Blades (4Bd) 5", "Blades (4Bd): 8% recoil", "No effect on either side: 92%"]


def test_an_unknown_element_is_named_by_its_side():
    assert element_name("Tank", "A") == "A" and element_name(None, "B") == "B" and element_name("", "?") == "?"
    assert element_name("4Bd", "A") == {"en": "Blades (4Bd)", "es": "Espadas (4Bd)", "it": "Blade (4Bd)"}


# --- the other calculators --------------------------------------------------------------------------

def test_recoil_summaries():
    # nasamw22 L687-694: Bows pass through Blades facing the same way with room beyond (guia22 L1474-1475).
    assert said("dba-recoil", recoiler="4Bw", behind="friend", friend="4Bd") == [
        "Bows (4Bw) passes through the friend", "The friend behind, Blades (4Bd): stays where it is"]
    assert said("dba-recoil", "es", recoiler="4Bw", behind="friend", friend="4Bd") == [
        "Arcos (4Bw) atraviesa al amigo", "The friend behind, Espadas (4Bd): se queda donde está"]
    # guia22 L1454: touching the enemy's rear edge destroys it too.
    assert said("dba-recoil", recoiler="El", behind="enemy", enemy_touched="rear") == [
        "Elephants (El) is destroyed", "The enemy it touches: destroyed"]
    assert said("dba-recoil", "it", recoiler="El", behind="enemy", enemy_touched="other") == [
        "Elefanti (El) è distrutto", "The enemy it touches: resta dov'è"]
    assert said("dba-recoil", recoiler="4Bd", behind="river") == ["Blades (4Bd): it depends on the die for the river"]
    assert said("dba-recoil", recoiler="4Bd") == ["Blades (4Bd) recoils"]
    pushed = said("dba-recoil", "it", recoiler="4Bw", behind="friend", friend="4Sp")  # nasamw22 L692, L700
    assert pushed == ["Bow (4Bw) si ritira", "The friend behind, Spear (4Sp): spinto indietro"]


def test_pip_victory_warhammer_rumbo_and_asl_summaries():
    assert said("dba-pip-cost", elements="El", beyond_command=1) == ["This move costs 3 PIP(s)"]  # guia22 L805, L813
    assert said("dba-victory", a_lost="4Bd,4Bd,4Bd,4Bd") == ["B wins", "Counted losses: A 4, B 0"]  # guia22 L1577
    assert said("dba-victory", b_lost="4Bd,4Bd,4Bd,4Bd") == ["A wins", "Counted losses: A 0, B 4"]
    assert said("dba-victory", a_lost="4Bd") == ["No winner yet: play on", "Counted losses: A 1, B 0"]
    assert said("wfb-terrain-move", m=15, difficult=7.5) == ["The unit covers 3.75 cm"]  # wfbmove L88
    assert said("wfb-terrain-move", m=20, open=12, difficult=8) == ["The unit covers 16 cm"]  # wfbmove L89
    assert said("wfb-stand-and-shoot", charge_move=40, distance=25) == [  # wfbmove L18-19
        "The charged unit may stand and shoot (half the charge move is 20 cm)"]
    assert said("wfb-stand-and-shoot", charge_move=40, distance=15) == [
        "The charged unit may not stand and shoot: the charger is within half its charge move (20 cm)"]
    third = {"second_column_on": 1, "third_column_off": 1}
    assert said("rumbo-third-column", bound=3, pips=6, **third) == [  # rumbo L37
        "The third column must come on: it costs 4 PIPs, 2 left"]
    assert said("rumbo-third-column", bound=2, pips=5, **third) == [  # rumbo L35
        "The third column may come on: it costs 4 PIPs, 1 left"]
    assert said("rumbo-third-column", bound=1, pips=5, **third) == ["The third column cannot come on this bound"]
    assert said("asl-night-ambush", attacker_dr=2, defender_dr=4, attacker_cloaked=1) == [  # aslnight L39, L43
        "The ATTACKER ambushes", "The ATTACKER keeps its concealment"]
    assert said("asl-night-ambush", attacker_dr=2, defender_dr=4) == ["The ATTACKER ambushes"]
    assert said("asl-night-ambush", attacker_dr=5, defender_dr=1) == ["The DEFENDER ambushes"]
    assert said("asl-night-ambush", attacker_dr=3, defender_dr=3) == ["No ambush"]


def test_a_calculator_without_a_summary_says_nothing():
    assert summarize("no-such-calculator", {"result": {}}, {}) == []


# --- messages: a line of working in the page's language ---------------------------------------------------

SPANISH = {"{code}: +{value} ({why}, guia22 L{line})": "{code}: +{value} ({why}, guía L{line})",
           "doubtful: {text}": "dudoso: {text}", "lost a field: {text}": "perdió {campo}"}


def spanish(template: str) -> str:
    return SPANISH.get(template, template)


def test_a_line_is_english_and_keeps_its_template_and_parameters():
    why = {"en": "against foot", "es": "vs infantería", "it": "contro fanteria"}
    made = line("{code}: +{value} ({why}, guia22 L{line})", code="4Bd", value=5, why=why, line=1604)
    assert made == "4Bd: +5 (against foot, guia22 L1604)" and isinstance(made, Line) and not made.doubtful
    assert made.template == "{code}: +{value} ({why}, guia22 L{line})" and made.params["why"] is why
    assert render(made, spanish, "es") == "4Bd: +5 (vs infantería, guía L1604)"
    assert render(made, spanish, "es-ar") == "4Bd: +5 (vs infantería, guía L1604)"
    assert render(made, lambda t: t, "it") == "4Bd: +5 (contro fanteria, guia22 L1604)"


def test_a_doubt_is_flagged_and_rendered_in_the_language():
    flagged = doubt({"en": "printed '-' (L1613)", "es": "impreso '-' (L1613)"})
    assert flagged == "doubtful: printed '-' (L1613)" and flagged.doubtful
    assert render(flagged, spanish, "es") == "dudoso: impreso '-' (L1613)"
    assert render(flagged, spanish, "it") == "dudoso: printed '-' (L1613)"  # no Italian text: the English one
    assert line("{code}: doubtful: {text}", code="Kn", text="x").doubtful


def test_a_translation_that_lost_a_field_falls_back_to_english():
    made = line("lost a field: {text}", text="words")
    assert render(made, spanish, "es") == "lost a field: words"
    assert render(line("{a}", a=Line("{b}", b=7)), lambda t: t, "en") == "7"
    assert render(3.5, spanish, "es") == "3.5" and render({"en": "only"}, spanish, "es") == "only"
    assert render({"es": "solo", "it": "solo"}, spanish, "es") == "{'es': 'solo', 'it': 'solo'}"


def test_a_line_with_a_count_takes_the_singular_or_plural_wording():
    # rumbo L35: 5 PIPs less the 4 the entry costs leave 1; ngettext picks the form, English without it
    third = {"second_column_on": "1", "third_column_off": "1"}
    one = summarize("rumbo-third-column", REGISTRY["rumbo-third-column"][0]({**third, "bound": "2", "pips": "5"}),
                    third)[0]
    forms = {"one": "ne resta {left}", "other": "ne restano {left}"}
    picked = render(one, lambda t: t, "it", lambda s, p, n: forms["one" if n == 1 else "other"])
    assert picked == "ne resta 1" and one.count == "left" and one.params["left"] == 1
    assert english(one) == str(one) == "The third column may come on: it costs 4 PIPs, 1 left"
