"""An event's time zone (issue 27 item 15): the zone names the event form offers, and the zone an event's
times are shown in (its own, or the site's TIME_ZONE when the stored name is unknown to this machine)."""

from __future__ import annotations

from functools import lru_cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from django.conf import settings

# Old aliases and system names Python also knows: not what an organizer picks from a list.
_NOT_OFFERED = ("Etc/", "SystemV/", "posix/", "right/", "US/", "Canada/", "Brazil/", "Chile/", "Mexico/")


@lru_cache(maxsize=1)
def zone_names() -> tuple[str, ...]:
    """The IANA zone names offered, sorted ("Europe/Madrid", ...), with UTC and the site's own zone."""
    names = {name for name in available_timezones() if "/" in name and not name.startswith(_NOT_OFFERED)}
    return tuple(sorted(names | {"UTC", settings.TIME_ZONE}))


def zone_choices(current: str | None = None) -> list[tuple[str, str]]:
    """The form's choices; an event's stored zone stays offered even if this machine's list lacks it."""
    names = zone_names()
    if current and current not in names:
        names = (*names, current)
    return [(name, name) for name in names]


def event_zone(event) -> ZoneInfo:
    """The zone the event's times are shown in."""
    for name in (getattr(event, "time_zone", ""), settings.TIME_ZONE):
        try:
            return ZoneInfo(name)
        except (ZoneInfoNotFoundError, ValueError, TypeError, OSError):
            continue
    return ZoneInfo("UTC")
