"""Query parameters, parsed strictly and in one place: a bad value is a 400 that names the parameter.

Only ASCII digits make a number ("²" and "١٢" are digits to `str.isdigit`, not to `int`), and numbers are
bounded, so no parameter reaches the database as something it cannot hold."""

from __future__ import annotations

import re

from django.core.exceptions import BadRequest
from django.utils.translation import gettext as _

DIGITS = re.compile(r"[0-9]{1,9}")


class BadParameter(BadRequest):
    """A query parameter with a value the page cannot use (answered 400 by config.urls' handler400)."""

    def __init__(self, param: str, message: str):
        self.param, self.message = param, message
        super().__init__(message)


def int_param(query, name: str, *, minimum: int = 0, maximum: int = 9999) -> int | None:
    """The parameter as a whole number from `minimum` to `maximum`; None when it is absent or empty."""
    raw = query.get(name, "")
    if raw == "":
        return None
    if not DIGITS.fullmatch(raw) or not minimum <= int(raw) <= maximum:
        raise BadParameter(name, _("The parameter “%(param)s” must be a whole number from %(min)s to %(max)s.")
                           % {"param": name, "min": minimum, "max": maximum})
    return int(raw)


def round_param(query) -> int | None:
    """`?round=<n>`: standings after round n (pages, exports, PDF)."""
    return int_param(query, "round", maximum=999)
