"""Search service of the rules library: reference jump, full-text search, "did you mean"."""

from .service import SearchHit, SearchResponse, search

__all__ = ["SearchHit", "SearchResponse", "search"]
