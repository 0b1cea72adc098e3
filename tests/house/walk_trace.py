"""Which of the project's own Python files run while the three ARCHITECTURE.md walks are served.

Not a test of the project: a measuring tool written as a pytest file, so that it gets the suite's settings,
database and fixtures (run `.venv/bin/python -m pytest -p no:cacheprovider -q tests/house/walk_trace.py -s`; `make
test` does not collect it, as its name is not `test_*.py`; ARCHITECTURE.md says what it measured). Each walk is driven with Django's test client through its literal URLs (no `reverse`,
so no URL module is imported before a cold walk starts). While a walk's requests are served, every Python
code object that starts (sys.monitoring PY_START, Python 3.12+) is noted by file, per request; the project's
files are those under tournament/, rulings/ and config/ of this checkout. Transaction-commit callbacks
(the page-generation token, renewed when a write commits) are run inside each request's capture.

WALK_TRACE_MODE=warm (default): the walk is first served once untraced on another event (modules imported,
templates compiled, per-process tables filled), then traced on a fresh event: the files whose code runs for
the requests themselves. WALK_TRACE_MODE=cold: traced on the first walk of a fresh process (run one walk per
process: -k result / -k pairing / -k ruling), so module bodies first executed by the walk count too.
WALK_TRACE_QUEUE=1 (HEAD only): the pairing job waits for the worker (django_tasks_db, run in this process)
and its progress page is requested before and after, instead of the immediate backend's at-once pairing.
WALK_TRACE_EVENT_PARAM=1: the ruling's step-through is opened from the event (`?event=<slug>`).
WALK_TRACE_RULES=0: the rules library is not imported (citations unresolved, as in a test without `rules`).
WALK_TRACE_COMMIT_CALLBACKS=0: commit callbacks are left unrun (the test transaction never commits).
WALK_TRACE_LANGUAGE=es (or it): every request asks for that language (Accept-Language).
WALK_TRACE_EXTRA=1: the ruling walk also notes, as steps of their own, the log page, the step-through read
anonymously, the questions clicked through (htmx) and a cited clause's page.

Writes one JSON file per walk to WALK_TRACE_OUT (a directory): {step: {file: [qualnames]}}.
"""

from __future__ import annotations

import datetime
import inspect
import json
import os
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]  # the checkout: this file is tests/house/walk_trace.py
PACKAGES = ("tournament", "rulings", "config")
MODE = os.environ.get("WALK_TRACE_MODE", "warm")
OUT = Path(os.environ.get("WALK_TRACE_OUT", "/tmp/walk_trace"))
QUEUE = os.environ.get("WALK_TRACE_QUEUE") == "1"
EVENT_PARAM = os.environ.get("WALK_TRACE_EVENT_PARAM") == "1"
EXTRA = os.environ.get("WALK_TRACE_EXTRA") == "1"
LANGUAGE = os.environ.get("WALK_TRACE_LANGUAGE", "")
COMMIT_CALLBACKS = os.environ.get("WALK_TRACE_COMMIT_CALLBACKS", "1") == "1"
CLUBS = ["Dracs", "Dracs", "Ludópatas", "Ludópatas", "Circolo", "Circolo", "Gruppo", "Gruppo"]
FLOW = "nasamw-pip-cost"
RULING = ["q-tactical.yes", "q-first.no", "q-extras.none"]


class Trace:
    """Files of this checkout whose code starts, per step (one step: one request and what it sets off)."""

    def __init__(self):
        self.steps: dict[str, dict[str, set[str]]] = {}
        self.step: str | None = None
        self.root = str(ROOT) + os.sep
        mon = sys.monitoring
        self.tool = next(t for t in (mon.PROFILER_ID, 3, 4) if mon.get_tool(t) is None)
        mon.use_tool_id(self.tool, "walk-trace")
        mon.register_callback(self.tool, mon.events.PY_START, self._start)

    def _start(self, code, offset):
        name = code.co_filename
        if self.step is not None and name.startswith(self.root):
            rel = name[len(self.root):]
            if rel.split(os.sep, 1)[0] in PACKAGES:
                # a module's or a class's body (no CO_NEWLOCALS) is marked: it runs when the module is imported
                body = not code.co_flags & inspect.CO_NEWLOCALS
                self.steps[self.step].setdefault(rel, set()).add(("<body> " if body else "") + code.co_qualname)
        return sys.monitoring.DISABLE  # once per code object and step: restart_events() at the next step

    def begin(self, step: str) -> None:
        self.step = step
        self.steps.setdefault(step, {})
        sys.monitoring.restart_events()
        sys.monitoring.set_events(self.tool, sys.monitoring.events.PY_START)

    def end(self) -> None:
        sys.monitoring.set_events(self.tool, 0)
        self.step = None

    def close(self) -> None:
        self.end()
        sys.monitoring.register_callback(self.tool, sys.monitoring.events.PY_START, None)
        sys.monitoring.free_tool_id(self.tool)

    def save(self, walk: str) -> None:
        OUT.mkdir(parents=True, exist_ok=True)
        data = {step: {f: sorted(q) for f, q in sorted(files.items())} for step, files in self.steps.items()}
        (OUT / f"{walk}.json").write_text(json.dumps(data, indent=1))
        every = sorted({f for files in self.steps.values() for f in files})
        print(f"\n== {walk} ({MODE}): {len(every)} files")
        for f in every:
            print("  ", f)


