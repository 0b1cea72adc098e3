"""Venue mode's admin guard: with settings.ADMIN_LOCAL_ONLY (set by `make venue`), `/admin/` (its login
included) answers only to requests from this machine (127.0.0.1 or ::1); from any other address it is a
404, before a session, a form or a password is read. The app's own pages are unaffected. The address is the
client's as the limits read it (`request_values.client_ip`): behind TRUSTED_PROXY_COUNT proxies on the laptop, the address
the outermost one saw, not the proxy's 127.0.0.1; a client's own X-Forwarded-For is never trusted."""

from __future__ import annotations

import ipaddress

from django.conf import settings
from django.http import Http404
from django.urls import reverse

from tournament.web.request_values import client_ip


def is_loopback(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    mapped = getattr(ip, "ipv4_mapped", None)
    return (mapped or ip).is_loopback


class LocalAdminOnly:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if settings.ADMIN_LOCAL_ONLY and request.path_info.startswith(reverse("admin:index")) \
                and not is_loopback(client_ip(request)):
            raise Http404
        return self.get_response(request)
