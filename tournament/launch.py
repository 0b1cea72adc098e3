"""Start the app's processes together and stop them together: `make run` and `make venue`.

    python -m tournament.launch run [--host 127.0.0.1] [--port 8000]   # runserver + task worker (development)
    python -m tournament.launch venue [--port 8000]                    # the hall's network, from a laptop

Venue mode serves the hall's network with no internet: gunicorn with a worker per CPU, bound to the
chosen LAN address (and 127.0.0.1) only, over HTTPS with a self-signed certificate made once and kept
beside the secret (.venue-cert.pem, .venue-key.pem: git-ignored), Secure cookies, the task worker,
static files through whitenoise, DEBUG off, a secret made once and kept in .venue-secret, and /admin/
served to this laptop (127.0.0.1) only. It prints the address, a QR code to it and the certificate's
SHA-256 fingerprint; the event page has a join poster with the address. `--plain-http` serves plain
HTTP instead (passwords then cross the hall's Wi-Fi readable).

Each process runs in a session of its own; Ctrl-C (or SIGTERM) stops every one of them, with the
children they started (runserver's reloader), first gently, then with SIGKILL after a grace period.
Plain Python, no Django: the environment is computed before Django reads its settings.
"""

from __future__ import annotations

import argparse
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterable
from pathlib import Path

from config.paths import BASE_DIR

SECRET_FILE = BASE_DIR / ".venue-secret"
CERT_FILE = BASE_DIR / ".venue-cert.pem"  # beside the secret; the key is private like the secret
KEY_FILE = BASE_DIR / ".venue-key.pem"
CERT_DAYS = 825  # the longest validity browsers accept for a leaf certificate
GRACE_SECONDS = 10


# --- venue settings -------------------------------------------------------------------------------

def venue_secret(path: Path = SECRET_FILE) -> str:
    """The venue's SECRET_KEY: made on the first run, then read back (sessions survive a restart)."""
    try:
        secret = path.read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        secret = ""
    if len(secret) < 50:
        secret = secrets.token_urlsafe(50)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(secret + "\n")
    return secret


def _private(path: Path, data: bytes) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as handle:
        handle.write(data)


def _certificate_covers(cert, names: Iterable[str]) -> bool:
    """The certificate is still valid for a week and names every address and host in `names`."""
    import datetime
    import ipaddress

    from cryptography import x509

    if cert.not_valid_after_utc < datetime.datetime.now(datetime.UTC) + datetime.timedelta(days=7):
        return False
    try:
        alt = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    except x509.ExtensionNotFound:
        return False
    ips = {str(ip) for ip in alt.get_values_for_type(x509.IPAddress)}
    dns = set(alt.get_values_for_type(x509.DNSName))
    for name in names:
        try:
            ipaddress.ip_address(name)
        except ValueError:
            if name not in dns:
                return False
        else:
            if name not in ips:
                return False
    return True


