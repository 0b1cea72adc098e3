"""Venue mode (`make venue`, tournament/launch.py): the environment it gives the server (DEBUG off over
HTTPS with Secure cookies, the chosen LAN address allowed, a secret and a certificate made once and kept
out of git), settings that read it, the QR code it prints, stopping every process it started, and pages
with nothing from the internet. tests/security/test_venue_https.py: the certificate, the bind, /admin/."""

from __future__ import annotations

import json
import os
import re
import signal
import stat
import subprocess
import sys
import time

import pytest
from django.urls import reverse

from config.paths import BASE_DIR
from tournament import launch

ADDRESSES = ["192.168.1.20", "10.0.0.7"]


def test_the_secret_is_made_once_kept_private_and_ignored_by_git(tmp_path):
    path = tmp_path / ".venue-secret"
    first = launch.venue_secret(path)
    assert len(first) >= 50 and launch.venue_secret(path) == first  # sessions survive a restart
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    ignored = subprocess.run(["git", "check-ignore", "-q", str(launch.SECRET_FILE)], cwd=BASE_DIR)
    assert ignored.returncode == 0


def test_venue_environment_allows_the_lan_and_turns_debug_off():
    env = launch.venue_env(ADDRESSES, 8000, "s" * 60, base={"PATH": "/usr/bin", "DJANGO_TESTING": "1"},
                           hostname="laptop")
    assert env["DEBUG"] == "0" and env["HTTPS"] == "1" and env["SECRET_KEY"] == "s" * 60
    assert "DJANGO_TESTING" not in env and env["PATH"] == "/usr/bin"
    hosts = env["ALLOWED_HOSTS"].split(",")
    assert hosts[:2] == ADDRESSES and {"laptop", "laptop.local", "localhost", "127.0.0.1"} <= set(hosts)
    origins = env["CSRF_TRUSTED_ORIGINS"].split(",")
    assert "https://192.168.1.20:8000" in origins and "https://10.0.0.7:8000" in origins
    assert not any(origin.startswith("http:") for origin in origins)
    assert env["SITE_URL"] == "https://192.168.1.20:8000"


def _settings_of(env) -> list:
    probe = ("import django, json; django.setup(); from django.conf import settings as s; print(json.dumps("
             "[s.DEBUG, s.ALLOWED_HOSTS, s.CSRF_TRUSTED_ORIGINS, s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE,"
             " getattr(s, 'SECURE_SSL_REDIRECT', False), s.SITE_URL, s.STORAGES['staticfiles']['BACKEND'],"
             " s.CACHES['default']['BACKEND'], s.TASKS['default']['BACKEND'], s.ADMIN_LOCAL_ONLY,"
             " s.SECURE_HSTS_SECONDS]))")
    env["DJANGO_SETTINGS_MODULE"] = "config.settings"
    out = subprocess.run([sys.executable, "-c", probe], cwd=BASE_DIR, env=env, capture_output=True, text=True,
                         timeout=60, check=True).stdout
    return json.loads(out)


def test_settings_read_from_the_venue_environment_serve_https_with_secure_cookies_and_debug_off():
    env = launch.venue_env(ADDRESSES, 8123, "k" * 60, hostname="laptop")
    debug, hosts, origins, session_secure, csrf_secure, redirect, site, static, cache, tasks, local_admin, hsts = \
        _settings_of(env)
    assert debug is False and "192.168.1.20" in hosts and "https://10.0.0.7:8123" in origins
    assert session_secure and csrf_secure  # the session cookie never crosses the hall's Wi-Fi in clear
    assert not redirect and hsts == 0  # gunicorn speaks TLS itself; no HSTS pinned to a self-signed certificate
    assert local_admin is True
    assert site == "https://192.168.1.20:8123" and static.startswith("whitenoise.")
    assert cache.endswith("DatabaseCache") and tasks == "django_tasks_db.DatabaseBackend"


def test_plain_http_is_only_the_organizers_explicit_choice():
    env = launch.venue_env(ADDRESSES, 8123, "k" * 60, hostname="laptop", https=False)
    assert env["HTTPS"] == "0" and env["SITE_URL"] == "http://192.168.1.20:8123"
    *_, local_admin, _hsts = _settings_of(env)
    assert local_admin is True  # the admin stays on this laptop either way


def test_lan_addresses_are_not_loopback():
    assert all(not a.startswith("127.") for a in launch.lan_addresses())


def test_the_terminal_qr_code_is_printed_for_the_address():
    text = launch.qr_text("http://192.168.1.20:8000/")
    assert len(text.splitlines()) > 10 and "█" in text


