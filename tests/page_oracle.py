"""An oracle for the public event pages' caches: every page an anonymous reader gets through the cached path
(the shortcut, the kept pages, the rendered tables, the kept standings rows and entrants) must be the page a
rendering with every cache empty gives.

`Pages.check()` reads each public page of the event (`urls`: the home; the standings, latest and `?round=1`, and
the pairings, latest and round 1's, each also as the htmx fragment; the home and standings at the event's former
addresses) in English, Spanish and Italian, twice, as a reader with no cookie, and once more with the ETag the
reader got last time (a 304 says the page did not change); a signed-in reader, whose tables are kept by the
event state, reads the latest standings and pairings in English. Then each page is rendered afresh with every
cache set aside (`every_cache_empty`: an empty shared cache, the per-process copies emptied, for each page
alone); the two must be equal once what is legitimately per response (a CSRF token, a CSP nonce) is taken out.
The caches set aside are put back afterwards, so that the renderings of every earlier state stay kept, as on a
server, and a key that comes back to an earlier state is tested too.
"""

from __future__ import annotations

import re
import uuid
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.cookies import SimpleCookie

from django.test import Client, override_settings
from django.urls import reverse

from tournament.models import Event, Round
from tournament.results import standings
from tournament.web import page_caches, table_rows

LANGUAGES = ("en", "es", "it")
_PER_RESPONSE = (
    (re.compile(r'(name="csrfmiddlewaretoken" value=")[^"]*"'), r'\1"'),
    (re.compile(r'("x-csrftoken": ")[^"]*"'), r'\1"'),
    (re.compile(r'(nonce=")[^"]*"'), r'\1"'),
)


def normalised(html: str) -> str:
    """The page without what is the response's own (a CSRF token, a CSP nonce)."""
    for pattern, replacement in _PER_RESPONSE:
        html = pattern.sub(replacement, html)
    return html


@contextmanager
def every_cache_empty():
    """Every cache layer empty while inside: a shared cache of its own, and this process's kept pages, standings
    rows and entrants set aside (and put back on the way out)."""
    local = dict(page_caches._local)
    rows, entrants = dict(table_rows._KEPT_ROWS), dict(standings._KEPT_ENTRANTS)
    page_caches.forget_local()
    table_rows._KEPT_ROWS.clear()
    standings._KEPT_ENTRANTS.clear()
    empty = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": uuid.uuid4().hex}}
    try:
        with override_settings(CACHES=empty):
            yield
    finally:
        page_caches.forget_local()
        table_rows._KEPT_ROWS.clear()
        standings._KEPT_ENTRANTS.clear()
        with page_caches._lock:
            page_caches._local.update(local)
        table_rows._KEPT_ROWS.update(rows)
        standings._KEPT_ENTRANTS.update(entrants)


@dataclass(frozen=True)
class Address:
    url: str
    language: str
    htmx: bool

    def headers(self, etag: str | None = None) -> dict:
        headers = {"Accept-Language": self.language}
        if self.htmx:
            headers["HX-Request"] = "true"
        if etag:
            headers["If-None-Match"] = etag
        return headers

    def __str__(self) -> str:
        return f"{self.url} [{self.language}{', htmx' if self.htmx else ''}]"


def urls(event: Event, gone: tuple[str, ...] = ()) -> list[tuple[str, bool]]:
    """The event's public pages, each with whether it has an htmx fragment: its home, its standings (the latest,
    and after its first round), its pairings (the latest round's, and the first's), and its home and standings at
    the addresses it no longer has (`gone`)."""
    slug = event.slug
    published = list(event.rounds.exclude(status=Round.Status.DRAFT).order_by("number").values_list("number", flat=True))
    standings_url, pairings_url = reverse("tournament:standings", args=[slug]), reverse("tournament:pairings", args=[slug])
    fragments = [standings_url, *(f"{standings_url}?round={n}" for n in published[:1]),
                 pairings_url, *(reverse("tournament:pairings_round", args=[slug, n]) for n in published[:1])]
    whole = [reverse("tournament:event", args=[slug]),
             *(page for old in gone for page in (reverse("tournament:event", args=[old]),
                                                reverse("tournament:standings", args=[old])))]
    return [(url, False) for url in whole] + [(url, True) for url in fragments]


@dataclass
class Read:
    status: int
    html: str
    etag: str | None = None


@dataclass
class Pages:
    """An event's public pages as its readers have seen them so far."""

    signed_in: Client
    anonymous: Client = field(default_factory=Client)  # one handler for every reader: each read without a cookie
    gone: list[str] = field(default_factory=list)  # the event's earlier slugs
    seen: dict[Address, Read] = field(default_factory=dict)  # what each anonymous reader got last (their ETag)
    checks: int = 0
    languages: tuple[str, ...] = LANGUAGES  # each page is read in these

    def _read(self, address: Address, client: Client | None = None, etag: str | None = None) -> Read:
        if client is None:
            client = self.anonymous
            client.cookies = SimpleCookie()  # a reader with no cookie, as the shortcut serves them
        response = client.get(address.url, headers=address.headers(etag))
        return Read(response.status_code, normalised(response.text), response.get("ETag"))

    def addresses(self, event: Event) -> list[Address]:
        return [Address(url, language, htmx) for url, fragment in urls(event, tuple(self.gone))
                for language in self.languages for htmx in ((False, True) if fragment else (False,))]

    def warm(self, event: Event) -> None:
        """Every page read once through the caches (kept there as the readers left them), nothing compared."""
        self.seen = {address: self._read(address) for address in self.addresses(Event.objects.get(pk=event.pk))}

    def check(self, event: Event, after: str) -> None:
        """Every page through the caches, then rendered afresh: equal, or the assertion says which page and what."""
        event = Event.objects.get(pk=event.pk)
        addresses = self.addresses(event)
        cached, unchanged, signed = {}, {}, {}
        for address in addresses:
            before = self.seen.get(address)
            if before is not None and before.etag:  # a reader who has the page asks whether it changed
                answer = self._read(address, etag=before.etag)
                if answer.status == 304:
                    unchanged[address] = before
            cached[address] = first = self._read(address)
            again = self._read(address)
            assert (again.status, again.html) == (first.status, first.html), f"after {after}: {address} read twice"
            if address.language == "en" and not address.htmx and address.url.endswith(("/standings/", "/pairings/")):
                signed[address] = self._read(address, self.signed_in)
        fresh, fresh_signed = {}, {}
        for address in addresses:  # each with every cache empty: one page's rendering is not another's
            with every_cache_empty():
                fresh[address] = self._read(address)
            if address in signed:
                with every_cache_empty():
                    fresh_signed[address] = self._read(address, self.signed_in)
        for address in addresses:
            _same(after, address, "the cached page", cached[address], fresh[address])
            if address in unchanged:
                _same(after, address, "a 304 (the reader's page kept)", unchanged[address], fresh[address])
            if address in signed:
                _same(after, address, "a signed-in reader's page", signed[address], fresh_signed[address])
        self.seen = cached
        self.checks += 1


def _same(after: str, address: Address, what: str, read: Read, fresh: Read) -> None:
    if (read.status, read.html) == (fresh.status, fresh.html):
        return
    import difflib

    diff = "\n".join(list(difflib.unified_diff(read.html.splitlines(), fresh.html.splitlines(), "kept", "fresh",
                                               lineterm="", n=1))[:40])
    raise AssertionError(f"after {after}: {address}: {what} is not the fresh page "
                         f"(status {read.status} vs {fresh.status})\n{diff}")
