"""The browser set-up of the journeys (Debian Chromium, the live server taking turns on SQLite) for the review's browser tests."""

from tests.e2e.conftest import *  # noqa: F401,F403
from tests.e2e.conftest import browser_type_launch_args, close_every_browser_window, context, journey_turn, playwright  # noqa: F401
