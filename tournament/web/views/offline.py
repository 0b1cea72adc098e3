"""Installable and readable offline: the web app manifest, the service worker (served from the site's root so
it may keep any page it is allowed to) and the page it shows for a page it did not keep."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.views.decorators.http import require_GET


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    body = render_to_string("offline/sw.js", {"offline_url": reverse("offline")})
    response = HttpResponse(body, content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"  # a new version is picked up on the next visit
    return response


@require_GET
def manifest(request: HttpRequest) -> HttpResponse:
    body = render_to_string("offline/manifest.webmanifest", request=request)
    return HttpResponse(body, content_type="application/manifest+json")


@require_GET
def offline(request: HttpRequest) -> HttpResponse:
    """The page shown offline. The service worker fetches it as it installs, on a reader's first page, in the
    background: it holds no CSRF token and sets no CSRF cookie ("NOTPROVIDED": Django's word for none), or that
    fetch, racing the login page a new reader opens, gave them a second cookie and their login a 403."""
    return render(request, "offline/offline.html", {"csrf_token": "NOTPROVIDED", "shared_rendering": True})
