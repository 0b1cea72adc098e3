"""Log in with a limit on failed attempts (per address and username), against password guessing."""

from __future__ import annotations

from django.contrib.auth.views import LoginView
from django.core.cache import cache
from django.utils.translation import gettext as _

MAX_FAILURES = 5
WINDOW_SECONDS = 15 * 60


def _key(request) -> str:
    address = request.META.get("REMOTE_ADDR", "")
    username = (request.POST.get("username") or "").strip().casefold()[:150]
    return f"login-failures:{address}:{username}"


class RateLimitedLoginView(LoginView):
    def post(self, request, *args, **kwargs):
        if cache.get(_key(request), 0) >= MAX_FAILURES:
            form = self.get_form()
            form.errors.clear()
            form.add_error(None, _("Too many failed attempts. Wait 15 minutes and try again."))
            return self.render_to_response(self.get_context_data(form=form), status=429)
        return super().post(request, *args, **kwargs)

    def form_invalid(self, form):
        key = _key(self.request)
        cache.add(key, 0, WINDOW_SECONDS)
        try:
            cache.incr(key)
        except ValueError:
            cache.set(key, 1, WINDOW_SECONDS)
        return super().form_invalid(form)

    def form_valid(self, form):
        cache.delete(_key(self.request))
        return super().form_valid(form)
