"""Old names for the htmx helpers of `config.htmx` (the one htmx module: a fragment only for a real htmx
request, never for a history restore, and `Vary: HX-Request`). Only `web.public_pages` still uses these
names; new code imports `config.htmx`."""

from __future__ import annotations

from config.htmx import vary_on_htmx as varies
from config.htmx import wants_partial as wants_fragment

__all__ = ["varies", "wants_fragment"]
