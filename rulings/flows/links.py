"""The address of a step in a step-through (Django adapter): the answers travel in the URL
(``?a=<question>.<answer>``), ``at=`` reopens an answered question, ``event=`` keeps the event it was
reached from. Shared by the step-through pages and the question finder."""

from __future__ import annotations

from urllib.parse import urlencode

from django.urls import reverse


def flow_url(flow_id: str, tokens: list[str], at: str | None = None, event: str | None = None) -> str:
    query = [("a", token) for token in tokens]
    if at:
        query.append(("at", at))
    if event:
        query.append(("event", event))
    url = reverse("rulings:flow", args=[flow_id])
    return f"{url}?{urlencode(query)}" if query else url
