"""Reject requests whose path or parameters contain NUL characters (400), before they reach a view.

PostgreSQL text cannot hold NUL, so a NUL in a search box, a filter or a link token would otherwise
end as a 500. API paths get the API's JSON error shape."""

from __future__ import annotations

from django.http import HttpResponseBadRequest, JsonResponse
from django.utils.translation import gettext as _

FORMS = ("application/x-www-form-urlencoded", "multipart/form-data")


class RejectNullBytes:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        bad = self._offending(request)
        if bad is None:
            return self.get_response(request)
        message = _("The request contains a NUL character.")
        if request.path.startswith("/api/"):
            return JsonResponse({"error": message, "param": bad}, status=400)
        return HttpResponseBadRequest(message)

    @staticmethod
    def _offending(request) -> str | None:
        if "\x00" in request.path:
            return "path"
        params = [request.GET]
        if request.method == "POST" and request.content_type in FORMS:
            params.append(request.POST)
        for query in params:
            for key, values in query.lists():
                if "\x00" in key or any("\x00" in value for value in values):
                    return key.replace("\x00", "") or "?"
        return None
