"""Production settings as an operator meets them: HSTS beyond this host is an explicit choice."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROBE = ("import django, json; django.setup(); from django.conf import settings as s; "
         "print(json.dumps([s.SECURE_HSTS_SECONDS, s.SECURE_HSTS_INCLUDE_SUBDOMAINS, s.SECURE_HSTS_PRELOAD]))")


def production_settings(**extra: str) -> list:
    env = {k: v for k, v in os.environ.items() if not k.startswith("SECURE_HSTS")}
    env.update(DJANGO_SETTINGS_MODULE="config.settings", DEBUG="0", SECRET_KEY="x" * 50, ALLOWED_HOSTS="example.org",
               **extra)
    out = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def test_hsts_covers_this_host_only_by_default():
    assert production_settings() == [31536000, False, False]


def test_hsts_subdomains_and_preload_are_opt_in():
    assert production_settings(SECURE_HSTS_INCLUDE_SUBDOMAINS="1", SECURE_HSTS_PRELOAD="1") == [31536000, True, True]
