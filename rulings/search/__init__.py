"""Search service of the rules library: reference jump, full-text search, "did you mean"."""

from rulings.search.service import SearchHit, SearchResponse, search

__all__ = ["SearchHit", "SearchResponse", "search"]
