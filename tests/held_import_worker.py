"""The task worker, with the player import held open inside its transaction: once the people are inserted it
waits a minute before the entries, so that tests/house/test_processes.py can kill the worker there however fast
the machine is (an import of 2,000 rows can commit before a test polling the database sees it writing).

    python -m tests.held_import_worker      (from the repository's root, with the app's environment)
"""

import os
import time

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django.setup()

from django.core.management import call_command  # noqa: E402

from tournament.models import Player  # noqa: E402

HOLD_SECONDS = 60
_insert = Player.objects.bulk_create


def _held(*args, **kwargs):
    made = _insert(*args, **kwargs)
    time.sleep(HOLD_SECONDS)
    return made


Player.objects.bulk_create = _held
call_command("worker", "--interval", "0.2")
