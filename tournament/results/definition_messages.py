"""A scoring definition's problems (tournament/results/definition.py) as sentences in the reader's language."""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournament.results.definition import DefinitionError

MESSAGES = {
    "not_a_mapping": lambda p: _("expected named fields (a mapping)."),
    "unknown_field": lambda p: _("unknown field; the known ones are: %(allowed)s.") % p,
    "not_an_integer": lambda p: _("expected a whole number."),
    "out_of_range": lambda p: _("out of range (at most %(most)s either way).") % p,
    "not_a_text": lambda p: _("expected a text of at most %(most)s characters.") % p,
    "not_a_list": lambda p: _("expected a list of at most %(most)s items.") % p,
    "required": lambda p: _("required."),
    "not_descending": lambda p: _("each row needs a smaller margin than the row before it."),
    "floor_above_cap": lambda p: _("the floor is above the cap."),
    "unknown_outcome": lambda p: _("unknown outcome; use one of: %(allowed)s.") % p,
    "not_a_flag": lambda p: _("expected true or false."),
    "points_or_add": lambda p: _("give either points (the side scores this) or add (added to its points)."),
    "unknown_key": lambda p: _("unknown key; use one of: %(allowed)s.") % p,
    "repeated": lambda p: _("a key appears twice."),
    "syntax": lambda p: _("this is not readable YAML or JSON: %(detail)s") % p,
}


def error_message(error: DefinitionError) -> str:
    """"<field>: <what is wrong>", the field as a dotted path."""
    text = MESSAGES.get(error.code, lambda p: error.code)(error.params)
    return f"{error.field or _('the definition')}: {text}"
