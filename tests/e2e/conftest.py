"""Browser journeys in headless Debian Chromium (Playwright, never its own browser download).

Without Chromium the tests skip on a developer machine; with REQUIRE_BROWSER=1 (set by .ci/run)
a missing browser fails the run instead.
"""

from __future__ import annotations

import os
import shutil
import threading

import pytest
from django.core.servers.basehttp import WSGIServer
from django.db import connection, connections
from django.test.testcases import LiveServerThread
from playwright._impl._sync_base import SyncBase
from playwright.sync_api import expect

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")  # Playwright's sync API runs an event loop

# The journeys' pages fetch in parallel (htmx polling, the service worker keeping pages for offline use). On
# SQLite the test database lives in memory and the live server's threads share its one connection, which
# SQLite cannot use from two threads at once ("bad parameter or other API misuse", a session read twice, a
# player logged out mid-journey). There the live server answers one request at a time (and closes each
# connection, as Django's single-threaded server does); PostgreSQL gives each thread its own connection.
#
# The journey's own thread reads and writes the same in-memory database too (a second registration, a round paired
# by a service), through a connection of its own: Playwright's event loop keeps this thread's connections apart
# from the one handed to the server. Two connections to one in-memory database lock whole tables: a write while
# the server was reading the same table failed with "database table is locked" (the player journey, 3 runs in 8
# on 2026-11-28, while the player's page polled and its service worker kept pages for offline use). So on SQLite
# the two take turns (`Turns`): the journey holds the database while its own code runs and hands it to the server
# while it waits on the browser (every Playwright call), and the server takes it for each request it answers.
class Turns:
    """Whose turn it is to touch the in-memory test database: the journey's thread or the live server's."""

    lock = threading.Lock()
    _held = threading.local()  # the journey's thread: whether it holds the lock (outside any Playwright call)
    WAIT_SECONDS = 60  # a request of the server's longer than this fails the journey (never a hung run)

    @classmethod
    def journey_takes(cls) -> None:
        if not cls.lock.acquire(timeout=cls.WAIT_SECONDS):
            raise RuntimeError(f"the live server kept the test database for {cls.WAIT_SECONDS} s (one request)")
        cls._held.journey = True

    @classmethod
    def journey_gives(cls) -> None:
        if getattr(cls._held, "journey", False):
            cls._held.journey = False
            cls.lock.release()

    @classmethod
    def while_the_browser_works(cls, call):
        """`call` (a Playwright call) run with the database handed to the server, taken back once it returns."""
        def wrapper(self, *args, **kwargs):
            if not getattr(cls._held, "journey", False):  # a call within a call, or no journey running
                return call(self, *args, **kwargs)
            cls.journey_gives()
            try:
                return call(self, *args, **kwargs)
            finally:
                cls.journey_takes()
        return wrapper


class OneRequestAtATime(WSGIServer):
    """Django's single-threaded server, taking the live server's arguments: the server thread already uses the
    shared connection (LiveServerThread.run), so it needs nothing more of `connections_override`.

    A connection that sends nothing (Chromium opens sockets ahead of the requests it may make) would hold the
    one thread forever and every page after it would wait (a `goto` timed out after 30 s): a connection idle
    for IDLE_SECONDS is closed, and the server answers the next one. A request, once its first line has come,
    is answered in the server's turn (`Turns`)."""

    IDLE_SECONDS = 2

    def __init__(self, server_address, handler_class, *args, connections_override=None, **kwargs):
        handler = type(f"Idle{handler_class.__name__}", (_InTurn, handler_class), {"timeout": self.IDLE_SECONDS})
        super().__init__(server_address, handler, *args, **kwargs)


class _InTurn:
    """A request handler that waits for the server's turn once a request has come (not while a connection idles)."""

    def parse_request(self):
        Turns.lock.acquire()
        self._in_turn = True
        return super().parse_request()

    def handle_one_request(self):
        self._in_turn = False
        try:
            super().handle_one_request()
        finally:
            if self._in_turn:
                self._in_turn = False
                Turns.lock.release()


if connection.vendor == "sqlite":
    LiveServerThread.server_class = OneRequestAtATime
    # Every call of Playwright's sync API goes through `SyncBase._sync` (playwright 1.65; a version without it
    # fails here, loudly, rather than leaving the journeys to race the server again).
    SyncBase._sync = Turns.while_the_browser_works(SyncBase._sync)


@pytest.fixture(autouse=True)
def journey_turn(request):
    """On SQLite, a test using the live server holds the database while its own code runs (`Turns`)."""
    if connection.vendor != "sqlite" or "live_server" not in request.fixturenames:
        yield
        return
    Turns.journey_takes()
    try:
        yield
    finally:
        Turns.journey_gives()


# `make test` runs the suite in several processes (pytest-xdist) on a machine of two cores: a page may take
# longer than Playwright's default 5 s to show what a journey waits for. A journey that passes takes as long as
# before; only a failing wait waits longer.
expect.set_options(timeout=20_000)

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def pytest_collection_modifyitems(config, items):
    for item in items:
        if "tests/e2e/" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.e2e)
            if CHROMIUM is None and os.environ.get("REQUIRE_BROWSER") != "1":
                item.add_marker(pytest.mark.skipif(True, reason="chromium not installed (apt-get install chromium)"))


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    if CHROMIUM is None and os.environ.get("REQUIRE_BROWSER") == "1":
        pytest.fail("chromium is required for the browser tests (apt-get install chromium)")
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-dev-shm-usage"],
    }


@pytest.fixture(scope="session")
def playwright(playwright):
    """pytest-playwright's Playwright, which marks an event loop as running in this thread from the first journey
    to the end of the session. Meanwhile Django keeps this thread's database connections apart from the ones it
    had before (asgiref's `Local` holds a thread's connections per async context while a loop runs), so a test run
    after a journey in the same process (pytest-xdist's worksteal hands out such tests) opens a second connection
    to the test database. Closed here, while the loop still runs: once it stops, that connection can no longer be
    reached, and dropping the test database at the end failed ("being accessed by other users") and left it behind."""
    yield playwright
    connections.close_all()


@pytest.fixture
def login(page, live_server):
    """Log a user in through the real login form."""

    def do_login(username: str, password: str = "pw-Tornei-2026!") -> None:
        page.goto(f"{live_server.url}/accounts/login/")
        page.fill("#id_username", username)
        page.fill("#id_password", password)
        page.click("main button[type=submit]")

    return do_login


@pytest.fixture
def context(context):
    """pytest-playwright's context, its console watched (see `journey.check`)."""
    from tests.e2e.journey import watch_console

    watch_console(context)
    return context


@pytest.fixture(autouse=True)
def close_every_browser_window(browser):
    """Close the contexts a journey opened for its other people (a player's phone, the umpire, the public):
    the browser lives for the whole session, and a page left open keeps polling the live server, whose errors
    would then land in whichever request test runs next (Django's test client re-raises any request's error)."""
    yield
    for context in list(browser.contexts):
        context.close()
