"""Times on an event's pages: in the zone active for the request (the event's, set by `event_view`, or by
`{% timezone event.time_zone %}` on a page of several events), with the zone named beside the time."""

from __future__ import annotations

from django import template
from django.utils import formats, timezone

from tournament.events.time_zones import event_zone as zone_of

register = template.Library()


@register.filter
def zoned_time(value, format_string: str = "H:i") -> str:
    """"14:05 (Europe/Madrid)": the time in the active zone, the zone named so nobody guesses the server's."""
    if not value:
        return ""
    local = timezone.localtime(value)
    return f"{formats.date_format(local, format_string)} ({zone_label(local.tzinfo)})"


@register.simple_tag
def current_zone() -> str:
    """The active zone's name, e.g. for a table's "When" header."""
    return zone_label(timezone.get_current_timezone())


def zone_label(zone) -> str:
    return str(getattr(zone, "key", None) or zone)


@register.filter
def event_zone(event):
    """The zone an event's times are shown in, for `{% timezone event|event_zone %}` on a page of several events:
    the event's own, or the site's when this machine does not know the stored name (as `event_view` does)."""
    return zone_of(event)
