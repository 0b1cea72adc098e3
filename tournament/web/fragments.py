"""Rendered page fragments cached until what they show changes (results, entries, names, language).

The public pairings and standings tables are what 300 players refresh all weekend; the key is built
from two cheap aggregate queries, so a refresh that finds nothing new renders nothing."""

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