def certificate_fingerprint(cert_path: Path = CERT_FILE) -> str:
    """The certificate's SHA-256 fingerprint as browsers show it (AA:BB:…)."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes

    cert = x509.load_pem_x509_certificate(cert_path.read_bytes())
    return ":".join(f"{byte:02X}" for byte in cert.fingerprint(hashes.SHA256()))


def venue_certificate(names: Iterable[str], cert_path: Path = CERT_FILE, key_path: Path = KEY_FILE) -> tuple[Path, Path]:
    """The venue's self-signed certificate for `names` (addresses and host names): made on the first run
    and kept, so the fingerprint the organizer checks stays the same; made again only when it no longer
    covers the address served or is about to expire. The key is readable by its owner only."""
    import datetime
    import ipaddress

    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    names = list(dict.fromkeys(n for n in names if n))
    if cert_path.exists() and key_path.exists():
        try:
            if _certificate_covers(x509.load_pem_x509_certificate(cert_path.read_bytes()), names):
                return cert_path, key_path
        except ValueError:
            pass  # unreadable: make a new one
    key = ec.generate_private_key(ec.SECP256R1())
    alt: list[x509.GeneralName] = []
    for name in names:
        try:
            alt.append(x509.IPAddress(ipaddress.ip_address(name)))
        except ValueError:
            alt.append(x509.DNSName(name))
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "DBA tournament venue"),
                         x509.NameAttribute(NameOID.ORGANIZATION_NAME, socket.gethostname()[:64] or "venue")])
    now = datetime.datetime.now(datetime.UTC)
    cert = (x509.CertificateBuilder().subject_name(subject).issuer_name(subject).public_key(key.public_key())
            .serial_number(x509.random_serial_number()).not_valid_before(now - datetime.timedelta(minutes=5))
            .not_valid_after(now + datetime.timedelta(days=CERT_DAYS))
            .add_extension(x509.SubjectAlternativeName(alt), critical=False)
            .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
            .add_extension(x509.ExtendedKeyUsage([x509.oid.ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
            .sign(key, hashes.SHA256()))
    _private(key_path, key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                         serialization.NoEncryption()))
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    return cert_path, key_path


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses on its networks (not loopback), the default route's first."""
    found: list[str] = []
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: picks the outgoing interface, sends nothing
            found.append(probe.getsockname()[0])
    except OSError:
        pass
    try:
        found += [info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)]
    except OSError:
        pass
    return list(dict.fromkeys(a for a in found if not a.startswith(("127.", "0.", "169.254."))))


def venue_hosts(addresses: Iterable[str], hostname: str | None = None) -> list[str]:
    """The names the app answers to: the chosen LAN address, this machine's name and the loopback."""
    hostname = socket.gethostname() if hostname is None else hostname
    return list(dict.fromkeys([*addresses, *([hostname, f"{hostname}.local"] if hostname else []),
                               "localhost", "127.0.0.1"]))


def venue_env(addresses: Iterable[str], port: int, secret: str, base: dict[str, str] | None = None,
              hostname: str | None = None, https: bool = True) -> dict[str, str]:
    """The environment of the venue's processes: DEBUG off, HTTPS with Secure cookies (gunicorn speaks TLS
    itself: no redirect, no HSTS for a self-signed certificate), /admin/ for 127.0.0.1 only, the chosen
    LAN address allowed. `https=False` is the organizer's explicit choice of plain HTTP."""
    addresses = list(addresses)
    hosts = venue_hosts(addresses, hostname)
    scheme = "https" if https else "http"
    env = dict(os.environ if base is None else base)
    env.pop("DJANGO_TESTING", None)
    env.update({
        "DEBUG": "0",
        "HTTPS": "1" if https else "0",
        "SECURE_SSL_REDIRECT": "0",
        "SECURE_HSTS_SECONDS": "0",
        "SECURE_COOKIES": "1",
        "ADMIN_LOCAL_ONLY": "1",
        "SECRET_KEY": secret,
        "ALLOWED_HOSTS": ",".join(hosts),
        "CSRF_TRUSTED_ORIGINS": ",".join(f"{scheme}://{host}:{port}" for host in hosts),
        "SITE_URL": f"{scheme}://{(addresses or ['127.0.0.1'])[0]}:{port}",
        "PYTHONUNBUFFERED": "1",
    })
    return env


def gunicorn_argv(port: int, workers: int | None = None, address: str | None = None,
                  tls: tuple[Path, Path] | None = None) -> list[str]:
    """Workers for the CPU count; threads so that a slow phone on bad Wi-Fi does not hold a worker. Bound
    to the chosen LAN address and 127.0.0.1 only (never 0.0.0.0: no other network the laptop is on
    reaches it); with `tls` (certificate, key) gunicorn speaks HTTPS on both."""
    workers = workers or os.cpu_count() or 2
    binds = list(dict.fromkeys([*([address] if address else []), "127.0.0.1"]))
    argv = [str(Path(sys.executable).parent / "gunicorn"), "config.wsgi"]
    for bind in binds:
        argv += ["--bind", f"{bind}:{port}"]
    if tls:
        argv += ["--certfile", str(tls[0]), "--keyfile", str(tls[1])]
    return argv + ["--workers", str(workers), "--worker-class", "gthread", "--threads", "4", "--timeout", "60",
                   "--access-logfile", "-", "--log-level", "warning"]


