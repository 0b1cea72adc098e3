"""htmx: a fragment only for a real htmx request, never for a history restore, and `Vary: HX-Request`
on every response of a view that can answer either way (so no cache hands a fragment to a full page
load, nor the browser's Back a bare fragment)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.utils.cache import patch_vary_headers


def wants_fragment(request: HttpRequest) -> bool:
    htmx = getattr(request, "htmx", None)
    return bool(htmx) and not htmx.history_restore_request


def varies(response: HttpResponse) -> HttpResponse:
    patch_vary_headers(response, ("HX-Request",))
    return response
