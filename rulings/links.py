"""What a rulings page carries in its address, and reads from it (Django adapter).

- A step-through's step (`flow_url`): the answers travel in the URL (``?a=<question>.<answer>``), ``at=``
  reopens an answered question, ``event=`` keeps the event it was reached from. Shared by the step-through
  pages and the question finder.
- The event a rulings page was reached from (``?event=<slug>``: `event_from`) and what to tell its umpire about
  the edition of each answer (`edition_of`, `note_context`, over the pure rulings.editions.notes: the views reach the
  notes through these alone). The event's page, name and
  edition are public (anyone with its link reads them), so any visitor who carries ``?event=`` sees the edition
  note; only the event's organizers and umpires get its rulings log."""

from __future__ import annotations

from urllib.parse import urlencode

from django.http import HttpRequest
from django.urls import reverse
from django.utils.translation import get_language

from rulings.editions.notes import EditionNote, edition_note
from tournament.public import Event

MAX_SLUG = 60


def flow_url(flow_id: str, tokens: list[str], at: str | None = None, event: str | None = None) -> str:
    query = [("a", token) for token in tokens]
    if at:
        query.append(("at", at))
    if event:
        query.append(("event", event))
    url = reverse("rulings:flow", args=[flow_id])
    return f"{url}?{urlencode(query)}" if query else url


def event_slug(request: HttpRequest) -> str:
    """The ``event`` parameter as given (cut to the length of a slug), or ""."""
    return request.GET.get("event", "")[:MAX_SLUG]


def event_from(request: HttpRequest) -> Event | None:
    """The event named by ``?event=``, if there is one by that short name."""
    slug = event_slug(request)
    return Event.objects.filter(slug=slug).only("slug", "name", "edition").first() if slug else None


def edition_of(event: Event | None, **what) -> EditionNote | None:
    """What to tell the umpire of `event` about the edition of an answer (`what`: its flow, calculator or clause),
    or None without an event: the rulings pages' one way to the pure rulings.editions.notes."""
    return edition_note(event.edition, **what) if event is not None else None


def note_context(event: Event | None, **what) -> dict:
    """{"edition_event": event, "edition_note": EditionNote or None} for the templates' edition note."""
    note = edition_of(event, **what)
    language = get_language() or "en"
    differences = [{"topic": d.topic, "source_22": d.source_22, "codes_30": d.codes_30,
                    "rules_22": [line.shown(language) for line in d.rules_22],
                    "rules_30": [line.shown(language) for line in d.rules_30]}
                   for d in (note.differences if note else ())]
    return {"edition_event": event, "edition_note": note, "edition_differences": differences}