def test_gunicorn_listens_on_the_chosen_address_and_loopback_only_with_a_worker_per_cpu(tmp_path):
    tls = (tmp_path / "cert.pem", tmp_path / "key.pem")
    argv = launch.gunicorn_argv(8000, workers=None, address="192.168.1.20", tls=tls)
    binds = [argv[k + 1] for k, arg in enumerate(argv) if arg == "--bind"]
    assert binds == ["192.168.1.20:8000", "127.0.0.1:8000"] and not any(b.startswith("0.0.0.0") for b in binds)
    assert argv[argv.index("--certfile") + 1] == str(tls[0]) and argv[argv.index("--keyfile") + 1] == str(tls[1])
    assert argv[argv.index("--workers") + 1] == str(os.cpu_count() or 2)
    alone = launch.gunicorn_argv(8000, workers=2, address=None, tls=None)  # no network found: this laptop only
    assert [alone[k + 1] for k, arg in enumerate(alone) if arg == "--bind"] == ["127.0.0.1:8000"]
    assert "--certfile" not in alone


def test_stopping_stops_every_process_and_what_they_started(tmp_path):
    """Like runserver's reloader: a child that starts a grandchild. Both go when the launcher stops."""
    pidfile = tmp_path / "grandchild.pid"
    supervisor = launch.Supervisor()
    spawner = f"import subprocess, time; p = subprocess.Popen(['sleep', '120']); open({str(pidfile)!r}, 'w').write(str(p.pid)); time.sleep(120)"
    supervisor.start("spawner", [sys.executable, "-c", spawner])
    supervisor.start("stubborn", [sys.executable, "-c", "import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); time.sleep(120)"])
    deadline = time.monotonic() + 30
    while not (pidfile.exists() and pidfile.read_text()) and time.monotonic() < deadline:
        time.sleep(0.05)
    grandchild = int(pidfile.read_text())
    supervisor.stop(grace=1)
    assert all(child.poll() is not None for _name, child in supervisor.children)
    for _ in range(100):  # the grandchild is reaped by init: wait until it is gone
        try:
            os.kill(grandchild, 0)
        except ProcessLookupError:
            break
        time.sleep(0.05)
    else:
        pytest.fail("the grandchild process is still running")


def test_ctrl_c_on_the_launcher_stops_its_processes(tmp_path):
    """The launcher itself, as `make run` starts it, minus Django: SIGINT stops it and its children."""
    script = ("import sys; from tournament import launch; s = launch.Supervisor(); "
              "s.start('a', [sys.executable, '-c', 'import time; time.sleep(120)']); "
              "print(s.children[0][1].pid, flush=True); sys.exit(s.wait())")
    launcher = subprocess.Popen([sys.executable, "-c", script], cwd=BASE_DIR, stdout=subprocess.PIPE, text=True)
    try:
        child = int(launcher.stdout.readline())
        launcher.send_signal(signal.SIGINT)
        assert launcher.wait(timeout=30) == 0
        with pytest.raises(ProcessLookupError):
            os.kill(child, 0)
    finally:
        if launcher.poll() is None:
            launcher.kill()


def test_pages_load_nothing_from_the_internet(client, organizer_client, event):
    pages = [client.get("/"), client.get(event.get_absolute_url()), organizer_client.get(event.get_absolute_url()),
             client.get(reverse("login"))]
    for page in pages:
        assert page.status_code == 200
        external = re.findall(r'(?:src|href)="((?:https?:)?//[^"]*)"', page.text)
        assert external == []
    for path in (BASE_DIR / "static").rglob("*"):
        if path.suffix in (".css", ".js"):
            assert not re.search(r"url\(\s*['\"]?(?:https?:)?//|@import|https?://", path.read_text()), path


def test_nothing_of_a_deployment_is_kept_under_tmp():
    """Cache, print jobs and their PDFs live in the deployment's database (or its Redis): no code path
    writes to a fixed temporary directory that a second deployment on the machine would share."""
    for root in ("config", "tournament", "rulings"):
        for path in (BASE_DIR / root).rglob("*.py"):
            source = path.read_text(encoding="utf-8")
            assert "gettempdir" not in source and '"/tmp' not in source, path
    env = launch.venue_env([], 8000, "k" * 60, hostname="")
    env.update({"DEBUG": "1", "DJANGO_SETTINGS_MODULE": "config.settings"})
    probe = "import django, json; django.setup(); from django.conf import settings as s; print(json.dumps(s.CACHES))"
    caches = json.loads(subprocess.run([sys.executable, "-c", probe], cwd=BASE_DIR, env=env, capture_output=True,
                                       text=True, timeout=60, check=True).stdout)
    assert caches["default"]["BACKEND"].endswith("DatabaseCache") and caches["default"]["LOCATION"] == "dba_cache"
