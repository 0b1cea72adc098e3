"""The organizer's home (/me/) lists each event's print jobs being prepared and failed: its key
(`personal_home.home_key`, what the 30-second poll is answered 304 by) reads them (found by a review: it read none)."""

from __future__ import annotations

from tests.web.test_personal_home import ME, client_for, text
from tournament.models import PrintJob


def test_the_organizers_home_poll_shows_a_print_job_that_failed(event, organizer):
    job = PrintJob.objects.create(event=event, requested_by=organizer, kind=PrintJob.Kind.PACK,
                                  filename="test-event-round-1-pack.pdf", options={"lang": "en", "round": 1})
    client = client_for(organizer)
    first = client.get(ME)
    assert "1 print job being prepared" in text(first)
    job.status, job.error = PrintJob.Status.FAILED, "the worker stopped"
    job.save()
    poll = client.get(ME, headers={"HX-Request": "true", "If-None-Match": first["ETag"]})
    assert poll.status_code == 200, "answered 304: the home keeps saying the job is being prepared"
    assert "1 print job failed" in " ".join(poll.text.split())
