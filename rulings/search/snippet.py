"""Highlighted snippets: the database marks hits with control characters; we escape, then mark."""

from __future__ import annotations

import html
import re

from django.utils.safestring import SafeString, mark_safe

START, STOP = "\x02", "\x03"


def to_html(raw: str, abbreviations: tuple[str, ...] = ()) -> SafeString:
    """Escape the snippet and turn the sentinels into <mark>; also mark abbreviations as written."""
    if START not in raw and abbreviations:
        pattern = re.compile(r"(?<![^\W\d_])(\d*(?:" + "|".join(map(re.escape, abbreviations)) + r"))(?![^\W\d_])")
        raw = pattern.sub(lambda m: START + m.group(1) + STOP, raw)
    escaped = html.escape(raw.replace("\n", " "), quote=False)
    return mark_safe(escaped.replace(START, "<mark>").replace(STOP, "</mark>"))  # noqa: S308 - escaped above
