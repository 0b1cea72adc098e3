"""Issue #26, medium 5: `make venue` served logins in clear text, on every interface, /admin/ included.

Now: a self-signed certificate made once and kept beside `.venue-secret` (its SHA-256 fingerprint
printed for the organizer), Secure cookies (tests/house/test_venue.py reads the settings), gunicorn bound to
the chosen LAN address and 127.0.0.1 only, /admin/ answered to 127.0.0.1 only, and a banner that says
what network the hall needs."""

from __future__ import annotations

import ssl
import stat
import subprocess

import pytest
from cryptography import x509
from django.test import Client, override_settings

from config.paths import BASE_DIR
from tournament import launch


def names_in(cert_path) -> set[str]:
    cert = x509.load_pem_x509_certificate(cert_path.read_bytes())
    alt = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    return {str(ip) for ip in alt.get_values_for_type(x509.IPAddress)} | set(alt.get_values_for_type(x509.DNSName))


def test_the_certificate_is_made_once_kept_private_and_names_the_hall_address(tmp_path):
    cert, key = tmp_path / ".venue-cert.pem", tmp_path / ".venue-key.pem"
    hosts = launch.venue_hosts(["192.168.1.20"], hostname="laptop")
    assert launch.venue_certificate(hosts, cert, key) == (cert, key)
    first = launch.certificate_fingerprint(cert)
    assert len(first.split(":")) == 32 and all(len(part) == 2 for part in first.split(":"))
    assert stat.S_IMODE(key.stat().st_mode) == 0o600
    assert {"192.168.1.20", "127.0.0.1", "localhost", "laptop.local"} <= names_in(cert)
    launch.venue_certificate(hosts, cert, key)
    assert launch.certificate_fingerprint(cert) == first  # the organizer's fingerprint stays the same
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert, key)  # the key matches the certificate: gunicorn can serve it
    launch.venue_certificate(launch.venue_hosts(["10.0.0.7"], hostname="laptop"), cert, key)  # another hall
    assert "10.0.0.7" in names_in(cert) and launch.certificate_fingerprint(cert) != first


def test_the_fingerprint_is_the_one_openssl_shows(tmp_path):
    cert, key = tmp_path / "c.pem", tmp_path / "k.pem"
    launch.venue_certificate(["127.0.0.1"], cert, key)
    try:
        shown = subprocess.run(["openssl", "x509", "-noout", "-fingerprint", "-sha256", "-in", str(cert)],
                               capture_output=True, text=True, check=True).stdout
    except FileNotFoundError:
        pytest.skip("no openssl command")
    assert shown.strip().split("=", 1)[1] == launch.certificate_fingerprint(cert)


def test_certificate_and_key_stay_out_of_git():
    for path in (launch.CERT_FILE, launch.KEY_FILE):
        assert path.parent == launch.SECRET_FILE.parent
        assert subprocess.run(["git", "check-ignore", "-q", str(path)], cwd=BASE_DIR).returncode == 0


def test_only_an_address_of_this_machine_is_served():
    assert launch.choose_address(["192.168.1.20", "10.0.0.7"], None) == "192.168.1.20"
    assert launch.choose_address(["192.168.1.20", "10.0.0.7"], "10.0.0.7") == "10.0.0.7"
    assert launch.choose_address([], None) is None
    with pytest.raises(SystemExit, match="0.0.0.0 is not an address of this machine"):
        launch.choose_address(["192.168.1.20"], "0.0.0.0")
    with pytest.raises(SystemExit, match="192.0.2.77 is not an address of this machine"):
        launch.choose_address(["192.168.1.20"], "192.0.2.77")  # TEST-NET-1: nobody's
    assert launch.choose_address(["192.168.1.20"], "127.0.0.1") == "127.0.0.1"  # found by binding to it


def test_the_banner_names_the_network_the_fingerprint_and_where_the_admin_is():
    text = launch.banner("https://192.168.1.20:8000", "192.168.1.20", 8000, "AB:CD")
    assert "local network" in text and "no internet" in text and "192.168.1.20 only" in text
    assert "AB:CD" in text and "https://127.0.0.1:8000/admin/" in text
    plain = launch.banner("http://192.168.1.20:8000", "192.168.1.20", 8000, None)
    assert "PLAIN HTTP" in plain and "readable" in plain


@pytest.mark.django_db
@override_settings(ADMIN_LOCAL_ONLY=True)
@pytest.mark.parametrize("address", ["192.168.1.30", "10.0.0.7", "fe80::1", "203.0.113.9", ""])
def test_admin_answers_404_to_any_address_but_this_laptop_in_venue_mode(address, admin_user):
    client = Client(REMOTE_ADDR=address)
    for path in ("/admin/", "/admin/login/", "/admin/auth/user/"):
        assert client.get(path).status_code == 404, path
    assert client.post("/admin/login/", {"username": admin_user.username, "password": "password"}).status_code == 404
    client.force_login(admin_user)  # even a superuser's own session, from a phone in the hall
    assert client.get("/admin/").status_code == 404
    assert client.get("/").status_code == 200  # the app itself is served to the hall


@pytest.mark.django_db
@override_settings(ADMIN_LOCAL_ONLY=True)
@pytest.mark.parametrize("address", ["127.0.0.1", "::1", "::ffff:127.0.0.1"])
def test_admin_is_served_on_this_laptop(address, admin_user):
    client = Client(REMOTE_ADDR=address)
    assert client.get("/admin/login/").status_code == 200
    client.force_login(admin_user)
    assert client.get("/admin/").status_code == 200


@pytest.mark.django_db
def test_outside_venue_mode_the_admin_is_where_it_was(admin_user):
    client = Client(REMOTE_ADDR="192.168.1.30")
    client.force_login(admin_user)
    assert client.get("/admin/").status_code == 200


@pytest.mark.django_db
@override_settings(ADMIN_LOCAL_ONLY=True, AXES_IPWARE_PROXY_COUNT=0)
def test_a_forwarded_header_does_not_open_the_admin(admin_user):
    client = Client(REMOTE_ADDR="192.168.1.30", HTTP_X_FORWARDED_FOR="127.0.0.1")
    client.force_login(admin_user)
    assert client.get("/admin/").status_code == 404


@pytest.mark.django_db
@override_settings(ADMIN_LOCAL_ONLY=True, AXES_IPWARE_PROXY_COUNT=1)
def test_behind_a_trusted_proxy_on_the_laptop_the_admin_is_for_the_laptop_only(admin_user):
    """A reverse proxy on the laptop makes every request come from 127.0.0.1: the client is the address the
    configured proxy saw, so a phone in the hall still gets a 404, and a forged header changes nothing."""
    phone = Client(REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="192.168.1.30")
    phone.force_login(admin_user)
    assert phone.get("/admin/").status_code == 404
    forged = Client(REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="127.0.0.1, 192.168.1.30")
    forged.force_login(admin_user)
    assert forged.get("/admin/").status_code == 404
    laptop = Client(REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="127.0.0.1")
    laptop.force_login(admin_user)
    assert laptop.get("/admin/").status_code == 200
