"""The player's home (/me/): what the home's 30-second poll shows follows the round clock (found by a review: the
home key read the latest round's pause and end but not its extra minutes, nor a clock that ran out on its own)."""

from __future__ import annotations

import datetime

from django.urls import reverse
from django.utils import timezone

from tests.web.test_personal_home import ME, client_for, make_user_lookup, paired, text  # noqa: F401


def test_the_home_poll_shows_a_new_end_time_after_the_organizer_extends_the_clock(event, paired, organizer_client):  # noqa: F811
    """Marta's home says "running, ends at 10:45". The organizer gives the round 10 more minutes: her home's poll
    must bring the new end time, not a 304 that keeps the old one (the home key read the latest round's pause and
    end, and its start, but not its extra minutes)."""
    clock = lambda action, **data: organizer_client.post(  # noqa: E731
        reverse("tournament:clock_control", args=[event.slug, paired.number, action]), data)
    assert clock("start").status_code == 302
    client = client_for(make_user_lookup("marta"))
    first = client.get(ME)
    before = text(first)
    assert "running, ends at" in before
    assert clock("extend", minutes=10).status_code == 302
    poll = client.get(ME, headers={"HX-Request": "true", "If-None-Match": first["ETag"]})
    assert poll.status_code == 200, "the home's poll answers 304: the player keeps the old end time"
    assert text(client.get(ME)) != before


def test_the_home_poll_shows_time_called_once_the_clock_runs_out_on_its_own(event, paired, organizer_client, monkeypatch):  # noqa: F811
    """Nobody touches the clock: it runs out, and the home's poll must say so rather than keep "running"."""
    url = reverse("tournament:clock_control", args=[event.slug, paired.number, "start"])
    assert organizer_client.post(url).status_code == 302
    client = client_for(make_user_lookup("marta"))
    first = client.get(ME)
    assert "running, ends at" in text(first)
    later = timezone.now() + datetime.timedelta(minutes=event.round_minutes + 1)
    monkeypatch.setattr(timezone, "now", lambda: later)
    poll = client.get(ME, headers={"HX-Request": "true", "If-None-Match": first["ETag"]})
    assert poll.status_code == 200, "the home's poll answers 304: the player's clock keeps running"
    assert "time is called" in " ".join(poll.text.split())
