"""Error answers: the 400 handler (says which parameter was wrong) and JSON errors under /api/.

An API client always gets JSON, whatever answered: an unknown calculator (404), a wrong method (405),
a body over the limit (413) or a crash (500)."""

from __future__ import annotations

from django.http import HttpResponse, JsonResponse
from django.utils.translation import gettext as _

from tournament.web.request_values import BadParameter

API_PREFIX = "/api/"


def is_api(request) -> bool:
    return request.path.startswith(API_PREFIX)


def bad_request(request, exception=None) -> HttpResponse:
    """handler400: the reason in words, as JSON under /api/."""
    param = exception.param if isinstance(exception, BadParameter) else None
    message = exception.message if isinstance(exception, BadParameter) else _("Bad request.")
    if is_api(request):
        return JsonResponse({"error": message, "param": param, "status": 400}, status=400)
    return HttpResponse(message, status=400, content_type="text/plain; charset=utf-8")


def _status_message(status: int) -> str:
    messages = {
        400: _("Bad request."), 403: _("Forbidden."), 404: _("Not found."), 405: _("Method not allowed."),
        413: _("The request is too large."), 500: _("Server error."),
    }
    return messages.get(status, _("Request failed."))


class ApiJsonErrors:
    """Under /api/, turn any error answer that is not JSON yet into {"error": ..., "status": ...}."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if not is_api(request) or response.status_code < 400:
            return response
        if response.get("Content-Type", "").startswith("application/json"):
            return response
        replacement = JsonResponse({"error": _status_message(response.status_code), "status": response.status_code},
                                   status=response.status_code)
        if "Allow" in response:
            replacement["Allow"] = response["Allow"]
        return replacement
