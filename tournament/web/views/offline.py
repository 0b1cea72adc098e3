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
    return render(request, "offline/offline.html")
