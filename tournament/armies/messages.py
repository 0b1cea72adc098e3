"""Army violations as sentences a player understands, in the active language."""

from __future__ import annotations

import re

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournament.armies.catalogue import ArmyEntry
from tournament.armies.validation import Violation, box_groups

_COUNTED = re.compile(r"\b(\d+)\s*x\s*(?=[\dA-Z(])")


def options_text(text: str) -> str:
    """A list column as a player reads it: "1x3Kn or 4Bd" -> "1 × 3Kn or 4Bd", "or" in their language."""
    text = _COUNTED.sub(lambda m: f"{m[1]} × ", " ".join(text.split()))
    return re.sub(r"\s+or\s+", f" {_('or')} ", text)


def box_captions(entry: ArmyEntry) -> list[str]:
    """For each of the twelve boxes, the list's option it stands for ("General: Cv or 4Bd", "4 × 4Bd")."""
    columns = {slot.column: slot.text for slot in entry.slots}
    general = f" {_('or')} ".join(str(alt) for alt in entry.general.alts)
    captions: list[str] = []
    for column, boxes in box_groups(entry):
        if column is None:
            caption = _("General: %(options)s") % {"options": general}
        elif column == 0:
            caption = _("Not in the list's columns")
        else:
            caption = _("Column %(column)s: %(options)s") % {"column": column, "options": options_text(columns[column])}
        captions += [caption] * boxes
    return captions


def _year(value) -> str:
    if value is None:
        return "…"
    return _("%(year)s BC") % {"year": -value} if value < 0 else _("%(year)s AD") % {"year": value}


def violation_message(v: Violation) -> str:
    p = dict(v.params)
    match v.code:
        case "wrong_count":
            return ngettext(
                "An army has %(expected)s elements; you have chosen %(count)s.",
                "An army has %(expected)s elements; you have chosen %(count)s.",
                p["count"],
            ) % p
        case "no_general":
            return _("Mark one of the elements as the general's.")
        case "unknown_code":
            return _("Element %(position)s (%(code)s) is not an element type of this edition.") % p
        case "ref_required":
            return _("Choose the army list your army comes from.")
        case "unknown_ref":
            return _("There is no army list %(ref)s in the catalogue.") % p
        case "not_in_list":
            return _("Element %(position)s (%(code)s) is not in the list %(ref)s.") % p
        case "general_not_allowed":
            return _("In the list %(ref)s the general must be %(allowed)s, not %(code)s.") % p
        case "too_many":
            return _("The list %(ref)s allows at most %(most)s × %(code)s; you have %(count)s.") % p
        case "combination":
            return _(
                "These elements do not fit the options of %(ref)s together: %(codes)s. "
                "Check the choices marked “or”: each option is taken one way only."
            ) % p
        case "troop_minimum":
            return _("This event asks for at least %(minimum)s %(type)s; your army has %(count)s.") % p
        case "book_not_allowed":
            return _("This event only allows lists from books %(books)s; %(ref)s is not one of them.") % p
        case "ref_not_allowed":
            return _("This event only allows the lists %(refs)s; %(ref)s is not one of them.") % p
        case "date_out_of_range":
            return _("The list %(ref)s (%(start)s to %(end)s) is outside this event's period (%(from)s to %(to)s).") % {
                "ref": p["ref"], "start": _year(p["start"]), "end": _year(p["end"]),
                "from": _year(p["date_from"]), "to": _year(p["date_to"]),
            }
        case "ally_not_allowed":
            return _("The list %(ref)s cannot take %(ally)s as allies.") % p
        case "allies_combination":
            return _(
                "Allies: the list %(ref)s does not take %(allies)s together. Its allies are “%(text)s”: "
                "“or” means one of them, “and/or” either or both."
            ) % p
    return _("The army breaks a rule (%(code)s).") % {"code": v.code}
