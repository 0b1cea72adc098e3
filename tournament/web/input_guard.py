"""Guards on what comes in, before a view sees it.

`LimitRequestBody`: a request body over the limit is answered 413 before anything reads it. The limit is
settings.MAX_REQUEST_BYTES (5 MB), or the `max_bytes` a view that takes uploads declares with
`@takes_uploads`. It is checked from CONTENT_LENGTH; a chunked body (no length) is read into memory up to
the limit and refused beyond it. So no request, signed in or not, to a page that exists or not, gets a
large body parsed or spooled to the temp directory.

`RejectNullBytes`: NUL characters in the path, the query or a form (400). PostgreSQL text cannot hold NUL,
so a NUL in a search box, a filter or a link token would otherwise end as a 500. Multipart bodies (file
uploads) are not parsed here: the views that take uploads check them with `@takes_uploads`, after the
sign-in check. API paths get the API's JSON error shape."""

from __future__ import annotations

import io
from functools import wraps

from django.conf import settings
from django.core.handlers.wsgi import LimitedStream
from django.http import HttpResponse, HttpResponseBadRequest, JsonResponse
from django.urls import Resolver404, resolve
from django.utils.translation import gettext as _

URLENCODED = "application/x-www-form-urlencoded"
MULTIPART = "multipart/form-data"


def _error(request, message: str, status: int, **extra) -> HttpResponse:
    if request.path.startswith("/api/"):
        return JsonResponse({"error": message, "status": status, **extra}, status=status)
    return HttpResponse(message, status=status, content_type="text/plain; charset=utf-8")


def takes_uploads(max_bytes: int | None = None):
    """Mark a view that takes files: its multipart body is checked for NUL characters (after the sign-in
    check, when this decorator sits below it), and it may accept bodies up to `max_bytes`."""

    def decorator(view):
        @wraps(view)
        def wrapper(request, *args, **kwargs):
            bad = _nul_in([request.GET, request.POST])
            if bad is not None:
                return _error(request, _("The request contains a NUL character."), 400, param=bad)
            return view(request, *args, **kwargs)

        wrapper.max_request_bytes = max_bytes
        return wrapper

    return decorator


def request_limit(request) -> int:
    """The body limit of the view this path resolves to (the site's limit for an unknown path)."""
    limit = settings.MAX_REQUEST_BYTES
    try:
        view = resolve(request.path_info).func
    except Resolver404:
        return limit
    return max(limit, getattr(view, "max_request_bytes", None) or 0)


class LimitRequestBody:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        meta = request.META
        length = meta.get("CONTENT_LENGTH") or ""
        chunked = "chunked" in meta.get("HTTP_TRANSFER_ENCODING", "").lower()
        if not length and not chunked:
            return self.get_response(request)
        limit = request_limit(request)
        too_large = _("The request is too large: the limit is %(mb)s MB.") % {"mb": round(limit / 2**20, 1)}
        if length:
            if not length.isascii() or not length.isdigit():
                return _error(request, _("The request has an invalid length."), 400)
            if int(length) > limit:
                return _error(request, too_large, 413)
        else:
            # Django reads a body without a length as empty; read it here, within the limit.
            body = request.environ["wsgi.input"].read(limit + 1)
            if len(body) > limit:
                return _error(request, too_large, 413)
            meta["CONTENT_LENGTH"] = str(len(body))
            request._stream = LimitedStream(io.BytesIO(body), len(body))
        return self.get_response(request)


def _nul_in(queries) -> str | None:
    for query in queries:
        for key, values in query.lists():
            if "\x00" in key or any(isinstance(value, str) and "\x00" in value for value in values):
                return key.replace("\x00", "") or "?"
    return None


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
        queries = [request.GET]
        if request.method == "POST" and request.content_type == URLENCODED:
            queries.append(request.POST)
        return _nul_in(queries)
