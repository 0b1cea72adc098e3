"""Who a login attempt is counted against (django-axes callables), and one login at a time per account.

- The username is counted in its normalised form (NFKC, then casefold): `ｔarget5`, `TARGET5` and `target5`
  are one username for the limit, as they are one account for Django's login form (which applies NFKC).
- The client address is `tournament.web.request_values.client_address` (IPv6 counted per /64; behind trusted
  reverse proxies, the address the outermost of them saw).
- `one_login_at_a_time` makes parallel tries for one account wait for each other, so each sees the failures
  recorded before it: 40 parallel tries get the password checked at most AXES_FAILURE_LIMIT times.
- A ceiling per account across addresses: once LOGIN_ACCOUNT_CEILING failures for one username fall within an
  hour (from any number of addresses), its password is checked at most once per LOGIN_SLOW_SECONDS; a try
  sooner is answered 429 unchecked. This slows a guesser with many addresses to one guess a minute, and never
  locks the owner out: a try after the pause is checked, and a right password clears the count.
"""

from __future__ import annotations

import fcntl
import zlib
from contextlib import contextmanager
from datetime import timedelta
from functools import wraps
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.shortcuts import render
from django.utils import timezone

from tournament.limits import counter
from tournament.registration.usernames import username_key


def normalised_username(request, credentials: dict | None) -> str:
    """AXES_USERNAME_CALLABLE."""
    field = get_user_model().USERNAME_FIELD
    raw = (credentials or {}).get(field) or (credentials or {}).get("username")
    if raw is None and request is not None:
        raw = request.POST.get(field) or request.POST.get("username", "")
    return username_key(raw or "")


LOCK_BUCKETS = 1024  # file locks on SQLite: a bounded set of files, one per bucket of usernames


@contextmanager
def _account_lock(name: str):
    bucket = zlib.crc32(name.encode("utf-8", "replace")) % LOCK_BUCKETS
    if connection.vendor == "postgresql":
        # An advisory lock for the transaction: covers usernames with no row too; only tries for one bucket queue.
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s, %s)", [7411, bucket])
            yield
        return
    # SQLite runs on one machine: a file lock shared by every worker process. (A transaction would hold
    # SQLite's one write lock for the whole password check and stall every other writer.)
    folder = Path(settings.LOCK_DIR) / "login"
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / f"{bucket:04d}", "a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _slowed(name: str) -> bool:
    """The account is over its ceiling and its last failure was less than LOGIN_SLOW_SECONDS ago."""
    failures, latest = counter.recent("login-failed", name, window=timedelta(hours=1))
    if failures < settings.LOGIN_ACCOUNT_CEILING or latest is None:
        return False
    return timezone.now() - latest < timedelta(seconds=settings.LOGIN_SLOW_SECONDS)


def one_login_at_a_time(view):
    """Run a login POST while holding a lock for the account being tried, so parallel tries queue and each
    one sees the failures recorded before it (the limit is checked before the password is)."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if request.method != "POST":
            return view(request, *args, **kwargs)
        name = username_key(request.POST.get(get_user_model().USERNAME_FIELD, ""))
        with _account_lock(name):
            if _slowed(name):
                return render(request, "registration/login_slowed.html",
                              {"seconds": settings.LOGIN_SLOW_SECONDS}, status=429)
            response = view(request, *args, **kwargs)
            # Signed in *as this account* by this try (a session someone already had, their own, clears nothing).
            if request.user.is_authenticated and username_key(request.user.get_username()) == name \
                    and response.status_code == 302:
                counter.forget("login-failed", name)
            elif response.status_code == 200:  # the form again: a password was checked and was wrong
                counter.record("login-failed", name)
            return response

    return wrapper
