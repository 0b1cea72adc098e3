"""Per-document seed parsers. ``PARSERS[slug]()`` returns a ParsedDocument."""

from __future__ import annotations

from collections.abc import Callable

from rulings.sources.seedparse import asl, guide, nasamw, rumbo, wfb
from rulings.sources.seedparse.model import DocumentMeta, ParsedClause, ParsedDocument, ParsedSection

PARSERS: dict[str, Callable[[], ParsedDocument]] = {
    "rumbo": rumbo.parse,
    "nasamw22": nasamw.parse,
    "guia22": guide.parse,
    "aslnight": asl.parse,
    "wfbmove": wfb.parse,
}

__all__ = ["PARSERS", "DocumentMeta", "ParsedClause", "ParsedDocument", "ParsedSection"]