def qr_text(url: str) -> str:
    from io import StringIO

    import segno

    out = StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True)
    return out.getvalue()


# --- supervision ----------------------------------------------------------------------------------

class Supervisor:
    """Child processes started together, stopped together (with whatever they started)."""

    def __init__(self) -> None:
        self.children: list[tuple[str, subprocess.Popen]] = []
        self.stopping = False
        # Ctrl-C or SIGTERM from now on means "stop everything", even before wait() is reached.
        self._previous = {sig: signal.signal(sig, self._interrupted) for sig in (signal.SIGINT, signal.SIGTERM)}

    def _interrupted(self, signum, frame) -> None:
        self.stopping = True

    def start(self, name: str, argv: list[str], env: dict[str, str] | None = None) -> subprocess.Popen:
        child = subprocess.Popen(argv, env=env, cwd=BASE_DIR, start_new_session=True)
        self.children.append((name, child))
        return child

    def _signal(self, sig: int) -> None:
        for _name, child in self.children:
            try:
                os.killpg(child.pid, sig)  # the child leads its own process group
            except ProcessLookupError:
                pass

    def stop(self, grace: float = GRACE_SECONDS) -> None:
        self._signal(signal.SIGTERM)
        deadline = time.monotonic() + grace
        for _name, child in self.children:
            try:
                child.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                pass
        self._signal(signal.SIGKILL)  # whatever is left, and any grandchild still in a group
        for _name, child in self.children:
            child.wait()

    def wait(self) -> int:
        """Until Ctrl-C, SIGTERM or one child's exit; then stop them all. The exit status to report."""
        status = 0
        try:
            while not self.stopping:
                ended = [(name, child) for name, child in self.children if child.poll() is not None]
                if ended:
                    name, child = ended[0]
                    print(f"\n{name} stopped (exit status {child.returncode}); stopping the others.", file=sys.stderr)
                    status = child.returncode or 1
                    break
                time.sleep(0.3)
            print("\nStopping…", file=sys.stderr)
            self.stop()
        finally:
            for sig, handler in self._previous.items():
                signal.signal(sig, handler)
        return status


# --- commands -------------------------------------------------------------------------------------

def manage(*args: str, env: dict[str, str] | None = None, quiet: bool = False) -> None:
    """Run a management command; a quiet one shows its output only when it fails."""
    done = subprocess.run([sys.executable, "manage.py", *args], cwd=BASE_DIR, env=env, capture_output=quiet, text=True)
    if done.returncode:
        if quiet:
            print(done.stdout, done.stderr, sep="\n", file=sys.stderr)
        raise SystemExit(f"`manage.py {' '.join(args)}` failed (exit status {done.returncode}).")


def run(host: str, port: int) -> int:
    supervisor = Supervisor()
    supervisor.start("worker", [sys.executable, "manage.py", "worker", "--reload"])
    supervisor.start("runserver", [sys.executable, "manage.py", "runserver", f"{host}:{port}"])
    return supervisor.wait()


def _ensure_organizer(env: dict[str, str]) -> None:
    """A fresh venue database has no account: ask for one at the terminal (Django's own prompt)."""
    probe = [sys.executable, "manage.py", "shell", "-c",
             "from django.contrib.auth import get_user_model; "
             "raise SystemExit(0 if get_user_model().objects.filter(is_superuser=True).exists() else 3)"]
    if subprocess.run(probe, cwd=BASE_DIR, env=env).returncode != 3:
        return
    if sys.stdin.isatty():
        print("No administrator account yet: create the organizer's login now.")
        manage("createsuperuser", env=env)
    else:
        print("No administrator account yet: run `python manage.py createsuperuser` (with the same DATABASE_URL).")


