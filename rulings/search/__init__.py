"""Search service of the rules library: reference jump, full-text search, "did you mean"."""

from rulings.search.service import Ranked, SearchHit, SearchResponse, load_hits, rank, search

__all__ = ["Ranked", "SearchHit", "SearchResponse", "load_hits", "rank", "search"]