class NoTrace:
    def begin(self, step):
        pass

    def end(self):
        pass


@pytest.fixture
def send(django_capture_on_commit_callbacks):
    """send(trace, step, client.get/post, path, ...): one request traced as one step, its commit callbacks run."""

    def send(trace, step, method, path, *args, **kwargs):
        if LANGUAGE:
            kwargs.setdefault("headers", {})["Accept-Language"] = LANGUAGE
        trace.begin(step)
        try:
            if COMMIT_CALLBACKS:
                with django_capture_on_commit_callbacks(execute=True):
                    response = method(path, *args, **kwargs)
            else:
                response = method(path, *args, **kwargs)
        finally:
            trace.end()
        return response

    return send


def staffed_event(slug):
    from tests.factories import make_event, make_user
    from tournament.models import EventRole

    event = make_event(slug=slug, name=f"Torneo {slug}", date=datetime.date(2026, 5, 9))
    org, ump = make_user(f"org-{slug}", "Organizer Uno"), make_user(f"ump-{slug}", "Umpire Due")
    EventRole.objects.create(event=event, user=org, role=EventRole.Role.ORGANIZER)
    EventRole.objects.create(event=event, user=ump, role=EventRole.Role.UMPIRE)
    return event, client_of(org), client_of(ump)


def client_of(user):
    from django.test import Client

    client = Client()
    client.force_login(user)
    return client


def field(event):
    from tests.factories import make_player, make_registration

    return [make_registration(event, make_player(f"Jugador {i + 1} Peña", club)) for i, club in enumerate(CLUBS)]


def published_round(event):
    """Round 1 of eight players, published, written through the ORM (so a cold walk imports no pairing code)."""
    from django.utils import timezone

    from tournament.models import Game, Round, Seat

    regs = field(event)
    rnd = Round.objects.create(event=event, number=1, status=Round.Status.PUBLISHED, published_at=timezone.now())
    pairs = [(regs[0], regs[2]), (regs[1], regs[4]), (regs[3], regs[6]), (regs[5], regs[7])]
    for table, (a, b) in enumerate(pairs, start=1):
        game = Game.objects.create(round=rnd, table=table)
        Seat.objects.create(game=game, round=rnd, registration=a, side="a")
        Seat.objects.create(game=game, round=rnd, registration=b, side="b")
    return rnd


def walk_result(trace, send, slug):
    from django.test import Client

    from tournament.models import Game

    event, _, _ = staffed_event(slug)
    rnd = published_round(event)
    game = rnd.games.order_by("table").first()
    a, b = game.seats.order_by("side")
    player_a, player_b, public = Client(), Client(), Client()
    for who, client, seat, shorthand in (("a", player_a, a, "4G-1"), ("b", player_b, b, "4G-1")):
        url = f"/report/{seat.report_token}/"
        assert send(trace, f"{who} opens the link", client.get, url).status_code == 200
        sent = send(trace, f"{who} reports", client.post, url, {"shorthand": shorthand})
        assert sent.status_code == 302, sent.content[:2000]
        assert send(trace, f"{who} sees the page it is sent to", client.get, sent.url).status_code == 200
    assert Game.objects.get(pk=game.pk).status == Game.Status.CONFIRMED
    page = send(trace, "public standings", public.get, f"/e/{event.slug}/standings/")
    assert page.status_code == 200 and "Jugador 1 Peña" in page.text


