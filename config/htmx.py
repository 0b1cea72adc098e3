"""htmx partial responses done right, for every app (tournament and rulings both import it from here).

A view that answers an htmx request with a fragment must
- send the fragment only for a real htmx request, not for a history restore: when the browser's
  history cache misses, htmx re-requests the URL with `HX-History-Restore-Request: true` and swaps the
  answer in as the whole page, so a fragment there leaves the user on a bare piece of HTML;
- say `Vary: HX-Request` on both answers, so a browser or proxy cache never serves one for the other.

    from config.htmx import render_partial, wants_partial

    return render_partial(request, "rulings/calc.html", "rulings/calc.html#result", context)
"""

from __future__ import annotations

from functools import wraps

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.cache import patch_vary_headers


def wants_partial(request: HttpRequest) -> bool:
    """True for an htmx request that swaps a fragment; False for a plain request or a history restore. Read from
    the headers as django-htmx reads them (`request.htmx`), so that it also answers before its middleware ran
    (`tournament.web.page_shortcut.SharedPageShortcut`)."""
    headers = request.headers
    return headers.get("HX-Request") == "true" and headers.get("HX-History-Restore-Request") != "true"


def vary_on_htmx(response: HttpResponse) -> HttpResponse:
    """Mark a response whose body depends on the HX-Request header."""
    patch_vary_headers(response, ("HX-Request",))
    return response


def render_partial(request: HttpRequest, page: str, partial: str, context: dict, status: int = 200) -> HttpResponse:
    """`partial` for an htmx swap, else the whole `page`; either way with `Vary: HX-Request`."""
    template = partial if wants_partial(request) else page
    return vary_on_htmx(render(request, template, context, status=status))


def varies_on_htmx(view):
    """Decorator: every response of `view` (pages, redirects, errors) carries `Vary: HX-Request`."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        return vary_on_htmx(view(request, *args, **kwargs))

    return wrapper
