"""How many pages a print job lays out, estimated before it is queued (the page cap and the worker's
order, small jobs first, read it): an army sheet is a page, slips go two to a page."""

from __future__ import annotations

SLIPS_PER_PAGE = 2
PAIRINGS_PER_PAGE = 40


def army_sheet_pages(sheets: int) -> int:
    return sheets


def round_pages(games: int, kind: str) -> int:
    """A round's slips, or its pack (the pairing sheet first, then the slips)."""
    pages = -(-games // SLIPS_PER_PAGE)
    return pages + (1 + games // PAIRINGS_PER_PAGE if kind == "pack" else 0)