def walk_pairing(trace, send, slug, work=None):
    from django.test import Client

    from tournament.models import Seat

    event, organizer, _ = staffed_event(slug)
    field(event)
    base = f"/e/{event.slug}/rounds/"
    asked = send(trace, "pair", organizer.post, base + "pair/")
    assert asked.status_code == 302, asked.content[:2000]
    url = asked.url
    if work is not None:  # queued: the progress page, the worker, the progress page again
        assert "/pairing/" in url, url
        assert send(trace, "job page (waiting)", organizer.get, url).status_code == 200
        assert send(trace, "job page polled (waiting)", organizer.get, url, headers={"HX-Request": "true"}).status_code == 200
        trace.begin("worker runs the job")
        try:
            work()
        finally:
            trace.end()
        done = send(trace, "job page polled (done)", organizer.get, url, headers={"HX-Request": "true"})
        url = done.get("HX-Redirect") or done.url
    assert url == f"{base}1/", url
    assert send(trace, "draft round page", organizer.get, url).status_code == 200
    rnd = event.rounds.get(number=1)
    g1 = rnd.games.filter(is_bye=False).order_by("table").first()
    a1, b1 = g1.seats.order_by("side")
    mate = Seat.objects.filter(round=rnd, registration__player__club=a1.registration.player.club).exclude(pk=a1.pk).get()
    swapped = send(trace, "swap", organizer.post, f"{base}1/swap/", {"first": b1.pk, "second": mate.pk})
    assert swapped.status_code == 302
    assert send(trace, "round page after swap", organizer.get, swapped.url).status_code == 200
    published = send(trace, "publish", organizer.post, f"{base}1/publish/")
    assert published.status_code == 302
    assert send(trace, "round page after publish", organizer.get, published.url).status_code == 200
    page = send(trace, "public pairings", Client().get, f"/e/{event.slug}/pairings/")
    assert page.status_code == 200 and "Jugador 1 Peña" in page.text


def walk_ruling(trace, send, slug):
    from rulings.models import RulingLogEntry

    event, _, umpire = staffed_event(slug)
    query = "&".join(f"a={t}" for t in RULING) + (f"&event={event.slug}" if EVENT_PARAM else "")
    page = send(trace, "step-through", umpire.get, f"/rulings/flows/{FLOW}/?{query}")
    assert page.status_code == 200 and 'id="flow-record"' in page.text
    recorded = send(trace, "record", umpire.post, f"/rulings/log/{event.slug}/record/",
                    {"flow": FLOW, "a": RULING, "table": "7", "players": "Ana v Bruno", "note": "second move"})
    assert recorded.status_code == 302, recorded.content[:2000]
    assert RulingLogEntry.objects.filter(event=event).count() == 1
    assert send(trace, "flow page with the log", umpire.get, recorded.url).status_code == 200
    if EXTRA:  # steps a reader might count in or out; each is its own step in the JSON
        from django.test import Client

        assert send(trace, "extra: the event's rulings log page", umpire.get, f"/rulings/log/{event.slug}/").status_code == 200
        assert send(trace, "extra: step-through, anonymous", Client().get, f"/rulings/flows/{FLOW}/?{query}").status_code == 200
        for n in range(len(RULING)):  # clicking through the questions: htmx partials
            step = "&".join(f"a={t}" for t in RULING[:n])
            assert send(trace, f"extra: htmx step {n}", umpire.get, f"/rulings/flows/{FLOW}/?{step}",
                        headers={"HX-Request": "true"}).status_code == 200
        clause = re.search(r'href="(/rulings/c/[^"]+/)"', page.text)
        if clause:
            assert send(trace, "extra: a cited clause's library page", umpire.get, clause.group(1)).status_code == 200


def run(walk, send, *extra):
    if MODE == "warm":
        walk(NoTrace(), send, "warm-up", *extra)
    trace = Trace()
    try:
        walk(trace, send, "traced", *extra)
    finally:
        trace.close()
    trace.save(walk.__name__)


def test_result(db, send):
    run(walk_result, send)


def test_pairing(db, send, request):
    if QUEUE:
        work = request.getfixturevalue("queue")
        run(walk_pairing, send, work)
    else:
        run(walk_pairing, send)


def test_ruling(db, send):
    from rulings.importer import import_rules

    if os.environ.get("WALK_TRACE_RULES", "1") == "1":  # the rules library imported, as after load_reference
        import_rules()
    run(walk_ruling, send)
