"""Rendered page fragments cached until what they show changes (results, entries, names, language).

The one cache of the pairings and standings tables' renderings for the readers the anonymous page cache
(`web.public_pages`, keyed by the page generation) does not serve: the signed-in, and queries a page does not
read. Nothing under it is cached (the standings are read and ranked on a miss). The key is the event's state
(`events.state.event_state`: one query), so a refresh that finds nothing new renders nothing."""

from __future__ import annotations

from django.core.cache import cache
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe

SECONDS = 60


def cached_fragment(name: str, state: str, template: str, build_context, request=None) -> str:
    """The rendered `template` for this state, rendering it (with `build_context()`) only on a miss."""
    key = f"fragment:{name}:{state}"
    html = cache.get(key)
    if html is None:
        html = render_to_string(template, build_context(), request)
        cache.set(key, html, SECONDS)
    return mark_safe(html)  # noqa: S308 - our own template output, escaped when rendered
