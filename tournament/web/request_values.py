"""What a request says that its sender chose, read strictly and in one place: its query parameters and the
client's address.

- Query parameters: a bad value is a 400 that names the parameter. Only ASCII digits make a number ("²" and
  "١٢" are digits to `str.isdigit`, not to `int`), and numbers are bounded, so no parameter reaches the
  database as something it cannot hold.
- The client's address (what the limits count: sign-ups, reset mails, PINs, logins through django-axes, and
  venue mode's admin guard) is REMOTE_ADDR, or behind `AXES_IPWARE_PROXY_COUNT` trusted reverse proxies the
  address the outermost of them saw (counted from the right of X-Forwarded-For, so a client cannot choose it);
  IPv6 is counted per /64 (tournament/limits/addresses.py)."""

from __future__ import annotations

import re

from django.conf import settings
from django.core.exceptions import BadRequest
from django.utils.translation import gettext as _

from tournament.limits.addresses import counted_address
from tournament.results.standings import round_numbers

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


def shown_round(query, event) -> int | None:
    """`round_param`, and a round of `event` that is not a draft: a table "after round 999" of a three-round event,
    or after a round still a draft, is a 400 naming the parameter, not the latest table under a round it never had."""
    upto = round_param(query)
    if upto is not None and upto not in round_numbers(event):
        raise BadParameter("round", _("This event has no published round %(number)s.") % {"number": upto})
    return upto


def client_ip(request) -> str:
    """The client's own address as sent (not counted per /64): REMOTE_ADDR, or behind AXES_IPWARE_PROXY_COUNT
    trusted proxies the address the outermost of them saw. A client's own X-Forwarded-For is never read."""
    remote = request.META.get("REMOTE_ADDR", "").strip()
    hops = int(getattr(settings, "AXES_IPWARE_PROXY_COUNT", 0) or 0)
    if hops <= 0:
        return remote
    forwarded = [part.strip() for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if part.strip()]
    if len(forwarded) < hops or counted_address(forwarded[-hops]) is None:  # not through the proxies, or not an address
        return remote
    return forwarded[-hops]


def client_address(request) -> str | None:
    """`client_ip` as limits count it (IPv6 by its /64); also django-axes' AXES_CLIENT_IP_CALLABLE."""
    return counted_address(client_ip(request))