def _bindable(address: str) -> bool:
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
            probe.bind((address, 0))
    except OSError:
        return False
    return True


def choose_address(addresses: list[str], wanted: str | None) -> str | None:
    """The LAN address to serve: the one asked for (one IPv4 address of this machine, never the wildcard
    0.0.0.0), else the default route's."""
    if wanted:
        if wanted.startswith("0.") or not (wanted in addresses or _bindable(wanted)):
            raise SystemExit(f"{wanted} is not an address of this machine ({', '.join(addresses) or 'none found'}).")
        return wanted
    return addresses[0] if addresses else None


def banner(url: str, address: str | None, port: int, fingerprint: str | None) -> str:
    """What the organizer reads at start-up: the address, the network the hall needs, the certificate."""
    lines = [f"\nThe app is on the hall's network at {url}/"]
    if address is None:
        lines.append("(No network address found: join the hall's Wi-Fi and start again for players to reach it.)")
    lines += [
        "The hall needs one local network (a Wi-Fi router or a phone's hotspot) that this laptop and the",
        "players' phones join; no internet is needed. Use a network only the event uses, with a password",
        f"(WPA2 or better): the app answers on {address or '127.0.0.1'} only, not on any other network",
        "this laptop is on.",
    ]
    if fingerprint:
        lines += [
            "HTTPS with this laptop's own certificate: each browser warns once that it is not trusted.",
            "Before accepting it, compare its SHA-256 fingerprint with this one:",
            f"    {fingerprint}",
        ]
    else:
        lines.append("PLAIN HTTP (--plain-http): passwords and logins cross the Wi-Fi readable by anyone on it.")
    lines.append(f"The admin (/admin/) answers only on this laptop: {url.split('://')[0]}://127.0.0.1:{port}/admin/")
    return "\n".join(lines)


def venue(port: int, workers: int | None, address: str | None = None, https: bool = True) -> int:
    address = choose_address(lan_addresses(), address)
    addresses = [address] if address else []
    env = venue_env(addresses, port, venue_secret(), https=https)
    tls = venue_certificate(venue_hosts(addresses)) if https else None
    print("Preparing the database and the static files…")
    manage("migrate", "--noinput", env=env, quiet=True)
    manage("load_reference", env=env, quiet=True)
    manage("collectstatic", "--noinput", env=env, quiet=True)
    _ensure_organizer(env)
    supervisor = Supervisor()
    supervisor.start("task worker", [sys.executable, "manage.py", "worker"], env=env)
    supervisor.start("gunicorn", gunicorn_argv(port, workers, address, tls), env=env)
    url = env["SITE_URL"]
    print(banner(url, address, port, certificate_fingerprint(tls[0]) if tls else None))
    print(qr_text(url + "/"))
    print("Players scan the code or type the address (with https://). Each event page has a join poster to print.")
    print("Ctrl-C stops the server and the worker.\n")
    return supervisor.wait()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tournament.launch", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="mode", required=True)
    dev = sub.add_parser("run", help="runserver and the task worker (development)")
    dev.add_argument("--host", default="127.0.0.1")
    dev.add_argument("--port", type=int, default=8000)
    hall = sub.add_parser("venue", help="gunicorn and the task worker on the hall's network")
    hall.add_argument("--port", type=int, default=8000)
    hall.add_argument("--workers", type=int, default=None, help="gunicorn workers (default: the CPU count)")
    hall.add_argument("--address", default=None, help="the LAN address to serve (default: the default route's)")
    hall.add_argument("--plain-http", action="store_true",
                      help="no HTTPS: passwords cross the network readable (not recommended)")
    options = parser.parse_args(argv)
    if options.mode == "run":
        return run(options.host, options.port)
    return venue(options.port, options.workers, options.address, https=not options.plain_http)


if __name__ == "__main__":
    sys.exit(main())
