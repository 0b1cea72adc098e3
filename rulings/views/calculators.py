"""Rule calculators: a page with a GET form per calculator (works without JavaScript; htmx swaps the
result), and the JSON API `GET /api/calc/<name>/?param=value`. The calculators themselves are pure
(rulings/calculators/); this module adds the translated titles and labels, and the links to the clauses."""

from __future__ import annotations

import re
from urllib.parse import urlencode

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.formats import number_format
from django.utils.translation import get_language, gettext, ngettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET

from config.htmx import render_partial
from rulings.calculators import CHOICES, FLAGS, REGISTRY, ParamError
from rulings.calculators.messages import render as render_line
from rulings.calculators.summary import odds_rows, summarize
from rulings.links import event_from, note_context
from rulings.sources.index import resolve_citation

TITLES = {
    "dba-combat": _("DBA 2.2 combat"),
    "dba-recoil": _("DBA 2.2: what happens to a recoil"),
    "dba-pip-cost": _("DBA 2.2 PIP cost of a move"),
    "dba-victory": _("DBA: who has won"),
    "wfb-terrain-move": _("Warhammer: moving through terrain"),
    "wfb-stand-and-shoot": _("Warhammer: stand and shoot"),
    "rumbo-third-column": _("Rumbo de colisión: third column entry"),
    "asl-night-ambush": _("ASL: night ambush"),
}

LABELS = {
    "a": _("Element A"), "b": _("Element B"), "mode": _("Combat"),
    "general": _("general's element"), "uphill_or_bank": _("uphill or defending a bank"),
    "bad_going": _("in bad going"), "overlaps": _("overlaps / flank or rear contacts"),
    "rear_support": _("rear support (element code; empty if none)"), "in_camp": _("in its own camp"),
    "in_bua": _("in a BUA"), "die": _("die (leave empty for the odds)"),
    "move": _("Single element or group"), "elements": _("Elements (codes, comma-separated)"),
    "first_bound": _("First bound"), "beyond_command": _("Beyond the general's command distance"),
    "general_in": _("The general is in"), "general_lost": _("General lost"), "dismounting": _("Dismounting"),
    "extra_move": _("A second or further move"), "bua_move": _("Into, out of or through a BUA"),
    "general_moving": _("The general's own element moving alone"), "edition": _("Edition"),
    "lost": _("elements lost (codes, comma-separated, the general's included)"), "camp_lost": _("camp lost"), "bua_lost": _("BUA lost"),
    "m": _("Movement M (cm)"), "open": _("cm of M spent in open ground"),
    "difficult": _("cm of M spent in difficult ground"), "very_difficult": _("cm of M spent in very difficult ground"),
    "charge_move": _("Charge move (cm)"), "distance": _("Distance to the charger (cm)"),
    "bound": _("Bound"), "pips": _("PIPs rolled"), "second_column_on": _("Second column wholly on the table"),
    "third_column_off": _("Third column still off the table"), "attacker_dr": _("ATTACKER's dr"),
    "defender_dr": _("DEFENDER's dr"), "illuminated": _("Illuminated location"),
    "attacker_cloaked": _("ATTACKER cloaked"),
    "littoral_landing": _("Third column lands from the water (Littoral army)"),
    "shooter": _("Who shoots (shooting)"), "target_shoots_back": _("The target shoots back (shooting)"),
    "range_paces": _("Range in paces (shooting, optional)"),
    "knights_contact": _("Knights beaten by Bows: where they attacked"),
    "dunes": _("in dunes or an oasis"), "flank_contact": _("an enemy's front edge touches its flank or rear"),
    "shot_in_rear": _("shot wholly on its rear edge"), "recoiler": _("Recoiling element"),
    "behind": _("What it recoils into"), "friend": _("The friend behind (element code)"),
    "friend_facing_other_way": _("The friend faces another way"),
    "no_room_beyond_friend": _("No room beyond the friend"), "second_friend_behind": _("Another friend behind it"),
    "river": _("River"), "river_type_die": _("Die for the river's type (optional)"),
    "crossing_die": _("Die to cross a difficult river (optional)"), "enemy_touched": _("Where it touches the enemy"),
    "in_bua_or_camp": _("It occupies a BUA or camp"),
}
SIDE_LABELS = {"a": _("A"), "b": _("B")}

