"""A backup import creates an event: it counts against the same daily quota as the event form."""

from __future__ import annotations

import pytest

from tournament.models import Event
from tournament.transfer.backup import BackupError, export_event, import_event


def test_an_import_past_the_daily_quota_is_refused_and_writes_nothing(event, organizer, settings):
    settings.EVENTS_PER_DAY = 1  # the organizer opened `event` today
    data = export_event(event)
    with pytest.raises(BackupError, match="events in the last 24 hours"):
        import_event(data, slug="copy-of-test", importer=organizer)
    assert not Event.objects.filter(slug="copy-of-test").exists()


def test_an_import_within_the_quota_goes_through(event, organizer, settings):
    settings.EVENTS_PER_DAY = 2
    imported = import_event(export_event(event), slug="copy-of-test", importer=organizer)
    assert imported.event.slug == "copy-of-test"
