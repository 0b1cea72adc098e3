"""What other apps (rulings) may use of the tournament app: an event, who may act on it, its audit log, and the
shared cache of anonymous pages.

The import contract (.importlinter) lets `rulings` reach `tournament` only through this module (and
the element data of tournament.armies.elements, which the calculators share)."""

from __future__ import annotations

from tournament.events.audit import audit
from tournament.models import Event
from tournament.web.page_caches import shared_page
from tournament.web.permissions import event_view, is_staff_of

__all__ = ["Event", "audit", "event_view", "is_staff_of", "shared_page"]