# What is wrong with a parameter, in the reader's language: the msgids of rulings/calculators/params.py's MESSAGES
# (the pure calculators give a ParamError a code and its parameters; they cannot call gettext).
ERRORS = {
    "required": _("is required"),
    "not_whole_number": _("must be a whole number, not '%(value)s'"),
    "not_number": _("must be a number, not '%(value)s'"),
    "out_of_range": _("must be between %(low)s and %(high)s"),
    "not_yes_no": _("must be true or false, not '%(value)s'"),
    "not_a_choice": _("must be one of %(options)s"),
    "unknown_element": _("'%(code)s' is not a DBA %(edition)s element"),
    "unknown_element_code": _("'%(code)s' is not a DBA %(edition)s element code"),
    "no_combat_factors": _("'%(code)s' is not a DBA %(edition)s element with combat factors"),
    "does_not_shoot": _("%(code)s does not shoot: only Bows, War Wagons and Artillery shoot (guia22 L1188; "
                        "Litter does not, nasamw22 L377)"),
    "cannot_shoot_back": _("%(code)s cannot shoot back: only Bows, War Wagons and Artillery shoot (guia22 L1188)"),
    "too_many_supporting_shot": _("at most %(most)s elements support a shot: up to 3 shoot at one element "
                                  "(guia22 L1205, nasamw22 L423)"),
    "no_support_unshot": _("nothing shoots at it, so no enemy supports a shot at it"),
    "not_shot_at": _("nothing shoots at it"),
    "beyond_range": _("%(code)s shoots at most %(most)s paces (guia22 L1197-1199)"),
    "rear_only_shooting": _("only a shot can be on the rear: set mode=shooting"),
    "both_dice_or_neither": _("give both dice or neither"),
    "single_move_one_element": _("a single move has exactly one element"),
    "general_single_move": _("the general's own move exemption is for a single-element move"),
    "spent_more_than_m": _("the distances spent add up to %(spent)s cm, more than M %(m)s"),
}


_DECIMAL = re.compile(r"-?[0-9]+(?:\.[0-9]+)?")
# The parameters of ERRORS that are amounts (limits, paces, centimetres): the others are names as they are written,
# what the reader typed (`value`, `code`) or an edition ("DBA 2.2" is not the number 2,2).
_AMOUNTS = frozenset({"low", "high", "most", "spent", "m"})


def _localized(name: str, value):
    """An amount of an error's parameters as the page's language writes it ("12,5 cm" in Spanish and Italian);
    every other parameter as it is."""
    if name not in _AMOUNTS or isinstance(value, bool):
        return value
    if isinstance(value, str) and _DECIMAL.fullmatch(value):
        value = float(value)
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return number_format(value) if isinstance(value, (int, float)) else value


def error_text(error: ParamError) -> str:
    """What is wrong with the parameter, in the page's language (English if the code has no msgid here)."""
    template = ERRORS.get(error.code)
    if template is None:
        return error.message
    try:
        return str(template) % {name: _localized(name, value) for name, value in error.params.items()}
    except (KeyError, TypeError, ValueError):  # a translation that lost a placeholder: the English line
        return error.message

# What each option of a select says (the value stays the calculator's parameter value).
OPTION_LABELS = {
    "mode": {"close": _("close combat"), "shooting": _("shooting")},
    "shooter": {"a": _("Element A shoots"), "b": _("Element B shoots")},
    "target_shoots_back": {"auto": _("as the rules say (automatic)"), "yes": _("yes"), "no": _("no")},
    "knights_contact": {"front": _("to the front"), "flank_or_rear": _("in flank or rear"),
                        "not_this_bound": _("not in this bound")},
    "behind": {"nothing": _("nothing"), "friend": _("a friendly element"), "enemy": _("an enemy element"),
               "river": _("a river"), "table_edge": _("the table edge"), "bua_or_camp": _("a BUA or camp"),
               "impassable": _("impassable ground"), "bad_going": _("bad going")},
    "river": {"unknown": _("type not known yet"), "minor": _("minor"), "normal": _("normal"),
              "difficult": _("difficult"), "blocked": _("blocked (cannot be crossed)")},
    "enemy_touched": {"other": _("anywhere else"), "rear": _("its rear edge"),
                      "rear_corner": _("a rear corner, with its rear edge"),
                      "side_by_corner": _("its side, with only a rear corner")},
    "move": {"single": _("single element"), "group": _("group")},
    "general_in": {"none": _("open ground (none of these)"), "bua": _("a BUA"), "camp": _("its camp"),
                   "wood": _("a wood"), "oasis": _("an oasis"), "marsh": _("a marsh"), "other": _("other terrain")},
    "edition": {"2.2": _("DBA 2.2"), "3.0": _("DBA 3.0")},
}


def _label(param: str):
    if param in LABELS:
        return LABELS[param]
    side, _sep, rest = param.partition("_")
    if side in SIDE_LABELS and rest in LABELS:
        return f"{SIDE_LABELS[side]}: {LABELS[rest]}"
    return param


def _run(name: str, params) -> tuple[dict | None, ParamError | None]:
    if name not in REGISTRY:
        raise Http404
    try:
        return REGISTRY[name][0](params), None
    except ParamError as error:
        return None, error


def _links(citations: list[str]) -> list[dict]:
    links = []
    for citation in citations:
        key = resolve_citation(citation)
        links.append({"citation": citation, "url": reverse("rulings:clause", args=[key]) if key else ""})
    return links


_FIGURE = re.compile(r"(-?[0-9]+\.[0-9]+)(%?)")


def _figure(value: str) -> str:
    """A decimal amount of a line ("3.5", "36.1%") as the page's language writes it ("3,5", "36,1%"); any other
    value as it is."""
    match = _FIGURE.fullmatch(value)
    return number_format(match.group(1)) + match.group(2) if match else value


def _working(result: dict) -> list[dict]:
    """The breakdown in the page's language: the calculators' lines carry their message ids (messages.py)."""
    lang = get_language() or "en"
    return [{"text": render_line(item, gettext, lang, ngettext, _figure),
             "doubtful": getattr(item, "doubtful", False) or "doubtful:" in item} for item in result["breakdown"]]


def _next_steps(result: dict, event=None) -> list[dict]:
    """Links to the next calculator a result points at (a recoil: dba-recoil), once each, keeping the event the
    page was reached from (its edition note)."""
    data = result["result"]
    steps = [data["recoil"]] if "recoil" in data else [row["recoil"] for row in data.get("odds", []) if "recoil" in row]
    links, seen = [], set()
    for step in steps:
        query = urlencode(step["params"])
        if (step["calculator"], query) in seen or step["calculator"] not in REGISTRY:
            continue
        seen.add((step["calculator"], query))
        kept = f"&{urlencode({'event': event.slug})}" if event else ""
        links.append({"url": f"{reverse('rulings:calc', args=[step['calculator']])}?{query}{kept}",
                      "title": TITLES.get(step["calculator"], step["calculator"]),
                      "givens": [f"{_label(k)}: {v}" for k, v in step["params"].items()]})
    return links


@require_GET
def calc_api(request: HttpRequest, name: str) -> JsonResponse:
    result, error = _run(name, request.GET)
    if error is not None:
        return JsonResponse({"error": error.message, "param": error.param}, status=400)
    return JsonResponse(result, json_dumps_params={"ensure_ascii": False})


@require_GET
def calc_index(request: HttpRequest) -> HttpResponse:
    event = event_from(request)
    suffix = f"?{urlencode({'event': event.slug})}" if event else ""
    items = [{"name": name, "title": TITLES.get(name, title), "url": reverse("rulings:calc", args=[name]) + suffix}
             for name, (_fn, title, _params) in REGISTRY.items()]
    return render(request, "rulings/calc_index.html", {"calculators": items, "event": event})


def _choices(param: str) -> list[tuple[str, str]]:
    labels = OPTION_LABELS.get(param, {})
    return [(value, labels.get(value, value)) for value in CHOICES.get(param, ())]


def _fields(request: HttpRequest, params: list[str], error: ParamError | None, event=None) -> list[dict]:
    """The form's fields as the reader left them; an edition not chosen yet is the edition of the event the page was
    reached from (a DBA 3.0 event's umpire starts from 3.0's rules)."""
    given = {p: request.GET.get(p, "")[:100] for p in params}
    if "edition" in given and not given["edition"] and event is not None and event.edition in CHOICES["edition"]:
        given["edition"] = event.edition
    return [{"name": p, "label": _label(p), "value": given[p], "boolean": p in FLAGS,
             "choices": _choices(p), "error": error_text(error) if error and error.param == p else ""}
            for p in params]


def _summary(name: str, result: dict, params) -> list[str]:
    lang = get_language() or "en"
    return [render_line(item, gettext, lang, ngettext, _figure) for item in summarize(name, result, params)]


def _odds(result: dict, params) -> list[dict]:
    lang = get_language() or "en"
    return [{**row, **{k: render_line(row[k], gettext, lang, ngettext) for k in ("who", "outcome", "band")}}
            for row in odds_rows(result["result"], params)]


@require_GET
def calc_page(request: HttpRequest, name: str) -> HttpResponse:
    if name not in REGISTRY:
        raise Http404
    _fn, title, params = REGISTRY[name]
    event = event_from(request)
    submitted = any(key != "event" for key in request.GET)
    result, error = _run(name, request.GET) if submitted else (None, None)
    query = urlencode([(k, v) for k, v in request.GET.items() if k != "event"])
    context = {"name": name, "title": TITLES.get(name, title), "fields": _fields(request, params, error, event),
               "result": result, "error": error, "error_label": _label(error.param) if error else "",
               "error_text": error_text(error) if error else "",
               "links": _links(result["citations"]) if result else [],
               "json_url": f"{reverse('calc_api', args=[name])}?{query}",
               "summary": _summary(name, result, request.GET) if result else [],
               "odds": _odds(result, request.GET) if result else [],
               "working": _working(result) if result else [], "next_steps": _next_steps(result, event) if result else [],
               "event": event, **note_context(event, calculator=name, params=request.GET)}
    return render_partial(request, "rulings/calc.html", "rulings/calc.html#result", context,
                          status=400 if error else 200)
